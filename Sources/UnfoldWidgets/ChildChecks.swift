// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk

/// Whether `child` may be put under `parent`: neither `parent` itself nor one
/// of its ancestors (a widget that held itself would loop GTK for ever).
/// Otherwise a critical naming `function`, as `g_return_if_fail` says it.
@MainActor
func isAcceptableChild(_ child: WidgetPointer, of parent: WidgetPointer, _ function: String) -> Bool {
    guard child == parent || gtk_widget_is_ancestor(parent, child) != 0 else { return true }
    g_return_if_fail_warning("Unfold", function, "child != self && !gtk_widget_is_ancestor (self, child)")
    return false
}
