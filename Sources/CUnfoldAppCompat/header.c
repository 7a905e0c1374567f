/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "unfold-app-compat.h"

#if ADW_CHECK_VERSION (1, 4, 0)

const char *const unfold_window_template = "window-adw-1.4.ui";

void
unfold_header_switcher_set_title (GtkWidget *header_switcher, const char *title)
{
}

gboolean
unfold_switchers_follow_animations (GtkWidget *header_switcher, GtkWidget *switcher_bar, gboolean animated)
{
  return FALSE;
}

#else

const char *const unfold_window_template = "window.ui";

void
unfold_header_switcher_set_title (GtkWidget *header_switcher, const char *title)
{
  adw_view_switcher_title_set_title (ADW_VIEW_SWITCHER_TITLE (header_switcher), title);
}

/* Every descendant of `widget` of `type`. */
static void
each_descendant (GtkWidget *widget, GType type, void (*apply) (GtkWidget *, gboolean), gboolean animated)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (g_type_is_a (G_OBJECT_TYPE (child), type))
        apply (child, animated);
      each_descendant (child, type, apply, animated);
    }
}

static void
squeezer_follow (GtkWidget *squeezer, gboolean animated)
{
  adw_squeezer_set_transition_type (ADW_SQUEEZER (squeezer), animated ? ADW_SQUEEZER_TRANSITION_TYPE_CROSSFADE
                                                                      : ADW_SQUEEZER_TRANSITION_TYPE_NONE);
}

static void
revealer_follow (GtkWidget *revealer, gboolean animated)
{
  gtk_revealer_set_transition_type (GTK_REVEALER (revealer), animated ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
                                                                      : GTK_REVEALER_TRANSITION_TYPE_NONE);
}

gboolean
unfold_switchers_follow_animations (GtkWidget *header_switcher, GtkWidget *switcher_bar, gboolean animated)
{
  each_descendant (header_switcher, ADW_TYPE_SQUEEZER, squeezer_follow, animated);
  each_descendant (switcher_bar, GTK_TYPE_REVEALER, revealer_follow, animated);
  return TRUE;
}

#endif
