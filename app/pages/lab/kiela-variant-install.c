/* kiela-variant-install.c: a shared .kiela-variant file opened from the file manager: what it is, then installed for the user. */
#include "config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <stdio.h>
#include <glib/gstdio.h>

#include "kiela-variant-install.h"
#include "kiela-window.h"
#include "kiela-compat.h"

static const struct {
  const char *key;
  const char *title;
} key_titles[] = {
  { "Id", N_("Id") },
  { "Name", N_("Name") },
  { "Description", N_("Description") },
  { "Family", N_("Family") },
  { "Level", N_("Level") },
  { "Source", N_("Source") },
  { "Reading", N_("Reading of the source") },
  { "Files", N_("Houses per row") },
  { "Start", N_("Start pattern") },
  { "StartHouses", N_("Start houses") },
  { "StartNorth", N_("North’s start houses") },
  { "Arrangement", N_("Arrangement before play") },
  /* TRANSLATORS: a rule of a variant: the constraints a player's arrangement before play must
   * keep (written as words such as “leftmost-outer-most;non-increasing”) */
  { "ArrangeRules", N_("Rules of the arrangement") },
  { "MinSow", N_("Smallest hand") },
  /* TRANSLATORS: a rule of a variant: whether a single stone may be sown although the
   * smallest hand (“Smallest hand”) is larger */
  { "Singles", N_("Exception for single stones") },
  { "Direction", N_("Direction") },
  { "Relay", N_("Relay sowing") },
  { "CaptureTrigger", N_("Capture when the last stone lands in") },
  { "CaptureNeeds", N_("Capture needs") },
  { "Captured", N_("Captured houses") },
  { "CapturedStones", N_("Captured stones") },
  { "CaptureEndsTurn", N_("Capture ends the turn") },
  { "LapLimit", N_("Lap limit") },
  { "EndlessMove", N_("Endless moves") },
  { "End", N_("End of the game") },
  /* TRANSLATORS: a yes/no setting of a variant: the game bears a traditional name but leaves out
   * some of its rules (the description says which); New Game then shows “(simplified)” */
  /* TRANSLATORS: a rule of a variant: the house (a number, or “none”) each player's first move is made from */
  { "FirstMove", N_("Forced first move") },
  /* TRANSLATORS: a rule of a variant: when a player passes from the initial phase of play to the later one */
  { "PhaseChange", N_("Later phase begins") },
  /* TRANSLATORS: a rule of a variant: which moves a player in the later phase of play may make */
  { "LaterPhase", N_("Moves in the later phase") },
  { "Simplified", N_("Simplified: rules of the game left out") },
  /* TRANSLATORS: a rule of a variant: the houses (local numbers, or “none”) that may also be
   * sown clockwise, against the usual direction (Omweso's reverse captures) */
  { "ReverseFrom", N_("Clockwise sowing from houses") },
  { "ReverseWhen", N_("Clockwise sowing allowed") },
  /* TRANSLATORS: a rule of a variant: which way the stones taken by a clockwise capture are sown */
  { "ReverseCaptured", N_("Stones of a clockwise capture") },
  /* TRANSLATORS: a rule of a variant: whether a relay that ends in one of the clockwise houses may turn */
  { "ReverseRelay", N_("Relay in a clockwise house") },
  /* TRANSLATORS: a yes/no rule of a variant: a move that captures in the first and in the last
   * file of the board wins the game at once (Omweso) */
  { "BothEndsWin", N_("Captures at both ends win") },
  /* TRANSLATORS: a rule of a variant: how a player's first sowing from the leftmost outer
   * house may start (Quiela: in that house itself) */
  { "FirstSowing", N_("First sowing from the leftmost house") },
  /* TRANSLATORS: a rule of a variant: how many more opponent houses of their choice a player may
   * take after a capture (Mefuvha: 1) */
  { "ExtraCapture", N_("Extra houses taken after a capture") },
  /* TRANSLATORS: a rule of a variant: whether a single stone the opponent could capture next may
   * skip from the second inner house to the first or second outer house (Quiela) */
  { "SingleSkip", N_("Skip of a threatened single") },
};

const char *
kiela_variant_key_title (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (key_titles); i++)
    if (g_strcmp0 (key, key_titles[i].key) == 0)
      return _(key_titles[i].title);
  return key;
}

/* Every word a variant file key may take, as the app shows it: the files and the command line
 * keep the words, people read these. */
static const struct {
  const char *key;
  const char *value;
  const char *label;
} value_labels[] = {
  /* TRANSLATORS: the values of the variant rules, shown in the Variant lab and in a variant's
   * summary; each names a choice of the rule titled beside it (“Arrangement before play”, …) */
  { "Arrangement", "none", NC_("variant rule value", "No arrangement") },
  { "Arrangement", "free", NC_("variant rule value", "Free arrangement") },
  { "Arrangement", "constrained", NC_("variant rule value", "Constrained arrangement") },
  /* TRANSLATORS: the values of “Exception for single stones”: none (a single stone is sown
   * only when the smallest hand is 1), or a single stone when no house holds enough */
  { "Singles", "always", NC_("variant rule value", "None: the smallest hand decides") },
  { "Singles", "when-blocked", NC_("variant rule value", "Only when no house holds enough stones") },
  { "Singles", "when-blocked-any-house", NC_("variant rule value", "Only when no house holds enough stones, into any house") },
  { "Direction", "anticlockwise", NC_("variant rule value", "Anticlockwise") },
  { "Direction", "clockwise", NC_("variant rule value", "Clockwise") },
  { "Relay", "occupied", NC_("variant rule value", "Relay from occupied houses") },
  { "Relay", "never", NC_("variant rule value", "Never relay") },
  /* TRANSLATORS: where the last stone of a lap must land to capture */
  { "CaptureTrigger", "occupied-inner", NC_("variant rule value", "Occupied inner-row house") },
  { "CaptureTrigger", "empty-inner", NC_("variant rule value", "Empty inner-row house") },
  { "CaptureNeeds", "facing-inner", NC_("variant rule value", "Facing inner house occupied") },
  { "CaptureNeeds", "facing-inner-and-outer", NC_("variant rule value", "Facing inner and outer houses occupied") },
  { "Captured", "inner-and-outer", NC_("variant rule value", "Inner and outer houses") },
  { "Captured", "inner", NC_("variant rule value", "Inner house only") },
  /* TRANSLATORS: what becomes of the captured stones */
  { "CapturedStones", "sow-after-captor", NC_("variant rule value", "Sown from the house after the capturing house") },
  { "CapturedStones", "sow-from-lap-start", NC_("variant rule value", "Sown from the house the lap was lifted from") },
  { "CapturedStones", "removed", NC_("variant rule value", "Removed from play") },
  { "CapturedStones", "sow-after-lap-start", NC_("variant rule value", "Sown from the house after the lap’s start") },
  { "EndlessMove", "illegal", NC_("variant rule value", "Not a legal move") },
  /* TRANSLATORS: an endless move is allowed, but the player who makes it loses the game */
  { "EndlessMove", "loses", NC_("variant rule value", "The mover loses") },
  { "End", "no-moves-loses", NC_("variant rule value", "A player without moves loses") },
  { "End", "repetition-draws", NC_("variant rule value", "Threefold repetition is a draw") },
  /* TRANSLATORS: the rules of a constrained arrangement (“Rules of the arrangement”) */
  { "ArrangeRules", "leftmost-outer-most", NC_("variant rule value", "The leftmost outer house holds the most stones") },
  { "ArrangeRules", "non-increasing", NC_("variant rule value", "No house holds more than the one on its left") },
  /* TRANSLATORS: the values of “Later phase begins” */
  { "PhaseChange", "none", NC_("variant rule value", "One phase only") },
  { "PhaseChange", "no-house-over-one", NC_("variant rule value", "When no house of the player holds two stones") },
  /* TRANSLATORS: the values of “Moves in the later phase” */
  { "LaterPhase", "none", NC_("variant rule value", "No later phase") },
  { "LaterPhase", "singles-into-empty", NC_("variant rule value", "Single stones only, each into an empty house") },
  { "ReverseWhen", "captures", NC_("variant rule value", "Only when that sowing captures") },
  { "ReverseWhen", "always", NC_("variant rule value", "Whenever the house may be sown") },
  { "ReverseCaptured", "anticlockwise", NC_("variant rule value", "Anticlockwise again") },
  { "ReverseCaptured", "clockwise", NC_("variant rule value", "Clockwise too") },
  { "ReverseCaptured", "when-captures", NC_("variant rule value", "Clockwise when that captures again") },
  /* TRANSLATORS: captured stones may be sown clockwise when that captures again, if the player wants to */
  { "ReverseCaptured", "choice-when-captures", NC_("variant rule value", "May go clockwise when that captures again") },
  { "ReverseRelay", "never", NC_("variant rule value", "Goes on anticlockwise") },
  { "ReverseRelay", "when-captures", NC_("variant rule value", "Goes clockwise when that captures") },
  /* TRANSLATORS: a relay lap may turn clockwise when that captures, if the player wants to */
  { "ReverseRelay", "choice-when-captures", NC_("variant rule value", "May go clockwise when that captures") },
  /* TRANSLATORS: the values of “First sowing from the leftmost house” */
  { "FirstSowing", "usual", NC_("variant rule value", "Starts in the next house, as always") },
  { "FirstSowing", "leftmost-in-house", NC_("variant rule value", "May start in that house itself") },
  /* TRANSLATORS: the values of “Skip of a threatened single” */
  { "SingleSkip", "none", NC_("variant rule value", "No skip") },
  { "SingleSkip", "threatened-second-inner", NC_("variant rule value",
                                                 "From the second inner house to the first or second outer one") },
  { NULL, "false", NC_("variant rule value", "No") },
  { NULL, "true", NC_("variant rule value", "Yes") },
};

const char *
kiela_variant_value_label (const char *key, const char *value)
{
  if (g_strcmp0 (key, "Level") == 0 && value)
    return g_dpgettext2 (GETTEXT_PACKAGE, "variant level", value);
  for (guint i = 0; i < G_N_ELEMENTS (value_labels); i++)
    if ((value_labels[i].key == NULL || g_strcmp0 (key, value_labels[i].key) == 0)
        && g_strcmp0 (value, value_labels[i].value) == 0)
      return g_dpgettext2 (GETTEXT_PACKAGE, "variant rule value", value_labels[i].label);
  return value;
}

char *
kiela_variant_dup_display_name (const KielaVariant *v)
{
  if (kiela_variant_is_simplified (v))
    /* TRANSLATORS: the name of a game that leaves out some of its traditional rules, "Omweso (simplified)" */
    return g_strdup_printf (C_("variant name", "%s (simplified)"), kiela_variant_get_name (v));
  return g_strdup (kiela_variant_get_name (v));
}

char *
kiela_variant_describe_board (const KielaVariant *v)
{
  guint stones = 0;
  g_autofree char *houses = NULL;

  for (guint h = 0; h < 2u * v->files; h++)
    stones += v->start[KIELA_SOUTH][h];
  /* TRANSLATORS: the first half of a variant's description made from its rules: "4 rows of 12 houses" */
  houses = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "4 rows of %u house", "4 rows of %u houses", v->files), v->files);
  /* TRANSLATORS: a variant's description made from its rules: %s is "4 rows of 12 houses", then
   * the stones each side starts with: "4 rows of 12 houses, 24 stones a side." */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u stone a side.", "%s, %u stones a side.", stones),
                          houses, stones);
}

char *
kiela_variant_describe (KielaVariantFile *file)
{
  const KielaVariant *v = kiela_variant_file_get_variant (file);
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *data = kiela_variant_file_to_data (file, NULL);
  GString *text = g_string_new (NULL);
  guint n_keys, stones = 0;
  const KielaVariantFileKey *keys = kiela_variant_file_get_keys (&n_keys);

  for (guint s = 0; s < 2; s++)
    for (guint h = 0; h < 2u * v->files; h++)
      stones += v->start[s][h];
  if (kiela_variant_get_description (v) && *kiela_variant_get_description (v))
    g_string_append_printf (text, "%s\n\n", kiela_variant_get_description (v));
  if (v->source && *v->source)
    /* TRANSLATORS: %s names where the rules come from (a book, a web page) */
    g_string_append_printf (text, _("Source: %s"), v->source);
  else
    g_string_append (text, _("Source: not given"));
  g_string_append_c (text, '\n');
  /* TRANSLATORS: first %u houses per row, second %u stones on the whole board */
  g_string_append_printf (text, _("Board: 4 rows of %u houses, %u stones"), v->files, stones);
  g_string_append (text, "\n");
  g_key_file_load_from_data (kf, data, -1, G_KEY_FILE_NONE, NULL);
  for (guint i = 0; i < n_keys; i++)
    {
      g_autofree char *value = NULL;

      if (keys[i].choices == NULL || g_str_equal (keys[i].key, "Level") || g_str_equal (keys[i].key, "Default"))
        if (!g_str_equal (keys[i].key, "MinSow") && !g_str_equal (keys[i].key, "LapLimit") &&
            !g_str_equal (keys[i].key, "ArrangeRules") && !g_str_equal (keys[i].key, "ExtraCapture"))
          continue;
      value = g_key_file_get_value (kf, KIELA_VARIANT_FILE_GROUP, keys[i].key, NULL);
      if (value)
        {
          /* End lists its words with ';'. */
          g_auto(GStrv) words = g_strsplit (value, ";", -1);
          g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
          g_auto(GStrv) shown = NULL;
          g_autofree char *joined = NULL;

          for (guint w = 0; words[w]; w++)
            {
              guint most;

              if (g_str_equal (keys[i].key, "ArrangeRules") &&
                  sscanf (words[w], "inner-singles-at-most:%u", &most) == 1)
                {
                  /* TRANSLATORS: a rule of a constrained arrangement */
                  g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                         "At most %u inner house with a single stone",
                                                                         "At most %u inner houses with a single stone",
                                                                         most), most);
                  g_strv_builder_add (labels, label);
                }
              else
                g_strv_builder_add (labels, kiela_variant_value_label (keys[i].key, words[w]));
            }
          shown = g_strv_builder_end (labels);
          joined = g_strjoinv (", ", shown);
          g_string_append_printf (text, "\n%s: %s", kiela_variant_key_title (keys[i].key), joined);
        }
    }
  return g_string_free (text, FALSE);
}

char *
kiela_variant_install_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "kiela", "variants", NULL);
}

const KielaVariant *
kiela_variant_install (KielaRegistry *registry, const char *path, char **installed_path, GError **error)
{
  g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_file (path, error);
  g_autofree char *dir = kiela_variant_install_dir ();
  g_autofree char *contents = NULL, *name = NULL, *target = NULL;
  const KielaVariant *v;
  gsize length;

  if (file == NULL)
    return NULL;
  v = kiela_variant_file_get_variant (file);
  if (kiela_registry_lookup_variant (registry, v->id))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   /* TRANSLATORS: %s is a variant's id, such as “owela” */
                   _("A variant with the id “%s” is already installed; give this one another Id to install it"),
                   v->id);
      return NULL;
    }
  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;
      g_autofree char *shown = g_filename_display_name (dir);

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Could not create the folder “%s”: %s"),
                   shown, g_strerror (saved));
      return NULL;
    }
  name = g_strconcat (v->id, KIELA_VARIANT_FILE_SUFFIX, NULL);
  target = g_build_filename (dir, name, NULL);
  if (g_file_test (target, G_FILE_TEST_EXISTS))
    {
      g_autofree char *shown = g_filename_display_name (target);

      /* A file of that name that did not register (a broken one): never overwritten silently. */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("“%s” already exists"), shown);
      return NULL;
    }
  if (!g_file_set_contents (target, contents, length, error))
    return NULL;
  {
    g_autoptr(KielaVariantFile) installed = kiela_variant_file_new_from_file (target, error);

    if (installed == NULL || !(v = kiela_registry_add_variant_file (registry, installed, error)))
      {
        g_unlink (target);
        return NULL;
      }
    g_steal_pointer (&installed);
  }
  if (installed_path)
    *installed_path = g_steal_pointer (&target);
  return v;
}

typedef struct {
  GtkWindow *parent;
  KielaRegistry *registry;
  char *path;
} Prompt;

static void
prompt_free (gpointer data)
{
  Prompt *p = data;

  g_clear_weak_pointer (&p->parent);
  g_free (p->path);
  g_free (p);
}

/* A message with only Close over `parent`. */
static void
show_message (GtkWindow *parent, const char *heading, const char *body)
{
  GtkWidget *message = kiela_compat_question_new (heading, body);

  kiela_compat_question_add_response (message, "close", _("_Close"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_set_close_response (message, "close");
  kiela_compat_question_present (message, parent, NULL, NULL, NULL);
}

static void
on_install_answered (const char *response, gpointer data)
{
  Prompt *p = data;
  GtkWindow *parent = p->parent;
  g_autoptr(GError) error = NULL;
  const KielaVariant *v;

  if (g_strcmp0 (response, "install") != 0)
    return;
  v = kiela_variant_install (p->registry, p->path, NULL, &error);
  if (v == NULL)
    {
      if (parent != NULL)
        show_message (parent, _("Could Not Install the Variant"), error->message);
      return;
    }
  if (KIELA_IS_WINDOW (parent))
    {
      g_autofree char *text = g_strdup_printf (_("“%s” is installed: choose it in New Game"), kiela_variant_get_name (v));

      kiela_window_add_message (KIELA_WINDOW (parent), text);
    }
}

void
kiela_variant_install_prompt (GtkWindow *parent, KielaRegistry *registry, GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaVariantFile) parsed = path ? kiela_variant_file_new_from_file (path, &error) : NULL;
  GtkWidget *dialog;
  Prompt *p;

  if (parsed == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      show_message (parent, _("Not a Usable Variant File"), error ? error->message : uri);
      return;
    }
  {
    g_autofree char *body = kiela_variant_describe (parsed);
    /* TRANSLATORS: %s is a variant's name */
    g_autofree char *heading = g_strdup_printf (_("Install “%s”?"), kiela_variant_get_name (kiela_variant_file_get_variant (parsed)));

    dialog = kiela_compat_question_new (heading, body);
  }
  kiela_compat_question_add_response (dialog, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (dialog, "install", _("_Install"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_set_response_appearance (dialog, "install", ADW_RESPONSE_SUGGESTED);
  kiela_compat_question_set_default_response (dialog, "install");
  kiela_compat_question_set_close_response (dialog, "cancel");
  p = g_new0 (Prompt, 1);
  p->registry = registry;
  p->path = g_steal_pointer (&path);
  g_set_weak_pointer (&p->parent, parent);
  kiela_compat_question_present (dialog, parent, on_install_answered, p, prompt_free);
}
