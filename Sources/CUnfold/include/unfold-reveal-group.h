/* SPDX-License-Identifier: LGPL-2.1-or-later */

#pragma once

#if !defined(UNFOLD_INSIDE) && !defined(UNFOLD_COMPILATION)
#error "Only <unfold.h> can be included directly."
#endif

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * UnfoldRevealGroup:
 *
 * A disclosure group: a header button (an [class@Chevron] and the title; the
 * whole row is the target) above an [class@Reveal] of the child, indented to
 * line up with the title. Groups nest.
 *
 * Clicking the header, or Space or Enter on it, toggles
 * [property@RevealGroup:expanded]; the chevron turns with what is shown.
 * Closing around the focus hands it to the header.
 *
 * In a `.ui` file, a plain `<child>` is the group's child, as with
 * [class@Gtk.Expander]:
 *
 * ```xml
 * <object class="UnfoldRevealGroup">
 *   <property name="title">Shapes</property>
 *   <child>
 *     <object class="GtkLabel">
 *       <property name="label">Circle</property>
 *     </object>
 *   </child>
 * </object>
 * ```
 *
 * # CSS nodes
 *
 * UnfoldRevealGroup has a CSS node with name `reveal-group`, holding a
 * `button.flat.reveal-header` and a `reveal`.
 *
 * # Accessibility
 *
 * The group uses the `GTK_ACCESSIBLE_ROLE_GROUP` role; its header is a button
 * named by the title, which says expanded or collapsed and controls the
 * reveal. A closed group's child is not in the accessibility tree.
 */

/**
 * UnfoldRevealGroup:title:
 *
 * The header's text; it wraps rather than widen the window.
 */

/**
 * UnfoldRevealGroup:expanded:
 *
 * Whether the child is shown (or on its way); setting it animates.
 */

/**
 * UnfoldRevealGroup:child:
 *
 * The widget disclosed.
 */

#define UNFOLD_TYPE_REVEAL_GROUP (unfold_reveal_group_get_type ())

G_DECLARE_FINAL_TYPE (UnfoldRevealGroup, unfold_reveal_group, UNFOLD, REVEAL_GROUP, GtkWidget)

/**
 * unfold_reveal_group_new:
 * @title: (nullable): the header's text
 *
 * Creates a new group, closed and empty.
 *
 * Returns: a new `UnfoldRevealGroup`
 */
GtkWidget *unfold_reveal_group_new (const char *title);

/**
 * unfold_reveal_group_get_title:
 * @self: a group
 *
 * Gets the header's text.
 *
 * Returns: (transfer none): the title
 */
const char *unfold_reveal_group_get_title (UnfoldRevealGroup *self);

/**
 * unfold_reveal_group_set_title:
 * @self: a group
 * @title: (nullable): the header's text; %NULL is no text
 *
 * Sets the header's text, which is also the header's accessible name.
 */
void unfold_reveal_group_set_title (UnfoldRevealGroup *self,
                                    const char        *title);

/**
 * unfold_reveal_group_get_expanded:
 * @self: a group
 *
 * Gets whether the child is shown or on its way.
 *
 * Returns: whether @self is expanded
 */
gboolean unfold_reveal_group_get_expanded (UnfoldRevealGroup *self);

/**
 * unfold_reveal_group_set_expanded:
 * @self: a group
 * @expanded: whether to show the child
 *
 * Opens or closes the group, animating from where it is now.
 */
void unfold_reveal_group_set_expanded (UnfoldRevealGroup *self,
                                       gboolean           expanded);

/**
 * unfold_reveal_group_get_child:
 * @self: a group
 *
 * Gets the child.
 *
 * Returns: (nullable) (transfer none): the child widget of @self
 */
GtkWidget *unfold_reveal_group_get_child (UnfoldRevealGroup *self);

/**
 * unfold_reveal_group_set_child:
 * @self: a group
 * @child: (nullable): the child widget
 *
 * Sets the widget disclosed.
 */
void unfold_reveal_group_set_child (UnfoldRevealGroup *self,
                                    GtkWidget         *child);

G_END_DECLS
