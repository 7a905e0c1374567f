/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The tutorial's hierarchy, in C: Collection ▸ Shapes ▸ Circle, Square;
 * Palette; and below them an item that moves down as they open. A toggle
 * opens a plain UnfoldReveal, whose motion the program prints as it goes.
 *
 *   cc hierarchy.c $(pkg-config --cflags --libs unfold-1) -o hierarchy
 *   ./hierarchy          (--open: open everything once the window is drawn)
 */
#include <unfold.h>

static gboolean open_at_start;
static GtkWidget *groups[2];

static GtkWidget *
item (const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return label;
}

static GtkWidget *
group (const char *title, GtkWidget *first_child, GtkWidget *second_child)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_box_append (GTK_BOX (box), first_child);
  if (second_child)
    gtk_box_append (GTK_BOX (box), second_child);
  GtkWidget *group = unfold_reveal_group_new (title);
  unfold_reveal_group_set_child (UNFOLD_REVEAL_GROUP (group), box);
  return group;
}

/* The reveal's progress follows the frame clock: one notification a frame. */
static void
print_progress (UnfoldReveal *reveal)
{
  g_print ("progress %.3f\n", unfold_reveal_get_progress (reveal));
}

static void
print_child_revealed (UnfoldReveal *reveal)
{
  g_print ("child-revealed %s\n", unfold_reveal_get_child_revealed (reveal) ? "true" : "false");
}

/* --open waits for the window's first frame (its layout, its fonts), so the
 * motion starts on a frame clock that runs evenly. */
static gboolean
open_when_drawn (GtkWidget *window, GdkFrameClock *clock, gpointer toggle)
{
  static int frames;
  if (++frames < 2)
    return G_SOURCE_CONTINUE;
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    unfold_reveal_group_set_expanded (UNFOLD_REVEAL_GROUP (groups[i]), TRUE);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  return G_SOURCE_REMOVE;
}

static void
activate (GtkApplication *app)
{
  GtkWidget *shapes = group ("Shapes", item ("Circle"), item ("Square"));
  GtkWidget *collection = group ("Collection", shapes, item ("Palette"));
  groups[0] = collection;
  groups[1] = shapes;

  GtkWidget *toggle = gtk_toggle_button_new_with_label ("Details");
  GtkWidget *details = unfold_reveal_new ();
  unfold_reveal_set_child (UNFOLD_REVEAL (details),
                           item ("A reveal grows to its child's height for the width it has."));
  g_object_bind_property (toggle, "active", details, "reveal-child", G_BINDING_SYNC_CREATE);
  g_signal_connect (details, "notify::progress", G_CALLBACK (print_progress), NULL);
  g_signal_connect (details, "notify::child-revealed", G_CALLBACK (print_child_revealed), NULL);

  GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_top (page, 12);
  gtk_widget_set_margin_bottom (page, 12);
  gtk_widget_set_margin_start (page, 12);
  gtk_widget_set_margin_end (page, 12);
  gtk_box_append (GTK_BOX (page), collection);
  gtk_box_append (GTK_BOX (page), toggle);
  gtk_box_append (GTK_BOX (page), details);
  gtk_box_append (GTK_BOX (page), item ("Following item"));

  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), page);

  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "Hierarchy");
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 420);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_present (GTK_WINDOW (window));
  if (open_at_start)
    gtk_widget_add_tick_callback (window, open_when_drawn, toggle, NULL);
}

int
main (int argc, char **argv)
{
  open_at_start = argc > 1 && g_str_equal (argv[1], "--open");
  GtkApplication *app = gtk_application_new ("io.github.unfold.examples.Hierarchy", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  int status = g_application_run (G_APPLICATION (app), 1, argv);
  g_object_unref (app);
  return status;
}
