// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldMotion
import UnfoldWidgets

// What libunfold-1 is beside its widgets' own functions (unfold-main.h).

/// `void unfold_init (void)`: registers every Unfold type at once. Each type
/// also registers itself on its first `_get_type ()`, as GTK's do, so this is
/// only for GtkBuilder files read before any Unfold function was called.
@_cdecl("unfold_init")
public func unfoldInit() {
    UnfoldTypes.register()  // any thread, as the types' own _get_type ()
}

/// `void unfold_set_slowdown (double factor)`: slow motion for every Unfold
/// animation in the process.
@_cdecl("unfold_set_slowdown")
public func unfoldSetSlowdown(_ factor: Double) {
    API.call("unfold_set_slowdown", ()) {
        guard API.require(MotionClock.isValid(factor), "unfold_set_slowdown", "factor > 0 && isfinite (factor)") else { return }
        SlowMotion.slowdown = factor
    }
}

/// `double unfold_get_slowdown (void)`.
@_cdecl("unfold_get_slowdown")
public func unfoldGetSlowdown() -> Double {
    API.call("unfold_get_slowdown", 1) { SlowMotion.slowdown }
}
