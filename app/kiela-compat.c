/* kiela-compat.c: the newer GTK and libadwaita calls, each behind its version guard.
 *
 * Built apart from the rest of the app without the MAX_ALLOWED pins (app/meson.build), so
 * this is the only file that may name API newer than GTK 4.8 and libadwaita 1.2. */
#include "config.h"

#include "kiela-compat.h"

gboolean
kiela_compat_announce (GtkAccessible *accessible, const char *text)
{
  g_return_val_if_fail (GTK_IS_ACCESSIBLE (accessible), FALSE);

#if GTK_CHECK_VERSION (4, 14, 0)
  gtk_accessible_announce (accessible, text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  return TRUE;
#else
  return FALSE;
#endif
}

#if ADW_CHECK_VERSION (1, 5, 0)
# define QUESTION(q) ADW_ALERT_DIALOG (q)
#else
# define QUESTION(q) ADW_MESSAGE_DIALOG (q)
#endif

GtkWidget *
kiela_compat_question_new (const char *heading, const char *body)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return GTK_WIDGET (adw_alert_dialog_new (heading, body));
#else
  return adw_message_dialog_new (NULL, heading, body);
#endif
}

void
kiela_compat_question_add_response (GtkWidget *question, const char *id, const char *label,
                                    AdwResponseAppearance appearance)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_alert_dialog_add_response (QUESTION (question), id, label);
  adw_alert_dialog_set_response_appearance (QUESTION (question), id, appearance);
#else
  adw_message_dialog_add_response (QUESTION (question), id, label);
  adw_message_dialog_set_response_appearance (QUESTION (question), id, appearance);
#endif
}

void
kiela_compat_question_set_default_response (GtkWidget *question, const char *id)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_alert_dialog_set_default_response (QUESTION (question), id);
#else
  adw_message_dialog_set_default_response (QUESTION (question), id);
#endif
}

void
kiela_compat_question_set_close_response (GtkWidget *question, const char *id)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_alert_dialog_set_close_response (QUESTION (question), id);
#else
  adw_message_dialog_set_close_response (QUESTION (question), id);
#endif
}

void
kiela_compat_question_present (GtkWidget *question, GtkWindow *parent)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_present (ADW_DIALOG (question), GTK_WIDGET (parent));
#else
  gtk_window_set_transient_for (GTK_WINDOW (question), parent);
  gtk_window_present (GTK_WINDOW (question));
#endif
}

GtkWidget *
kiela_compat_question_find (GtkWindow *parent)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwDialog *shown = ADW_IS_APPLICATION_WINDOW (parent)
                     ? adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (parent)) : NULL;

  return ADW_IS_ALERT_DIALOG (shown) ? GTK_WIDGET (shown) : NULL;
#else
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GtkWindow) top = g_list_model_get_item (tops, i);

      if (ADW_IS_MESSAGE_DIALOG (top) && gtk_window_get_transient_for (top) == parent)
        return GTK_WIDGET (top);
    }
  return NULL;
#endif
}

gboolean
kiela_compat_question_has_response (GtkWidget *question, const char *id)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return adw_alert_dialog_has_response (QUESTION (question), id);
#else
  return adw_message_dialog_has_response (QUESTION (question), id);
#endif
}

const char *
kiela_compat_question_get_close_response (GtkWidget *question)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return adw_alert_dialog_get_close_response (QUESTION (question));
#else
  return adw_message_dialog_get_close_response (QUESTION (question));
#endif
}

void
kiela_compat_question_respond (GtkWidget *question, const char *id)
{
  g_return_if_fail (kiela_compat_question_has_response (question, id));

#if ADW_CHECK_VERSION (1, 5, 0)
  /* AdwAlertDialog has no public call for a response: what a click does, the signal then the
   * closing (without the animation, so the window has no dialog when this returns). */
  g_object_ref (question);
  g_signal_emit_by_name (question, "response", id);
  adw_dialog_force_close (ADW_DIALOG (question));
  g_object_unref (question);
#else
  adw_message_dialog_response (QUESTION (question), id);
#endif
}
