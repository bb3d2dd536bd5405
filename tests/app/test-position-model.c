/* test-position-model.c: the position editor's editing state without a display: edits as undoable
 * steps, merged typing, the check against the variant, KPN in and out and its refusals. */
#include "config.h"

#include <string.h>
#include "kiela-position-model.h"

typedef struct {
  KielaRegistry *registry;
  GPtrArray *variants;
  const KielaVariant *kiela;
  KielaPositionModel *model;
  guint changes;
  guint kpn_changes;
} Fixture;

static void
on_changed (KielaPositionModel *model, Fixture *f)
{
  f->changes++;
}

static void
on_kpn_error_changed (KielaPositionModel *model, Fixture *f)
{
  f->kpn_changes++;
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  f->variants = kiela_registry_get_variants (f->registry);
  f->kiela = kiela_registry_lookup_variant (f->registry, "kiela");
  g_assert_nonnull (f->kiela);
  f->model = kiela_position_model_new (f->variants, f->kiela);
  g_signal_connect (f->model, "changed", G_CALLBACK (on_changed), f);
  g_signal_connect (f->model, "kpn-error-changed", G_CALLBACK (on_kpn_error_changed), f);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->model);
  g_clear_pointer (&f->registry, kiela_registry_free);
}

static gboolean
is_start (Fixture *f)
{
  KielaPosition start;

  kiela_position_init_start (&start, kiela_position_model_get_variant (f->model));
  return kiela_position_equal (&start, kiela_position_model_get_position (f->model));
}

/* A new model shows the variant's start with nothing to undo; each edit is one step back and
 * forward, and a new edit after an undo drops what could be redone. */
static void
test_undo_redo (Fixture *f, gconstpointer data)
{
  const KielaPosition *pos = kiela_position_model_get_position (f->model);

  g_assert_true (is_start (f));
  g_assert_false (kiela_position_model_can_undo (f->model));
  g_assert_false (kiela_position_model_can_redo (f->model));
  g_assert_null (kiela_position_model_get_problem (f->model));

  kiela_position_model_set_count (f->model, KIELA_SOUTH, 0, 7);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][0], ==, 7);
  g_assert_cmpuint (f->changes, ==, 1);
  /* The same count again is no step. */
  kiela_position_model_set_count (f->model, KIELA_SOUTH, 0, 7);
  g_assert_cmpuint (f->changes, ==, 1);
  kiela_position_model_set_to_move (f->model, KIELA_NORTH);
  g_assert_cmpuint (pos->to_move, ==, KIELA_NORTH);

  g_assert_true (kiela_position_model_undo (f->model));
  g_assert_cmpuint (pos->to_move, ==, KIELA_SOUTH);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][0], ==, 7);
  g_assert_true (kiela_position_model_undo (f->model));
  g_assert_true (is_start (f));
  g_assert_false (kiela_position_model_undo (f->model));
  g_assert_true (kiela_position_model_redo (f->model));
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][0], ==, 7);
  g_assert_true (kiela_position_model_can_redo (f->model));

  kiela_position_model_set_count (f->model, KIELA_NORTH, 3, 1);
  g_assert_false (kiela_position_model_can_redo (f->model));
  kiela_position_model_clear_history (f->model);
  g_assert_false (kiela_position_model_can_undo (f->model));
  g_assert_cmpuint (pos->houses[KIELA_NORTH][3], ==, 1);
}

/* A merged change (the next digit of a typed count) joins the step before it. */
static void
test_merge (Fixture *f, gconstpointer data)
{
  KielaPosition pos = *kiela_position_model_get_position (f->model);

  pos.houses[KIELA_SOUTH][2] = 1;
  g_assert_true (kiela_position_model_apply (f->model, f->kiela, &pos, FALSE));
  pos.houses[KIELA_SOUTH][2] = 12;
  g_assert_true (kiela_position_model_apply (f->model, f->kiela, &pos, TRUE));
  g_assert_cmpuint (kiela_position_model_get_position (f->model)->houses[KIELA_SOUTH][2], ==, 12);
  g_assert_true (kiela_position_model_undo (f->model));
  g_assert_true (is_start (f));
  g_assert_false (kiela_position_model_can_undo (f->model));
}

/* Clear, mirror and start again; an empty board cannot be played, and says why. */
static void
test_clear_mirror_reset (Fixture *f, gconstpointer data)
{
  const KielaPosition *pos = kiela_position_model_get_position (f->model);
  guint files = pos->files;

  kiela_position_model_set_count (f->model, KIELA_SOUTH, 1, 9);
  kiela_position_model_mirror (f->model);
  g_assert_cmpuint (pos->houses[KIELA_NORTH][1], ==, 9);
  g_assert_cmpuint (pos->to_move, ==, KIELA_NORTH);
  kiela_position_model_clear (f->model);
  for (guint h = 0; h < 2 * files; h++)
    {
      g_assert_cmpuint (pos->houses[KIELA_SOUTH][h], ==, 0);
      g_assert_cmpuint (pos->houses[KIELA_NORTH][h], ==, 0);
    }
  g_assert_nonnull (kiela_position_model_get_problem (f->model));
  kiela_position_model_reset (f->model);
  g_assert_true (is_start (f));
  g_assert_null (kiela_position_model_get_problem (f->model));
  /* Four steps, each undone back to the start. */
  for (guint i = 0; i < 4; i++)
    g_assert_true (kiela_position_model_undo (f->model));
  g_assert_true (is_start (f));
  g_assert_false (kiela_position_model_can_undo (f->model));
}

/* KPN out and back in (spaces around it are dropped); a bad string keeps the position and leaves
 * a message, which the next change takes away. */
static void
test_kpn (Fixture *f, gconstpointer data)
{
  g_autofree char *start = kiela_position_model_dup_kpn (f->model);
  g_autofree char *padded = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  KielaPosition pos = *kiela_position_model_get_position (f->model);
  g_autofree char *edited = NULL;

  pos.houses[KIELA_NORTH][4] = 5;
  pos.to_move = KIELA_NORTH;
  edited = kiela_position_to_string (&pos);
  padded = g_strdup_printf ("  %s\n", edited);
  g_assert_true (kiela_position_model_apply_kpn (f->model, padded, "bad", NULL));
  g_assert_true (kiela_position_equal (&pos, kiela_position_model_get_position (f->model)));

  g_assert_false (kiela_position_model_apply_kpn (f->model, "2,2/2,x s", "Not a position.", &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
  g_assert_cmpstr (kiela_position_model_get_kpn_error (f->model), ==, "Not a position.");
  g_assert_cmpstr (kiela_position_model_get_kpn_error_detail (f->model), ==, error->message);
  after = kiela_position_model_dup_kpn (f->model);
  g_assert_cmpstr (after, ==, edited);

  g_assert_true (kiela_position_model_undo (f->model));
  g_assert_null (kiela_position_model_get_kpn_error (f->model));
  g_assert_cmpuint (f->kpn_changes, >=, 2);
  g_free (after);
  after = kiela_position_model_dup_kpn (f->model);
  g_assert_cmpstr (after, ==, start);
}

/* A pasted position on another board size picks a variant with that many files, or is refused
 * naming the size when none has it. */
static void
test_kpn_other_size (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  const KielaVariant *other = NULL;
  KielaPosition pos;
  g_autofree char *kpn = NULL;

  for (guint i = 0; i < f->variants->len && other == NULL; i++)
    {
      const KielaVariant *v = g_ptr_array_index (f->variants, i);

      if (v->files != f->kiela->files)
        other = v;
    }
  if (other != NULL)
    {
      kiela_position_init_start (&pos, other);
      kpn = kiela_position_to_string (&pos);
      g_assert_true (kiela_position_model_apply_kpn (f->model, kpn, "bad", NULL));
      g_assert_cmpuint (kiela_position_model_get_variant (f->model)->files, ==, other->files);
      g_assert_true (kiela_position_model_undo (f->model));
      g_assert_true (kiela_position_model_get_variant (f->model) == f->kiela);
    }

  /* A board size no variant of the registry is played on. */
  for (guint files = KIELA_MIN_FILES; files <= KIELA_MAX_FILES; files++)
    {
      gboolean used = FALSE;
      g_autoptr(GString) odd = g_string_new (NULL);
      g_autofree char *size = g_strdup_printf ("%u", files);

      for (guint i = 0; i < f->variants->len; i++)
        used |= ((const KielaVariant *) g_ptr_array_index (f->variants, i))->files == files;
      if (used)
        continue;
      for (guint rank = 0; rank < 4; rank++)
        for (guint h = 0; h < files; h++)
          g_string_append (odd, h == 0 ? (rank == 0 ? "1" : "/1") : ",1");
      g_string_append (odd, " s");
      g_assert_false (kiela_position_model_apply_kpn (f->model, odd->str, "bad", &error));
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT);
      g_assert_nonnull (strstr (error->message, size));
      g_assert_cmpstr (kiela_position_model_get_kpn_error_detail (f->model), ==, odd->str);
      g_clear_error (&error);
      break;
    }
  g_assert_true (kiela_position_model_get_variant (f->model) == f->kiela);
}

/* What each side still owes or may (a forced first move, the first sowing in the house): set
 * and cleared as undoable steps, swapped by the mirror, dropped where a variant of the same
 * board has no such rule. */
static void
test_owed (Fixture *f, gconstpointer data)
{
  const KielaVariant *quiela = kiela_registry_lookup_variant (f->registry, "quiela");
  const KielaVariant *hawalis = kiela_registry_lookup_variant (f->registry, "hawalis");
  const guint south = KIELA_POSITION_IN_HOUSE_OWED (KIELA_SOUTH), north = KIELA_POSITION_IN_HOUSE_OWED (KIELA_NORTH);
  KielaPosition pos;

  g_assert_nonnull (quiela);
  g_assert_nonnull (hawalis);
  g_assert_cmpuint (kiela_position_model_owed_mask (f->kiela), ==, 0);
  g_assert_cmpuint (kiela_position_model_owed_mask (quiela), ==, south | north);
  kiela_position_init_start (&pos, quiela);
  g_assert_cmpuint (pos.first_move_owed, ==, south | north);
  kiela_position_model_apply (f->model, quiela, &pos, FALSE);
  kiela_position_model_set_owed (f->model, north, FALSE);
  g_assert_cmpuint (kiela_position_model_get_position (f->model)->first_move_owed, ==, south);
  kiela_position_model_mirror (f->model);
  g_assert_cmpuint (kiela_position_model_get_position (f->model)->first_move_owed, ==, north);
  g_assert_true (kiela_position_model_undo (f->model));
  g_assert_cmpuint (kiela_position_model_get_position (f->model)->first_move_owed, ==, south);
  g_assert_true (kiela_position_model_undo (f->model));
  g_assert_cmpuint (kiela_position_model_get_position (f->model)->first_move_owed, ==, south | north);
  /* Hawalis, the same 7 files, has no first-sowing rule: the stones stay, the bits go. */
  kiela_position_model_set_variant (f->model, hawalis);
  g_assert_cmpuint (kiela_position_model_get_position (f->model)->first_move_owed, ==, 0);
  g_assert_cmpuint (kiela_position_model_get_position (f->model)->houses[KIELA_SOUTH][0], ==, pos.houses[KIELA_SOUTH][0]);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/position-model/undo-redo", test_undo_redo);
  ADD ("/position-model/merge", test_merge);
  ADD ("/position-model/clear-mirror-reset", test_clear_mirror_reset);
  ADD ("/position-model/kpn", test_kpn);
  ADD ("/position-model/owed", test_owed);
  ADD ("/position-model/kpn-other-size", test_kpn_other_size);
#undef ADD
  return g_test_run ();
}
