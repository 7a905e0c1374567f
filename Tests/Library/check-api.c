/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libunfold's C API as a C program meets it, built against the installed
 * library with pkg-config (LibraryTests builds and runs it under Xvfb):
 * types and properties by GType, GtkRevealer's names in a .ui file, the
 * motion seen through notify, criticals for a programmer's errors. */
#include <stdlib.h>
#include <unfold.h>

/* Turns the main loop until `done` holds (no time limit: a test that never
 * gets there has hung, and the runner says so). */
static void
iterate_until (gboolean (*done) (gpointer), gpointer data)
{
  while (!done (data))
    g_main_context_iteration (NULL, TRUE);
}

/* Whether the list has made a row for each of its model's three items (rows
 * are made at the start of the frame that first draws them). */
static gboolean
has_three_rows (gpointer list)
{
  int rows = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (list); child; child = gtk_widget_get_next_sibling (child))
    rows++;
  return rows >= 3;
}

static GtkWidget *
show_in_window (GtkWidget *child)
{
  GtkWidget *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
check_property (GType type, const char *name, GType value_type, gboolean writable)
{
  GObjectClass *klass = g_type_class_ref (type);
  GParamSpec *pspec = g_object_class_find_property (klass, name);
  g_assert_nonnull (pspec);
  g_assert_true (g_type_is_a (pspec->value_type, value_type));
  g_assert_true (pspec->flags & G_PARAM_READABLE);
  g_assert_cmpint (!!(pspec->flags & G_PARAM_WRITABLE), ==, !!writable);
  g_assert_true (pspec->flags & G_PARAM_EXPLICIT_NOTIFY);
  g_type_class_unref (klass);
}

/* Several threads asking for every type at once, before GTK's thread has
 * asked for any: GTK's _get_type () functions may be called from any thread,
 * and so must ours. */
enum { RACING_THREADS = 4, UNFOLD_TYPES = 5 };

typedef struct {
  GMutex lock;
  GCond start;
  gboolean started;
} StartingLine;

static gpointer
ask_for_every_type (gpointer data)
{
  StartingLine *line = data;
  g_mutex_lock (&line->lock);
  while (!line->started)
    g_cond_wait (&line->start, &line->lock);
  g_mutex_unlock (&line->lock);

  GType *types = g_new (GType, UNFOLD_TYPES);
  types[0] = unfold_reveal_get_type ();
  types[1] = unfold_reveal_group_get_type ();
  types[2] = unfold_chevron_get_type ();
  types[3] = unfold_list_view_get_type ();
  types[4] = unfold_list_row_get_type ();
  /* The first class_ref runs class_init on this thread, not GTK's. */
  for (int i = 0; i < UNFOLD_TYPES; i++)
    {
      GObjectClass *klass = g_type_class_ref (types[i]);
      guint n_properties = 0;
      g_free (g_object_class_list_properties (klass, &n_properties));
      g_assert_cmpuint (n_properties, >, 0);
      g_type_class_unref (klass);
    }
  return types;
}

static void
test_types_from_threads (void)
{
  g_assert_cmpuint (g_type_from_name ("UnfoldReveal"), ==, 0);
  StartingLine line = { 0 };
  g_mutex_init (&line.lock);
  g_cond_init (&line.start);
  GThread *threads[RACING_THREADS];
  for (int i = 0; i < RACING_THREADS; i++)
    threads[i] = g_thread_new ("get-type", ask_for_every_type, &line);
  g_mutex_lock (&line.lock);
  line.started = TRUE;
  g_cond_broadcast (&line.start);
  g_mutex_unlock (&line.lock);

  GType *first = g_thread_join (threads[0]);
  for (int i = 0; i < UNFOLD_TYPES; i++)
    g_assert_cmpuint (first[i], !=, 0);
  for (int i = 1; i < RACING_THREADS; i++)
    {
      GType *types = g_thread_join (threads[i]);
      for (int t = 0; t < UNFOLD_TYPES; t++)
        g_assert_cmpuint (types[t], ==, first[t]);
      g_free (types);
    }
  g_assert_cmpuint (UNFOLD_TYPE_REVEAL, ==, first[0]);
  g_assert_cmpuint (UNFOLD_TYPE_LIST_ROW, ==, first[4]);
  g_free (first);
  g_cond_clear (&line.start);
  g_mutex_clear (&line.lock);

  /* A class initialised off GTK's thread makes working widgets on it. */
  GtkWidget *reveal = g_object_ref_sink (unfold_reveal_new ());
  unfold_reveal_set_reveal_child (UNFOLD_REVEAL (reveal), TRUE);
  g_assert_true (unfold_reveal_get_reveal_child (UNFOLD_REVEAL (reveal)));
  g_object_unref (reveal);
}

static void
test_types (void)
{
  /* Registered by their first _get_type (), as GTK's are: no unfold_init (). */
  g_assert_cmpstr (g_type_name (UNFOLD_TYPE_REVEAL), ==, "UnfoldReveal");
  g_assert_cmpstr (g_type_name (UNFOLD_TYPE_REVEAL_GROUP), ==, "UnfoldRevealGroup");
  g_assert_cmpstr (g_type_name (UNFOLD_TYPE_CHEVRON), ==, "UnfoldChevron");
  g_assert_cmpstr (g_type_name (UNFOLD_TYPE_LIST_VIEW), ==, "UnfoldListView");
  g_assert_cmpstr (g_type_name (UNFOLD_TYPE_LIST_ROW), ==, "UnfoldListRow");
  GType types[] = { UNFOLD_TYPE_REVEAL, UNFOLD_TYPE_REVEAL_GROUP, UNFOLD_TYPE_CHEVRON, UNFOLD_TYPE_LIST_VIEW,
                    UNFOLD_TYPE_LIST_ROW };
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_assert_true (g_type_parent (types[i]) == GTK_TYPE_WIDGET);
      g_assert_true (G_TYPE_IS_FINAL (types[i]));
    }

  check_property (UNFOLD_TYPE_REVEAL, "child", GTK_TYPE_WIDGET, TRUE);
  check_property (UNFOLD_TYPE_REVEAL, "reveal-child", G_TYPE_BOOLEAN, TRUE);
  check_property (UNFOLD_TYPE_REVEAL, "child-revealed", G_TYPE_BOOLEAN, FALSE);
  check_property (UNFOLD_TYPE_REVEAL, "transition-duration", G_TYPE_UINT, TRUE);
  check_property (UNFOLD_TYPE_REVEAL, "transition-type", GTK_TYPE_REVEALER_TRANSITION_TYPE, TRUE);
  check_property (UNFOLD_TYPE_REVEAL, "progress", G_TYPE_DOUBLE, FALSE);
  check_property (UNFOLD_TYPE_REVEAL_GROUP, "title", G_TYPE_STRING, TRUE);
  check_property (UNFOLD_TYPE_REVEAL_GROUP, "expanded", G_TYPE_BOOLEAN, TRUE);
  check_property (UNFOLD_TYPE_REVEAL_GROUP, "child", GTK_TYPE_WIDGET, TRUE);
  check_property (UNFOLD_TYPE_CHEVRON, "progress", G_TYPE_DOUBLE, TRUE);
  check_property (UNFOLD_TYPE_LIST_ROW, "child", GTK_TYPE_WIDGET, TRUE);

  g_assert_cmpuint (unfold_get_major_version (), ==, UNFOLD_MAJOR_VERSION);
  g_assert_cmpuint (unfold_get_minor_version (), ==, UNFOLD_MINOR_VERSION);
  g_assert_cmpuint (unfold_get_micro_version (), ==, UNFOLD_MICRO_VERSION);
}

typedef struct {
  GArray *progress;
  int revealed_true;
} Motion;

static void
on_progress (UnfoldReveal *reveal, GParamSpec *pspec, Motion *motion)
{
  double value = unfold_reveal_get_progress (reveal);
  g_array_append_val (motion->progress, value);
}

static void
on_child_revealed (UnfoldReveal *reveal, GParamSpec *pspec, Motion *motion)
{
  if (unfold_reveal_get_child_revealed (reveal))
    motion->revealed_true++;
}

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static gboolean
child_is_revealed (gpointer reveal)
{
  return unfold_reveal_get_child_revealed (reveal);
}

static int
distinct_between_0_and_1 (GArray *values)
{
  int distinct = 0;
  for (guint i = 0; i < values->len; i++)
    {
      double v = g_array_index (values, double, i);
      gboolean seen = FALSE;
      for (guint j = 0; j < i; j++)
        seen = seen || g_array_index (values, double, j) == v;
      distinct += !seen && v > 0 && v < 1;
    }
  return distinct;
}

static void
test_motion (void)
{
  GtkWidget *reveal = unfold_reveal_new ();
  GtkWidget *label = gtk_label_new ("Revealed content");
  unfold_reveal_set_child (UNFOLD_REVEAL (reveal), label);
  g_assert_true (unfold_reveal_get_child (UNFOLD_REVEAL (reveal)) == label);
  g_assert_cmpuint (unfold_reveal_get_transition_duration (UNFOLD_REVEAL (reveal)), ==, 250);
  g_assert_cmpint (unfold_reveal_get_transition_type (UNFOLD_REVEAL (reveal)), ==, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  GtkWidget *window = show_in_window (reveal);
  iterate_until (is_mapped, reveal);

  Motion motion = { g_array_new (FALSE, FALSE, sizeof (double)), 0 };
  g_signal_connect (reveal, "notify::progress", G_CALLBACK (on_progress), &motion);
  g_signal_connect (reveal, "notify::child-revealed", G_CALLBACK (on_child_revealed), &motion);
  unfold_reveal_set_reveal_child (UNFOLD_REVEAL (reveal), TRUE);
  unfold_reveal_set_reveal_child (UNFOLD_REVEAL (reveal), TRUE);  /* the same value: no second move */
  g_assert_true (unfold_reveal_get_reveal_child (UNFOLD_REVEAL (reveal)));
  iterate_until (child_is_revealed, reveal);
  g_test_message ("%u progress notifications, %d distinct between 0 and 1",
                  motion.progress->len, distinct_between_0_and_1 (motion.progress));
  g_assert_cmpint (distinct_between_0_and_1 (motion.progress), >=, 5);
  g_assert_cmpint (motion.revealed_true, ==, 1);
  g_assert_cmpfloat (g_array_index (motion.progress, double, motion.progress->len - 1), ==, 1.0);

  /* Closing: not wholly shown any more from the moment it starts. */
  unfold_reveal_set_reveal_child (UNFOLD_REVEAL (reveal), FALSE);
  g_assert_false (unfold_reveal_get_child_revealed (UNFOLD_REVEAL (reveal)));
  /* No duration, or no transition: the end at once. */
  unfold_reveal_set_transition_duration (UNFOLD_REVEAL (reveal), 0);
  unfold_reveal_set_reveal_child (UNFOLD_REVEAL (reveal), TRUE);
  g_assert_cmpfloat (unfold_reveal_get_progress (UNFOLD_REVEAL (reveal)), ==, 1.0);
  unfold_reveal_set_transition_duration (UNFOLD_REVEAL (reveal), 250);
  unfold_reveal_set_transition_type (UNFOLD_REVEAL (reveal), GTK_REVEALER_TRANSITION_TYPE_NONE);
  unfold_reveal_set_reveal_child (UNFOLD_REVEAL (reveal), FALSE);
  g_assert_cmpfloat (unfold_reveal_get_progress (UNFOLD_REVEAL (reveal)), ==, 0.0);

  g_array_unref (motion.progress);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A slide-down GtkRevealer from a .ui file, its class changed and nothing else. */
static const char *swapped_ui =
  "<interface>"
  "  <object class='UnfoldReveal' id='reveal'>"
  "    <property name='transition-type'>slide-down</property>"
  "    <property name='transition-duration'>400</property>"
  "    <property name='reveal-child'>True</property>"
  "    <child><object class='GtkLabel' id='label'><property name='label'>Inside</property></object></child>"
  "  </object>"
  "  <object class='UnfoldRevealGroup' id='group'>"
  "    <property name='title'>Shapes</property>"
  "    <property name='expanded'>True</property>"
  "    <child><object class='GtkLabel' id='circle'><property name='label'>Circle</property></object></child>"
  "  </object>"
  "</interface>";

static void
test_builder (void)
{
  GtkBuilder *builder = gtk_builder_new_from_string (swapped_ui, -1);
  UnfoldReveal *reveal = UNFOLD_REVEAL (gtk_builder_get_object (builder, "reveal"));
  g_assert_true (unfold_reveal_get_child (reveal) == GTK_WIDGET (gtk_builder_get_object (builder, "label")));
  g_assert_cmpuint (unfold_reveal_get_transition_duration (reveal), ==, 400);
  g_assert_true (unfold_reveal_get_reveal_child (reveal));
  UnfoldRevealGroup *group = UNFOLD_REVEAL_GROUP (gtk_builder_get_object (builder, "group"));
  g_assert_cmpstr (unfold_reveal_group_get_title (group), ==, "Shapes");
  g_assert_true (unfold_reveal_group_get_expanded (group));
  g_assert_true (unfold_reveal_group_get_child (group) == GTK_WIDGET (gtk_builder_get_object (builder, "circle")));
  g_object_unref (builder);
}

static void
test_group (void)
{
  GtkWidget *group = g_object_ref_sink (unfold_reveal_group_new ("Collection"));
  unfold_reveal_group_set_expanded (UNFOLD_REVEAL_GROUP (group), TRUE);
  g_assert_true (unfold_reveal_group_get_expanded (UNFOLD_REVEAL_GROUP (group)));
  unfold_reveal_group_set_title (UNFOLD_REVEAL_GROUP (group), NULL);
  g_assert_cmpstr (unfold_reveal_group_get_title (UNFOLD_REVEAL_GROUP (group)), ==, "");
  GtkWidget *chevron = g_object_ref_sink (unfold_chevron_new ());
  unfold_chevron_set_progress (UNFOLD_CHEVRON (chevron), 2.0);
  g_assert_cmpfloat (unfold_chevron_get_progress (UNFOLD_CHEVRON (chevron)), ==, 1.0);
  /* GObject may dispose twice; the second finds nothing left. */
  g_object_run_dispose (G_OBJECT (group));
  g_object_run_dispose (G_OBJECT (group));
  g_object_unref (group);
  g_object_unref (chevron);
}

/* A programmer's error is a critical naming the function, as GTK's are. */
static void
test_programmer_errors (void)
{
  if (g_test_subprocess ())
    {
      unfold_reveal_set_reveal_child (NULL, TRUE);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*CRITICAL*unfold_reveal_set_reveal_child*UNFOLD_IS_REVEAL (self)*");
}

static void
test_wrong_instance (void)
{
  GtkWidget *label = g_object_ref_sink (gtk_label_new ("not a group"));
  g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL, "*unfold_reveal_group_get_expanded*UNFOLD_IS_REVEAL_GROUP (self)*");
  g_assert_false (unfold_reveal_group_get_expanded ((UnfoldRevealGroup *) label));
  g_test_assert_expected_messages ();
  GtkWidget *reveal = g_object_ref_sink (unfold_reveal_new ());
  g_test_expect_message ("Unfold", G_LOG_LEVEL_WARNING, "*transition-type crossfade*");
  unfold_reveal_set_transition_type (UNFOLD_REVEAL (reveal), GTK_REVEALER_TRANSITION_TYPE_CROSSFADE);
  g_test_assert_expected_messages ();
  g_assert_cmpint (unfold_reveal_get_transition_type (UNFOLD_REVEAL (reveal)), ==, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  g_object_unref (reveal);
  g_object_unref (label);
}

/* Slow motion: a reveal of 100 ms, ten times slower, spreads over a second
 * of frames (read off the frame clock: no time limit, a span). */
typedef struct {
  gint64 first_frame, last_frame;
} FrameSpan;

static void
on_slow_progress (UnfoldReveal *reveal, GParamSpec *pspec, FrameSpan *span)
{
  gint64 now = gdk_frame_clock_get_frame_time (gtk_widget_get_frame_clock (GTK_WIDGET (reveal)));
  if (span->first_frame == 0)
    span->first_frame = now;
  span->last_frame = now;
}

static void
test_slowdown (void)
{
  g_assert_cmpfloat (unfold_get_slowdown (), ==, 1.0);
  unfold_set_slowdown (10);
  g_assert_cmpfloat (unfold_get_slowdown (), ==, 10.0);

  GtkWidget *reveal = unfold_reveal_new ();
  unfold_reveal_set_child (UNFOLD_REVEAL (reveal), gtk_label_new ("Slowly"));
  unfold_reveal_set_transition_duration (UNFOLD_REVEAL (reveal), 100);
  GtkWidget *window = show_in_window (reveal);
  iterate_until (is_mapped, reveal);
  FrameSpan span = { 0, 0 };
  g_signal_connect (reveal, "notify::progress", G_CALLBACK (on_slow_progress), &span);
  unfold_reveal_set_reveal_child (UNFOLD_REVEAL (reveal), TRUE);
  iterate_until (child_is_revealed, reveal);
  g_test_message ("100 ms ten times slower took %" G_GINT64_FORMAT " µs of frames", span.last_frame - span.first_frame);
  g_assert_cmpint (span.last_frame - span.first_frame, >=, 900000);

  g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL, "*unfold_set_slowdown*factor > 0*");
  unfold_set_slowdown (0);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (unfold_get_slowdown (), ==, 10.0);
  unfold_set_slowdown (1);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The list: a GListStore of GtkStringObjects, a label per item. */
typedef struct {
  int made;
  GHashTable *widget_of_item; /* item → the widget made for it */
  int alive;                  /* widgets made and not finalized */
} Rows;

static void
row_finalized (gpointer data, GObject *where_the_object_was)
{
  ((Rows *) data)->alive--;
}

/* Once the list is gone: every widget it was made to hold went with it. */
static void
rows_released (Rows *rows)
{
  g_assert_cmpint (rows->alive, ==, 0);
  g_hash_table_unref (rows->widget_of_item);
}

static GtkWidget *
make_row (gpointer item, gpointer data)
{
  Rows *rows = data;
  GtkWidget *label = gtk_label_new (gtk_string_object_get_string (item));
  rows->made++;
  rows->alive++;
  g_object_weak_ref (G_OBJECT (label), row_finalized, rows);
  g_hash_table_insert (rows->widget_of_item, item, label);
  return label;
}

static GListStore *
store_of (int count)
{
  GListStore *store = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  for (int i = 0; i < count; i++)
    {
      char *text = g_strdup_printf ("Item %d", i);
      GtkStringObject *item = gtk_string_object_new (text);
      g_list_store_append (store, item);
      g_object_unref (item);
      g_free (text);
    }
  return store;
}

static double
y_of (GtkWidget *widget, GtkWidget *list)
{
  graphene_rect_t bounds;
  g_assert_true (gtk_widget_compute_bounds (gtk_widget_get_parent (widget), list, &bounds));
  return bounds.origin.y;
}

typedef struct { GtkWidget *widget, *list; double target; gboolean between; double from; } Glide;

static gboolean
glide_done (gpointer data)
{
  Glide *glide = data;
  double y = y_of (glide->widget, glide->list);
  if (y > MIN (glide->from, glide->target) && y < MAX (glide->from, glide->target))
    glide->between = TRUE;
  return y == glide->target;
}

/* A splice that takes an item out and puts the same item back elsewhere
 * moves its row: the same widget, through positions in between. */
static void
test_list_identity (void)
{
  Rows rows = { 0, g_hash_table_new (NULL, NULL), 0 };
  GListStore *store = store_of (4);
  GtkWidget *list = unfold_list_view_new ();
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), G_LIST_MODEL (store), make_row, &rows, NULL);
  g_assert_true (unfold_list_view_get_model (UNFOLD_LIST_VIEW (list)) == G_LIST_MODEL (store));
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  GtkWidget *window = show_in_window (scroller);
  iterate_until (is_mapped, list);
  while (rows.made < 4)
    g_main_context_iteration (NULL, TRUE);

  GtkStringObject *moved = g_list_model_get_item (G_LIST_MODEL (store), 1);
  GtkWidget *widget = g_hash_table_lookup (rows.widget_of_item, moved);
  while (y_of (widget, list) == 0)
    g_main_context_iteration (NULL, TRUE);
  double from = y_of (widget, list);
  GtkStringObject *others[] = { g_list_model_get_item (G_LIST_MODEL (store), 2),
                                g_list_model_get_item (G_LIST_MODEL (store), 3), moved };
  g_list_store_splice (store, 1, 3, (gpointer *) others, 3);
  g_assert_cmpint (rows.made, ==, 4);  /* no row made again: the same items */
  g_assert_true (g_hash_table_lookup (rows.widget_of_item, moved) == widget);
  Glide glide = { widget, list, 3 * from, FALSE, from };
  iterate_until (glide_done, &glide);
  g_assert_true (glide.between);
  g_assert_cmpint (rows.made, ==, 4);
  g_object_unref (others[0]);
  g_object_unref (others[1]);
  g_object_unref (moved);

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (store);
  rows_released (&rows);
}

static GtkWidget *
make_own_row (gpointer item, gpointer data)
{
  GtkWidget *row = unfold_list_row_new ();
  unfold_list_row_set_child (UNFOLD_LIST_ROW (row), make_row (item, data));
  gtk_widget_add_css_class (row, "own");
  return row;
}

/* A create-widget function that makes an UnfoldListRow has it used as it
 * is, as GtkListBox uses a GtkListBoxRow: the list's children are those rows;
 * any other widget is put in a row of the list's own. */
static void
test_list_own_rows (void)
{
  Rows rows = { 0, g_hash_table_new (NULL, NULL), 0 };
  GListStore *store = store_of (3);
  GtkWidget *list = unfold_list_view_new ();
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), G_LIST_MODEL (store), make_own_row, &rows, NULL);
  GtkWidget *window = show_in_window (list);
  iterate_until (has_three_rows, list);
  int children = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (list); child; child = gtk_widget_get_next_sibling (child))
    {
      g_assert_true (UNFOLD_IS_LIST_ROW (child));
      g_assert_true (gtk_widget_has_css_class (child, "own"));
      GtkWidget *label = unfold_list_row_get_child (UNFOLD_LIST_ROW (child));
      g_assert_true (GTK_IS_LABEL (label));
      g_assert_true (gtk_widget_get_parent (label) == child);
      children++;
    }
  g_assert_cmpint (children, ==, 3);

  /* A row's child can be replaced, and taken away. */
  GtkWidget *row = gtk_widget_get_first_child (list);
  GtkWidget *other = gtk_label_new ("Other");
  unfold_list_row_set_child (UNFOLD_LIST_ROW (row), other);
  g_assert_true (unfold_list_row_get_child (UNFOLD_LIST_ROW (row)) == other);
  unfold_list_row_set_child (UNFOLD_LIST_ROW (row), NULL);
  g_assert_null (unfold_list_row_get_child (UNFOLD_LIST_ROW (row)));

  /* A child that has another parent is a caller's mistake. */
  GtkWidget *elsewhere = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *taken = gtk_label_new ("Taken");
  gtk_box_append (GTK_BOX (elsewhere), taken);
  g_object_ref_sink (elsewhere);
  g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL,
                         "*unfold_list_row_set_child*gtk_widget_get_parent (child) == NULL*");
  unfold_list_row_set_child (UNFOLD_LIST_ROW (row), taken);
  g_test_assert_expected_messages ();
  g_object_unref (elsewhere);

  /* A child that is no widget is a caller's mistake too, said by the
   * function called: GTK's own functions would crash on it. */
  GtkStringObject *not_a_widget = gtk_string_object_new ("Not a widget");
  GtkWidget *holders[] = { unfold_list_row_new (), unfold_reveal_new (), unfold_reveal_group_new ("Group") };
  for (guint i = 0; i < G_N_ELEMENTS (holders); i++)
    {
      g_object_ref_sink (holders[i]);
      g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL, "*_set_child*child == NULL || GTK_IS_WIDGET (child)*");
      if (i == 0)
        unfold_list_row_set_child (UNFOLD_LIST_ROW (holders[i]), (GtkWidget *) not_a_widget);
      else if (i == 1)
        unfold_reveal_set_child (UNFOLD_REVEAL (holders[i]), (GtkWidget *) not_a_widget);
      else
        unfold_reveal_group_set_child (UNFOLD_REVEAL_GROUP (holders[i]), (GtkWidget *) not_a_widget);
      g_test_assert_expected_messages ();
      /* Nor can a window be a child: GTK aborts on one given a parent. */
      GtkWidget *a_window = gtk_window_new ();
      g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL, "*_set_child*child == NULL || !GTK_IS_ROOT (child)*");
      if (i == 0)
        unfold_list_row_set_child (UNFOLD_LIST_ROW (holders[i]), a_window);
      else if (i == 1)
        unfold_reveal_set_child (UNFOLD_REVEAL (holders[i]), a_window);
      else
        unfold_reveal_group_set_child (UNFOLD_REVEAL_GROUP (holders[i]), a_window);
      g_test_assert_expected_messages ();
      gtk_window_destroy (GTK_WINDOW (a_window));
      g_object_unref (holders[i]);
    }
  g_object_unref (not_a_widget);

  /* A widget cannot hold itself, nor one of its ancestors (GTK would loop). */
  GtkWidget *lone = unfold_list_row_new ();
  g_object_ref_sink (lone);
  g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL, "*unfold_list_row_set_child*child != self*");
  unfold_list_row_set_child (UNFOLD_LIST_ROW (lone), lone);
  g_test_assert_expected_messages ();
  g_object_unref (lone);
  GtkWidget *group = unfold_reveal_group_new ("Group");
  GtkWidget *reveal = unfold_reveal_new ();
  g_object_ref_sink (group);
  unfold_reveal_group_set_child (UNFOLD_REVEAL_GROUP (group), reveal);
  g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL, "*unfold_reveal_group_set_child*child != self*");
  unfold_reveal_group_set_child (UNFOLD_REVEAL_GROUP (group), group);
  g_test_assert_expected_messages ();
  g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL, "*unfold_reveal_set_child*gtk_widget_is_ancestor*");
  unfold_reveal_set_child (UNFOLD_REVEAL (reveal), group);
  g_test_assert_expected_messages ();
  g_assert_true (unfold_reveal_group_get_child (UNFOLD_REVEAL_GROUP (group)) == reveal);
  g_object_unref (group);

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (store);
  rows_released (&rows);
}

/* One widget for every item is a caller's mistake: the list names it (rather
 * than GTK's gtk_widget_set_parent critical) and shows an empty row. */
static GtkWidget *the_one_widget;

static GtkWidget *
make_the_same_widget (gpointer item, gpointer data)
{
  if (the_one_widget == NULL)
    return the_one_widget = gtk_label_new ("The same");
  return g_object_ref (the_one_widget);
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer count)
{
  (*(int *) count)++;
}

static void
test_list_programmer_errors (void)
{
  GListStore *store = store_of (3);
  GtkWidget *list = unfold_list_view_new ();
  int notified = 0;
  g_signal_connect (list, "notify::model", G_CALLBACK (count_notify), &notified);
  /* Properties notify only on a change. */
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), NULL, NULL, NULL, NULL);
  g_assert_cmpint (notified, ==, 0);

  /* (Said for the second item and for the third.) */
  for (int i = 0; i < 2; i++)
    g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL, "*create-widget function returned a widget that already has a parent*");
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), G_LIST_MODEL (store), make_the_same_widget, NULL, NULL);
  g_assert_cmpint (notified, ==, 1);
  GtkWidget *window = show_in_window (list);
  iterate_until (has_three_rows, list);
  g_test_assert_expected_messages ();

  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), NULL, NULL, NULL, NULL);
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), NULL, NULL, NULL, NULL);
  g_assert_cmpint (notified, ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (store);
}

/* A create-widget function that returns an object of another type: named by
 * the list, an empty row, and no crash. */
static GtkWidget *
make_no_widget (gpointer item, gpointer data)
{
  return (GtkWidget *) gtk_string_object_new ("Not a widget");
}

/* One that returns a window, which can be no row. */
static GtkWidget *made_windows[3];

static GtkWidget *
make_a_window (gpointer item, gpointer data)
{
  int *made = data;
  return made_windows[(*made)++] = gtk_window_new ();
}

static GtkWidget *
make_nothing (gpointer item, gpointer data)
{
  return NULL;
}

/* The function's mistake is made for every row, and said once per binding
 * (a thousand rows once said it a thousand times). */
static void
test_list_create_widget_not_a_widget (void)
{
  GListStore *store = store_of (3);
  GtkWidget *list = unfold_list_view_new ();
  g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL, "*create-widget function returned a GtkStringObject, not a widget*(said once)");
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), G_LIST_MODEL (store), make_no_widget, NULL, NULL);
  GtkWidget *window = show_in_window (list);
  iterate_until (has_three_rows, list);
  g_test_assert_expected_messages ();

  int made = 0;
  g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL, "*create-widget function returned a GtkWindow, not a widget that can be a row*");
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), G_LIST_MODEL (store), make_a_window, &made, NULL);
  iterate_until (has_three_rows, list);
  g_test_assert_expected_messages ();
  g_assert_cmpint (made, ==, 3);
  for (guint i = 0; i < G_N_ELEMENTS (made_windows); i++)
    gtk_window_destroy (GTK_WINDOW (made_windows[i]));

  g_test_expect_message ("Unfold", G_LOG_LEVEL_CRITICAL, "*create-widget function returned NULL*(said once)");
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), G_LIST_MODEL (store), make_nothing, NULL, NULL);
  iterate_until (has_three_rows, list);
  g_test_assert_expected_messages ();
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (store);
}

static char *
the_same_key (gpointer item, gpointer data)
{
  return g_strdup ("same");
}

/* Two items a key function gives one key are one row: the list blames the
 * keys, not the missing key function. */
static void
test_list_colliding_keys (void)
{
  GListStore *store = store_of (2);
  GtkWidget *list = unfold_list_view_new ();
  g_object_ref_sink (list);
  unfold_list_view_set_key_func (UNFOLD_LIST_VIEW (list), the_same_key, NULL, NULL);
  g_test_expect_message ("Unfold", G_LOG_LEVEL_WARNING, "*key function gives the item at position 1 the key of another item*");
  Rows rows = { 0, g_hash_table_new (NULL, NULL), 0 };
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), G_LIST_MODEL (store), make_row, &rows, NULL);
  g_test_assert_expected_messages ();
  g_object_unref (list);
  g_object_unref (store);
  rows_released (&rows);
}

/* The same item object twice in a model is one row (identity is the item):
 * the list says so, once, with what to do. */
static void
test_list_repeated_item (void)
{
  Rows rows = { 0, g_hash_table_new (NULL, NULL), 0 };
  GListStore *store = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  GtkStringObject *item = gtk_string_object_new ("Twice");
  g_list_store_append (store, item);
  g_list_store_append (store, item);
  g_object_unref (item);
  GtkWidget *list = unfold_list_view_new ();
  g_object_ref_sink (list);
  g_test_expect_message ("Unfold", G_LOG_LEVEL_WARNING, "*position 1 is in the model twice*key function*");
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), G_LIST_MODEL (store), make_row, &rows, NULL);
  g_test_assert_expected_messages ();
  g_object_unref (list);
  g_object_unref (store);
  rows_released (&rows);
}

static gboolean
only_new_items_shown (gpointer list)
{
  int shown = 0;
  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label = unfold_list_row_get_child (UNFOLD_LIST_ROW (row));
      if (label == NULL || !g_str_has_prefix (gtk_label_get_text (GTK_LABEL (label)), "New"))
        return FALSE;
      shown++;
    }
  return shown > 0;
}

/* Once its item's row has faded out, a row of the list's own holds the next
 * item's widget, and must come back as new: in the accessibility tree, taking
 * pointer and focus, not selected; the widget it held before went with its
 * item. */
static void
test_list_reused_rows (void)
{
  Rows rows = { 0, g_hash_table_new (NULL, NULL), 0 };
  GListStore *store = store_of (40);
  GtkSelectionModel *selection = GTK_SELECTION_MODEL (gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (store))));
  GtkWidget *list = unfold_list_view_new ();
  unfold_list_view_set_transition_duration (UNFOLD_LIST_VIEW (list), 60);
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), G_LIST_MODEL (selection), make_row, &rows, NULL);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  GtkWidget *window = show_in_window (scroller);
  iterate_until (is_mapped, list);
  while (rows.made == 0)
    g_main_context_iteration (NULL, TRUE);
  gtk_selection_model_select_all (selection);
  int first_made = rows.made;

  GtkStringObject *fresh[40];
  for (int i = 0; i < 40; i++)
    {
      char *text = g_strdup_printf ("New %d", i);
      fresh[i] = gtk_string_object_new (text);
      g_free (text);
    }
  g_list_store_splice (store, 0, 40, (gpointer *) fresh, 40);
  for (int i = 0; i < 40; i++)
    g_object_unref (fresh[i]);
  iterate_until (only_new_items_shown, list);

  g_assert_cmpint (rows.made, >, first_made);
  int children = 0;
  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    {
      g_assert_true (gtk_widget_get_can_target (row));
      g_assert_true (gtk_widget_get_can_focus (row));
      g_assert_false (gtk_widget_get_state_flags (row) & GTK_STATE_FLAG_SELECTED);
      if (gtk_test_accessible_has_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_HIDDEN))
        gtk_test_accessible_assert_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_HIDDEN, FALSE);
      if (gtk_test_accessible_has_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_SELECTED))
        gtk_test_accessible_assert_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_SELECTED, FALSE);
      children++;
    }
  /* The widgets made for the items that left are gone; the rows in view hold the rest. */
  g_assert_cmpint (rows.alive, ==, children);

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (selection);
  g_object_unref (store);
  rows_released (&rows);
}

/* 10,000 changes to a model, driven as fast as they come, leave no row
 * widget alive once the list is gone; only rows in view are ever made.
 * CHECK_API_CHANGES asks for another number (fewer, under valgrind). */
static void
test_list_churn (void)
{
  const char *asked = g_getenv ("CHECK_API_CHANGES");
  int changes = asked ? atoi (asked) : 10000;
  g_assert_cmpint (changes, >, 0);
  Rows rows = { 0, g_hash_table_new (NULL, NULL), 0 };
  GListStore *store = store_of (1000);
  GtkWidget *list = unfold_list_view_new ();
  unfold_list_view_bind_model (UNFOLD_LIST_VIEW (list), G_LIST_MODEL (store), make_row, &rows, NULL);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  GtkWidget *window = show_in_window (scroller);
  iterate_until (is_mapped, list);
  GRand *random = g_rand_new_with_seed (20261201);
  for (int change = 0; change < changes; change++)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (store));
      if (n > 0 && g_rand_boolean (random))
        g_list_store_remove (store, g_rand_int_range (random, 0, n));
      else
        {
          GtkStringObject *item = gtk_string_object_new ("New");
          g_list_store_insert (store, g_rand_int_range (random, 0, n + 1), item);
          g_object_unref (item);
        }
      if (change % 100 == 0)
        g_main_context_iteration (NULL, FALSE);
    }
  g_rand_free (random);
  g_test_message ("%d rows made for %d changes", rows.made, changes);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (store);
  rows_released (&rows);
}

/* A property ID the class never installed (a broken subclass, a stray
 * call) is GObject's usual warning, not a crash. */
static void
test_invalid_property_id (void)
{
  GtkWidget *reveal = g_object_ref_sink (unfold_reveal_new ());
  GObjectClass *klass = G_OBJECT_GET_CLASS (reveal);
  GParamSpec *pspec = g_object_class_find_property (klass, "progress");
  GValue value = G_VALUE_INIT;
  g_value_init (&value, G_TYPE_DOUBLE);
  g_test_expect_message ("Unfold", G_LOG_LEVEL_WARNING, "*invalid property id 99 for \"progress\"*UnfoldReveal*");
  klass->get_property (G_OBJECT (reveal), 99, &value, pspec);
  g_test_assert_expected_messages ();
  g_test_expect_message ("Unfold", G_LOG_LEVEL_WARNING, "*invalid property id 99 for \"progress\"*UnfoldReveal*");
  klass->set_property (G_OBJECT (reveal), 99, &value, pspec);
  g_test_assert_expected_messages ();
  g_value_unset (&value);
  g_object_unref (reveal);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  /* First (a case of /unfold, as /unfold/types, runs before its sub-suites). */
  g_test_add_func ("/unfold/types-from-threads", test_types_from_threads);
  g_test_add_func ("/unfold/types", test_types);
  g_test_add_func ("/unfold/reveal/motion", test_motion);
  g_test_add_func ("/unfold/reveal/builder", test_builder);
  g_test_add_func ("/unfold/reveal/slowdown", test_slowdown);
  g_test_add_func ("/unfold/reveal-group", test_group);
  g_test_add_func ("/unfold/errors/null", test_programmer_errors);
  g_test_add_func ("/unfold/errors/wrong-instance", test_wrong_instance);
  g_test_add_func ("/unfold/errors/invalid-property-id", test_invalid_property_id);
  g_test_add_func ("/unfold/list-view/identity", test_list_identity);
  g_test_add_func ("/unfold/list-view/own-rows", test_list_own_rows);
  g_test_add_func ("/unfold/list-view/repeated-item", test_list_repeated_item);
  g_test_add_func ("/unfold/list-view/programmer-errors", test_list_programmer_errors);
  g_test_add_func ("/unfold/list-view/create-widget-not-a-widget", test_list_create_widget_not_a_widget);
  g_test_add_func ("/unfold/list-view/colliding-keys", test_list_colliding_keys);
  g_test_add_func ("/unfold/list-view/reused-rows", test_list_reused_rows);
  g_test_add_func ("/unfold/list-view/churn", test_list_churn);
  return g_test_run ();
}
