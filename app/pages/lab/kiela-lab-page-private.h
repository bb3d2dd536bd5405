/* kiela-lab-page-private.h: the Variant lab page's struct and the API its two source files share
 * (kiela-lab-page.c: the page, play, save, statistics; kiela-lab-page-form.c: the rules form). */
#pragma once

#include "kiela-lab-page.h"
#include "kiela-lab-run.h"
#include "kiela-board-view.h"

G_BEGIN_DECLS

/* A row of the form: one key of the variant file. */
typedef struct _KielaLabField KielaLabField;

struct _KielaLabPage {
  AdwBin parent_instance;

  AdwComboRow *base_row;
  AdwPreferencesGroup *rules_group;
  AdwPreferencesGroup *about_group;
  KielaBoardView *preview;
  AdwComboRow *ai_row_a;
  AdwComboRow *ai_row_b;
  AdwComboRow *compare_row;
  GtkSpinButton *games_spin;
  GtkSpinButton *seed_spin;
  AdwActionRow *progress_row;
  GtkProgressBar *progress_bar;
  GtkWidget *cancel_button;
  GtkWidget *run_button;
  AdwPreferencesGroup *results_group;
  GtkGrid *summary_grid;
  GtkDrawingArea *lengths_plot;
  GtkDrawingArea *stones_plot;
  GtkLabel       *stones_title;

  KielaGameSession *session;          /* weak: the window's, whose players a game from the lab keeps */
  KielaRegistry *registry;
  GPtrArray *variants;                /* the registry's, as the base and compare rows list them */
  GPtrArray *personalities;
  GPtrArray *fields;                  /* KielaLabField* in key order */
  GKeyFile *keyfile;                  /* the form's values */
  KielaVariantFile *file;             /* parsed from keyfile, NULL while invalid */
  char *error_text;
  KielaLabField *error_field;        /* the row that shows the error, if one does */
  gboolean loading;
  char *auto_description;             /* the Description the lab wrote from the rules, while the user keeps it */
  gboolean disposed;

  KielaLabRun *runner;                /* the statistics and their worker */
  guint progress_timeout;
};

/* kiela-lab-page-form.c */
/* Adds a row for each key of the variant file format to the rules and about groups. */
void           _kiela_lab_page_build_form    (KielaLabPage *self);
/* The form's row for `key`, or NULL. */
GtkWidget     *_kiela_lab_page_get_field     (KielaLabPage *self, const char *key);
/* Fills the form from a registered variant, as the user's copy (a "my-" id). */
gboolean       _kiela_lab_page_load_variant  (KielaLabPage *self, const KielaVariant *v, GError **error);

G_END_DECLS
