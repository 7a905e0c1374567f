// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldWidgets

// UnfoldRevealGroup's C API (unfold-reveal-group.h, where each function is documented).

@MainActor
private func group(_ pointer: UnsafeMutableRawPointer?, _ function: StaticString) -> RevealGroup? {
    API.instance(pointer, as: RevealGroup.self, function, "UNFOLD_IS_REVEAL_GROUP (self)")
}

@_cdecl("unfold_reveal_group_get_type")
public func unfoldRevealGroupGetType() -> GType {
    RevealGroup.gType  // any thread, as GObject allows
}

@_cdecl("unfold_reveal_group_new")
public func unfoldRevealGroupNew(_ title: UnsafePointer<CChar>?) -> UnsafeMutablePointer<GtkWidget>? {
    API.call("unfold_reveal_group_new", nil) {
        let group = RevealGroup.make()
        group.setTitle(title.map { String(cString: $0) } ?? "")
        return group.widget
    }
}

@_cdecl("unfold_reveal_group_get_title")
public func unfoldRevealGroupGetTitle(_ self: UnsafeMutableRawPointer?) -> UnsafePointer<CChar>? {
    API.call("unfold_reveal_group_get_title", nil) { group(self, "unfold_reveal_group_get_title")?.cTitle }
}

@_cdecl("unfold_reveal_group_set_title")
public func unfoldRevealGroupSetTitle(_ self: UnsafeMutableRawPointer?, _ title: UnsafePointer<CChar>?) {
    API.call("unfold_reveal_group_set_title", ()) {
        group(self, "unfold_reveal_group_set_title")?.setTitle(title.map { String(cString: $0) } ?? "")
    }
}

@_cdecl("unfold_reveal_group_get_expanded")
public func unfoldRevealGroupGetExpanded(_ self: UnsafeMutableRawPointer?) -> gboolean {
    API.call("unfold_reveal_group_get_expanded", 0) { group(self, "unfold_reveal_group_get_expanded")?.isExpanded == true ? 1 : 0 }
}

@_cdecl("unfold_reveal_group_set_expanded")
public func unfoldRevealGroupSetExpanded(_ self: UnsafeMutableRawPointer?, _ expanded: gboolean) {
    API.call("unfold_reveal_group_set_expanded", ()) { group(self, "unfold_reveal_group_set_expanded")?.setExpanded(expanded != 0) }
}

@_cdecl("unfold_reveal_group_get_child")
public func unfoldRevealGroupGetChild(_ self: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<GtkWidget>? {
    API.call("unfold_reveal_group_get_child", nil) { group(self, "unfold_reveal_group_get_child")?.child }
}

@_cdecl("unfold_reveal_group_set_child")
public func unfoldRevealGroupSetChild(_ self: UnsafeMutableRawPointer?, _ child: UnsafeMutablePointer<GtkWidget>?) {
    API.call("unfold_reveal_group_set_child", ()) {
        guard let group = group(self, "unfold_reveal_group_set_child"),
              API.require(child.map(API.isWidget) ?? true, "unfold_reveal_group_set_child", "child == NULL || GTK_IS_WIDGET (child)"),
              API.require(child.map { !API.isRoot($0) } ?? true, "unfold_reveal_group_set_child", "child == NULL || !GTK_IS_ROOT (child)"),
              API.require(child.map { gtk_widget_get_parent($0) == nil || $0 == group.child } ?? true,
                          "unfold_reveal_group_set_child", "child == NULL || gtk_widget_get_parent (child) == NULL")
        else { return }
        group.setChild(child)
    }
}
