// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldWidgets

// UnfoldListRow's C API (unfold-list-row.h, where each function is documented).

@MainActor
private func row(_ pointer: UnsafeMutableRawPointer?, _ function: StaticString) -> ListRow? {
    API.instance(pointer, as: ListRow.self, function, "UNFOLD_IS_LIST_ROW (self)")
}

@_cdecl("unfold_list_row_get_type")
public func unfoldListRowGetType() -> GType {
    ListRow.gType  // any thread, as GObject allows
}

@_cdecl("unfold_list_row_new")
public func unfoldListRowNew() -> UnsafeMutablePointer<GtkWidget>? {
    API.call("unfold_list_row_new", nil) { ListRow.make().widget }
}

@_cdecl("unfold_list_row_get_child")
public func unfoldListRowGetChild(_ self: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<GtkWidget>? {
    API.call("unfold_list_row_get_child", nil) { row(self, "unfold_list_row_get_child")?.child }
}

@_cdecl("unfold_list_row_set_child")
public func unfoldListRowSetChild(_ self: UnsafeMutableRawPointer?, _ child: UnsafeMutablePointer<GtkWidget>?) {
    API.call("unfold_list_row_set_child", ()) {
        guard let row = row(self, "unfold_list_row_set_child"),
              API.require(child.map(API.isWidget) ?? true, "unfold_list_row_set_child", "child == NULL || GTK_IS_WIDGET (child)"),
              API.require(child.map { !API.isRoot($0) } ?? true, "unfold_list_row_set_child", "child == NULL || !GTK_IS_ROOT (child)"),
              API.require(child.map { gtk_widget_get_parent($0) == nil || gtk_widget_get_parent($0) == row.widget } ?? true,
                          "unfold_list_row_set_child", "child == NULL || gtk_widget_get_parent (child) == NULL")
        else { return }
        row.setChild(child)
    }
}
