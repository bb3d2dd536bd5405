/* kiela-ai-common.c: budgets, hashing, static evaluation and move explanations shared by the classic AIs. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <time.h>

#include "kiela-ai-classic-private.h"
#include "kiela-paths.h"

/* Polling the clock costs about as much as a few sowings, so only every so many nodes. */
#define CLASSIC_POLL_INTERVAL 64

gboolean
classic_is_cancelled (GCancellable *cancellable)
{
  return cancellable != NULL && g_cancellable_is_cancelled (cancellable);
}

gint64
classic_budget_now (const ClassicBudget *budget)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
  if (budget->cpu_clock)
    {
      struct timespec ts;
      if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
    }
#endif
  return g_get_monotonic_time ();
}

void
classic_budget_init (ClassicBudget *budget, const KielaAiRequest *request)
{
  gint64 own_ms;

  memset (budget, 0, sizeof *budget);
  budget->cancellable = request->cancellable;
  budget->cpu_clock = kiela_ai_setting_int (request->settings, "cpu-clock", 0) != 0;
  budget->start_us = classic_budget_now (budget);
  budget->countdown = CLASSIC_POLL_INTERVAL;

  /* The personality may think for less than the host allows ("time-ms=200" for a
   * quick player), never for more. */
  own_ms = kiela_ai_setting_int (request->settings, "time-ms", 0);
  if (request->time_budget_us > 0)
    budget->deadline_us = budget->start_us + request->time_budget_us;
  if (own_ms > 0)
    {
      gint64 own_deadline = budget->start_us + own_ms * 1000;
      if (budget->deadline_us == 0 || own_deadline < budget->deadline_us)
        budget->deadline_us = own_deadline;
    }
  budget->node_limit = (guint64) MAX (0, kiela_ai_setting_int (request->settings, "nodes", 0));
  budget->stopped = classic_is_cancelled (request->cancellable);
}

gboolean
classic_budget_check (ClassicBudget *budget)
{
  if (budget->stopped)
    return TRUE;
  if (classic_is_cancelled (budget->cancellable))
    budget->stopped = TRUE;
  else if (budget->deadline_us != 0 && classic_budget_now (budget) >= budget->deadline_us)
    budget->stopped = TRUE;
  else if (budget->node_limit != 0 && budget->nodes >= budget->node_limit)
    budget->stopped = TRUE;
  return budget->stopped;
}

gboolean
classic_budget_tick (ClassicBudget *budget)
{
  budget->nodes++;
  if (budget->stopped)
    return TRUE;
  if (budget->node_limit != 0 && budget->nodes >= budget->node_limit)
    {
      budget->stopped = TRUE;
      return TRUE;
    }
  if (--budget->countdown == 0)
    {
      budget->countdown = CLASSIC_POLL_INTERVAL;
      return classic_budget_check (budget);
    }
  return FALSE;
}

gdouble
classic_budget_elapsed (const ClassicBudget *budget)
{
  return (classic_budget_now (budget) - budget->start_us) / 1e6;
}

gboolean
classic_fail_cancelled (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                       _("The AI was stopped before it chose a move."));
  return FALSE;
}

gboolean
classic_fail_no_move (const KielaAiRequest *request, GError **error)
{
  g_set_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER,
               _("%s has no legal move in this position."),
               kiela_side_display_name ((KielaSide) request->position.to_move));
  return FALSE;
}

void
classic_rng_init (KielaRng *rng, const KielaAiRequest *request)
{
  kiela_rng_seed (rng, mix64 (request->seed) ^ classic_hash (&request->position));
}

guint64
classic_hash (const KielaPosition *pos)
{
  /* The houses read as 64-bit words (those past 2 * files are zero, so whole
   * words are exact), multiplied in pairs as in the NH hash so that the
   * multiplies do not wait on each other, then mixed once: a tenth of the work
   * of one key per occupied house, and as good a key for the table. */
  const guint words = (2u * pos->files * sizeof (guint16) + 7) / 8;
  guint64 h = pos->to_move ? G_GUINT64_CONSTANT (0x5bd1e9955bd1e995) : 0;

  h ^= (guint64) pos->files << 56;
  for (guint side = 0; side < 2; side++)
    {
      const guint8 *bytes = (const guint8 *) pos->houses[side];
      guint i = 0;

      for (; i + 2 <= words; i += 2)
        {
          guint64 a, b;
          memcpy (&a, bytes + 8 * i, 8);
          memcpy (&b, bytes + 8 * i + 8, 8);
          h += (a + G_GUINT64_CONSTANT (0x2545f4914f6cdd1d) * (2 * side + i + 1))
             * (b ^ G_GUINT64_CONSTANT (0xd6e8feb86659fd93));
        }
      if (i < words)
        {
          guint64 a;
          memcpy (&a, bytes + 8 * i, 8);
          h += (a + G_GUINT64_CONSTANT (0x9fb21c651e98df25)) * (G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f) + side);
        }
      h = mix64 (h);
    }
  return h;
}

gint
classic_capture_gain (const KielaVariant *variant, guint captured)
{
  /* The mover's stones never leave its houses; captured ones join them unless
   * the variant removes them: material moves by twice the capture, or once. */
  return (gint) captured * (variant->captured_fate == KIELA_CAPTURED_REMOVED ? 1 : 2);
}

gint
classic_material (const KielaPosition *pos, KielaSide side)
{
  const guint16 *mine = pos->houses[side], *theirs = pos->houses[KIELA_OTHER_SIDE (side)];
  gint balance = 0;

  for (guint i = 0; i < 2u * pos->files; i++)
    balance += (gint) mine[i] - (gint) theirs[i];
  return 100 * balance;
}

gint
classic_move_gain (const KielaPosition *before, const KielaPosition *after)
{
  KielaSide mover = (KielaSide) before->to_move;
  return (classic_material (after, mover) - classic_material (before, mover)) / 100;
}

/* The weights built in, used when the weights file is missing or malformed: found by
 * self-play tournaments (scripts/ai-strength.sh) before the file existed. */
static const ClassicEvalWeights builtin_weights = {
  .material = 100, .mobility = 8, .exposure = 12, .threat = 25, .safe = 4, .tempo = 10,
};

/* The file's keys, in the order of ClassicEvalWeights' fields. */
static const char *const weight_keys[] = { "material", "mobility", "exposure", "threat", "safe", "tempo" };

gboolean
classic_eval_weights_load (const char *path, ClassicEvalWeights *out, GError **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_auto(GStrv) keys = NULL;
  gint *fields = (gint *) out;
  g_autoptr(GError) local = NULL;

  G_STATIC_ASSERT (sizeof (ClassicEvalWeights) == G_N_ELEMENTS (weight_keys) * sizeof (gint));
  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, local->domain, local->code, "%s: %s", path, local->message);
      return FALSE;
    }
  if (!g_key_file_has_group (file, "Evaluation"))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND,
                   "%s: no [Evaluation] group", path);
      return FALSE;
    }
  keys = g_key_file_get_keys (file, "Evaluation", NULL, NULL);
  for (guint i = 0; keys && keys[i]; i++)
    if (!g_strv_contains (weight_keys, keys[i]))
      {
        g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND,
                     "%s: unknown key \"%s\" in [Evaluation] (known: material, mobility, exposure, threat, safe, tempo)",
                     path, keys[i]);
        return FALSE;
      }
  for (guint i = 0; i < G_N_ELEMENTS (weight_keys); i++)
    {
      g_autofree char *text = g_key_file_get_value (file, "Evaluation", weight_keys[i], NULL);
      gint64 v;
      char *end = NULL;

      if (text == NULL)
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND,
                       "%s: [Evaluation] has no %s", path, weight_keys[i]);
          return FALSE;
        }
      g_strstrip (text);
      v = g_ascii_strtoll (text, &end, 10);
      if (text[0] == '\0' || end == NULL || *end != '\0' || v < -100000 || v > 100000)
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                       "%s: %s=%s is not a whole number from -100000 to 100000", path, weight_keys[i], text);
          return FALSE;
        }
      fields[i] = (gint) v;
    }
  return TRUE;
}

/* The weights file: $KIELA_AI_WEIGHTS, else data/ai/eval-weights.ini in the build tree or
 * the installed data folder. */
static char *
weights_path (void)
{
  const char *env = g_getenv ("KIELA_AI_WEIGHTS");

  if (env && env[0])
    return g_strdup (env);
  if (kiela_running_uninstalled () && kiela_paths_get_build_root ())
    return g_build_filename (kiela_paths_get_build_root (), "data", "ai", "eval-weights.ini", NULL);
  return g_build_filename (KIELA_PKGDATADIR, "ai", "eval-weights.ini", NULL);
}

const ClassicEvalWeights *
classic_eval_default_weights (void)
{
  static ClassicEvalWeights loaded;
  static gsize weights;

  if (g_once_init_enter (&weights))
    {
      g_autofree char *path = weights_path ();
      g_autoptr(GError) error = NULL;
      const ClassicEvalWeights *w = &loaded;

      if (!classic_eval_weights_load (path, &loaded, &error))
        {
          g_printerr ("kiela-ai-classic: the evaluation weights %s; using the built-in weights\n", error->message);
          w = &builtin_weights;
        }
      g_once_init_leave (&weights, (gsize) w);
    }
  return (const ClassicEvalWeights *) weights;
}

void
classic_eval_weights_init (ClassicEvalWeights *w, GHashTable *settings)
{
  /* The weights file's (scripts/texel-tune.sh fits them), each overridden by its setting. */
  const ClassicEvalWeights *d = classic_eval_default_weights ();

  w->material = (gint) kiela_ai_setting_int (settings, "w-material", d->material);
  w->mobility = (gint) kiela_ai_setting_int (settings, "w-mobility", d->mobility);
  w->exposure = (gint) kiela_ai_setting_int (settings, "w-exposure", d->exposure);
  w->threat   = (gint) kiela_ai_setting_int (settings, "w-threat", d->threat);
  w->safe     = (gint) kiela_ai_setting_int (settings, "w-safe", d->safe);
  w->tempo    = (gint) kiela_ai_setting_int (settings, "w-tempo", d->tempo);
}

/* May the owner of inner house `own` capture in its file?  The capture rule decides
 * which houses must be occupied when the last stone lands in `own`. */
static inline gboolean
file_capturable (KielaCaptureRule rule, guint own_inner, guint opp_inner, guint opp_outer)
{
  switch (rule)
    {
    case KIELA_CAPTURE_EMPTY_INNER:
      return own_inner == 0 && opp_inner > 0;
    case KIELA_CAPTURE_OCCUPIED_INNER_BOTH:
      return own_inner > 0 && opp_inner > 0 && opp_outer > 0;
    case KIELA_CAPTURE_OCCUPIED_INNER:
    default:
      return own_inner > 0 && opp_inner > 0;
    }
}

gint
classic_evaluate (const KielaVariant *variant, const KielaPosition *pos, const ClassicEvalWeights *w)
{
  guint F = pos->files;
  guint me = pos->to_move, opp = 1 - me;
  const guint16 *mine = pos->houses[me], *theirs = pos->houses[opp];
  gint my_total = 0, opp_total = 0, my_mob = 0, opp_mob = 0;
  gint threat = 0, exposure = 0, safe = 0;
  guint min_sow = MAX (1, variant->min_sow);

  for (guint i = 0; i < 2 * F; i++)
    {
      my_total += mine[i];
      opp_total += theirs[i];
      my_mob += mine[i] >= min_sow;
      opp_mob += theirs[i] >= min_sow;
    }

  /* Local numbering (rules file, section 2) makes the geometry the same for both
   * sides: inner house h (F <= h < 2F) faces the opponent's inner house 3F-1-h,
   * with the opponent's outer house h-F behind it and the owner's own outer
   * house 2F-1-h behind h. */
  for (guint h = F; h < 2 * F; h++)
    {
      guint g = 3 * F - 1 - h, o = h - F, own_outer = 2 * F - 1 - h;
      gboolean i_capture = file_capturable (variant->capture_rule, mine[h], theirs[g], theirs[o]);
      gboolean they_capture = file_capturable (variant->capture_rule, theirs[g], mine[h], mine[own_outer]);

      if (i_capture)
        threat = MAX (threat, (gint) (theirs[g] + theirs[o]));
      if (they_capture)
        exposure += mine[h] + mine[own_outer];
      else
        safe += mine[h];
    }

  /* Weights go up to +-100000 and a board holds up to 40 x 65535 stones, so the sum
   * is taken in 64 bits; it is then kept short of a proven win or loss, which only
   * the search may claim. */
  gint64 score = (gint64) w->material * (my_total - opp_total)
               + (gint64) w->mobility * (my_mob - opp_mob)
               + (gint64) w->threat * threat
               - (gint64) w->exposure * exposure
               + (gint64) w->safe * safe
               + (gint64) w->tempo;
  return (gint) CLAMP (score, -(gint64) CLASSIC_EVAL_BOUND, (gint64) CLASSIC_EVAL_BOUND);
}

/* The largest capture the side to move can make from `pos`, 0 when none; -1 when it has no move. */
static gint
best_capture (const KielaVariant *variant, const KielaPosition *pos)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (variant, pos, moves, NULL, NULL);
  gint best = 0;

  if (n == 0)
    return -1;
  for (guint i = 0; i < n; i++)
    {
      KielaPosition p = *pos;
      KielaSowResult r;
      kiela_sow_fast (variant, &p, moves[i], &r);
      best = MAX (best, (gint) r.captured);
    }
  return best;
}

void
classic_describe_move (const KielaVariant *variant, const KielaPosition *pos,
                        KielaMove move, gint score, gboolean score_is_exact,
                        char *out, gsize out_size)
{
  KielaPosition after = *pos;
  KielaSowResult r;
  KielaSide opp = KIELA_OTHER_SIDE ((KielaSide) pos->to_move);
  const char *opp_name = kiela_side_display_name (opp);
  g_autofree char *text = NULL;
  gint reply;

  if (!kiela_sow_fast (variant, &after, move, &r))
    {
      g_strlcpy (out, _("Every other move is worse: this one never ends and loses."), out_size);
      return;
    }
  reply = best_capture (variant, &after);

  if (reply < 0)
    text = g_strdup_printf (_("Wins at once: %s has no move left."), opp_name);
  else if (r.captured > 0 && reply == 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Captures %u stone and leaves %s no capture.",
                                         "Captures %u stones and leaves %s no capture.",
                                         r.captured),
                            (guint) r.captured, opp_name);
  else if (r.captured > 0)
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Captures %u stone.",
                                         "Captures %u stones.",
                                         r.captured),
                            (guint) r.captured);
  else if (reply == 0)
    text = g_strdup_printf (_("Leaves %s no capture."), opp_name);
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Keeps %s to a capture of %d stone at most.",
                                         "Keeps %s to a capture of %d stones at most.",
                                         reply),
                            opp_name, reply);

  if (score_is_exact && score >= CLASSIC_WIN_BOUND && reply >= 0)
    {
      g_autofree char *t = g_strdup_printf ("%s %s", text, _("Wins by force."));
      g_strlcpy (out, t, out_size);
    }
  else if (score_is_exact && score <= -CLASSIC_WIN_BOUND)
    {
      g_autofree char *t = g_strdup_printf ("%s %s", text, _("Every move loses against best play; this one resists longest."));
      g_strlcpy (out, t, out_size);
    }
  else
    g_strlcpy (out, text, out_size);
}

gboolean
classic_check_int_setting (GHashTable *settings, const char *key, gint64 min, gint64 max, GError **error)
{
  const char *value = settings ? g_hash_table_lookup (settings, key) : NULL;
  g_autofree char *min_text = NULL, *max_text = NULL;

  if (value == NULL || g_ascii_string_to_signed (value, 10, min, max, NULL, NULL))
    return TRUE;
  min_text = g_strdup_printf ("%" G_GINT64_FORMAT, min);
  max_text = g_strdup_printf ("%" G_GINT64_FORMAT, max);
  g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
               _("Setting “%s=%s”: expected a whole number from %s to %s."), key, value, min_text, max_text);
  return FALSE;
}

gboolean
classic_check_double_setting (GHashTable *settings, const char *key, gdouble min, gdouble max, GError **error)
{
  const char *value = settings ? g_hash_table_lookup (settings, key) : NULL;
  gdouble v;
  char *end = NULL;

  if (value == NULL)
    return TRUE;
  v = g_ascii_strtod (value, &end);
  if (end == value || *end != '\0' || !(v >= min && v <= max))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("Setting “%s=%s”: expected a number from %g to %g."), key, value, min, max);
      return FALSE;
    }
  return TRUE;
}

gboolean
classic_check_known_keys (GHashTable *settings, const char * const *known, const char *algorithm, GError **error)
{
  GHashTableIter iter;
  gpointer key;

  if (settings == NULL)
    return TRUE;
  g_hash_table_iter_init (&iter, settings);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_strv_contains (known, key))
      {
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                     _("Setting “%s” is not known to the %s algorithm."), (const char *) key, algorithm);
        return FALSE;
      }
  return TRUE;
}
