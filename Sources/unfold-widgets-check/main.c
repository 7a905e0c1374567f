/* The Unfold widgets as a C program sees them: registered by unfold_init(),
 * made with g_object_new() by type name, driven through their properties,
 * watched through notify. WidgetTests runs it and reads its last line.
 *
 *     unfold-widgets-check      (needs a display; exit status 0 when all holds)
 */
#include <gtk/gtk.h>
#include <stdio.h>

void unfold_init (void);

static int failures;

#define CHECK(condition, ...) \
  do { if (!(condition)) { failures++; fprintf (stderr, "FAILED: " __VA_ARGS__); fprintf (stderr, "\n"); } } while (0)

typedef struct {
  double values[256];
  int count;
  int child_revealed_true;
  int child_revealed_false;
} Observed;

static void
on_progress (GObject *object, GParamSpec *pspec, gpointer data)
{
  Observed *observed = data;
  double progress;
  g_object_get (object, "progress", &progress, NULL);
  if (observed->count < 256)
    observed->values[observed->count++] = progress;
}

static void
on_child_revealed (GObject *object, GParamSpec *pspec, gpointer data)
{
  Observed *observed = data;
  gboolean revealed;
  g_object_get (object, "child-revealed", &revealed, NULL);
  if (revealed)
    observed->child_revealed_true++;
  else
    observed->child_revealed_false++;
}

static int
distinct_intermediate (const Observed *observed)
{
  int distinct = 0;
  for (int i = 0; i < observed->count; i++)
    {
      double v = observed->values[i];
      gboolean seen = FALSE;
      for (int j = 0; j < i; j++)
        if (observed->values[j] == v)
          seen = TRUE;
      if (!seen && v > 0 && v < 1)
        distinct++;
    }
  return distinct;
}

static gboolean
iterate_until (gboolean (*condition) (gpointer), gpointer data, double seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  while (!condition (data))
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
    }
  return TRUE;
}

static gboolean is_mapped (gpointer widget) { return gtk_widget_get_mapped (widget); }
static gboolean has_revealed_child (gpointer data) { return ((Observed *) data)->child_revealed_true > 0; }

/* Every property `names` lists is there, of `types`, readable and (unless
 * `read_only`) writable, with notification left to the widget. */
static void
check_properties (GType type, const char *const names[], const GType types[], const gboolean read_only[], int n)
{
  GObjectClass *klass = g_type_class_ref (type);
  guint n_specs;
  GParamSpec **specs = g_object_class_list_properties (klass, &n_specs);
  for (int i = 0; i < n; i++)
    {
      GParamSpec *spec = NULL;
      for (guint j = 0; j < n_specs; j++)
        if (g_str_equal (specs[j]->name, names[i]))
          spec = specs[j];
      CHECK (spec != NULL, "%s has no property %s", g_type_name (type), names[i]);
      if (spec == NULL)
        continue;
      CHECK (g_type_is_a (spec->value_type, types[i]), "%s:%s is %s, not %s", g_type_name (type), names[i],
             g_type_name (spec->value_type), g_type_name (types[i]));
      CHECK (spec->flags & G_PARAM_READABLE, "%s:%s is not readable", g_type_name (type), names[i]);
      CHECK (!!(spec->flags & G_PARAM_WRITABLE) == !read_only[i], "%s:%s writability", g_type_name (type), names[i]);
      CHECK (spec->flags & G_PARAM_EXPLICIT_NOTIFY, "%s:%s notifies on every set, not on change", g_type_name (type), names[i]);
    }
  g_free (specs);
  g_type_class_unref (klass);
}

/* Disposing twice (GObject allows it) must be harmless. */
static void
check_double_dispose (GType type)
{
  GObject *object = g_object_ref_sink (g_object_new (type, NULL));
  g_object_run_dispose (object);
  g_object_run_dispose (object);
  g_object_unref (object);
}

int
main (void)
{
  if (!gtk_init_check ())
    {
      fprintf (stderr, "no display\n");
      return 2;
    }
  unfold_init ();
  unfold_init ();  /* idempotent */

  const char *type_names[] = { "UnfoldReveal", "UnfoldRevealGroup", "UnfoldChevron", "UnfoldLazyColumn" };
  for (guint i = 0; i < G_N_ELEMENTS (type_names); i++)
    CHECK (g_type_from_name (type_names[i]) != 0, "%s is not registered", type_names[i]);
  GType reveal_type = g_type_from_name ("UnfoldReveal");
  GType group_type = g_type_from_name ("UnfoldRevealGroup");
  CHECK (g_type_is_a (group_type, GTK_TYPE_BOX), "UnfoldRevealGroup derives from GtkBox");

  {
    const char *names[] = { "child", "revealed", "child-revealed", "progress", "transition-duration" };
    GType types[] = { GTK_TYPE_WIDGET, G_TYPE_BOOLEAN, G_TYPE_BOOLEAN, G_TYPE_DOUBLE, G_TYPE_UINT };
    gboolean read_only[] = { FALSE, FALSE, TRUE, TRUE, FALSE };
    check_properties (reveal_type, names, types, read_only, 5);
  }
  {
    const char *names[] = { "title", "expanded", "child" };
    GType types[] = { G_TYPE_STRING, G_TYPE_BOOLEAN, GTK_TYPE_WIDGET };
    gboolean read_only[] = { FALSE, FALSE, FALSE };
    check_properties (group_type, names, types, read_only, 3);
  }
  {
    const char *names[] = { "progress" };
    GType types[] = { G_TYPE_DOUBLE };
    gboolean read_only[] = { FALSE };
    check_properties (g_type_from_name ("UnfoldChevron"), names, types, read_only, 1);
  }
  {
    const char *names[] = { "transition-duration", "visible-count" };
    GType types[] = { G_TYPE_UINT, G_TYPE_UINT };
    gboolean read_only[] = { FALSE, TRUE };
    check_properties (g_type_from_name ("UnfoldLazyColumn"), names, types, read_only, 2);
  }

  /* A reveal and a group, made by type name, in a real window. */
  GtkWidget *reveal = g_object_new (reveal_type, "child", gtk_label_new ("Revealed content"), NULL);
  guint duration;
  g_object_get (reveal, "transition-duration", &duration, NULL);
  CHECK (duration == 250, "the default transition is 250 ms, not %u", duration);
  GtkWidget *group = g_object_new (group_type, "title", "Collection", "child", gtk_label_new ("Palette"), NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), reveal);
  gtk_box_append (GTK_BOX (box), group);
  GtkWidget *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  CHECK (iterate_until (is_mapped, reveal, 5), "the reveal was never shown");

  Observed observed = { 0 };
  g_signal_connect (reveal, "notify::progress", G_CALLBACK (on_progress), &observed);
  g_signal_connect (reveal, "notify::child-revealed", G_CALLBACK (on_child_revealed), &observed);
  g_object_set (reveal, "revealed", TRUE, NULL);
  g_object_set (reveal, "revealed", TRUE, NULL);  /* the same value: no second move */
  CHECK (iterate_until (has_revealed_child, &observed, 5), "child-revealed never became true");
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  CHECK (distinct_intermediate (&observed) >= 5, "only %d distinct intermediate progress values", distinct_intermediate (&observed));
  CHECK (observed.child_revealed_true == 1, "child-revealed became true %d times", observed.child_revealed_true);
  CHECK (observed.count > 0 && observed.values[observed.count - 1] == 1, "the progress ends at 1");

  /* Collapsing: child-revealed is false as soon as it starts. */
  g_object_set (reveal, "revealed", FALSE, NULL);
  gboolean child_revealed;
  g_object_get (reveal, "child-revealed", &child_revealed, NULL);
  CHECK (!child_revealed, "child-revealed is still true once a collapse started");

  /* transition-duration 0: no animation, the end at once. */
  g_object_set (reveal, "transition-duration", 0, "revealed", TRUE, NULL);
  double progress;
  g_object_get (reveal, "progress", &progress, NULL);
  CHECK (progress == 1, "with no transition, revealing is at once (progress %g)", progress);

  /* The group opens through its property, and says so. */
  g_object_set (group, "expanded", TRUE, NULL);
  gboolean expanded;
  g_object_get (group, "expanded", &expanded, NULL);
  CHECK (expanded, "the group is expanded");
  char *title;
  g_object_get (group, "title", &title, NULL);
  CHECK (g_strcmp0 (title, "Collection") == 0, "the group's title is %s", title);
  g_free (title);

  for (guint i = 0; i < G_N_ELEMENTS (type_names); i++)
    check_double_dispose (g_type_from_name (type_names[i]));
  gtk_window_destroy (GTK_WINDOW (window));

  printf ("%s: %d failures; %d progress notifications, %d distinct between 0 and 1\n",
          failures ? "FAILED" : "ok", failures, observed.count, distinct_intermediate (&observed));
  return failures ? 1 : 0;
}
