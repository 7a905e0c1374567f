/* SPDX-License-Identifier: LGPL-2.1-or-later */

#pragma once

#if !defined(UNFOLD_INSIDE) && !defined(UNFOLD_COMPILATION)
#error "Only <unfold.h> can be included directly."
#endif

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * UnfoldReveal:
 *
 * Shows its child by growing from nothing to the child's natural height, as
 * a slide-down [class@Gtk.Revealer] does, but reversibly and honestly.
 *
 * The reveal measures its child height-for-width and reports that height
 * multiplied by [property@Reveal:progress], which follows an ease-in-out curve
 * over [property@Reveal:transition-duration] on the frame clock. The child is
 * always allocated its whole natural height and clipped, so wrapped text is
 * never squashed and the widgets below move continuously.
 *
 * Unlike GtkRevealer:
 *
 * - a change of direction mid-way starts from the height on screen, never
 *   from an end;
 * - from the moment it starts closing, the child takes no pointer events and
 *   no focus and leaves the accessibility tree; focus inside moves out;
 * - the child is mapped the moment an opening starts, so a Tab pressed right
 *   after can land in it.
 *
 * It speaks GtkRevealer's property names: a `.ui` file whose GtkRevealer
 * slides down works with only its class changed to `UnfoldReveal`. Its one
 * motion is sliding down; [property@Reveal:transition-type] takes
 * `GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN` (the default) or
 * `GTK_REVEALER_TRANSITION_TYPE_NONE`, and warns on any other.
 *
 * When GTK's [property@Gtk.Settings:gtk-enable-animations] is off, changes
 * take effect on the next frame. With reduced motion (GTK 4.22's
 * `GtkSettings:gtk-interface-reduced-motion` set to reduce), nothing moves:
 * opening, the whole height is there on the next frame and the child fades
 * in; closing, the child fades out and its height then goes at once. Both
 * settings are followed live; on a GTK without the second, motion is full.
 *
 * # CSS nodes
 *
 * UnfoldReveal has a single CSS node with name `reveal`.
 *
 * # Accessibility
 *
 * UnfoldReveal uses the `GTK_ACCESSIBLE_ROLE_GROUP` role.
 */

/**
 * UnfoldReveal:child:
 *
 * The widget shown and hidden.
 */

/**
 * UnfoldReveal:reveal-child:
 *
 * Whether the child is asked to be shown. Setting it starts the motion toward
 * it from wherever the motion is now.
 */

/**
 * UnfoldReveal:child-revealed:
 *
 * Whether the child is wholly shown: true at the end of an opening, false from
 * the moment a closing starts.
 */

/**
 * UnfoldReveal:progress:
 *
 * The eased fraction of the child's height shown now, from 0 to 1; notified on
 * every frame it changes.
 */

/**
 * UnfoldReveal:transition-duration:
 *
 * How long a whole opening or closing takes, in milliseconds; 0 does not
 * animate. A reversal takes as long as the way back is.
 */

/**
 * UnfoldReveal:transition-type:
 *
 * `GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN`, or
 * `GTK_REVEALER_TRANSITION_TYPE_NONE` for no animation.
 */

#define UNFOLD_TYPE_REVEAL (unfold_reveal_get_type ())

G_DECLARE_FINAL_TYPE (UnfoldReveal, unfold_reveal, UNFOLD, REVEAL, GtkWidget)

/**
 * unfold_reveal_new:
 *
 * Creates a new reveal, closed and empty.
 *
 * Returns: a new `UnfoldReveal`
 */
GtkWidget *unfold_reveal_new (void);

/**
 * unfold_reveal_get_child:
 * @self: a reveal
 *
 * Gets the child.
 *
 * Returns: (nullable) (transfer none): the child widget of @self
 */
GtkWidget *unfold_reveal_get_child (UnfoldReveal *self);

/**
 * unfold_reveal_set_child:
 * @self: a reveal
 * @child: (nullable): the child widget
 *
 * Sets the child.
 */
void unfold_reveal_set_child (UnfoldReveal *self,
                              GtkWidget    *child);

/**
 * unfold_reveal_get_reveal_child:
 * @self: a reveal
 *
 * Gets whether the child is asked to be shown.
 *
 * Returns: whether the child is revealed, or about to be
 */
gboolean unfold_reveal_get_reveal_child (UnfoldReveal *self);

/**
 * unfold_reveal_set_reveal_child:
 * @self: a reveal
 * @reveal_child: whether to show the child
 *
 * Shows or hides the child, animating from where the motion is now.
 */
void unfold_reveal_set_reveal_child (UnfoldReveal *self,
                                     gboolean      reveal_child);

/**
 * unfold_reveal_get_child_revealed:
 * @self: a reveal
 *
 * Gets whether the child is wholly shown, its opening over.
 *
 * Returns: whether the child is fully revealed
 */
gboolean unfold_reveal_get_child_revealed (UnfoldReveal *self);

/**
 * unfold_reveal_get_progress:
 * @self: a reveal
 *
 * Gets the fraction of the child's height shown now.
 *
 * Returns: the progress, from 0 to 1
 */
double unfold_reveal_get_progress (UnfoldReveal *self);

/**
 * unfold_reveal_get_transition_duration:
 * @self: a reveal
 *
 * Gets how long an opening or closing takes.
 *
 * Returns: the duration, in milliseconds
 */
guint unfold_reveal_get_transition_duration (UnfoldReveal *self);

/**
 * unfold_reveal_set_transition_duration:
 * @self: a reveal
 * @duration: the duration, in milliseconds
 *
 * Sets how long an opening or closing takes; 0 does not animate. A motion
 * under way keeps its duration.
 */
void unfold_reveal_set_transition_duration (UnfoldReveal *self,
                                            guint         duration);

/**
 * unfold_reveal_get_transition_type:
 * @self: a reveal
 *
 * Gets the motion used.
 *
 * Returns: `GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN` or
 *   `GTK_REVEALER_TRANSITION_TYPE_NONE`
 */
GtkRevealerTransitionType unfold_reveal_get_transition_type (UnfoldReveal *self);

/**
 * unfold_reveal_set_transition_type:
 * @self: a reveal
 * @transition: the motion
 *
 * Sets the motion: `GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN` or
 * `GTK_REVEALER_TRANSITION_TYPE_NONE`. Any other is shown as slide-down,
 * with a warning.
 */
void unfold_reveal_set_transition_type (UnfoldReveal              *self,
                                        GtkRevealerTransitionType  transition);

G_END_DECLS
