// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldWidgets

// UnfoldReveal's C API (unfold-reveal.h, where each function is documented).

@MainActor
private func reveal(_ pointer: UnsafeMutableRawPointer?, _ function: StaticString) -> Reveal? {
    API.instance(pointer, as: Reveal.self, function, "UNFOLD_IS_REVEAL (self)")
}

@_cdecl("unfold_reveal_get_type")
public func unfoldRevealGetType() -> GType {
    Reveal.gType  // any thread, as GObject allows
}

@_cdecl("unfold_reveal_new")
public func unfoldRevealNew() -> UnsafeMutablePointer<GtkWidget>? {
    API.call("unfold_reveal_new", nil) { Reveal.make().widget }
}

@_cdecl("unfold_reveal_get_child")
public func unfoldRevealGetChild(_ self: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<GtkWidget>? {
    API.call("unfold_reveal_get_child", nil) { reveal(self, "unfold_reveal_get_child")?.child }
}

@_cdecl("unfold_reveal_set_child")
public func unfoldRevealSetChild(_ self: UnsafeMutableRawPointer?, _ child: UnsafeMutablePointer<GtkWidget>?) {
    API.call("unfold_reveal_set_child", ()) {
        guard let reveal = reveal(self, "unfold_reveal_set_child"),
              API.require(child.map(API.isWidget) ?? true, "unfold_reveal_set_child", "child == NULL || GTK_IS_WIDGET (child)"),
              API.require(child.map { !API.isRoot($0) } ?? true, "unfold_reveal_set_child", "child == NULL || !GTK_IS_ROOT (child)"),
              API.require(child.map { gtk_widget_get_parent($0) == nil || gtk_widget_get_parent($0) == reveal.widget } ?? true,
                          "unfold_reveal_set_child", "child == NULL || gtk_widget_get_parent (child) == NULL")
        else { return }
        reveal.setChild(child)
    }
}

@_cdecl("unfold_reveal_get_reveal_child")
public func unfoldRevealGetRevealChild(_ self: UnsafeMutableRawPointer?) -> gboolean {
    API.call("unfold_reveal_get_reveal_child", 0) { reveal(self, "unfold_reveal_get_reveal_child")?.isRevealed == true ? 1 : 0 }
}

@_cdecl("unfold_reveal_set_reveal_child")
public func unfoldRevealSetRevealChild(_ self: UnsafeMutableRawPointer?, _ revealChild: gboolean) {
    API.call("unfold_reveal_set_reveal_child", ()) { reveal(self, "unfold_reveal_set_reveal_child")?.setRevealed(revealChild != 0) }
}

@_cdecl("unfold_reveal_get_child_revealed")
public func unfoldRevealGetChildRevealed(_ self: UnsafeMutableRawPointer?) -> gboolean {
    API.call("unfold_reveal_get_child_revealed", 0) { reveal(self, "unfold_reveal_get_child_revealed")?.isChildRevealed == true ? 1 : 0 }
}

@_cdecl("unfold_reveal_get_progress")
public func unfoldRevealGetProgress(_ self: UnsafeMutableRawPointer?) -> Double {
    API.call("unfold_reveal_get_progress", 0) { reveal(self, "unfold_reveal_get_progress")?.displayedProgress ?? 0 }
}

@_cdecl("unfold_reveal_get_transition_duration")
public func unfoldRevealGetTransitionDuration(_ self: UnsafeMutableRawPointer?) -> guint {
    API.call("unfold_reveal_get_transition_duration", 0) { reveal(self, "unfold_reveal_get_transition_duration")?.transitionDuration ?? 0 }
}

@_cdecl("unfold_reveal_set_transition_duration")
public func unfoldRevealSetTransitionDuration(_ self: UnsafeMutableRawPointer?, _ duration: guint) {
    API.call("unfold_reveal_set_transition_duration", ()) {
        reveal(self, "unfold_reveal_set_transition_duration")?.setTransitionDuration(duration)
    }
}

@_cdecl("unfold_reveal_get_transition_type")
public func unfoldRevealGetTransitionType(_ self: UnsafeMutableRawPointer?) -> GtkRevealerTransitionType {
    API.call("unfold_reveal_get_transition_type", GTK_REVEALER_TRANSITION_TYPE_NONE) {
        reveal(self, "unfold_reveal_get_transition_type")?.transitionType ?? GTK_REVEALER_TRANSITION_TYPE_NONE
    }
}

@_cdecl("unfold_reveal_set_transition_type")
public func unfoldRevealSetTransitionType(_ self: UnsafeMutableRawPointer?, _ transition: GtkRevealerTransitionType) {
    API.call("unfold_reveal_set_transition_type", ()) {
        reveal(self, "unfold_reveal_set_transition_type")?.setTransitionType(transition)
    }
}
