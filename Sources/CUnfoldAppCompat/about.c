/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "unfold-app-compat.h"

#if ADW_CHECK_VERSION (1, 5, 0)
const gboolean unfold_about_is_dialog = TRUE;
#define ABOUT_TYPE ADW_TYPE_ABOUT_DIALOG
#else
const gboolean unfold_about_is_dialog = FALSE;
#define ABOUT_TYPE ADW_TYPE_ABOUT_WINDOW
#endif

GtkWidget *
unfold_about_new (const char *application_name, const char *application_icon, const char *version,
                  const char *developer_name, const char *comments, const char *website, const char *issue_url,
                  GtkLicense license_type, const char *copyright, const char *const *developers,
                  const char *translator_credits)
{
  GtkWidget *about = g_object_new (ABOUT_TYPE,
                                   "application-name", application_name,
                                   "application-icon", application_icon,
                                   "version", version,
                                   "developer-name", developer_name,
                                   "comments", comments,
                                   "website", website,
                                   "issue-url", issue_url,
                                   "license-type", license_type,
                                   "copyright", copyright,
                                   "developers", developers,
                                   NULL);
  if (translator_credits)
    g_object_set (about, "translator-credits", translator_credits, NULL);
  return about;
}

void
unfold_about_add_link (GtkWidget *about, const char *title, const char *url)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_about_dialog_add_link (ADW_ABOUT_DIALOG (about), title, url);
#else
  adw_about_window_add_link (ADW_ABOUT_WINDOW (about), title, url);
#endif
}

void
unfold_about_present (GtkWidget *about, GtkWindow *parent)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_present (ADW_DIALOG (about), parent ? GTK_WIDGET (parent) : NULL);
#else
  if (parent)
    gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_set_modal (GTK_WINDOW (about), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (about), TRUE);
  gtk_window_present (GTK_WINDOW (about));
#endif
}

void
unfold_about_close (GtkWidget *about)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_close (ADW_DIALOG (about));
#else
  gtk_window_close (GTK_WINDOW (about));
#endif
}

#if !ADW_CHECK_VERSION (1, 4, 0)
static GtkWidget *
first_leaflet (GtkWidget *widget)
{
  if (ADW_IS_LEAFLET (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = first_leaflet (child);
      if (found)
        return found;
    }
  return NULL;
}
#endif

gboolean
unfold_about_go_back (GtkWidget *about)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  /* From 1.4 its pages are an AdwNavigationView's, which goes back on
   * Escape itself (the dialog's, from 1.5, too). */
  return FALSE;
#else
  /* libadwaita 1.2's about window keeps its pages in a leaflet, and leaves
   * Escape to close the window from any of them. */
  GtkWidget *pages = first_leaflet (about);
  return pages && adw_leaflet_get_can_navigate_back (ADW_LEAFLET (pages))
         && adw_leaflet_navigate (ADW_LEAFLET (pages), ADW_NAVIGATION_DIRECTION_BACK);
#endif
}
