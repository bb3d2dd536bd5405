/* kiela-variant-file-rules.c: the sections of a variant file's rules that take more than one word
 * or number, each checked against the keys it depends on: ArrangeRules, ReverseFrom (with what
 * clockwise sowings cannot be combined with), FirstMove, End, and the capture keys' conflicts.
 * kiela-variant-file.c reads the rest and calls these in order. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-variant.h"
#include "kiela-variant-file-private.h"

gboolean
_kiela_variant_file_read_arrange_rules (const KielaVariantFileParser *p, KielaVariantFileRules *r, GError **error)
{
  if (g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "ArrangeRules", NULL))
    {
      g_autofree char *raw = _kiela_variant_file_get_raw (p, "ArrangeRules");
      g_auto(GStrv) terms = g_strsplit (raw, ";", -1);

      if (r->arrangement != 2)
        {
          _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, "ArrangeRules",
                       _("rules of the arrangement apply only with Arrangement=constrained"));
          return FALSE;
        }
      for (guint i = 0; terms[i]; i++)
        {
          guint most;

          g_strstrip (terms[i]);
          if (terms[i][0] == '\0')
            continue;
          if (strcmp (terms[i], "leftmost-outer-most") == 0)
            r->arrange |= KIELA_ARRANGE_LEFTMOST_MOST;
          else if (strcmp (terms[i], "non-increasing") == 0)
            r->arrange |= KIELA_ARRANGE_NON_INCREASING;
          else if (g_str_has_prefix (terms[i], "inner-singles-at-most:") &&
                   _kiela_variant_file_parse_uint (terms[i] + strlen ("inner-singles-at-most:"), 0, r->files, &most))
            r->arrange = (r->arrange & ~((gsize) 0xff << 8)) | KIELA_ARRANGE_INNER_SINGLES (most);
          else
            {
              _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "ArrangeRules",
                           _("“%s” is not a rule of the arrangement: use leftmost-outer-most, non-increasing or "
                             "inner-singles-at-most:N (N from 0 to %u)"),
                           terms[i], r->files);
              return FALSE;
            }
        }
    }
  if (r->arrangement == 2 && r->arrange == 0)
    {
      _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_MISSING_KEY, "ArrangeRules",
                   _("Arrangement=constrained needs its rules: leftmost-outer-most, non-increasing or "
                     "inner-singles-at-most:N"));
      return FALSE;
    }
  return TRUE;
}

/* ReverseFrom: the houses that may be sown clockwise, and the keys that need them or exclude them. */
gboolean
_kiela_variant_file_read_reverse (const KielaVariantFileParser *p, KielaVariantFileRules *r, GError **error)
{
  if (g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "ReverseFrom", NULL))
    {
      g_autofree char *raw = g_strstrip (_kiela_variant_file_get_raw (p, "ReverseFrom"));
      g_auto(GStrv) parts = g_strsplit (raw, ";", -1);

      for (guint i = 0; strcmp (raw, "none") != 0 && parts[i]; i++)
        {
          guint house;

          g_strstrip (parts[i]);
          if (parts[i][0] == '\0' && parts[i + 1] == NULL)
            break;   /* GKeyFile lists may end in ';' */
          if (!_kiela_variant_file_parse_uint (parts[i], 0, 2 * r->files - 1, &house))
            {
              _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "ReverseFrom",
                           _("“%s” is not a house of a side, from 0 to %u: list the houses that may be sown "
                             "clockwise, or write “none”"), parts[i], 2 * r->files - 1);
              return FALSE;
            }
          r->rev_houses |= G_GUINT64_CONSTANT (1) << house;
        }
      /* A move list holds KIELA_MAX_BASE_MOVES moves: the houses and the clockwise ones. */
      if (2 * r->files + (guint) __builtin_popcountll (r->rev_houses) > KIELA_MAX_BASE_MOVES)
        {
          _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, "ReverseFrom",
                       _("%u houses a side and %u clockwise sowings make more than %u moves: name fewer houses, "
                         "or use fewer files"), 2 * r->files, (guint) __builtin_popcountll (r->rev_houses),
                       (guint) KIELA_MAX_BASE_MOVES);
          return FALSE;
        }
    }
  /* A move with an extra capture names the house it takes where a clockwise one names its
   * direction's decisions: the two are not combined. */
  if (r->extra_capture > 0 && r->rev_houses != 0)
    {
      _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, "ExtraCapture",
                   _("an extra capture cannot be combined with clockwise sowings (ReverseFrom): remove one "
                     "of them"));
      return FALSE;
    }
  /* A skip names its destination where an extra capture names the house it takes and a clockwise
   * move its decisions: none of them is combined with it.  Its two moves need a place in the list. */
  if (r->single_skip == 1 && (r->rev_houses != 0 || r->extra_capture > 0 || 2 * r->files + 3 > KIELA_MAX_BASE_MOVES))
    {
      _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, "SingleSkip",
                   _("the skip of a threatened single cannot be combined with clockwise sowings (ReverseFrom), "
                     "an extra capture (ExtraCapture) or more than 18 files: remove one of them"));
      return FALSE;
    }
  /* The in-house sowing is one more move beside the houses: it needs a free place in the move
   * list, and a direction of its own (clockwise sowings are not combined with it). */
  if (r->first_sowing == 1 && (r->rev_houses != 0 || 2 * r->files + 1 > KIELA_MAX_BASE_MOVES))
    {
      _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, "FirstSowing",
                   _("a first sowing in the leftmost house cannot be combined with clockwise sowings "
                     "(ReverseFrom) or with 20 files: remove one of them, or use fewer files"));
      return FALSE;
    }
  if (r->rev_houses == 0)
    {
      static const char *const rev_keys[] = { "ReverseWhen", "ReverseCaptured", "ReverseRelay" };

      for (guint i = 0; i < G_N_ELEMENTS (rev_keys); i++)
        if (g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, rev_keys[i], NULL))
          {
            _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, rev_keys[i],
                         _("this key says how clockwise sowings go: it needs ReverseFrom to name their houses"));
            return FALSE;
          }
    }
  return TRUE;
}

gboolean
_kiela_variant_file_read_first_move (const KielaVariantFileParser *p, const KielaVariantFileRules *r, KielaVariant *v,
                                     GError **error)
{
  if (g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "FirstMove", NULL))
    {
      g_autofree char *raw = g_strstrip (_kiela_variant_file_get_raw (p, "FirstMove"));
      guint house;

      if (strcmp (raw, "none") == 0)
        v->first_move = 0;
      else if (_kiela_variant_file_parse_uint (raw, 0, 2 * r->files - 1, &house))
        v->first_move = house + 1;
      else
        {
          _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "FirstMove",
                       _("“%s” is neither “none” nor a house of a side, from 0 to %u"), raw, 2 * r->files - 1);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
_kiela_variant_file_read_end (const KielaVariantFileParser *p, GError **error)
{
  if (g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "End", NULL))
    {
      g_autofree char *raw = _kiela_variant_file_get_raw (p, "End");
      g_auto(GStrv) words = g_strsplit (raw, ";", -1);
      gboolean seen[2] = { FALSE, FALSE };

      for (guint i = 0; words[i]; i++)
        {
          gboolean known = FALSE;

          g_strstrip (words[i]);
          if (words[i][0] == '\0')
            continue;
          for (guint j = 0; end_words[j]; j++)
            if (strcmp (words[i], end_words[j]) == 0)
              seen[j] = known = TRUE;
          if (!known)
            {
              g_autofree char *list = g_strjoinv (", ", (char **) end_words);

              _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "End",
                                               _("“%s” is not one of: %s"),
                           words[i], list);
              return FALSE;
            }
        }
      if (!seen[0] || !seen[1])
        {
          _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_UNSUPPORTED, "End",
                       _("the engine always ends a game when the player to move has no move "
                         "(no-moves-loses) and on a third repetition (repetition-draws): list both"));
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
_kiela_variant_file_check_captures (const KielaVariantFileParser *p, const KielaVariantFileRules *r, GError **error)
{
  if (r->trigger == 1 && r->needs == 1)
    {
      _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_UNSUPPORTED, "CaptureNeeds",
                   _("“%s” together with CaptureTrigger=empty-inner is a rule this version of Kiela cannot play yet"),
                   "facing-inner-and-outer");
      return FALSE;
    }
  if (r->has_ends_turn && (r->ends_turn == 1) != (r->fate == KIELA_CAPTURED_REMOVED))
    {
      _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, "CaptureEndsTurn",
                   r->ends_turn ? _("captured stones that are sown go on with the turn: only CapturedStones=removed "
                                 "ends it")
                             : _("with CapturedStones=removed nothing is left to sow: the capture ends the turn"));
      return FALSE;
    }

  /* Two houses: every pair a capture may take is a move of its own, which a move list holds only
   * on a small board (kiela_extra_capture_fits: 8 files at most). */
  if (r->extra_capture > 1
      && !kiela_extra_capture_fits (r->files, r->extra_capture, 2 * r->files + (r->first_sowing == 1 ? 1 : 0)))
    {
      guint most = KIELA_MIN_FILES;

      for (guint f = KIELA_MIN_FILES; f <= KIELA_MAX_FILES; f++)
        if (kiela_extra_capture_fits (f, r->extra_capture, 2 * f + (r->first_sowing == 1 ? 1 : 0)))
          most = f;
      _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, "ExtraCapture",
                   /* TRANSLATORS: %1$u the houses taken (2), %2$u the most files (8), %3$u the file's files (16) */
                   _("taking %1$u more opponent houses after a capture is played on boards of at most %2$u files, "
                     "not %3$u: every choice of houses is a move of its own"), r->extra_capture, most, r->files);
      return FALSE;
    }
  if (r->extra_capture > 0 && r->fate != KIELA_CAPTURED_REMOVED)
    {
      _kiela_variant_file_set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, "ExtraCapture",
                   _("the stones of an extra capture leave the board: it needs CapturedStones=removed"));
      return FALSE;
    }
  return TRUE;
}
