/* kiela-position.c: board geometry, square names, KPN position strings and diagrams. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-position.h"
#include "kiela-catalogue-i18n.h"

G_DEFINE_QUARK (kiela-error-quark, kiela_error)

/*
 * Local numbering (rules file section 2): houses 0..F-1 are the owner's outer
 * row from the owner's left to right, F..2F-1 the inner row from the owner's
 * right to left.  South's left is file a; North's left is the last file.
 */
guint
kiela_house_file (guint files, KielaSide side, guint house)
{
  if (side == KIELA_SOUTH)
    return house < files ? house : 2 * files - 1 - house;
  else
    return house < files ? files - 1 - house : house - files;
}

KielaRow
kiela_house_row (guint files, guint house)
{
  return house < files ? KIELA_ROW_OUTER : KIELA_ROW_INNER;
}

guint
kiela_facing_inner (guint files, guint house)
{
  /* For both sides the facing inner index is 3F-1-house: South inner file f is
   * 2F-1-f, North inner file f is F+f. */
  return 3 * files - 1 - house;
}

guint
kiela_facing_outer (guint files, guint house)
{
  /* South inner house of file f faces North outer F-1-f; f = 2F-1-house.
   * North inner house of file f = house-F faces South outer f.  Both equal house-F
   * for North, and F-1-(2F-1-house) = house-F for South. */
  return house - files;
}

void
kiela_square_from_house (guint files, KielaSide side, guint house, KielaSquare *out)
{
  out->side = side;
  out->house = house;
  out->file = kiela_house_file (files, side, house);
  out->row = kiela_house_row (files, house);
  if (side == KIELA_SOUTH)
    out->rank = out->row == KIELA_ROW_OUTER ? 1 : 2;
  else
    out->rank = out->row == KIELA_ROW_OUTER ? 4 : 3;
}

gboolean
kiela_square_from_file_rank (guint files, guint file, guint rank, KielaSquare *out)
{
  guint house;
  KielaSide side;

  if (file >= files || rank < 1 || rank > 4)
    return FALSE;

  switch (rank)
    {
    case 1: side = KIELA_SOUTH; house = file; break;
    case 2: side = KIELA_SOUTH; house = 2 * files - 1 - file; break;
    case 3: side = KIELA_NORTH; house = files + file; break;
    default: side = KIELA_NORTH; house = files - 1 - file; break;
    }
  kiela_square_from_house (files, side, house, out);
  return TRUE;
}

void
kiela_square_name (guint files, KielaSide side, guint house, char out[4])
{
  KielaSquare sq;

  kiela_square_from_house (files, side, KIELA_MOVE_HOUSE (house), &sq);
  out[0] = (char) ('a' + sq.file);
  out[1] = (char) ('0' + sq.rank);
  /* A clockwise move (KIELA_MOVE_CLOCKWISE): "a1<", the mark of a sowing against the usual way;
   * a house sown into itself (KIELA_MOVE_IN_HOUSE): "a1=". */
  out[2] = KIELA_MOVE_IS_CLOCKWISE (house) ? '<' : KIELA_MOVE_IS_IN_HOUSE (house) ? '=' : '\0';
  out[3] = '\0';
}

void
kiela_move_name (guint files, KielaSide side, KielaMove move, char out[KIELA_MOVE_NAME_MAX])
{
  const guint decisions = KIELA_MOVE_DECISIONS (move);
  guint len;

  kiela_square_name (files, side, (guint) KIELA_MOVE_BASE (move), out);
  len = (guint) strlen (out);
  /* The decisions up to the last declined turn: "+" taken, "-" declined ("b2+-"). */
  for (guint k = 0; (decisions >> k) != 0; k++)
    out[len++] = (decisions >> k) & 1u ? '-' : '+';
  out[len] = '\0';
  /* The house an extra capture takes, on the opponent's side: "c2xf3".  (No variant gives a move
   * both decisions and a target; a value with both keeps to the buffer by leaving the target out.) */
  /* A skip names the mover's own house the single goes to: "b2>a1". */
  if (KIELA_MOVE_IS_SKIP (move) && KIELA_MOVE_HAS_TARGET (move) && KIELA_MOVE_TARGET (move) < 2u * files &&
      len + 4 <= KIELA_MOVE_NAME_MAX)
    {
      out[len++] = '>';
      kiela_square_name (files, side, KIELA_MOVE_TARGET (move), out + len);
    }
  else if (KIELA_MOVE_HAS_TARGET (move) && KIELA_MOVE_TARGET (move) < 2u * files && len + 4 <= KIELA_MOVE_NAME_MAX)
    {
      out[len++] = 'x';
      kiela_square_name (files, KIELA_OTHER_SIDE (side), KIELA_MOVE_TARGET (move), out + len);
      len = (guint) strlen (out);
      /* The second house of an extra capture of two: "c2xg3xh4". */
      if (KIELA_MOVE_HAS_TARGET2 (move) && KIELA_MOVE_TARGET2 (move) < 2u * files && len + 4 <= KIELA_MOVE_NAME_MAX)
        {
          out[len++] = 'x';
          kiela_square_name (files, KIELA_OTHER_SIDE (side), KIELA_MOVE_TARGET2 (move), out + len);
        }
    }
}

char *
kiela_square_name_dup (guint files, KielaSide side, guint house)
{
  char buf[KIELA_MOVE_NAME_MAX];

  kiela_move_name (files, side, (KielaMove) house, buf);
  return g_strdup (buf);
}

/* Input quoted in an error message: valid UTF-8 as it is, every byte that is
 * not part of a valid character as \xNN, so the message is always UTF-8. */
static char *
quote_input (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text;

  while (*p)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", (guchar) *p);
          p++;
        }
      else
        {
          const char *next = g_utf8_next_char (p);
          g_string_append_len (out, p, next - p);
          p = next;
        }
    }
  return g_string_free (out, FALSE);
}

/* Quotes the input only on the way to an error, once. */
#define SHOWN(text) (shown ? shown : (shown = quote_input (text)))
#define SHOWN_TAIL(p) (tail ? tail : (tail = quote_input (p)))

/* The whole character at `p` (not one byte of it), or \xNN for a stray byte. */
static char *
quote_char_at (const char *p)
{
  gunichar c = g_utf8_get_char_validated (p, -1);

  if (c == (gunichar) -1 || c == (gunichar) -2)
    return g_strdup_printf ("\\x%02X", (guchar) *p);
  return g_strndup (p, g_utf8_next_char (p) - p);
}

gboolean
kiela_square_parse (guint files, const char *text, KielaSquare *out, GError **error)
{
  guint file, rank;
  g_autofree char *shown = NULL;

  g_return_val_if_fail (files >= KIELA_MIN_FILES && files <= KIELA_MAX_FILES, FALSE);

  if (text == NULL || text[0] == '\0')
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("Empty square name"));
      return FALSE;
    }
  if (strlen (text) != 2 || text[0] < 'a' || text[0] > 'z' || text[1] < '1' || text[1] > '9')
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("“%s” is not a square name: expected a file letter and a rank digit, like g1"), SHOWN (text));
      return FALSE;
    }
  file = (guint) (text[0] - 'a');
  rank = (guint) (text[1] - '0');
  if (file >= files)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("“%s” is off the board: files run from a to %c"), SHOWN (text), 'a' + files - 1);
      return FALSE;
    }
  if (rank > 4)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("“%s” is off the board: ranks run from 1 to 4"), SHOWN (text));
      return FALSE;
    }
  return kiela_square_from_file_rank (files, file, rank, out);
}

gboolean
kiela_move_parse (guint files, const char *text, KielaSquare *square, KielaMove *move, GError **error)
{
  gsize len;
  char bare[3];

  g_return_val_if_fail (files >= KIELA_MIN_FILES && files <= KIELA_MAX_FILES, FALSE);

  /* "a1<": the square, sown clockwise; then "+" or "-" for each optional turn the move meets
   * (taken or declined; turns not written are taken), at most KIELA_MOVE_MAX_DECISIONS.
   * Anything else after the square is the square's error. */
  len = text ? strlen (text) : 0;
  /* "b2>a1": the single stone of b2 skips to the mover's own a1. */
  if (len > 2 && strchr (text, '>') != NULL)
    {
      const char *gt = strchr (text, '>');
      g_autofree char *head = g_strndup (text, (gsize) (gt - text));
      g_autofree char *shown = NULL;
      KielaSquare target;

      if (!kiela_square_parse (files, head, square, error))
        return FALSE;
      if (!kiela_square_parse (files, gt + 1, &target, NULL) || target.side != square->side)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       /* TRANSLATORS: %s the input; "b2>a1" a single stone skipping from b2 to a1 */
                       _("“%s” is not a move: after “>” comes the player’s own house the single stone skips "
                         "to, as in b2>a1"), SHOWN (text));
          return FALSE;
        }
      if (move)
        *move = KIELA_MOVE_WITH_TARGET ((KielaMove) square->house | KIELA_MOVE_SKIP, target.house);
      return TRUE;
    }
  /* "c2xf3": the move, then "x" and the opponent house its extra capture takes; "c2xf3xg3":
   * two houses (ExtraCapture=2), in either order, kept the lower local house first. */
  if (len > 2 && strchr (text, 'x') != NULL)
    {
      const char *x = strchr (text, 'x');
      const char *x2 = strchr (x + 1, 'x');
      g_autofree char *head = g_strndup (text, (gsize) (x - text));
      g_autofree char *first = x2 ? g_strndup (x + 1, (gsize) (x2 - x - 1)) : g_strdup (x + 1);
      g_autofree char *shown = NULL;
      KielaSquare target, target2 = { 0 };
      KielaMove base;

      if (!kiela_move_parse (files, head, square, &base, error))
        return FALSE;
      if (x2 != NULL && (strchr (x2 + 1, 'x') != NULL || !kiela_square_parse (files, x2 + 1, &target2, NULL)))
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       /* TRANSLATORS: %s the input; "c2xf3xg3" a move with the two houses it also takes */
                       _("“%s” is not a move: a capture takes at most two other houses, each after an “x”, "
                         "as in c2xf3xg3"), SHOWN (text));
          return FALSE;
        }
      if (!kiela_square_parse (files, first, &target, NULL))
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       /* TRANSLATORS: %s the input; "c2xf3" a move with the house it also takes */
                       _("“%s” is not a move: after “x” comes the opponent house the capture also takes, "
                         "as in c2xf3"), SHOWN (text));
          return FALSE;
        }
      if (target.side == square->side || (x2 != NULL && target2.side == square->side))
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       _("“%s” is not a move: the house after “x” must be the opponent’s"), SHOWN (text));
          return FALSE;
        }
      if (x2 != NULL && target2.house == target.house)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       /* TRANSLATORS: %s the input, such as c2xf3xf3 */
                       _("“%s” is not a move: it names the same house twice"), SHOWN (text));
          return FALSE;
        }
      if (move)
        {
          const guint lo = x2 != NULL ? MIN (target.house, target2.house) : target.house;

          *move = KIELA_MOVE_WITH_TARGET (base, lo);
          if (x2 != NULL)
            *move = KIELA_MOVE_WITH_TARGET2 (*move, MAX (target.house, target2.house));
        }
      return TRUE;
    }
  if (len > 2)
    {
      const gboolean clockwise = text[2] == '<';
      /* "a1=": the house sown into itself (Quiela's first sowing from the leftmost house) */
      const gboolean in_house = text[2] == '=';
      const gsize marks = len - 2 - (clockwise || in_house ? 1 : 0);
      guint decisions = 0;
      gboolean ok = marks <= KIELA_MOVE_MAX_DECISIONS;

      for (gsize k = 0; ok && k < marks; k++)
        {
          const char c = text[len - marks + k];

          ok = c == '+' || c == '-';
          decisions |= (c == '-' ? 1u : 0u) << k;
        }
      bare[0] = text[0];
      bare[1] = text[1];
      bare[2] = '\0';
      if (!ok || !kiela_square_parse (files, bare, square, NULL))
        return kiela_square_parse (files, text, square, error);
      if (move)
        *move = (KielaMove) square->house | (clockwise ? KIELA_MOVE_CLOCKWISE : 0) |
                (in_house ? KIELA_MOVE_IN_HOUSE : 0) |
                (KielaMove) (decisions << KIELA_MOVE_DECLINE_SHIFT);
      return TRUE;
    }
  if (!kiela_square_parse (files, text, square, error))
    return FALSE;
  if (move)
    *move = (KielaMove) square->house;
  return TRUE;
}

void
kiela_position_init_start (KielaPosition *pos, const KielaVariant *variant)
{
  memset (pos, 0, sizeof *pos);
  pos->files = variant->files;
  pos->to_move = KIELA_SOUTH;
  pos->first_move_owed = (guint8) ((variant->first_move ? 3u : 0u) |
                                   ((variant->flags & KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE)
                                    ? KIELA_POSITION_IN_HOUSE_OWED (KIELA_SOUTH) | KIELA_POSITION_IN_HOUSE_OWED (KIELA_NORTH)
                                    : 0u));
  for (guint s = 0; s < 2; s++)
    for (guint h = 0; h < 2u * variant->files; h++)
      pos->houses[s][h] = variant->start[s][h];
}

gboolean
kiela_position_equal (const KielaPosition *a, const KielaPosition *b)
{
  /* Houses past 2*files are kept zero, so comparing whole rows is exact. */
  return a->files == b->files && a->to_move == b->to_move && a->first_move_owed == b->first_move_owed &&
         a->lost == b->lost && memcmp (a->houses, b->houses, sizeof a->houses) == 0;
}

guint64
kiela_position_hash (const KielaPosition *pos)
{
  /* Word-wise multiply-xor over the used houses (unused ones are zero, so
   * reading whole 64-bit words past the last house is exact), then a
   * splitmix finaliser.  This runs once per ply in playouts: keep it short. */
  const guint words = (2u * pos->files * sizeof (guint16) + 7) / 8;
  guint64 h = 0x9e3779b97f4a7c15ull ^ pos->to_move ^ ((guint64) pos->files << 8) ^
              ((guint64) pos->first_move_owed << 16) ^ ((guint64) pos->lost << 24);

  for (guint s = 0; s < 2; s++)
    {
      const guint8 *bytes = (const guint8 *) pos->houses[s];
      for (guint i = 0; i < words; i++)
        {
          guint64 w;
          memcpy (&w, bytes + 8 * i, 8);
          h = (h ^ w) * 0xff51afd7ed558ccdull;
          h ^= h >> 32;
        }
      h += 0x632be59bd9b4e019ull;
    }
  h ^= h >> 30; h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27; h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return h;
}

guint
kiela_position_side_total (const KielaPosition *pos, KielaSide side)
{
  guint total = 0;

  for (guint i = 0; i < 2u * pos->files; i++)
    total += pos->houses[side][i];
  return total;
}

guint
kiela_position_total (const KielaPosition *pos)
{
  return kiela_position_side_total (pos, KIELA_SOUTH) + kiela_position_side_total (pos, KIELA_NORTH);
}

/* The largest count a position string may hold: houses are 16 bits, and the
 * sowing adds a lap's worth of stones to a house at most once per stone. */
#define KIELA_MAX_STONES 60000

static const char *
rank_ordinal (guint rank)
{
  /* Only used to build messages. */
  switch (rank)
    {
    case 4: return "4";
    case 3: return "3";
    case 2: return "2";
    default: return "1";
    }
}

/* What stands at `p` instead of a count of the r-th rank from the top (`in_rank`) or of
 * the "/" after it: the end of the ranks, or an unexpected character. */
static void
set_unexpected (GError **error, const char *shown, const char *p, guint r, gboolean in_rank)
{
  const char *rank = rank_ordinal (4 - r);
  g_autofree char *c = *p != '\0' ? quote_char_at (p) : NULL;

  if (in_rank && c == NULL)
    g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                 _("Position “%s” ends early: rank %s is missing a count"), shown, rank);
  else if (in_rank)
    g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                 _("Position “%s”: unexpected character “%s” in rank %s, expected a count"), shown, c, rank);
  else if (c == NULL || *p == ' ')
    g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                 _("Position “%s” has %u ranks, expected 4 separated by “/”"), shown, r + 1);
  else
    g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                 _("Position “%s”: unexpected character “%s” after rank %s"), shown, c, rank);
}

gboolean
kiela_position_parse (const char *kpn, guint expected_files, KielaPosition *out, GError **error)
{
  KielaPosition pos;
  const char *p, *side;
  guint files = 0;
  guint64 total = 0;
  g_autofree char *shown = NULL, *tail = NULL;

  g_return_val_if_fail (out != NULL, FALSE);

  if (kpn == NULL || *kpn == '\0')
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("Empty position string"));
      return FALSE;
    }

  memset (&pos, 0, sizeof pos);
  p = kpn;

  for (guint r = 0; r < 4; r++)
    {
      guint rank = 4 - r;
      guint count_in_rank = 0;
      guint values[KIELA_MAX_FILES + 1];

      for (;;)
        {
          guint64 v = 0;
          guint digits = 0;

          if (*p == '-')
            {
              g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                           _("Position “%s”: negative count in rank %s"), SHOWN (kpn), rank_ordinal (rank));
              return FALSE;
            }
          while (*p >= '0' && *p <= '9')
            {
              v = v * 10 + (guint64) (*p - '0');
              if (v > KIELA_MAX_STONES)
                {
                  g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                               _("Position “%s”: a count in rank %s is larger than %d"),
                               SHOWN (kpn), rank_ordinal (rank), KIELA_MAX_STONES);
                  return FALSE;
                }
              p++;
              digits++;
            }
          if (digits == 0)
            {
              set_unexpected (error, SHOWN (kpn), p, r, TRUE);
              return FALSE;
            }
          if (count_in_rank < KIELA_MAX_FILES + 1)
            values[count_in_rank] = (guint) v;
          count_in_rank++;
          total += v;

          if (*p == ',')
            {
              p++;
              continue;
            }
          break;
        }

      if (count_in_rank > KIELA_MAX_FILES || count_in_rank < KIELA_MIN_FILES)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       _("Position “%s”: rank %s has %u houses, a board has %d to %d files"),
                       SHOWN (kpn), rank_ordinal (rank), count_in_rank, KIELA_MIN_FILES, KIELA_MAX_FILES);
          return FALSE;
        }
      if (r == 0)
        {
          files = count_in_rank;
          if (expected_files != 0 && files != expected_files)
            {
              g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                           _("Position “%s”: rank %s has %u houses, expected %u"),
                           SHOWN (kpn), rank_ordinal (rank), count_in_rank, expected_files);
              return FALSE;
            }
        }
      else if (count_in_rank != files)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       _("Position “%s”: rank %s has %u houses, expected %u"),
                       SHOWN (kpn), rank_ordinal (rank), count_in_rank, files);
          return FALSE;
        }

      for (guint f = 0; f < files; f++)
        {
          KielaSquare sq;

          kiela_square_from_file_rank (files, f, rank, &sq);
          pos.houses[sq.side][sq.house] = (guint16) values[f];
        }

      if (r < 3)
        {
          if (*p != '/')
            {
              set_unexpected (error, SHOWN (kpn), p, r, FALSE);
              return FALSE;
            }
          p++;
        }
    }

  if (*p == '/')
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("Position “%s” has more than 4 ranks"), SHOWN (kpn));
      return FALSE;
    }
  if (*p != ' ')
    {
      if (*p == '\0')
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                     _("Position “%s” lacks the side to move: add “ s” or “ n”"), SHOWN (kpn));
      else
        {
          g_autofree char *c = quote_char_at (p);
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       _("Position “%s”: unexpected character “%s” after rank 1"), SHOWN (kpn), c);
        }
      return FALSE;
    }
  p++;
  if ((*p != 's' && *p != 'n') || (p[1] != '\0' && p[1] != ' '))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("Position “%s”: unknown side “%s”, expected “s” or “n”"), SHOWN (kpn), SHOWN_TAIL (p));
      return FALSE;
    }
  side = p + 1;
  /* " s first:sn": the sides that still owe a variant's forced first move. */
  if (side[0] == ' ' && strncmp (side + 1, "first:", 6) == 0)
    {
      const char *q = side + 1, *v = q + 6;
      gsize len = strcspn (v, " ");

      if ((len == 1 && (*v == 's' || *v == 'n')) || (len == 2 && v[0] == 's' && v[1] == 'n'))
        pos.first_move_owed = (guint8) ((memchr (v, 's', len) ? 1 : 0) | (memchr (v, 'n', len) ? 2 : 0));
      else
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       _("Position “%s”: unexpected “%s” after the side to move, expected “first:s”, “first:n” or "
                         "“first:sn”"), SHOWN (kpn), SHOWN_TAIL (q));
          return FALSE;
        }
      side = v + len;
    }
  /* " s inhouse:sn": the sides that may still sow their leftmost outer house into itself
   * (FirstSowing=leftmost-in-house); a wrong value is refused below as unexpected. */
  if (side[0] == ' ' && strncmp (side + 1, "inhouse:", 8) == 0)
    {
      const char *v = side + 9;
      gsize len = strcspn (v, " ");

      if ((len == 1 && (*v == 's' || *v == 'n')) || (len == 2 && v[0] == 's' && v[1] == 'n'))
        {
          pos.first_move_owed |= (guint8) (((memchr (v, 's', len) ? 1 : 0) | (memchr (v, 'n', len) ? 2 : 0)) << 2);
          side = v + len;
        }
    }
  /* " n lost:n": the side that has lost at once, its opponent having won by a variant's
   * instant win (BothEndsWin): the position has no legal move. */
  if (side[0] == ' ' && strncmp (side + 1, "lost:", 5) == 0)
    {
      const char *q = side + 1, *v = q + 5;

      if (*v == *p && v[1] == '\0')
        pos.lost = (guint8) (*v == 's' ? 1 : 2);
      else if ((*v == 's' || *v == 'n') && v[1] == '\0')
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       _("Position “%s”: “%s” names a side that is not to move: the side that has lost is "
                         "the one to move"), SHOWN (kpn), SHOWN_TAIL (q));
          return FALSE;
        }
      else
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       _("Position “%s”: unexpected “%s”, expected “lost:s” or “lost:n” (the one side that "
                         "has lost)"), SHOWN (kpn), SHOWN_TAIL (q));
          return FALSE;
        }
      side = v + 1;
    }
  if (*side != '\0' && side == p + 1)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("Position “%s”: unknown side “%s”, expected “s” or “n”"), SHOWN (kpn), SHOWN_TAIL (p));
      return FALSE;
    }
  if (*side != '\0')
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("Position “%s”: unexpected “%s” after the side to move, expected “first:…”, then “lost:…”, "
                     "or nothing"), SHOWN (kpn), SHOWN_TAIL (side[0] == ' ' ? side + 1 : side));
      return FALSE;
    }
  if (total > KIELA_MAX_STONES)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("Position “%s” holds %u stones, more than %d"),
                   SHOWN (kpn), (guint) MIN (total, G_MAXUINT), KIELA_MAX_STONES);
      return FALSE;
    }

  pos.files = (guint8) files;
  pos.to_move = *p == 's' ? KIELA_SOUTH : KIELA_NORTH;
  *out = pos;
  return TRUE;
}

char *
kiela_position_to_string (const KielaPosition *pos)
{
  GString *s = g_string_sized_new (128);

  for (guint rank = 4; rank >= 1; rank--)
    {
      for (guint f = 0; f < pos->files; f++)
        {
          KielaSquare sq;

          kiela_square_from_file_rank (pos->files, f, rank, &sq);
          if (f > 0)
            g_string_append_c (s, ',');
          g_string_append_printf (s, "%u", pos->houses[sq.side][sq.house]);
        }
      if (rank > 1)
        g_string_append_c (s, '/');
    }
  g_string_append (s, pos->to_move == KIELA_SOUTH ? " s" : " n");
  if (pos->first_move_owed & 3)
    g_string_append_printf (s, " first:%s%s", pos->first_move_owed & 1 ? "s" : "", pos->first_move_owed & 2 ? "n" : "");
  if (pos->first_move_owed & 12)
    g_string_append_printf (s, " inhouse:%s%s", pos->first_move_owed & 4 ? "s" : "", pos->first_move_owed & 8 ? "n" : "");
  /* The side that has lost (by its opponent's instant win) is the side to move. */
  if (pos->lost & (1u << pos->to_move))
    g_string_append (s, pos->to_move == KIELA_SOUTH ? " lost:s" : " lost:n");
  return g_string_free (s, FALSE);
}

char *
kiela_position_to_diagram (const KielaPosition *pos)
{
  GString *s = g_string_sized_new (512);
  guint files = pos->files;

  g_string_append_printf (s, "        %s%s\n", _("North"),
                          /* Translators: after "North" or "South" beside kiela-cli's text board: that side moves next. */
                          pos->to_move == KIELA_NORTH ? _(" (to move)") : "");
  for (guint rank = 4; rank >= 1; rank--)
    {
      g_string_append_printf (s, "  %u ", rank);
      for (guint f = 0; f < files; f++)
        {
          KielaSquare sq;

          kiela_square_from_file_rank (files, f, rank, &sq);
          g_string_append_printf (s, "%4u", pos->houses[sq.side][sq.house]);
        }
      g_string_append_c (s, '\n');
      if (rank == 3)
        {
          g_string_append (s, "    ");
          for (guint f = 0; f < files; f++)
            g_string_append (s, " ---");
          g_string_append_c (s, '\n');
        }
    }
  g_string_append (s, "    ");
  for (guint f = 0; f < files; f++)
    g_string_append_printf (s, "   %c", 'a' + f);
  g_string_append_c (s, '\n');
  g_string_append_printf (s, "        %s%s\n", _("South"),
                          pos->to_move == KIELA_SOUTH ? _(" (to move)") : "");
  g_string_append_printf (s, "  %s %u, %s %u\n",
                          _("South:"), kiela_position_side_total (pos, KIELA_SOUTH),
                          _("North:"), kiela_position_side_total (pos, KIELA_NORTH));
  return g_string_free (s, FALSE);
}

const char *
kiela_side_name (KielaSide side)
{
  return side == KIELA_SOUTH ? "south" : "north";
}

const char *
kiela_side_display_name (KielaSide side)
{
  return side == KIELA_SOUTH ? _("South") : _("North");
}

const char *
kiela_side_display_name_in (KielaSide side, const KielaCatalogue *cat)
{
  return side == KIELA_SOUTH ? T_ (cat, "South") : T_ (cat, "North");
}

const char *
kiela_status_id (KielaStatus status)
{
  switch (status)
    {
    case KIELA_STATUS_SOUTH_WINS: return "south wins";
    case KIELA_STATUS_NORTH_WINS: return "north wins";
    case KIELA_STATUS_DRAW: return "draw";
    case KIELA_STATUS_ONGOING:
    default: return "ongoing";
    }
}

gboolean
kiela_status_parse (const char *id, KielaStatus *out)
{
  static const KielaStatus all[] = { KIELA_STATUS_ONGOING, KIELA_STATUS_SOUTH_WINS,
                                     KIELA_STATUS_NORTH_WINS, KIELA_STATUS_DRAW };

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    if (g_strcmp0 (id, kiela_status_id (all[i])) == 0)
      {
        *out = all[i];
        return TRUE;
      }
  return FALSE;
}
