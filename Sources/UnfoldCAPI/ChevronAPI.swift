// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldWidgets

// UnfoldChevron's C API (unfold-chevron.h, where each function is documented).

@MainActor
private func chevron(_ pointer: UnsafeMutableRawPointer?, _ function: StaticString) -> Chevron? {
    API.instance(pointer, as: Chevron.self, function, "UNFOLD_IS_CHEVRON (self)")
}

@_cdecl("unfold_chevron_get_type")
public func unfoldChevronGetType() -> GType {
    Chevron.gType  // any thread, as GObject allows
}

@_cdecl("unfold_chevron_new")
public func unfoldChevronNew() -> UnsafeMutablePointer<GtkWidget>? {
    API.call("unfold_chevron_new", nil) { Chevron.make().widget }
}

@_cdecl("unfold_chevron_get_progress")
public func unfoldChevronGetProgress(_ self: UnsafeMutableRawPointer?) -> Double {
    API.call("unfold_chevron_get_progress", 0) { chevron(self, "unfold_chevron_get_progress")?.progress ?? 0 }
}

@_cdecl("unfold_chevron_set_progress")
public func unfoldChevronSetProgress(_ self: UnsafeMutableRawPointer?, _ progress: Double) {
    API.call("unfold_chevron_set_progress", ()) {
        chevron(self, "unfold_chevron_set_progress")?.setProgress(progress.isNaN ? 0 : min(max(progress, 0), 1))
    }
}
