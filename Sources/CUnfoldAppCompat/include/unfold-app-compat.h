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

G_END_DECLS

#endif
