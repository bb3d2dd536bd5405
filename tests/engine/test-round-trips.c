/* test-round-trips.c: what the engine writes it reads back, in every rule variant it loads (the
 * built-in ones and the shipped variant files): random games, seeded, in which every position's
 * KPN string parses to the same position, every legal move's name parses to the same move on the
 * same side, the name plays the move, and the game's record loads as the same game and is
 * written again byte for byte. */
#include "config.h"

#include <string.h>

#include "kiela.h"

#define GAMES_PER_VARIANT 12
#define MAX_PLIES 160

static KielaRegistry *registry;

typedef struct {
  guint positions;
  guint moves;       /* legal moves named and parsed */
  guint decisions;   /* of them, moves with more than a house: a direction, a target, a skip */
  guint records;
} Counts;

static void
check_position (const KielaVariant *variant, const KielaPosition *pos, Counts *c)
{
  g_autofree char *kpn = kiela_position_to_string (pos);
  g_autoptr(GError) error = NULL;
  KielaPosition back;

  if (!kiela_position_parse (kpn, variant->files, &back, &error))
    g_error ("%s: “%s” does not parse: %s", variant->id, kpn, error->message);
  if (!kiela_position_equal (&back, pos))
    g_error ("%s: “%s” parses to another position", variant->id, kpn);
  c->positions++;
}

static void
check_moves (const KielaVariant *variant, KielaGame *game, const KielaMove *moves, guint n, Counts *c)
{
  const KielaPosition *pos = kiela_game_get_position (game);

  for (guint i = 0; i < n; i++)
    {
      char name[KIELA_MOVE_NAME_MAX];
      g_autoptr(GError) error = NULL;
      KielaSquare sq;
      KielaMove parsed;

      kiela_move_name (variant->files, (KielaSide) pos->to_move, moves[i], name);
      if (!kiela_move_parse (variant->files, name, &sq, &parsed, &error))
        g_error ("%s: the move name “%s” does not parse: %s", variant->id, name, error->message);
      if (parsed != moves[i] || sq.side != (KielaSide) pos->to_move)
        g_error ("%s: “%s” parses to the move %d of side %d, not %d of side %d", variant->id, name, parsed,
                 (int) sq.side, moves[i], (int) pos->to_move);
      if (moves[i] != (KielaMove) KIELA_MOVE_HOUSE (moves[i]))
        c->decisions++;
      c->moves++;
    }
}

static void
check_record (const KielaVariant *variant, KielaGame *game, Counts *c)
{
  g_autofree char *text = kiela_record_to_string (game);
  g_autofree char *again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) back = kiela_record_from_string (registry, text, -1, "round-trip.kiela", &error);

  if (back == NULL)
    g_error ("%s: its own record does not load: %s\n%s", variant->id, error->message, text);
  g_assert_cmpstr (kiela_game_get_variant (back)->id, ==, variant->id);
  g_assert_cmpuint (kiela_game_get_n_moves (back), ==, kiela_game_get_n_moves (game));
  for (guint ply = 0; ply <= kiela_game_get_n_moves (game); ply++)
    g_assert_true (kiela_position_equal (kiela_game_get_position_at (back, ply), kiela_game_get_position_at (game, ply)));
  g_assert_cmpint (kiela_game_get_status (back, NULL), ==, kiela_game_get_status (game, NULL));
  again = kiela_record_to_string (back);
  g_assert_cmpstr (again, ==, text);
  c->records++;
}

static void
play_random_game (const KielaVariant *variant, guint64 seed, Counts *c)
{
  g_autoptr(KielaGame) game = kiela_game_new (variant);
  g_autoptr(GError) error = NULL;
  KielaRng rng;

  kiela_rng_seed (&rng, seed);
  /* The expert game's arrangement: each side keeps its start. */
  for (guint side = 0; side < 2 && kiela_game_get_phase (game) != KIELA_PHASE_PLAY; side++)
    {
      g_assert_true (kiela_game_skip_setup (game, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_PLAY);
  for (guint ply = 0; ply < MAX_PLIES && !kiela_game_is_over (game); ply++)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (game, moves);
      char name[KIELA_MOVE_NAME_MAX];
      KielaMove move;

      check_position (variant, kiela_game_get_position (game), c);
      check_moves (variant, game, moves, n, c);
      if (n == 0)
        break;
      move = moves[kiela_rng_below (&rng, n)];
      /* Half the moves are played by their names, as a record or the command line gives them. */
      if (kiela_rng_below (&rng, 2) == 0)
        {
          kiela_move_name (variant->files, (KielaSide) kiela_game_get_position (game)->to_move, move, name);
          if (!kiela_game_play_square (game, name, NULL, &error))
            g_error ("%s: the legal move “%s” does not play by its name: %s", variant->id, name, error->message);
          g_assert_cmpint (kiela_game_get_move (game, kiela_game_get_n_moves (game) - 1)->move, ==, move);
        }
      else
        {
          g_assert_true (kiela_game_play (game, move, NULL, &error));
          g_assert_no_error (error);
        }
    }
  check_position (variant, kiela_game_get_position (game), c);
  check_record (variant, game, c);
}

static void
test_every_variant (void)
{
  GPtrArray *variants = kiela_registry_get_variants (registry);
  gboolean seen_file = FALSE, seen_decisions = FALSE;

  g_assert_cmpuint (variants->len, >=, 9);
  for (guint v = 0; v < variants->len; v++)
    {
      const KielaVariant *variant = g_ptr_array_index (variants, v);
      Counts c = { 0 };

      for (guint g = 0; g < GAMES_PER_VARIANT; g++)
        play_random_game (variant, 1000 * (v + 1) + g, &c);
      g_test_message ("%s: %u positions, %u moves named (%u with a direction, target or skip), %u records",
                      variant->id, c.positions, c.moves, c.decisions, c.records);
      g_assert_cmpuint (c.records, ==, GAMES_PER_VARIANT);
      g_assert_cmpuint (c.moves, >, c.positions);
      seen_file |= g_str_equal (variant->id, "omweso");
      seen_decisions |= c.decisions > 0;
    }
  /* The variant files are among them, and so are moves that are more than a house. */
  g_assert_true (seen_file);
  g_assert_true (seen_decisions);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  registry = kiela_registry_new ();
  kiela_registry_load_default (registry);
  g_test_add_func ("/round-trips/every-variant", test_every_variant);
  status = g_test_run ();
  kiela_registry_free (registry);
  return status;
}
