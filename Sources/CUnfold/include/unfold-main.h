/* SPDX-License-Identifier: LGPL-2.1-or-later */

#pragma once

#if !defined(UNFOLD_INSIDE) && !defined(UNFOLD_COMPILATION)
#error "Only <unfold.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/**
 * unfold_init:
 *
 * Registers every Unfold type with GObject, as `adw_init()` does for
 * libadwaita's. Each type registers on its first `_get_type()` anyway; call
 * this before a [class@Gtk.Builder] meets Unfold's types by name in a
 * language that loads the library privately (Python, JavaScript), where
 * GtkBuilder cannot find `unfold_reveal_get_type()` by itself. Calling it
 * again does nothing.
 */
void unfold_init (void);

G_END_DECLS
