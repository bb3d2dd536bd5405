/* kiela-compat.h: the one room where the app meets newer GTK and libadwaita than Debian 12's.
 *
 * The rest of the app is built against GTK 4.8 and libadwaita 1.2 only (GDK_VERSION_MAX_ALLOWED
 * and ADW_VERSION_MAX_ALLOWED pin it): a call newer than that fails the build outside this file.
 * Each wrapper here takes the newer path when the stack it is built on has it, and keeps the
 * 4.8/1.2 path otherwise. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Has a screen reader say `text` as an announcement (gtk_accessible_announce, GTK >= 4.14);
 * returns FALSE when the stack has no announcements, and the caller falls back on changing
 * a status region's name. */
gboolean kiela_compat_announce (GtkAccessible *accessible, const char *text);

/* A question with responses (Save / Discard / Cancel) over a window: an AdwAlertDialog inside
 * the window with libadwaita >= 1.5, an AdwMessageDialog, a window of its own, before (it is
 * deprecated in 1.6, and 1.7's lays its labels out narrower than they need, a critical
 * warning). */
GtkWidget  *kiela_compat_question_new                  (const char *heading, const char *body);
void        kiela_compat_question_add_response         (GtkWidget *question, const char *id, const char *label,
                                                        AdwResponseAppearance appearance);
void        kiela_compat_question_set_default_response (GtkWidget *question, const char *id);
void        kiela_compat_question_set_close_response   (GtkWidget *question, const char *id);
void        kiela_compat_question_set_response_appearance (GtkWidget *question, const char *id,
                                                           AdwResponseAppearance appearance);
void        kiela_compat_question_set_response_enabled (GtkWidget *question, const char *id, gboolean enabled);
/* A widget under the body (check buttons, a drop-down). */
void        kiela_compat_question_set_extra_child      (GtkWidget *question, GtkWidget *child);

/* Called once with the id of the response given (the close response for Escape or a closed
 * window), when the question is no longer over the window: the window can then close or
 * show another question.  An AdwAlertDialog is still over its window while it emits
 * "response", so the answer waits for its "closed". */
typedef void (*KielaCompatAnswered) (const char *response, gpointer data);

/* Shows `question` over `parent` and hands its answer to `answered` (or to nobody: NULL, for a
 * message with only Close); `destroy` frees `data` once, answered or not (the window gone
 * first). */
void        kiela_compat_question_present              (GtkWidget *question, GtkWindow *parent,
                                                        KielaCompatAnswered answered, gpointer data,
                                                        GDestroyNotify destroy);

/* What the tests look at: the question shown over `parent` or NULL, its responses, and an
 * answer given as a click on one gives it (the question gone when this returns). */
GtkWidget  *kiela_compat_question_find                 (GtkWindow *parent);
gboolean    kiela_compat_question_has_response         (GtkWidget *question, const char *id);
gboolean    kiela_compat_question_get_response_enabled (GtkWidget *question, const char *id);
const char *kiela_compat_question_get_heading          (GtkWidget *question);
const char *kiela_compat_question_get_body             (GtkWidget *question);
const char *kiela_compat_question_get_close_response   (GtkWidget *question);
void        kiela_compat_question_respond              (GtkWidget *question, const char *id);

/* The About window: an AdwAboutDialog inside the window with libadwaita >= 1.5, an
 * AdwAboutWindow (deprecated in 1.6) before.  Both have the same properties ("application-name",
 * "debug-info", ...): set them with g_object_set. */
GtkWidget *kiela_compat_about_new                      (void);
void       kiela_compat_about_add_acknowledgement_section (GtkWidget *about, const char *name,
                                                        const char **people);
void       kiela_compat_about_present                  (GtkWidget *about, GtkWindow *parent);

/* The preferences: an AdwPreferencesDialog inside the window with libadwaita >= 1.5, an
 * AdwPreferencesWindow (deprecated in 1.6) before.  The app's preferences derive from
 * KIELA_COMPAT_TYPE_PREFERENCES, whichever it is; both take AdwPreferencesPage children. */
#if ADW_CHECK_VERSION (1, 5, 0)
typedef AdwPreferencesDialog KielaCompatPreferences;
typedef AdwPreferencesDialogClass KielaCompatPreferencesClass;
#else
typedef AdwPreferencesWindow KielaCompatPreferences;
typedef AdwPreferencesWindowClass KielaCompatPreferencesClass;
#endif
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaCompatPreferences, g_object_unref)
#define KIELA_COMPAT_TYPE_PREFERENCES (kiela_compat_preferences_get_type ())
GType       kiela_compat_preferences_get_type              (void);
/* The template in `resource` with its parent="KielaCompatPreferences" made the type above
 * (GtkBuilder wants the very parent type), for gtk_widget_class_set_template(). */
GBytes     *kiela_compat_preferences_template              (const char *resource);
/* Sets up what differs (a window is modal and 520 px high; a dialog as high). */
void        kiela_compat_preferences_init                  (GtkWidget *prefs);
void        kiela_compat_preferences_set_visible_page      (GtkWidget *prefs, AdwPreferencesPage *page);
const char *kiela_compat_preferences_get_visible_page_name (GtkWidget *prefs);
/* Over `parent`, or (NULL, tests) in a window of its own on either stack. */
void        kiela_compat_preferences_present               (GtkWidget *prefs, GtkWindow *parent);
void        kiela_compat_preferences_set_size              (GtkWidget *prefs, int width, int height);
void        kiela_compat_preferences_close                 (GtkWidget *prefs);
/* The preferences shown over `parent`, or NULL (tests). */
GtkWidget  *kiela_compat_preferences_find                  (GtkWindow *parent);

/* Closes at once every dialog shown inside `window` (AdwDialog, libadwaita >= 1.5), a question
 * given its close response; dialogs that are windows of their own are the caller's. */
void       kiela_compat_close_dialogs                  (GtkWindow *window);

/* Choosing a file to open or to save: GtkFileDialog with GTK >= 4.10, GtkFileChooserNative
 * (deprecated in 4.10) before; both go through the file chooser portal inside a Flatpak. */
typedef enum {
  KIELA_COMPAT_FILE_OPEN,
  KIELA_COMPAT_FILE_SAVE,
} KielaCompatFileMode;

typedef struct {
  const char *title;
  const char *accept_label;   /* "_Open", "_Save", "_Export" */
  GListModel *filters;        /* of GtkFileFilter, the first one chosen at first; or NULL */
  GFile *folder;              /* the folder it opens in, or NULL */
  GFile *file;                /* saving: the file it proposes to write over, or NULL */
  const char *name;           /* saving: the name it proposes in `folder`, or NULL */
} KielaCompatFileRequest;

/* `file` is the file chosen, or NULL when the person cancelled (or no chooser could be shown). */
typedef void (*KielaCompatFileChosen) (GFile *file, gpointer data);

void kiela_compat_choose_file (GtkWindow *parent, KielaCompatFileMode mode,
                               const KielaCompatFileRequest *request,
                               KielaCompatFileChosen chosen, gpointer data, GDestroyNotify destroy);

/* The filters of a request: an empty list of GtkFileFilter, and a filter named `name`
 * appended to it (a MIME type or NULL, then glob patterns, NULL-terminated). */
GListStore *kiela_compat_file_filters_new (void);
void        kiela_compat_file_filters_add (GListStore *filters, const char *name, const char *mime_type,
                                           const char *first_pattern, ...) G_GNUC_NULL_TERMINATED;

/* The Keyboard Shortcuts window over `window`, made when first asked for from the
 * GtkShortcutsWindow "help_overlay" of the builder resource `resource`, `prepare` called on it
 * once built (or NULL).  With libadwaita >= 1.8 its groups become the sections of an
 * AdwShortcutsDialog inside the window (GtkShortcutsWindow is deprecated in GTK 4.18); before,
 * the GtkShortcutsWindow itself, the window's help overlay.  Made once a window either way. */
void       kiela_compat_shortcuts_present (GtkApplicationWindow *window, const char *resource,
                                           void (*prepare) (GtkWidget *shortcuts));
/* What kiela_compat_shortcuts_present() made for `window` (a GtkShortcutsWindow or an
 * AdwShortcutsDialog), or NULL before it was first asked for (tests). */
GtkWidget *kiela_compat_shortcuts_find    (GtkApplicationWindow *window);

/* ---------------------------------------------------------------------------------------------
 * The side panel beside the content (KielaSplit): an AdwOverlaySplitView with libadwaita >= 1.4,
 * an AdwFlap (deprecated in 1.4) before.  A widget of its own on both stacks, so a .ui file
 * can hold it and the pages and tests never name either.
 *
 * Properties: "content" and "sidebar" (widgets), "show-sidebar" (the panel shown), "collapsed"
 * (the panel over the content rather than beside it; shown, it is hidden on a click on the
 * content or Escape), "pinned" (show-sidebar never changes on its own as the panel collapses
 * or expands; while unpinned, collapsing hides the panel and expanding shows it).
 */
#define KIELA_TYPE_SPLIT (kiela_split_get_type ())
G_DECLARE_FINAL_TYPE (KielaSplit, kiela_split, KIELA, SPLIT, GtkWidget)

GtkWidget  *kiela_split_new                (void);
void        kiela_split_set_content        (KielaSplit *self, GtkWidget *content);
GtkWidget  *kiela_split_get_content        (KielaSplit *self);
/* The panel sits after the content (at the end, the right in left-to-right languages). */
void        kiela_split_set_sidebar        (KielaSplit *self, GtkWidget *sidebar);
GtkWidget  *kiela_split_get_sidebar        (KielaSplit *self);
void        kiela_split_set_show_sidebar   (KielaSplit *self, gboolean show);
gboolean    kiela_split_get_show_sidebar   (KielaSplit *self);
void        kiela_split_set_collapsed      (KielaSplit *self, gboolean collapsed);
gboolean    kiela_split_get_collapsed      (KielaSplit *self);
void        kiela_split_set_pinned         (KielaSplit *self, gboolean pinned);
gboolean    kiela_split_get_pinned         (KielaSplit *self);
/* Collapses the panel while `window` (the split's own) is narrower than `width` px: an
 * AdwBreakpoint on the window with libadwaita >= 1.4, which then also takes
 * `min_width`×`min_height` as the window's smallest size (a window with breakpoints no longer
 * learns it from its content).  Before 1.4 the window calls kiela_split_window_allocate()
 * from its size_allocate. */
void        kiela_split_collapse_below     (KielaSplit *self, AdwApplicationWindow *window, int width,
                                            int min_width, int min_height);
/* The window is allocated `width` px (libadwaita < 1.4: collapses or expands the panel before
 * the window's children are allocated, so this very allocation uses it; nothing with 1.4). */
void        kiela_split_window_allocate    (KielaSplit *self, int width);

/* The foreground color of `widget` as its style gives it: gtk_widget_get_color with GTK >= 4.10,
 * its style context's (deprecated in 4.10) before. */
void       kiela_compat_widget_get_color  (GtkWidget *widget, GdkRGBA *color);
/* Loads `css` (NUL-terminated) into `provider`: gtk_css_provider_load_from_string with
 * GTK >= 4.12, gtk_css_provider_load_from_data (deprecated in 4.12) before. */
void       kiela_compat_css_provider_load (GtkCssProvider *provider, const char *css);

G_END_DECLS
