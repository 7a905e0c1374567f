// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldWidgets

/// The guards every public function starts with, as GTK's `g_return_if_fail`:
/// a programmer's error (a NULL or wrong instance, a call from another
/// thread than GTK's) is a critical in the `Unfold` log domain naming the
/// function and what failed, and the call returns its fallback.
enum API {
    /// A value crossing into and out of the main actor: the C API is called
    /// on GTK's thread, which `call` checks before entering.
    struct Crossing<Value>: @unchecked Sendable { let value: Value }

    /// Runs `body` on the main actor if the caller is on the main thread (the
    /// one GTK runs on); otherwise a critical.
    static func call<Result>(_ function: StaticString, _ fallback: Result,
                             _ body: @MainActor () -> Result) -> Result {
        guard unfold_is_main_thread() != 0 else {
            critical(function, "the calling thread is GTK's (the main thread)")
            return fallback
        }
        let result = MainActor.assumeIsolated { Crossing(value: body()) }
        return result.value
    }

    /// The Swift half of `instance` when it is a `T`; otherwise a critical
    /// saying `expression` failed, as `g_return_val_if_fail (expression, …)`.
    @MainActor
    static func instance<T: WidgetImplementation>(_ instance: UnsafeMutableRawPointer?, as type: T.Type,
                                                  _ function: StaticString, _ expression: StaticString) -> T? {
        guard let instance, g_type_check_instance_is_a(gCast(instance), T.gType) != 0,
              let implementation = WidgetImplementation.of(instance.assumingMemoryBound(to: GtkWidget.self)) as? T else {
            critical(function, expression)
            return nil
        }
        return implementation
    }

    /// `g_return_if_fail (expression)` for a condition on an argument.
    @MainActor
    /// Whether `pointer` is a GtkWidget, as `GTK_IS_WIDGET` says: a child
    /// of another type would reach GTK's widget functions, which crash on it.
    static func isWidget(_ pointer: UnsafeMutablePointer<GtkWidget>) -> Bool {
        g_type_check_instance_is_a(gCast(pointer), gtk_widget_get_type()) != 0
    }

    /// Whether `pointer` is a window (a GtkRoot): it can be no widget's
    /// child, and GTK aborts on one given a parent.
    static func isRoot(_ pointer: UnsafeMutablePointer<GtkWidget>) -> Bool {
        g_type_check_instance_is_a(gCast(pointer), gtk_root_get_type()) != 0
    }

    static func require(_ condition: Bool, _ function: StaticString, _ expression: StaticString) -> Bool {
        if !condition { critical(function, expression) }
        return condition
    }

    private static func critical(_ function: StaticString, _ expression: StaticString) {
        g_return_if_fail_warning("Unfold", String(describing: function), String(describing: expression))
    }
}
