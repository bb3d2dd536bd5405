/* kiela-application.c: starts the one main window (restoring the autosave), opens files from
 * the command line, installs keyboard accelerators, and reports startup figures on request. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "kiela-application.h"
#include "kiela-board-renderer.h"
#include "kiela-window.h"
#include "kiela-game-file.h"
#include "kiela-variant-install.h"
#include "kiela-lesson-install.h"
#include "kiela-learn.h"
#include "kiela-trace-player.h"

struct _KielaApplication {
  AdwApplication parent_instance;

  KielaRegistry *registry;
  GSettings *settings;
  gint64 start_time_us;
  gboolean benchmark;
  gboolean bench_frames_wanted;   /* --benchmark-frames */
  guint bench_frames;
  gint64 bench_frame_start_us;    /* the frame clock's before-paint */
  gint64 bench_layout_end_us;     /* the end of GTK's layout: snapshot and render follow */
  /* --benchmark-frames: the phase (BenchPhase), its frames' times, what it waits for. */
  int bench_phase;
  GArray *bench_paint_ms;         /* double: snapshot + render of each frame */
  GArray *bench_frame_ms;         /* double: the whole frame (update, layout, snapshot, render) */
  gboolean bench_rendered;        /* the window's surface rendered in the frame under way */
  guint bench_idle_cycles;        /* frame clock cycles of a phase that rendered nothing */
  gint64 bench_last_render_us;    /* the end of the last frame rendered */
  gint64 bench_move_end_us;       /* when the long move was shown to its end */
  guint bench_resizes;
  guint bench_sizes_reached;      /* resizes shown at their size, the artwork settled */
  guint bench_frames_at_size;     /* frames rendered at the size asked, this resize */
  guint bench_sizes_with_frames;  /* resizes that rendered at least one frame at their size */
  int bench_target_width;
  gint64 bench_resize_since_us;   /* when the phase's wait began */
  /* --benchmark FILE: the record named, whose first frame is the one timed; the window's own
   * first frame comes before it, as the record is read off the main thread. */
  GFile *bench_record;
  gboolean bench_window_shown;
  gboolean bench_record_shown;
  /* This instance's autosave, claimed by a lock on the data folder (kiela-game-file.h). */
  char *autosave_path;
  int autosave_lock;
  guint autosave_slot;
};

G_DEFINE_FINAL_TYPE (KielaApplication, kiela_application, ADW_TYPE_APPLICATION)

char *
kiela_application_dup_autosave_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "kiela", "autosave.kiela", NULL);
}

static glong
resident_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, "VmRSS:");
  return line ? strtol (line + 6, NULL, 10) : -1;
}

/* --benchmark: when each step of start-up ended, from main(), to see where the time goes. */
static void
bench_mark (KielaApplication *self, const char *step)
{
  struct timespec cpu;

  if (!self->benchmark)
    return;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &cpu);
  printf ("start-step-ms %s: %.1f (cpu %.1f)\n", step, (g_get_monotonic_time () - self->start_time_us) / 1000.0,
          cpu.tv_sec * 1e3 + cpu.tv_nsec / 1e6);
}

/* --benchmark: time from main() to the end of the first painted frame and the resident memory,
 * then quit.  --benchmark-frames then times the frames a user sees, each from the frame
 * clock's phases: snapshot + render (from the end of GTK's layout to the end of the paint)
 * and the whole frame: (1) every frame of a 12-lap move animated stone by stone at normal
 * speed, (2) the window resized from 1024×768 to 1920×1080 and back ten times.
 * A frame is a frame clock cycle in which the window rendered (its surface's "render"); the
 * cycles that rendered nothing (a tick callback's, say) are counted apart.  Each phase waits
 * for the window to be idle (no frame for BENCH_IDLE_MS) before it ends, so that the frames a
 * change brings later (the board's artwork rendered anew 150 ms after a resize) are counted. */
typedef enum {
  BENCH_FIRST_FRAME,
  BENCH_SETUP,
  BENCH_MOVE,
  BENCH_RESIZE,
  BENCH_DONE,
} BenchPhase;

#define BENCH_IDLE_MS 400

/* Random play from the start of Kiela (seed 1): the tenth move, North b4, is sown in 12 laps
 * (43 stones dropped, 13 captured), the worksheet tests' long move too. */
static const char *const bench_long_moves[] = { "j1", "c4", "g1", "f4", "h1", "i4", "a1", "e4", "g2", "b4" };
#define BENCH_RESIZES 20

static void
bench_before_paint (GdkFrameClock *clock, KielaApplication *self)
{
  self->bench_frame_start_us = g_get_monotonic_time ();
  self->bench_layout_end_us = 0;
  self->bench_rendered = FALSE;
}

/* An emission hook: GTK's own handler of the surface's "render" stops the emission. */
static gboolean
bench_render_hook (GSignalInvocationHint *hint, guint n_values, const GValue *values, gpointer data)
{
  KielaApplication *self = data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window != NULL && g_value_get_object (&values[0]) == (GObject *) gtk_native_get_surface (GTK_NATIVE (window)))
    self->bench_rendered = TRUE;
  return TRUE;
}

/* No frame rendered for BENCH_IDLE_MS: what a change brought is all on screen. */
static gboolean
bench_idle (KielaApplication *self)
{
  return g_get_monotonic_time () - MAX (self->bench_last_render_us, self->bench_resize_since_us)
         >= BENCH_IDLE_MS * 1000;
}

static void
bench_after_layout (GdkFrameClock *clock, KielaApplication *self)
{
  self->bench_layout_end_us = g_get_monotonic_time ();
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The nearest-rank percentile `p` (0..100) of the sorted `values`. */
static double
percentile (GArray *sorted, double p)
{
  guint rank = (guint) ceil (p / 100.0 * sorted->len);

  return g_array_index (sorted, double, CLAMP (rank, 1u, sorted->len) - 1);
}

static void
bench_report (const char *what, GArray *values)
{
  if (values->len > 0)
    {
      /* Every frame, in order, for a closer look (KIELA_BENCH_FRAMES_LOG=1). */
      if (g_getenv ("KIELA_BENCH_FRAMES_LOG") != NULL)
        for (guint i = 0; i < values->len; i++)
          fprintf (stderr, "%s %u: %.2f ms\n", what, i + 1, g_array_index (values, double, i));
    }
  g_array_sort (values, compare_doubles);
  if (values->len == 0)
    printf ("%s: no frames\n", what);
  else
    printf ("%s: %u frames, p50 %.2f ms, p95 %.2f ms, worst %.2f ms\n", what, values->len,
            percentile (values, 50), percentile (values, 95), g_array_index (values, double, values->len - 1));
  g_array_set_size (values, 0);
}

static void
bench_play (KielaWindow *window, const char *square)
{
  KielaSquare sq;

  if (kiela_square_parse (10, square, &sq, NULL))
    g_signal_emit_by_name (kiela_window_get_board (window), "house-activated", (guint) sq.side, (guint) sq.house);
}

/* Sets up the next phase once the last one is over; FALSE when all are. */
static gboolean
bench_next_phase (KielaApplication *self, KielaWindow *window)
{
  switch (self->bench_phase)
    {
    case BENCH_FIRST_FRAME:
      /* The long move's position, played at once: not timed, as the frames of a new game. */
      g_settings_set_enum (self->settings, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
      kiela_window_new_game (window, kiela_registry_lookup_variant (self->registry, "kiela"), NULL, NULL);
      for (guint i = 0; i + 1 < G_N_ELEMENTS (bench_long_moves); i++)
        bench_play (window, bench_long_moves[i]);
      self->bench_phase = BENCH_SETUP;
      self->bench_resize_since_us = g_get_monotonic_time ();
      return TRUE;
    case BENCH_SETUP:
      /* Once that position is on screen, the long move itself at normal speed, as a click. */
      if (!bench_idle (self) && g_get_monotonic_time () - self->bench_resize_since_us < 30 * G_USEC_PER_SEC)
        return TRUE;
      g_array_set_size (self->bench_paint_ms, 0);
      g_array_set_size (self->bench_frame_ms, 0);
      self->bench_idle_cycles = 0;
      g_settings_set_enum (self->settings, KIELA_SETTINGS_SPEED, KIELA_SPEED_NORMAL);
      self->bench_phase = BENCH_MOVE;
      self->bench_resize_since_us = g_get_monotonic_time ();
      bench_play (window, bench_long_moves[G_N_ELEMENTS (bench_long_moves) - 1]);
      return TRUE;
    case BENCH_MOVE:
      {
        KielaTracePlayer *player = kiela_window_get_trace_player (window);

        const KielaTrace *trace = kiela_trace_player_get_trace (player);

        /* Until the long move itself (not the last instant one) has been shown to its end,
         * and the frames its end brings are drawn. */
        gboolean shown = trace != NULL && trace->result.laps == 12 && !kiela_trace_player_get_playing (player)
                         && kiela_trace_player_is_at_end (player);

        if (shown && self->bench_move_end_us == 0)
          self->bench_move_end_us = g_get_monotonic_time ();
        if (((!shown && g_get_monotonic_time () - self->bench_resize_since_us < 300 * G_USEC_PER_SEC)
             || (shown && !bench_idle (self) && g_get_monotonic_time () - self->bench_move_end_us < 5 * G_USEC_PER_SEC)))
          return TRUE;
        if (trace == NULL || trace->result.laps != 12)
          printf ("move-12-laps: not shown\n");
        printf ("move-12-laps-trace-events: %u\n", kiela_trace_player_get_n_events (player));
        printf ("move-12-laps-cycles-without-a-frame: %u\n", self->bench_idle_cycles);
        bench_report ("frames-move-12-laps-snapshot-render", self->bench_paint_ms);
        bench_report ("frames-move-12-laps-whole-frame", self->bench_frame_ms);
        self->bench_phase = BENCH_RESIZE;
        self->bench_resizes = 0;
        self->bench_sizes_reached = 0;
        self->bench_sizes_with_frames = 0;
        self->bench_idle_cycles = 0;
        self->bench_target_width = 0;
      }
      G_GNUC_FALLTHROUGH;
    case BENCH_RESIZE:
      /* The next size once the window is laid out at the last one and idle there.  (The
       * client-side decorations' shadow adds a few pixels; a size not reached in 5 s, a window
       * manager's refusal, ends the wait, and is reported.) */
      if (self->bench_target_width != 0)
        {
          gboolean reached = ABS (gtk_widget_get_width (GTK_WIDGET (window)) - self->bench_target_width) <= 32;

          if ((!reached || !bench_idle (self))
              && g_get_monotonic_time () - self->bench_resize_since_us < 5 * G_USEC_PER_SEC)
            return TRUE;
          self->bench_sizes_reached += reached;
          self->bench_sizes_with_frames += self->bench_frames_at_size > 0;
        }
      if (self->bench_resizes == BENCH_RESIZES)
        {
          printf ("resize-sizes-reached: %u of %u\n", self->bench_sizes_reached, BENCH_RESIZES);
          printf ("resize-sizes-with-a-frame-at-the-size: %u of %u\n", self->bench_sizes_with_frames, BENCH_RESIZES);
          printf ("resize-cycles-without-a-frame: %u\n", self->bench_idle_cycles);
          bench_report ("frames-resize-snapshot-render", self->bench_paint_ms);
          bench_report ("frames-resize-whole-frame", self->bench_frame_ms);
          self->bench_phase = BENCH_DONE;
          return FALSE;
        }
      self->bench_target_width = self->bench_resizes % 2 == 0 ? 1024 : 1920;
      self->bench_frames_at_size = 0;
      gtk_window_set_default_size (GTK_WINDOW (window), self->bench_target_width,
                                   self->bench_target_width == 1024 ? 768 : 1080);
      self->bench_resize_since_us = g_get_monotonic_time ();
      self->bench_resizes++;
      return TRUE;
    case BENCH_DONE:
    default:
      return FALSE;
    }
}

static gboolean
bench_quit_idle (gpointer data)
{
  g_application_quit (G_APPLICATION (data));
  return G_SOURCE_REMOVE;
}

static void
bench_quit (KielaApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  printf ("rss-kib-at-the-end: %ld\n", resident_kib ());
  fflush (stdout);
  if (window != NULL)
    g_signal_handlers_disconnect_by_data (gtk_widget_get_frame_clock (GTK_WIDGET (window)), self);
  /* After what the first frames left to idles of low priority, as a user's session would run
   * them: the board's image written to the disk cache, without which every start measured by
   * scripts/bench-start.sh (whose warm-up run fills the cache) rasterised the board again. */
  g_idle_add_full (G_PRIORITY_LOW + 100, bench_quit_idle, g_object_ref (self), g_object_unref);
}

static gboolean
bench_quit_later (gpointer data)
{
  bench_quit (data);
  return G_SOURCE_REMOVE;
}

static gboolean
bench_watch (gpointer data)
{
  KielaApplication *self = data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window != NULL && bench_next_phase (self, KIELA_WINDOW (window)))
    return G_SOURCE_CONTINUE;
  bench_quit (self);
  return G_SOURCE_REMOVE;
}

static void
bench_after_paint (GdkFrameClock *clock, KielaApplication *self)
{
  gint64 now = g_get_monotonic_time ();
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (self->bench_record != NULL)
    {
      GFile *shown = window ? kiela_game_session_get_file (kiela_window_get_session (KIELA_WINDOW (window))) : NULL;

      if (shown == NULL || !g_file_equal (shown, self->bench_record))
        {
          /* The window drawn, the record still being read: not yet the frame a user waits for. */
          if (!self->bench_window_shown)
            {
              self->bench_window_shown = TRUE;
              bench_mark (self, "window-first-frame");
            }
          return;
        }
      g_clear_object (&self->bench_record);
      self->bench_record_shown = TRUE;
    }
  if (self->bench_frames == 0)
    {
      bench_mark (self, "first-frame");
      printf ("first-frame-ms: %.1f\n", (now - self->start_time_us) / 1000.0);
      printf ("rss-kib-after-first-frame: %ld\n", resident_kib ());
      /* What that frame showed, so a benchmark of a long record knows it was opened. */
      if (window != NULL && kiela_window_get_game (KIELA_WINDOW (window)) != NULL)
        printf ("moves-shown: %u of %u\n", kiela_window_get_view_ply (KIELA_WINDOW (window)),
                kiela_game_get_n_moves (kiela_window_get_game (KIELA_WINDOW (window))));
      fflush (stdout);
    }
  else if (!self->bench_rendered)
    {
      /* A cycle of the frame clock in which the window drew nothing: no frame for a user. */
      self->bench_idle_cycles++;
      return;
    }
  else if (self->bench_phase == BENCH_SETUP || self->bench_phase == BENCH_MOVE || self->bench_phase == BENCH_RESIZE)
    {
      double paint = (now - (self->bench_layout_end_us ? self->bench_layout_end_us : self->bench_frame_start_us)) / 1000.0;
      double frame = (now - self->bench_frame_start_us) / 1000.0;

      self->bench_last_render_us = now;
      g_array_append_val (self->bench_paint_ms, paint);
      g_array_append_val (self->bench_frame_ms, frame);
      if (self->bench_phase == BENCH_RESIZE && window != NULL
          && ABS (gtk_widget_get_width (GTK_WIDGET (window)) - self->bench_target_width) <= 32)
        self->bench_frames_at_size++;
      if (g_getenv ("KIELA_BENCH_FRAMES_LOG") != NULL)
        /* The clock's own time too, to find a frame in a profile (perf record -k CLOCK_MONOTONIC). */
        fprintf (stderr, "frame: phase %d, at %.1f ms (monotonic %.4f s), layout %.2f ms, snapshot+render %.2f ms, "
                 "whole %.2f ms, width %d\n",
                 self->bench_phase, (self->bench_frame_start_us - self->start_time_us) / 1000.0,
                 self->bench_frame_start_us / 1e6,
                 self->bench_layout_end_us ? (self->bench_layout_end_us - self->bench_frame_start_us) / 1000.0 : 0.0,
                 paint, frame, window ? gtk_widget_get_width (GTK_WIDGET (window)) : 0);
    }
  self->bench_frames++;
  if (self->bench_frames == 1)
    {
      if (window != NULL && self->bench_frames_wanted)
        /* The phases are watched from a timeout: frames come only when something changes, as
         * for a user, none asked for by the benchmark itself. */
        g_timeout_add (20, bench_watch, self);
      else if (self->bench_record_shown)
        /* Not while the "Opening…" toast goes and "Opened" comes: libadwaita 1.2 crashes when
         * a toast overlay is disposed during a toast's animation. */
        g_timeout_add (1000, bench_quit_later, self);
      else
        bench_quit (self);
    }
}

static void
bench_realize (GtkWidget *window, KielaApplication *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  self->bench_paint_ms = g_array_new (FALSE, FALSE, sizeof (double));
  self->bench_frame_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_signal_connect (clock, "before-paint", G_CALLBACK (bench_before_paint), self);
  /* After GTK's own layout handler: what follows in the frame is the snapshot and the render. */
  g_signal_connect_after (clock, "layout", G_CALLBACK (bench_after_layout), self);
  g_signal_connect (clock, "after-paint", G_CALLBACK (bench_after_paint), self);
  self->bench_rendered = TRUE;   /* the first frame: the window is drawn whole */
  g_signal_add_emission_hook (g_signal_lookup ("render", GDK_TYPE_SURFACE), 0, bench_render_hook, self, NULL);
}

/* Keeps the window's size for the next start, when it is closed (Quit closes it too).  The size of a
 * maximized or fullscreen window is not the one to come back to, so it is left as it was. */
static gboolean
save_window_state (GtkWindow *window, GSettings *settings)
{
  gboolean maximized = gtk_window_is_maximized (window);
  int width, height;

  /* GTK keeps the user's last unmaximized size here, without the client-side decorations, so it
   * is what gtk_window_set_default_size takes back (the allocation would drift by the CSD). */
  gtk_window_get_default_size (window, &width, &height);

  if (!maximized && !gtk_window_is_fullscreen (window) && width > 0 && height > 0)
    {
      /* Within the schema's range, which refuses anything else with a critical. */
      g_settings_set_int (settings, KIELA_SETTINGS_WINDOW_WIDTH,
                          CLAMP (width, KIELA_SETTINGS_WINDOW_MIN_WIDTH, KIELA_SETTINGS_WINDOW_MAX_SIZE));
      g_settings_set_int (settings, KIELA_SETTINGS_WINDOW_HEIGHT,
                          CLAMP (height, KIELA_SETTINGS_WINDOW_MIN_HEIGHT, KIELA_SETTINGS_WINDOW_MAX_SIZE));
    }
  g_settings_set_boolean (settings, KIELA_SETTINGS_WINDOW_MAXIMIZED, maximized);
  return GDK_EVENT_PROPAGATE;
}

/* The autosave this instance claimed, once: the usual one, or one of its own when another
 * instance holds that (two sessions of one user without a shared bus). */
static const char *
ensure_autosave_path (KielaApplication *self)
{
  if (self->autosave_path == NULL)
    {
      g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "kiela", NULL);
      g_autoptr(GFile) file = kiela_game_file_claim_autosave (dir, &self->autosave_lock, &self->autosave_slot);

      self->autosave_path = g_file_get_path (file);
    }
  return self->autosave_path;
}

/* The window, made (with the autosave restored when `restore`) if there is none; a newcomer's
 * first one shows the welcome page, unless `welcome` is FALSE (a file is being opened). */
static KielaWindow *
kiela_application_ensure_window (KielaApplication *self, gboolean restore, gboolean welcome)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window != NULL)
    return KIELA_WINDOW (window);

  window = GTK_WINDOW (kiela_window_new (GTK_APPLICATION (self), self->registry, self->settings,
                                         ensure_autosave_path (self)));
  bench_mark (self, "window-built");
  if (restore)
    kiela_window_restore_autosave (KIELA_WINDOW (window));
  if (self->autosave_slot > 1)
    {
      g_autofree char *name = g_path_get_basename (self->autosave_path);
      /* TRANSLATORS: %s is a file name such as "autosave-2.kiela" */
      g_autofree char *text = g_strdup_printf (_("Kiela is already open on this computer: this window autosaves its game apart, as “%s”."),
                                               name);
      g_signal_emit_by_name (kiela_window_get_session (KIELA_WINDOW (window)), "message", text);
    }
  bench_mark (self, "autosave-restored");
  /* A newcomer meets the welcome page once; the board stays one click away. */
  if (restore && welcome && !self->benchmark)
    kiela_learn_first_start (kiela_window_get_learn (KIELA_WINDOW (window)));
  if (self->benchmark)
    {
      gtk_window_set_default_size (window, 1920, 1080);
      g_signal_connect (window, "realize", G_CALLBACK (bench_realize), self);
    }
  else
    {
      /* The window comes back as it was left (saved when it goes away, see save_window_state). */
      int width, height;

      kiela_settings_get_window_size (self->settings, &width, &height);
      gtk_window_set_default_size (window, width, height);
      if (g_settings_get_boolean (self->settings, KIELA_SETTINGS_WINDOW_MAXIMIZED))
        gtk_window_maximize (window);
      g_signal_connect_object (window, "close-request", G_CALLBACK (save_window_state), self->settings, 0);
    }
  return KIELA_WINDOW (window);
}

static void
kiela_application_activate (GApplication *app)
{
  KielaWindow *window = kiela_application_ensure_window (KIELA_APPLICATION (app), TRUE, TRUE);

  gtk_window_present (GTK_WINDOW (window));
  bench_mark (KIELA_APPLICATION (app), "window-presented");
}

/* --benchmark FILE: a record that never shows (unreadable, refused) ends the run as a failure. */
static gboolean
bench_record_timeout (gpointer data)
{
  KielaApplication *self = data;

  if (self->bench_record != NULL)
    {
      g_printerr ("kiela --benchmark: the record was not shown within 300 s\n");
      exit (1);
    }
  return G_SOURCE_REMOVE;
}

static gboolean
is_variant_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, KIELA_VARIANT_FILE_SUFFIX);
}

static gboolean
is_lesson_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, KIELA_LESSON_FILE_SUFFIX);
}

static void
kiela_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  KielaApplication *self = KIELA_APPLICATION (app);
  KielaWindow *window;
  GFile *last_game = NULL;

  /* One window, one game: the last file named wins, as in a single-document app.  A game with
   * unsaved changes is not replaced before the user has chosen to save or discard them. */
  for (int i = 0; i < n_files; i++)
    if (!is_variant_file (files[i]) && !is_lesson_file (files[i]))
      last_game = files[i];
  /* A game named on the command line (or from the file manager) shows at once, not the welcome
   * page; the window is shown before any question, which must stand above it. */
  window = kiela_application_ensure_window (self, TRUE, last_game == NULL);
  gtk_window_present (GTK_WINDOW (window));
  /* A shared variant is shown, then installed on confirmation; it never replaces the game. */
  for (int i = 0; i < n_files; i++)
    if (is_variant_file (files[i]))
      kiela_variant_install_prompt (GTK_WINDOW (window), self->registry, files[i]);
    else if (is_lesson_file (files[i]))
      /* A shared lesson likewise: shown with its steps and checks, installed on confirmation. */
      kiela_lesson_install_prompt (GTK_WINDOW (window), self->registry, files[i]);
  if (last_game)
    {
      if (self->benchmark && self->bench_frames == 0)
        {
          g_set_object (&self->bench_record, last_game);
          g_timeout_add_seconds (300, bench_record_timeout, self);
        }
      kiela_window_open (window, last_game);
    }
}

static void
action_quit (GSimpleAction *action, GVariant *param, gpointer data)
{
  GApplication *app = data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  /* Closing each window asks before unsaved changes to a saved game are lost, and disposes
   * it, which cancels any AI search; the application ends with its last window. */
  while (windows)
    {
      GList *next = windows->next;
      gtk_window_close (windows->data);
      windows = next;
    }
}

static const GActionEntry app_entries[] = {
  { "quit", action_quit },
};

static void
kiela_application_startup (GApplication *app)
{
  KielaApplication *self = KIELA_APPLICATION (app);
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "win.new-game", { "<Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.edit-position", { "<Control>e", NULL } },
    { "win.fullscreen", { "F11", NULL } },
    { "win.preferences", { "<Control>comma", NULL } },
    /* What GtkApplication gives a gtk/help-overlay.ui resource, which Kiela keeps elsewhere. */
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.show-page::rules", { "F1", NULL } },
    /* Work even while a board house has the focus (plain arrows then move between houses). */
    { "win.step-back", { "<Control>Left", NULL } },
    { "win.step-forward", { "<Control>Right", NULL } },
    { "win.go-start", { "<Control>Home", NULL } },
    { "win.go-end", { "<Control>End", NULL } },
    { "win.play-pause", { "<Control>space", NULL } },
    { "win.previous-move", { "<Control>Page_Up", NULL } },
    { "win.next-move", { "<Control>Page_Down", NULL } },
  };

  bench_mark (self, "startup-begins");
  G_APPLICATION_CLASS (kiela_application_parent_class)->startup (app);
  bench_mark (self, "gtk-and-adwaita-started");

  {
    g_autofree char *cache = g_build_filename (g_get_user_cache_dir (), "kiela", NULL);

    kiela_board_renderer_set_cache_dir (cache);
  }

  self->registry = kiela_registry_new ();
  kiela_registry_load_default (self->registry);
  bench_mark (self, "plugins-loaded");
  if (self->settings == NULL)
    {
      g_autoptr(GError) error = NULL;

      self->settings = kiela_settings_new (&error);
      if (self->settings == NULL)
        {
          /* handle_local_options already refused to start; this is a primary instance started otherwise. */
          g_printerr ("kiela: %s\n", error->message);
          exit (1);
        }
    }
  kiela_settings_migrate_legacy (self->settings, NULL);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries, G_N_ELEMENTS (app_entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
}

static void
kiela_application_shutdown (GApplication *app)
{
  KielaApplication *self = KIELA_APPLICATION (app);

  G_APPLICATION_CLASS (kiela_application_parent_class)->shutdown (app);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->registry, kiela_registry_free);
}

static int
kiela_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  KielaApplication *self = KIELA_APPLICATION (app);

  if (g_variant_dict_contains (options, "version"))
    {
      printf ("kiela %s\n", PACKAGE_VERSION);
      return 0;
    }
  /* Without its schema GSettings would abort: say what is missing instead. */
  {
    g_autoptr(GError) error = NULL;

    self->settings = kiela_settings_new (&error);
    if (self->settings == NULL)
      {
        g_printerr ("kiela: %s\n", error->message);
        return 1;
      }
  }
  if (g_variant_dict_contains (options, "benchmark-frames"))
    {
      self->bench_frames_wanted = TRUE;
      g_variant_dict_insert (options, "benchmark", "b", TRUE);
    }
  if (g_variant_dict_contains (options, "benchmark"))
    {
      self->benchmark = TRUE;
      /* A private instance, so a running Kiela does not take the request. */
      g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
    }
  return -1;
}

static void
kiela_application_finalize (GObject *object)
{
  KielaApplication *self = KIELA_APPLICATION (object);

  /* Set in handle_local_options even when a running instance takes the request. */
  g_clear_object (&self->settings);
  g_clear_pointer (&self->bench_paint_ms, g_array_unref);
  g_clear_pointer (&self->bench_frame_ms, g_array_unref);
  g_clear_object (&self->bench_record);
  g_free (self->autosave_path);
  if (self->autosave_lock >= 0)
    close (self->autosave_lock);
  G_OBJECT_CLASS (kiela_application_parent_class)->finalize (object);
}

static void
kiela_application_class_init (KielaApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = kiela_application_finalize;

  app_class->startup = kiela_application_startup;
  app_class->shutdown = kiela_application_shutdown;
  app_class->activate = kiela_application_activate;
  app_class->open = kiela_application_open;
  app_class->handle_local_options = kiela_application_handle_local_options;
}

static void
kiela_application_init (KielaApplication *self)
{
  static const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and exit"), NULL },
    { "benchmark", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Print the time to the first frame and memory use, then quit"), NULL },
    { "benchmark-frames", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("As --benchmark, then time every frame of a long move animated stone by stone and of the window resized, then quit"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  self->autosave_lock = -1;
}

KielaApplication *
kiela_application_new (gint64 start_time_us)
{
  KielaApplication *self = g_object_new (KIELA_TYPE_APPLICATION,
                                         "application-id", KIELA_APP_ID,
                                         "flags", G_APPLICATION_HANDLES_OPEN,
                                         NULL);

  self->start_time_us = start_time_us;
  return self;
}

GSettings *
kiela_application_get_settings (KielaApplication *self)
{
  return self->settings;
}
