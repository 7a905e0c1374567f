/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef UNFOLD_CGTK_TEST_SUPPORT_H
#define UNFOLD_CGTK_TEST_SUPPORT_H

/* Through the CUnfoldGtk module, so GTK is declared once. */
#include "../CUnfoldGtk/shim.h"

/* GTK's accessible checks are variadic. Each returns NULL when the accessible
 * holds the expected value, or a newly allocated description of what it holds. */
static inline char *unfold_test_accessible_check_expanded(GtkAccessible *accessible, gboolean expanded)
{
    return gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_EXPANDED, expanded);
}

static inline char *unfold_test_accessible_check_hidden(GtkAccessible *accessible, gboolean hidden)
{
    return gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, hidden);
}

static inline char *unfold_test_accessible_check_label(GtkAccessible *accessible, const char *label)
{
    return gtk_test_accessible_check_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}

static inline char *unfold_test_accessible_check_description(GtkAccessible *accessible, const char *description)
{
    return gtk_test_accessible_check_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
}

static inline gboolean unfold_test_accessible_has_description(GtkAccessible *accessible)
{
    return gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static inline char *unfold_test_accessible_check_controls(GtkAccessible *accessible, GtkAccessible *controlled)
{
    return gtk_test_accessible_check_relation(accessible, GTK_ACCESSIBLE_RELATION_CONTROLS, controlled, NULL);
}

#endif
