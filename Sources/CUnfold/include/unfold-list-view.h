/* SPDX-License-Identifier: LGPL-2.1-or-later */

#pragma once

#if !defined(UNFOLD_INSIDE) && !defined(UNFOLD_COMPILATION)
#error "Only <unfold.h> can be included directly."
#endif

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * UnfoldListView:
 *
 * An animated list of any [iface@Gio.ListModel], bound as
 * [method@Gtk.ListBox.bind_model] binds one: a function makes a widget for
 * each item, and only the items in view have one, so a list of a million
 * items costs the rows on screen.
 *
 * Every `items-changed` of the model — a [class@Gtk.FilterListModel]'s as
 * its filter changes, a [class@Gtk.SortListModel]'s, a [class@Gio.ListStore]'s
 * splice — animates by identity: the same item is the same row widget.
 * Inserted rows fade in while they slide up 8 px, removed rows fade out where
 * they were, the others glide to their new places, and a removed item that
 * comes back while it fades revives without a second row. Identity is the
 * item object, so each item is in the model once (the list warns when the
 * same one is shown twice); for a model that makes its items on demand, or
 * that holds one object twice, give a key function
 * ([method@ListView.set_key_func]), as Compose's `key =` does.
 *
 * It implements [iface@Gtk.Scrollable]: put it straight into a
 * [class@Gtk.ScrolledWindow], as a [class@Gtk.ListView]. Rows are as tall as
 * the first one made: a taller row is cut to that height (and a warning says
 * so, once).
 *
 * If the model is a [iface@Gtk.SelectionModel], the rows of selected items
 * have the `:selected` state and say so to assistive technologies, and the
 * list selects as a [class@Gtk.ListView] does: a click on a row selects its
 * item alone, Ctrl+click adds it or takes it away, Shift+click selects the
 * run from the item last clicked; the arrow keys move the selection with the
 * focus (with Ctrl held, the focus alone), Space selects the focused item and
 * Ctrl+Space adds it or takes it away. A click on a control inside a row is
 * the control's.
 *
 * With GTK's [property@Gtk.Settings:gtk-enable-animations] off, a change
 * takes effect on the next frame. With reduced motion (GTK 4.22's
 * `GtkSettings:gtk-interface-reduced-motion` set to reduce), nothing moves:
 * the rows are at their new places on the next frame, a new row or one that
 * changed place fades in there, a leaving row fades where it was, and the
 * list's height changes at once.
 *
 * # Keyboard
 *
 * The list is one Tab stop that comes back to the row last used; ↑, ↓,
 * Home, End, Page Up and Page Down move between rows; Tab goes on into a
 * row's own controls.
 *
 * # CSS nodes
 *
 * UnfoldListView has a CSS node with name `listview`; each row has a node
 * with name `row`, holding the widget made for its item.
 *
 * # Accessibility
 *
 * UnfoldListView uses the `GTK_ACCESSIBLE_ROLE_LIST` role, its rows the
 * `GTK_ACCESSIBLE_ROLE_LIST_ITEM` role. Rows on their way out are not in the
 * accessibility tree. Give the list an accessible label, as any list (with
 * gtk_accessible_update_property() and %GTK_ACCESSIBLE_PROPERTY_LABEL, or
 * `<accessibility>` in a `.ui` file): GTK 4.8 names an unlabelled one by its
 * type name to screen readers.
 */

/**
 * UnfoldListView:model:
 *
 * The model bound with [method@ListView.bind_model].
 */

/**
 * UnfoldListView:transition-duration:
 *
 * How long a change takes, in milliseconds; 0 does not animate.
 */

/**
 * UnfoldCreateWidgetFunc:
 * @item: (type GObject): the item to show
 * @user_data: (closure): the data given to [method@ListView.bind_model]
 *
 * Makes the widget that shows @item in its row.
 *
 * Returns: (transfer full): a new widget for @item
 */
typedef GtkWidget *(*UnfoldCreateWidgetFunc) (gpointer item,
                                              gpointer user_data);

/**
 * UnfoldKeyFunc:
 * @item: (type GObject): an item of the model
 * @user_data: (closure): the data given to [method@ListView.set_key_func]
 *
 * Says which items are the same row: two items with equal keys are one
 * item, moved or kept. Keys of the items in view must differ.
 *
 * Returns: (transfer full): the item's key, a newly allocated string
 */
typedef char *(*UnfoldKeyFunc) (gpointer item,
                                gpointer user_data);

#define UNFOLD_TYPE_LIST_VIEW (unfold_list_view_get_type ())

G_DECLARE_FINAL_TYPE (UnfoldListView, unfold_list_view, UNFOLD, LIST_VIEW, GtkWidget)

/**
 * unfold_list_view_new:
 *
 * Creates a new list, bound to no model.
 *
 * Returns: a new `UnfoldListView`
 */
GtkWidget *unfold_list_view_new (void);

/**
 * unfold_list_view_bind_model:
 * @self: a list
 * @model: (nullable): the model to show, or %NULL to show none
 * @create_widget_func: (nullable) (scope notified) (closure user_data) (destroy user_data_free_func):
 *   makes the widget of an item; may be %NULL only when @model is %NULL
 * @user_data: data for @create_widget_func
 * @user_data_free_func: called with @user_data when it is no longer needed
 *
 * Shows @model's items, each through a widget @create_widget_func makes
 * when the item comes into view. A model bound before is let go, and its
 * rows with it.
 */
void unfold_list_view_bind_model (UnfoldListView         *self,
                                  GListModel             *model,
                                  UnfoldCreateWidgetFunc  create_widget_func,
                                  gpointer                user_data,
                                  GDestroyNotify          user_data_free_func);

/**
 * unfold_list_view_set_key_func:
 * @self: a list
 * @key_func: (nullable) (scope notified) (closure user_data) (destroy destroy):
 *   the items' identity, or %NULL for the item objects themselves
 * @user_data: data for @key_func
 * @destroy: called with @user_data when it is no longer needed
 *
 * Says which items are the same row, for a model that makes a new object
 * for the same item. Set it before binding a model; it applies from the
 * next change.
 */
void unfold_list_view_set_key_func (UnfoldListView *self,
                                    UnfoldKeyFunc   key_func,
                                    gpointer        user_data,
                                    GDestroyNotify  destroy);

/**
 * unfold_list_view_get_model:
 * @self: a list
 *
 * Gets the model bound.
 *
 * Returns: (nullable) (transfer none): the model
 */
GListModel *unfold_list_view_get_model (UnfoldListView *self);

/**
 * unfold_list_view_get_transition_duration:
 * @self: a list
 *
 * Gets how long a change takes.
 *
 * Returns: the duration, in milliseconds
 */
guint unfold_list_view_get_transition_duration (UnfoldListView *self);

/**
 * unfold_list_view_set_transition_duration:
 * @self: a list
 * @duration: the duration, in milliseconds
 *
 * Sets how long a change takes; 0 does not animate.
 */
void unfold_list_view_set_transition_duration (UnfoldListView *self,
                                               guint           duration);

G_END_DECLS
