/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef UNFOLD_APP_COMPAT_H
#define UNFOLD_APP_COMPAT_H

/* What the application does differently on the GTK and libadwaita releases it
 * builds against (4.8 and libadwaita 1.2 onwards), written in C because the
 * choice is made by their version macros, which Swift cannot read. Each
 * function calls what its release has, and never what it deprecates. */

/* GTK and libadwaita through their modules, so that they are declared once. */
#include "../../CUnfoldAdw/adw.h"

G_BEGIN_DECLS

/* Called once a file chooser is answered: `files` (a GListModel of GFile,
 * NULL when the person cancelled) and, where the release tells it, the filter
 * that was chosen (else NULL). Neither outlives the call. */
typedef void (*UnfoldFilesChosenFunc) (GListModel *files, GtkFileFilter *filter, gpointer user_data);

/* Asks for files to open, several at once, over `parent` (modal). `filters`
 * holds GtkFileFilters, the first the default. GtkFileDialog from GTK 4.10,
 * GtkFileChooserNative before; both through the desktop's portal where there
 * is one. `done` is called exactly once, then `destroy` on `user_data`. */
void unfold_choose_files_to_open (GtkWindow            *parent,
                                  const char           *title,
                                  const char           *accept_label,
                                  GListModel           *filters,
                                  UnfoldFilesChosenFunc done,
                                  gpointer              user_data,
                                  GDestroyNotify        destroy);

/* Asks where to save, as above, suggesting `name` in `folder` (nullable).
 * GtkFileDialog does not say which filter was chosen: `done` gets NULL then. */
void unfold_choose_file_to_save (GtkWindow            *parent,
                                 const char           *title,
                                 const char           *accept_label,
                                 GListModel           *filters,
                                 const char           *name,
                                 GFile                *folder,
                                 UnfoldFilesChosenFunc done,
                                 gpointer              user_data,
                                 GDestroyNotify        destroy);

/* The main window's template (a resource name under ui/): window.ui on
 * libadwaita 1.2 and 1.3, whose header's title is an AdwViewSwitcherTitle;
 * window-adw-1.4.ui from 1.4, which deprecates it, where a breakpoint swaps
 * a plain AdwViewSwitcher for the window's title. Both have the same ids. */
extern const char *const unfold_window_template;

/* Gives the header's page switcher the window's title, which it shows when
 * the window is too narrow for the tabs: libadwaita before 1.4. From 1.4 the
 * header shows the window's own title then: nothing to do. */
void unfold_header_switcher_set_title (GtkWidget *header_switcher, const char *title);

/* libadwaita 1.2's view switcher title crossfades through a squeezer, and its
 * switcher bar slides through a revealer; with animations off both allocate
 * what they hide a height of -1 (a GTK warning on every resize across the
 * breakpoint) unless they have no transition. Sets both transitions by
 * `animated`; TRUE if the release needs it (before 1.4), else does nothing. */
gboolean unfold_switchers_follow_animations (GtkWidget *header_switcher, GtkWidget *switcher_bar, gboolean animated);

/* Whether the About window is an AdwAboutDialog (libadwaita 1.5, an
 * AdwDialog shown inside its parent window, which deprecates the other in
 * 1.6) rather than an AdwAboutWindow (before: a window of its own, transient
 * for its parent). */
extern const gboolean unfold_about_is_dialog;

/* The About window or dialog, its properties set (by name: both types have
 * the same). `translator_credits` may be NULL. */
GtkWidget *unfold_about_new (const char        *application_name,
                             const char        *application_icon,
                             const char        *version,
                             const char        *developer_name,
                             const char        *comments,
                             const char        *website,
                             const char        *issue_url,
                             GtkLicense         license_type,
                             const char        *copyright,
                             const char *const *developers,
                             const char        *translator_credits);

/* Adds a link to the About window's Details page: a row titled `title` that
 * opens `url`. */
void unfold_about_add_link (GtkWidget *about, const char *title, const char *url);

/* Shows `about` over `parent` (modal; a window destroyed with its parent). */
void unfold_about_present (GtkWidget *about, GtkWindow *parent);

/* Closes `about`. */
void unfold_about_close (GtkWidget *about);

/* Goes back from one of the About window's inner pages (Credits, Legal…) to
 * the one before, as its back button does; TRUE if there was one. Only
 * libadwaita before 1.4 needs it, whose about window keeps its pages in a
 * leaflet and closes on Escape from any of them: FALSE from 1.4, whose
 * navigation view goes back on Escape by itself. */
gboolean unfold_about_go_back (GtkWidget *about);

/* Whether this build can hand a key event on to another widget
 * (gtk_event_controller_key_forward), which GTK 4.24 deprecates with no
 * replacement but for text input. The main window defers a new page's focus
 * by a frame, a GTK 4.8 accessibility workaround, only where it can hand on
 * the keys pressed meanwhile; elsewhere a new page is focused at once. */
extern const gboolean unfold_can_forward_keys;

/* Hands the key event `controller` is handling to `widget` (and its
 * ancestors); TRUE if one of them handled it. Only where
 * unfold_can_forward_keys: FALSE elsewhere. */
gboolean unfold_key_forward (GtkEventControllerKey *controller, GtkWidget *widget);

G_END_DECLS

#endif
