/* kiela-lesson-view-present.c: the lesson view in the classroom: presentation mode (the caption band kept to
 * its share of the page) and the clicker and keyboard keys. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-view-private.h"

/* ---------- the classroom: presentation mode and the clicker keys ---------- */

static gboolean
caption_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  KielaLessonView *self = KIELA_LESSON_VIEW (widget);

  kiela_lesson_caption_fit (self->caption, gtk_widget_get_height (widget));
  return G_SOURCE_CONTINUE;
}

/* In presentation mode (the window's F5) the narration is the caption band under the board,
 * in the large type the game page uses; the side panel keeps the task, verdict and buttons. */
void
kiela_lesson_view_on_root_classes (GtkWidget *root, GParamSpec *pspec, KielaLessonView *self)
{
  gboolean presenting = root != NULL && gtk_widget_has_css_class (root, "kiela-presenting");

  gtk_widget_set_visible (self->caption_box, presenting);
  gtk_widget_set_visible (GTK_WIDGET (self->narration_label), !presenting);
  kiela_lesson_layout_set_presenting (&self->layout, gtk_widget_get_layout_manager (GTK_WIDGET (self)), presenting);
  /* The band's fit follows the page's height, the text and the zoom: checked before each
   * frame's layout while presenting. */
  if (presenting && self->caption_tick == 0)
    self->caption_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), caption_tick_cb, NULL, NULL);
  else if (!presenting && self->caption_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->caption_tick);
      self->caption_tick = 0;
      kiela_lesson_caption_reset (self->caption);
    }
}
gboolean
kiela_lesson_view_get_presenting (KielaLessonView *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), FALSE);
  return gtk_widget_get_visible (self->caption_box);
}

/* The keys of the game page, for the lesson: Page Down / Up (a clicker) one stone of the
 * replay, Ctrl+Page Down the next step once this one is right (else the end of the replay),
 * Ctrl+Page Up the start of the replay, Space play or pause, Home and End. */
static gboolean
lesson_key (GtkWidget *widget, GVariant *args, gpointer data)
{
  KielaLessonView *self = KIELA_LESSON_VIEW (widget);
  const char *what = g_variant_get_string (args, NULL);
  gboolean trace = kiela_trace_player_get_trace (self->player) != NULL;

  if (self->lesson == NULL)
    return FALSE;
  if (g_str_equal (what, "next-step"))
    {
      if (gtk_widget_is_sensitive (self->next_button))
        {
          kiela_lesson_view_on_next (GTK_BUTTON (self->next_button), self);
          return TRUE;
        }
      what = "end";
    }
  if (g_str_equal (what, "forward") && trace && kiela_trace_player_is_at_end (self->player)
      && gtk_widget_is_sensitive (self->next_button))
    {
      /* A clicker has one key to go on: at the end of the move it takes the next step. */
      kiela_lesson_view_on_next (GTK_BUTTON (self->next_button), self);
      return TRUE;
    }
  if (!trace)
    return FALSE;
  kiela_trace_player_pause (self->player);
  if (g_str_equal (what, "forward"))
    kiela_trace_player_step_forward (self->player);
  else if (g_str_equal (what, "back"))
    kiela_trace_player_step_back (self->player);
  else if (g_str_equal (what, "start"))
    kiela_trace_player_go_to_start (self->player);
  else if (g_str_equal (what, "end"))
    kiela_trace_player_go_to_end (self->player);
  else if (g_str_equal (what, "play"))
    kiela_lesson_view_on_play (self->play_button, self);
  return TRUE;
}

static void
add_keys (KielaLessonView *self, GtkPropagationPhase phase, const char *const (*keys)[2], guint n)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, phase);
  for (guint i = 0; i < n; i++)
    {
      GtkShortcut *s = gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i][0]),
                                         gtk_callback_action_new (lesson_key, NULL, NULL));

      gtk_shortcut_set_arguments (s, g_variant_new_string (keys[i][1]));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), s);
    }
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

void
kiela_lesson_view_keys_init (KielaLessonView *self)
{
  /* The clicker's keys act whatever has the focus (as on the game page); the plain keys
   * only when the focused widget has not used them (Space on a house sows it). */
  static const char *const clicker[][2] = {
    { "Page_Down", "forward" }, { "Page_Up", "back" },
    { "<Control>Page_Down", "next-step" }, { "<Control>Page_Up", "start" },
  };
  static const char *const plain[][2] = {
    { "space", "play" }, { "Home", "start" }, { "End", "end" },
  };

  add_keys (self, GTK_PHASE_CAPTURE, clicker, G_N_ELEMENTS (clicker));
  add_keys (self, GTK_PHASE_BUBBLE, plain, G_N_ELEMENTS (plain));
}
