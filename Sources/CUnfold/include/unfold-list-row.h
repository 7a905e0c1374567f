/* SPDX-License-Identifier: LGPL-2.1-or-later */

#pragma once

#if !defined(UNFOLD_INSIDE) && !defined(UNFOLD_COMPILATION)
#error "Only <unfold.h> can be included directly."
#endif

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * UnfoldListRow:
 *
 * One row of an [class@ListView]: it holds the widget made for an item,
 * takes the keyboard focus for it (Tab goes on into the child's controls,
 * and back out of them to the row), and is what assistive technologies see
 * as the list's item.
 *
 * The list puts each widget its create-widget function makes in a row of
 * its own; a function that returns an `UnfoldListRow` has it used as it is,
 * as [method@Gtk.ListBox.bind_model] uses a [class@Gtk.ListBoxRow], so a
 * program can name its rows for screen readers or give them a style class:
 *
 * ```c
 * static GtkWidget *
 * make_row (gpointer item, gpointer user_data)
 * {
 *   const char *title = gtk_string_object_get_string (item);
 *   GtkWidget *row = unfold_list_row_new ();
 *   unfold_list_row_set_child (UNFOLD_LIST_ROW (row), gtk_label_new (title));
 *   gtk_accessible_update_property (GTK_ACCESSIBLE (row),
 *                                   GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
 *   return row;
 * }
 * ```
 *
 * # CSS nodes
 *
 * UnfoldListRow has a single CSS node with name `row`.
 *
 * # Accessibility
 *
 * UnfoldListRow uses the `GTK_ACCESSIBLE_ROLE_LIST_ITEM` role.
 */

/**
 * UnfoldListRow:child:
 *
 * The widget the row shows.
 */

#define UNFOLD_TYPE_LIST_ROW (unfold_list_row_get_type ())

G_DECLARE_FINAL_TYPE (UnfoldListRow, unfold_list_row, UNFOLD, LIST_ROW, GtkWidget)

/**
 * unfold_list_row_new:
 *
 * Creates a new, empty list row.
 *
 * Returns: a new `UnfoldListRow`
 */
GtkWidget *unfold_list_row_new (void);

/**
 * unfold_list_row_get_child:
 * @self: a list row
 *
 * Gets the widget the row shows.
 *
 * Returns: (nullable) (transfer none): the child
 */
GtkWidget *unfold_list_row_get_child (UnfoldListRow *self);

/**
 * unfold_list_row_set_child:
 * @self: a list row
 * @child: (nullable): the widget to show
 *
 * Sets the widget the row shows.
 */
void unfold_list_row_set_child (UnfoldListRow *self,
                                GtkWidget     *child);

G_END_DECLS
