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
 * again does nothing. Like the `_get_type()` functions, it may be called from
 * any thread.
 */
void unfold_init (void);

/**
 * unfold_set_slowdown:
 * @factor: how many times slower than real time Unfold's animations run:
 *   1 for real time, 10 for slow motion; finite and above 0
 *
 * Slows every Unfold animation in the process down (or, below 1, speeds it
 * up), as `GTK_SLOWDOWN` does GTK's own: for watching a curve frame by frame,
 * or for a "Slow Motion" switch in an app. A move under way goes on from
 * where it is at the new pace, without a jump.
 *
 * At start the factor is `UNFOLD_SLOWDOWN` times `GTK_SLOWDOWN` (each 1 when
 * unset), so that `GTK_SLOWDOWN=10` slows Unfold's animations as it slows
 * GTK's.
 */
void unfold_set_slowdown (double factor);

/**
 * unfold_get_slowdown:
 *
 * Tells how slowly Unfold's animations run, as set by
 * [func@Unfold.set_slowdown] or, until it is called, by the environment.
 *
 * Returns: how many times slower than real time Unfold's animations run
 *   (see [func@Unfold.set_slowdown])
 */
double unfold_get_slowdown (void);

G_END_DECLS
