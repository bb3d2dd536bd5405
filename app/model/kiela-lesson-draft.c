/* kiela-lesson-draft.c: the lesson editor's lesson in progress: steps checked by the engine as
 * they are written, answers the engine computes, whole-draft snapshots for undo and redo, and
 * the key-file text that is both the autosave and the undo snapshot.  The best move, the steps'
 * checks and the lesson file the draft becomes are in kiela-lesson-draft-check.c. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "kiela-lesson-draft-private.h"

#define DRAFT_GROUP "Draft"
#define DRAFT_FORMAT 1
/* Undo keeps this many steps back; older ones are dropped. */
#define MAX_UNDO 500

G_DEFINE_FINAL_TYPE (KielaLessonDraft, kiela_lesson_draft, G_TYPE_OBJECT)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
step_free (gpointer data)
{
  KielaLessonDraftStep *s = data;

  g_free (s->text);
  g_free (s->hint);
  g_free (s->position);
  g_free (s->move);
  g_free (s->answer);
  g_free (s->opponent);
  g_free (s);
}

static void
kiela_lesson_draft_finalize (GObject *object)
{
  KielaLessonDraft *self = KIELA_LESSON_DRAFT (object);

  g_free (self->id);
  g_free (self->title);
  g_free (self->summary);
  g_free (self->author);
  for (guint i = 0; i < G_N_ELEMENTS (self->notes); i++)
    g_free (self->notes[i]);
  g_free (self->variant);
  g_ptr_array_unref (self->steps);
  g_free (self->path);
  g_free (self->saved);
  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  g_free (self->merge_key);
  G_OBJECT_CLASS (kiela_lesson_draft_parent_class)->finalize (object);
}

static void
kiela_lesson_draft_class_init (KielaLessonDraftClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kiela_lesson_draft_finalize;
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kiela_lesson_draft_init (KielaLessonDraft *self)
{
  self->steps = g_ptr_array_new_with_free_func (step_free);
  self->undo = g_ptr_array_new_with_free_func (g_free);
  self->redo = g_ptr_array_new_with_free_func (g_free);
}

static const char *
default_variant_id (KielaRegistry *registry)
{
  const KielaVariant *v = kiela_registry_get_default_variant (registry);

  return v ? v->id : "kiela";
}

/* ---------- the content as key-file text ---------- */

static const char *const level_words[] = { "beginner", "advanced", "expert" };
/* The keys of the lesson file's teacher notes, by KielaLessonNote. */
static const char *const note_keys[] = { "Objective", "Misconceptions", "Activity" };

static void
set_opt (GKeyFile *kf, const char *group, const char *key, const char *value)
{
  if (value != NULL && *value != '\0')
    g_key_file_set_string (kf, group, key, value);
}

static GKeyFile *
content_key_file (KielaLessonDraft *self)
{
  GKeyFile *kf = g_key_file_new ();

  g_key_file_set_integer (kf, DRAFT_GROUP, "Format", DRAFT_FORMAT);
  set_opt (kf, DRAFT_GROUP, "Id", self->id);
  set_opt (kf, DRAFT_GROUP, "Title", self->title);
  set_opt (kf, DRAFT_GROUP, "Summary", self->summary);
  set_opt (kf, DRAFT_GROUP, "Author", self->author);
  for (guint i = 0; i < G_N_ELEMENTS (note_keys); i++)
    set_opt (kf, DRAFT_GROUP, note_keys[i], self->notes[i]);
  g_key_file_set_string (kf, DRAFT_GROUP, "Level", level_words[MIN (self->level, KIELA_LESSON_EXPERT)]);
  g_key_file_set_string (kf, DRAFT_GROUP, "Variant", self->variant);
  g_key_file_set_integer (kf, DRAFT_GROUP, "Steps", (gint) self->steps->len);
  for (guint i = 0; i < self->steps->len; i++)
    {
      const KielaLessonDraftStep *s = g_ptr_array_index (self->steps, i);
      g_autofree char *group = g_strdup_printf ("Step %u", i + 1);

      set_opt (kf, group, "Text", s->text);
      set_opt (kf, group, "Hint", s->hint);
      set_opt (kf, group, "Position", s->position);
      g_key_file_set_string (kf, group, "Task", kiela_lesson_file_task_word (s->kind) ?: "sow-house");
      set_opt (kf, group, "Move", s->move);
      set_opt (kf, group, "Answer", s->answer);
      g_key_file_set_integer (kf, group, "Number", (gint) s->number);
      g_key_file_set_integer (kf, group, "Condition", (gint) s->condition);
      set_opt (kf, group, "Opponent", s->opponent);
      g_key_file_set_integer (kf, group, "Depth", (gint) s->depth);
      g_key_file_set_integer (kf, group, "Margin", s->margin);
    }
  return kf;
}

static char *
dup_content (KielaLessonDraft *self)
{
  g_autoptr(GKeyFile) kf = content_key_file (self);

  return g_key_file_to_data (kf, NULL, NULL);
}

static char *
get_opt (GKeyFile *kf, const char *group, const char *key)
{
  char *value = g_key_file_get_string (kf, group, key, NULL);

  if (value != NULL && *value == '\0')
    g_clear_pointer (&value, g_free);
  return value;
}

static guint
get_uint (GKeyFile *kf, const char *group, const char *key, guint max)
{
  gint v = g_key_file_get_integer (kf, group, key, NULL);

  return v < 0 ? 0 : MIN ((guint) v, max);
}

/* Reads content text into the draft; FALSE (the draft untouched) when it is not a draft. */
static gboolean
load_content (KielaLessonDraft *self, GKeyFile *kf, GError **error)
{
  g_autoptr(GPtrArray) steps = g_ptr_array_new_with_free_func (step_free);
  g_autofree char *level = NULL, *variant = NULL;
  gint format, n;

  if (!g_key_file_has_group (kf, DRAFT_GROUP))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND, _("no [%s] group"), DRAFT_GROUP);
      return FALSE;
    }
  format = g_key_file_get_integer (kf, DRAFT_GROUP, "Format", NULL);
  if (format != DRAFT_FORMAT)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE, _("draft format %d, this version reads %d"),
                   format, DRAFT_FORMAT);
      return FALSE;
    }
  n = g_key_file_get_integer (kf, DRAFT_GROUP, "Steps", NULL);
  if (n < 0 || n > KIELA_LESSON_MAX_STEPS)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE, _("%d steps: a lesson has 0 to %u"),
                   n, (guint) KIELA_LESSON_MAX_STEPS);
      return FALSE;
    }
  for (gint i = 0; i < n; i++)
    {
      g_autofree char *group = g_strdup_printf ("Step %d", i + 1);
      g_autofree char *task = get_opt (kf, group, "Task");
      KielaLessonDraftStep *s = g_new0 (KielaLessonDraftStep, 1);

      s->kind = KIELA_TASK_SOW_HOUSE;
      for (guint k = KIELA_TASK_WATCH; k <= KIELA_TASK_ARRANGE; k++)
        if (g_strcmp0 (task, kiela_lesson_file_task_word (k)) == 0)
          s->kind = k;
      s->text = get_opt (kf, group, "Text");
      s->hint = get_opt (kf, group, "Hint");
      s->position = get_opt (kf, group, "Position");
      s->move = get_opt (kf, group, "Move");
      s->answer = get_opt (kf, group, "Answer");
      s->number = get_uint (kf, group, "Number", 10000);
      s->condition = get_uint (kf, group, "Condition", KIELA_CONDITION_ANY);
      s->opponent = get_opt (kf, group, "Opponent");
      s->depth = get_uint (kf, group, "Depth", 64);
      s->margin = g_key_file_get_integer (kf, group, "Margin", NULL);
      g_ptr_array_add (steps, s);
    }
  g_free (self->id);
  self->id = get_opt (kf, DRAFT_GROUP, "Id");
  g_free (self->title);
  self->title = get_opt (kf, DRAFT_GROUP, "Title");
  g_free (self->summary);
  self->summary = get_opt (kf, DRAFT_GROUP, "Summary");
  g_free (self->author);
  self->author = get_opt (kf, DRAFT_GROUP, "Author");
  for (guint i = 0; i < G_N_ELEMENTS (note_keys); i++)
    {
      g_free (self->notes[i]);
      self->notes[i] = get_opt (kf, DRAFT_GROUP, note_keys[i]);
    }
  level = get_opt (kf, DRAFT_GROUP, "Level");
  self->level = KIELA_LESSON_BEGINNER;
  for (guint k = 0; k < G_N_ELEMENTS (level_words); k++)
    if (g_strcmp0 (level, level_words[k]) == 0)
      self->level = k;
  variant = get_opt (kf, DRAFT_GROUP, "Variant");
  g_free (self->variant);
  self->variant = variant ? g_steal_pointer (&variant) : g_strdup (default_variant_id (self->registry));
  g_ptr_array_unref (self->steps);
  self->steps = g_steal_pointer (&steps);
  return TRUE;
}

static void
load_content_text (KielaLessonDraft *self, const char *text)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();

  /* Our own snapshots: they always parse. */
  if (!g_key_file_load_from_data (kf, text, (gsize) -1, G_KEY_FILE_NONE, NULL) || !load_content (self, kf, NULL))
    g_warn_if_reached ();
}

/* ---------- edits ---------- */

static void
changed (KielaLessonDraft *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* Before an edit: the content now is kept for undo, unless the edit continues the last one. */
static void
begin_edit (KielaLessonDraft *self, const char *merge_key)
{
  if (merge_key != NULL && g_strcmp0 (merge_key, self->merge_key) == 0 && self->undo->len > 0)
    return;
  g_ptr_array_add (self->undo, dup_content (self));
  if (self->undo->len > MAX_UNDO)
    g_ptr_array_remove_index (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  g_free (self->merge_key);
  self->merge_key = g_strdup (merge_key);
}

static char *
step_key (const char *field, guint index)
{
  return g_strdup_printf ("%s:%u", field, index);
}

static gboolean
same (const char *a, const char *b)
{
  return g_strcmp0 (a && *a ? a : NULL, b && *b ? b : NULL) == 0;
}

static void
set_string (char **field, const char *value)
{
  g_free (*field);
  *field = value && *value ? g_strdup (value) : NULL;
}

static void
set_lesson_string (KielaLessonDraft *self, char **field, const char *key, const char *value)
{
  if (same (*field, value))
    return;
  begin_edit (self, key);
  set_string (field, value);
  changed (self);
}

KielaLessonDraftStep *
_kiela_lesson_draft_get_step (KielaLessonDraft *self, guint index)
{
  g_return_val_if_fail (index < self->steps->len, NULL);
  return g_ptr_array_index (self->steps, index);
}

static gboolean
is_legal (const KielaVariant *variant, const KielaPosition *pos, KielaMove move)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (variant, pos, moves, NULL, NULL);

  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  return FALSE;
}

gboolean
kiela_lesson_draft_move_playable (KielaLessonDraft *self, guint index)
{
  const KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);
  const KielaVariant *variant = kiela_lesson_draft_get_variant (self);
  KielaPosition pos;
  KielaSquare sq;
  KielaMove move;

  /* The move as named, with its direction ("b1<" sown clockwise). */
  return s != NULL && s->move != NULL && variant != NULL && kiela_lesson_draft_get_position (self, index, &pos)
         && kiela_move_parse (variant->files, s->move, &sq, &move, NULL) && sq.side == pos.to_move
         && is_legal (variant, &pos, move);
}

/* The engine's answer to a prediction: where the move's last stone lands, what it captures. */
static void
refill_answer (KielaLessonDraft *self, guint index)
{
  KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);
  const KielaVariant *variant = kiela_lesson_draft_get_variant (self);
  g_autoptr(KielaTrace) trace = NULL;
  KielaPosition pos;
  KielaSquare sq;
  KielaMove move;
  char landed[4];

  if (s->kind != KIELA_TASK_PREDICT_LAST && s->kind != KIELA_TASK_PREDICT_CAPTURE)
    return;
  /* A move the board no longer allows has no answer: none is kept from the board before. */
  if (!kiela_lesson_draft_move_playable (self, index))
    {
      if (s->kind == KIELA_TASK_PREDICT_LAST)
        g_clear_pointer (&s->answer, g_free);
      return;
    }
  if (!kiela_lesson_draft_get_position (self, index, &pos) || !kiela_move_parse (variant->files, s->move, &sq, &move, NULL))
    return;
  trace = kiela_trace_new ();
  if (!kiela_sow_traced (variant, &pos, move, trace) || trace->result.end == KIELA_END_ENDLESS)
    {
      if (s->kind == KIELA_TASK_PREDICT_LAST)
        g_clear_pointer (&s->answer, g_free);
      return;
    }
  kiela_square_name (variant->files, (KielaSide) trace->result.last_side, trace->result.last_house, landed);
  if (s->kind == KIELA_TASK_PREDICT_LAST)
    set_string (&s->answer, landed);
  else
    s->number = trace->result.captured;
}

/* A best move found for another position, or for another task, proves nothing now. */
static void
forget_best (KielaLessonDraftStep *s)
{
  if (s->kind != KIELA_TASK_BEST_MOVE)
    return;
  g_clear_pointer (&s->move, g_free);
  s->depth = 0;
  s->margin = 0;
}

/* ---------- public API ---------- */

KielaLessonDraft *
kiela_lesson_draft_new (KielaRegistry *registry)
{
  KielaLessonDraft *self = g_object_new (KIELA_TYPE_LESSON_DRAFT, NULL);

  self->registry = registry;
  self->variant = g_strdup (default_variant_id (registry));
  self->saved = dup_content (self);
  return self;
}

const char *kiela_lesson_draft_get_title (KielaLessonDraft *self) { return self->title; }
const char *kiela_lesson_draft_get_summary (KielaLessonDraft *self) { return self->summary; }
const char *kiela_lesson_draft_get_author (KielaLessonDraft *self) { return self->author; }
KielaLessonLevel kiela_lesson_draft_get_level (KielaLessonDraft *self) { return self->level; }
const char *kiela_lesson_draft_get_variant_id (KielaLessonDraft *self) { return self->variant; }
guint kiela_lesson_draft_get_n_steps (KielaLessonDraft *self) { return self->steps->len; }
const char *kiela_lesson_draft_get_path (KielaLessonDraft *self) { return self->path; }

const KielaVariant *
kiela_lesson_draft_get_variant (KielaLessonDraft *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self), NULL);
  return kiela_registry_lookup_variant (self->registry, self->variant);
}

char *
kiela_lesson_draft_dup_id (KielaLessonDraft *self)
{
  GString *id;
  gboolean dash = FALSE;

  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self), NULL);
  if (self->id != NULL)
    return g_strdup (self->id);
  id = g_string_new (NULL);
  for (const char *p = self->title ? self->title : ""; *p && id->len < 48; p++)
    {
      if (g_ascii_isalnum (*p))
        {
          if (dash && id->len > 0)
            g_string_append_c (id, '-');
          g_string_append_c (id, g_ascii_tolower (*p));
          dash = FALSE;
        }
      else
        dash = TRUE;
    }
  if (id->len == 0)
    g_string_append (id, "my-lesson");
  return g_string_free (id, FALSE);
}

void kiela_lesson_draft_set_title (KielaLessonDraft *self, const char *text) { set_lesson_string (self, &self->title, "title", text); }
void kiela_lesson_draft_set_summary (KielaLessonDraft *self, const char *text) { set_lesson_string (self, &self->summary, "summary", text); }
void kiela_lesson_draft_set_author (KielaLessonDraft *self, const char *text) { set_lesson_string (self, &self->author, "author", text); }

const char *
kiela_lesson_draft_get_note (KielaLessonDraft *self, KielaLessonNote note)
{
  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self) && note <= KIELA_LESSON_NOTE_ACTIVITY, NULL);
  return self->notes[note];
}

void
kiela_lesson_draft_set_note (KielaLessonDraft *self, KielaLessonNote note, const char *text)
{
  g_return_if_fail (KIELA_IS_LESSON_DRAFT (self) && note <= KIELA_LESSON_NOTE_ACTIVITY);
  set_lesson_string (self, &self->notes[note], note_keys[note], text);
}

void
kiela_lesson_draft_set_level (KielaLessonDraft *self, KielaLessonLevel level)
{
  g_return_if_fail (KIELA_IS_LESSON_DRAFT (self) && level <= KIELA_LESSON_EXPERT);
  if (self->level == level)
    return;
  begin_edit (self, NULL);
  self->level = level;
  changed (self);
}

void
kiela_lesson_draft_set_variant (KielaLessonDraft *self, const char *variant_id)
{
  g_return_if_fail (KIELA_IS_LESSON_DRAFT (self) && variant_id != NULL);
  if (g_strcmp0 (self->variant, variant_id) == 0)
    return;
  begin_edit (self, NULL);
  set_string (&self->variant, variant_id);
  for (guint i = 0; i < self->steps->len; i++)
    {
      forget_best (_kiela_lesson_draft_get_step (self, i));
      refill_answer (self, i);
    }
  changed (self);
}

const KielaLessonDraftStep *
kiela_lesson_draft_get_step (KielaLessonDraft *self, guint index)
{
  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self), NULL);
  return _kiela_lesson_draft_get_step (self, index);
}

guint
kiela_lesson_draft_insert_step (KielaLessonDraft *self, guint index, const char *position)
{
  KielaLessonDraftStep *s;

  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self), G_MAXUINT);
  if (self->steps->len >= KIELA_LESSON_MAX_STEPS)
    return G_MAXUINT;
  index = MIN (index, self->steps->len);
  begin_edit (self, NULL);
  s = g_new0 (KielaLessonDraftStep, 1);
  s->kind = KIELA_TASK_SOW_HOUSE;
  set_string (&s->position, position);
  g_ptr_array_insert (self->steps, (gint) index, s);
  changed (self);
  return index;
}

void
kiela_lesson_draft_remove_step (KielaLessonDraft *self, guint index)
{
  g_return_if_fail (KIELA_IS_LESSON_DRAFT (self) && index < self->steps->len);
  begin_edit (self, NULL);
  g_ptr_array_remove_index (self->steps, index);
  changed (self);
}

void
kiela_lesson_draft_move_step (KielaLessonDraft *self, guint from, guint to)
{
  gpointer s;

  g_return_if_fail (KIELA_IS_LESSON_DRAFT (self) && from < self->steps->len && to < self->steps->len);
  if (from == to)
    return;
  begin_edit (self, NULL);
  s = g_ptr_array_steal_index (self->steps, from);
  g_ptr_array_insert (self->steps, (gint) to, s);
  changed (self);
}

static void
set_step_string (KielaLessonDraft *self, guint index, const char *field, gsize offset, const char *value)
{
  KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);
  char **slot;
  g_autofree char *key = NULL;

  g_return_if_fail (s != NULL);
  slot = (char **) ((char *) s + offset);
  if (same (*slot, value))
    return;
  key = step_key (field, index);
  begin_edit (self, key);
  set_string (slot, value);
  changed (self);
}

void
kiela_lesson_draft_set_text (KielaLessonDraft *self, guint index, const char *text)
{
  set_step_string (self, index, "text", G_STRUCT_OFFSET (KielaLessonDraftStep, text), text);
}

void
kiela_lesson_draft_set_hint (KielaLessonDraft *self, guint index, const char *text)
{
  set_step_string (self, index, "hint", G_STRUCT_OFFSET (KielaLessonDraftStep, hint), text);
}

void
kiela_lesson_draft_set_position (KielaLessonDraft *self, guint index, const char *kpn, gboolean merge)
{
  KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);
  g_autofree char *key = NULL;

  g_return_if_fail (s != NULL);
  if (same (s->position, kpn))
    return;
  if (merge)
    key = step_key ("position", index);
  begin_edit (self, key);
  if (!merge)
    {
      /* The next digit typed on a house continues this edit. */
      g_free (self->merge_key);
      self->merge_key = step_key ("position", index);
    }
  set_string (&s->position, kpn);
  forget_best (s);
  refill_answer (self, index);
  changed (self);
}

void
kiela_lesson_draft_set_kind (KielaLessonDraft *self, guint index, KielaTaskKind kind)
{
  KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);

  g_return_if_fail (s != NULL && kind <= KIELA_TASK_ARRANGE);
  if (s->kind == kind)
    return;
  begin_edit (self, NULL);
  forget_best (s);
  s->kind = kind;
  s->depth = 0;
  s->margin = 0;
  if (kind == KIELA_TASK_BEST_MOVE || kind == KIELA_TASK_SOW_ANY || kind == KIELA_TASK_PLAY_OUT
      || kind == KIELA_TASK_ARRANGE)
    {
      g_clear_pointer (&s->move, g_free);
      s->condition = 0;
      s->number = kind == KIELA_TASK_PLAY_OUT ? 6 : 0;
    }
  if (kind == KIELA_TASK_PLAY_OUT && s->opponent == NULL)
    {
      GPtrArray *all = kiela_registry_get_personalities (self->registry);

      if (all != NULL && all->len > 0)
        s->opponent = g_strdup (((const KielaPersonality *) g_ptr_array_index (all, 0))->id);
    }
  refill_answer (self, index);
  changed (self);
}

void
kiela_lesson_draft_set_move (KielaLessonDraft *self, guint index, const char *square)
{
  KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);

  g_return_if_fail (s != NULL);
  if (same (s->move, square))
    return;
  begin_edit (self, NULL);
  set_string (&s->move, square);
  s->depth = 0;
  s->margin = 0;
  refill_answer (self, index);
  changed (self);
}

void
kiela_lesson_draft_set_condition (KielaLessonDraft *self, guint index, guint condition)
{
  KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);

  g_return_if_fail (s != NULL);
  if (s->condition == condition)
    return;
  begin_edit (self, NULL);
  s->condition = condition;
  if (s->kind == KIELA_TASK_PLAY_OUT && (condition == KIELA_GOAL_SURVIVE || condition == KIELA_GOAL_KEEP) && s->number == 0)
    s->number = 6;
  changed (self);
}

void
kiela_lesson_draft_set_number (KielaLessonDraft *self, guint index, guint number)
{
  KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);
  g_autofree char *key = step_key ("number", index);

  g_return_if_fail (s != NULL);
  if (s->number == number)
    return;
  begin_edit (self, key);
  s->number = number;
  changed (self);
}

void
kiela_lesson_draft_set_opponent (KielaLessonDraft *self, guint index, const char *personality_id)
{
  KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);

  g_return_if_fail (s != NULL);
  if (same (s->opponent, personality_id))
    return;
  begin_edit (self, NULL);
  set_string (&s->opponent, personality_id);
  changed (self);
}

void
kiela_lesson_draft_set_best (KielaLessonDraft *self, guint index, const char *square, guint depth, gint margin)
{
  KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);

  g_return_if_fail (s != NULL && square != NULL);
  begin_edit (self, NULL);
  set_string (&s->move, square);
  s->depth = depth;
  s->margin = margin;
  changed (self);
}

gboolean
kiela_lesson_draft_get_position (KielaLessonDraft *self, guint index, KielaPosition *out)
{
  const KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);
  const KielaVariant *variant = kiela_lesson_draft_get_variant (self);

  if (s == NULL || variant == NULL)
    return FALSE;
  if (s->position == NULL)
    {
      kiela_position_init_start (out, variant);
      return TRUE;
    }
  return kiela_position_parse (s->position, variant->files, out, NULL);
}

static void
reset_history (KielaLessonDraft *self)
{
  g_ptr_array_set_size (self->undo, 0);
  g_ptr_array_set_size (self->redo, 0);
  g_clear_pointer (&self->merge_key, g_free);
}

void
kiela_lesson_draft_load_lesson (KielaLessonDraft *self, KielaLessonFile *file, guint index)
{
  const KielaLesson *lesson;

  g_return_if_fail (KIELA_IS_LESSON_DRAFT (self));
  lesson = kiela_lesson_file_get_lesson (file, index);
  g_return_if_fail (lesson != NULL);

  set_string (&self->id, lesson->id);
  set_string (&self->title, lesson->title);
  set_string (&self->summary, lesson->summary);
  set_string (&self->author, kiela_lesson_file_get_author (file, index));
  set_string (&self->notes[KIELA_LESSON_NOTE_OBJECTIVE], lesson->objective);
  set_string (&self->notes[KIELA_LESSON_NOTE_MISCONCEPTIONS], lesson->misconceptions);
  set_string (&self->notes[KIELA_LESSON_NOTE_ACTIVITY], lesson->activity);
  self->level = MIN (lesson->level, KIELA_LESSON_EXPERT);
  set_string (&self->variant, lesson->variant);
  g_ptr_array_set_size (self->steps, 0);
  for (gsize i = 0; i < lesson->n_steps; i++)
    {
      const KielaLessonStep *src = &lesson->steps[i];
      KielaLessonDraftStep *s = g_new0 (KielaLessonDraftStep, 1);

      s->text = g_strdup (src->text);
      s->hint = g_strdup (src->hint);
      s->position = g_strdup (src->position);
      s->kind = src->task.kind;
      s->move = g_strdup (src->task.move);
      s->answer = g_strdup (src->task.answer);
      s->number = src->task.number;
      s->condition = src->task.condition;
      s->opponent = g_strdup (src->task.opponent);
      s->depth = src->task.depth;
      s->margin = src->task.margin;
      g_ptr_array_add (self->steps, s);
    }
  set_string (&self->path, kiela_lesson_file_get_path (file));
  reset_history (self);
  g_free (self->saved);
  self->saved = dup_content (self);
  changed (self);
}

void
kiela_lesson_draft_reset (KielaLessonDraft *self)
{
  g_return_if_fail (KIELA_IS_LESSON_DRAFT (self));
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->summary, g_free);
  g_clear_pointer (&self->author, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (self->notes); i++)
    g_clear_pointer (&self->notes[i], g_free);
  g_clear_pointer (&self->path, g_free);
  self->level = KIELA_LESSON_BEGINNER;
  set_string (&self->variant, default_variant_id (self->registry));
  g_ptr_array_set_size (self->steps, 0);
  reset_history (self);
  g_free (self->saved);
  self->saved = dup_content (self);
  changed (self);
}

void
kiela_lesson_draft_set_path (KielaLessonDraft *self, const char *path)
{
  g_autofree char *copy = g_strdup (path);

  g_return_if_fail (KIELA_IS_LESSON_DRAFT (self));
  /* `path` may be the draft's own, from kiela_lesson_draft_get_path. */
  set_string (&self->path, copy);
}

gboolean
kiela_lesson_draft_get_modified (KielaLessonDraft *self)
{
  g_autofree char *now = NULL;

  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self), FALSE);
  now = dup_content (self);
  return g_strcmp0 (now, self->saved) != 0;
}

void
kiela_lesson_draft_mark_saved (KielaLessonDraft *self)
{
  g_return_if_fail (KIELA_IS_LESSON_DRAFT (self));
  g_free (self->saved);
  self->saved = dup_content (self);
  changed (self);
}

gboolean
kiela_lesson_draft_is_empty (KielaLessonDraft *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self), TRUE);
  return self->title == NULL && self->steps->len == 0;
}

/* ---------- undo ---------- */

gboolean kiela_lesson_draft_can_undo (KielaLessonDraft *self) { return self->undo->len > 0; }
gboolean kiela_lesson_draft_can_redo (KielaLessonDraft *self) { return self->redo->len > 0; }

static gboolean
step_history (KielaLessonDraft *self, GPtrArray *from, GPtrArray *to)
{
  g_autofree char *text = NULL;

  if (from->len == 0)
    return FALSE;
  g_ptr_array_add (to, dup_content (self));
  text = g_ptr_array_steal_index (from, from->len - 1);
  load_content_text (self, text);
  g_clear_pointer (&self->merge_key, g_free);
  changed (self);
  return TRUE;
}

gboolean
kiela_lesson_draft_undo (KielaLessonDraft *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self), FALSE);
  return step_history (self, self->undo, self->redo);
}

gboolean
kiela_lesson_draft_redo (KielaLessonDraft *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self), FALSE);
  return step_history (self, self->redo, self->undo);
}

void
kiela_lesson_draft_break_merge (KielaLessonDraft *self)
{
  g_return_if_fail (KIELA_IS_LESSON_DRAFT (self));
  g_clear_pointer (&self->merge_key, g_free);
}

/* ---------- autosave ---------- */

char *
kiela_lesson_draft_serialize (KielaLessonDraft *self)
{
  g_autoptr(GKeyFile) kf = NULL;

  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self), NULL);
  kf = content_key_file (self);
  set_opt (kf, DRAFT_GROUP, "Path", self->path);
  g_key_file_set_boolean (kf, DRAFT_GROUP, "Modified", kiela_lesson_draft_get_modified (self));
  return g_key_file_to_data (kf, NULL, NULL);
}

gboolean
kiela_lesson_draft_deserialize (KielaLessonDraft *self, const char *data, GError **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *path = NULL;
  gboolean modified;

  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self), FALSE);
  if (!g_key_file_load_from_data (kf, data, (gsize) -1, G_KEY_FILE_NONE, error))
    return FALSE;
  path = get_opt (kf, DRAFT_GROUP, "Path");
  modified = g_key_file_get_boolean (kf, DRAFT_GROUP, "Modified", NULL);
  g_key_file_remove_key (kf, DRAFT_GROUP, "Path", NULL);
  g_key_file_remove_key (kf, DRAFT_GROUP, "Modified", NULL);
  if (!load_content (self, kf, error))
    return FALSE;
  set_string (&self->path, path);
  reset_history (self);
  g_free (self->saved);
  /* A restored draft with unsaved changes still has them: nothing on disk holds it. */
  self->saved = modified ? g_strdup ("") : dup_content (self);
  changed (self);
  return TRUE;
}

gboolean
kiela_lesson_draft_autosave (KielaLessonDraft *self, const char *path, GError **error)
{
  g_autofree char *data = kiela_lesson_draft_serialize (self);
  g_autofree char *dir = g_path_get_dirname (path);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  return g_file_set_contents (path, data, -1, error);
}

char *
kiela_lesson_draft_dup_autosave_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "kiela", "lesson-draft.ini", NULL);
}
