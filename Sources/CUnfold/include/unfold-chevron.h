/* SPDX-License-Identifier: LGPL-2.1-or-later */

#pragma once

#if !defined(UNFOLD_INSIDE) && !defined(UNFOLD_COMPILATION)
#error "Only <unfold.h> can be included directly."
#endif

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * UnfoldChevron:
 *
 * A disclosure arrow that turns with [property@Chevron:progress]: at 0 it
 * points along the reading direction (right, or left in right-to-left
 * locales), at 1 it points down.
 *
 * Bind its progress to a reveal's to make it turn with what is shown:
 *
 * ```c
 * g_object_bind_property (reveal, "progress", chevron, "progress",
 *                         G_BINDING_SYNC_CREATE);
 * ```
 *
 * # CSS nodes
 *
 * UnfoldChevron has a single CSS node with name `chevron`, holding the
 * `pan-end-symbolic` icon.
 *
 * # Accessibility
 *
 * UnfoldChevron uses the `GTK_ACCESSIBLE_ROLE_PRESENTATION` role: the
 * control it belongs to says expanded or collapsed.
 */

/**
 * UnfoldChevron:progress:
 *
 * How far the arrow has turned, from 0 (along the line) to 1 (down).
 */

#define UNFOLD_TYPE_CHEVRON (unfold_chevron_get_type ())

G_DECLARE_FINAL_TYPE (UnfoldChevron, unfold_chevron, UNFOLD, CHEVRON, GtkWidget)

/**
 * unfold_chevron_new:
 *
 * Creates a new chevron, pointing along the line.
 *
 * Returns: a new `UnfoldChevron`
 */
GtkWidget *unfold_chevron_new (void);

/**
 * unfold_chevron_get_progress:
 * @self: a chevron
 *
 * Gets how far the arrow has turned.
 *
 * Returns: the progress, from 0 to 1
 */
double unfold_chevron_get_progress (UnfoldChevron *self);

/**
 * unfold_chevron_set_progress:
 * @self: a chevron
 * @progress: from 0 (along the line) to 1 (down)
 *
 * Turns the arrow; values outside 0…1 are clamped.
 */
void unfold_chevron_set_progress (UnfoldChevron *self,
                                  double         progress);

G_END_DECLS
