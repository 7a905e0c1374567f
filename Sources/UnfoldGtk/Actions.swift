// SPDX-License-Identifier: LGPL-2.1-or-later
/// GActions on an application or a window (both are GActionMaps), with their
/// keyboard accelerators.
@MainActor
public enum Actions {
    /// Adds the action `name`, which takes no parameter, to `map`.
    @discardableResult
    public static func add(
        to map: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor () -> Void
    ) -> OpaquePointer {
        let action = ObjectRef(adopting: g_simple_action_new(name, nil)!)
        onActionActivated(action.opaque) { _ in handler() }
        g_action_map_add_action(OpaquePointer(map), action.opaque)  // the map keeps it
        return action.opaque
    }

    /// Adds the action `name`, which takes a string (a menu item's target), to `map`.
    @discardableResult
    public static func add(
        to map: UnsafeMutableRawPointer, _ name: String, taking handler: @escaping @MainActor (_ parameter: String) -> Void
    ) -> OpaquePointer {
        let action = ObjectRef(adopting: g_simple_action_new(name, unfold_variant_type_string())!)
        onActionActivated(action.opaque) { parameter in
            guard let parameter else { return }
            handler(String(cString: g_variant_get_string(parameter, nil)))
        }
        g_action_map_add_action(OpaquePointer(map), action.opaque)  // the map keeps it
        return action.opaque
    }

    /// Adds the action `name` with a string state (what radio items in a menu
    /// show as checked); activating it with a string calls `handler`, which
    /// sets the state with `setState` once it has done what was asked.
    @discardableResult
    public static func addStateful(
        to map: UnsafeMutableRawPointer, _ name: String, state: String,
        _ handler: @escaping @MainActor (_ parameter: String) -> Void
    ) -> OpaquePointer {
        let action = ObjectRef(adopting: g_simple_action_new_stateful(name, unfold_variant_type_string(), g_variant_new_string(state))!)
        onActionActivated(action.opaque) { parameter in
            guard let parameter else { return }
            handler(String(cString: g_variant_get_string(parameter, nil)))
        }
        g_action_map_add_action(OpaquePointer(map), action.opaque)  // the map keeps it
        return action.opaque
    }

    /// Adds the action `name` with a true-or-false state (what a check item in
    /// a menu shows); activating it calls `handler` with the state asked for,
    /// which sets it with `setState` once it has done what was asked.
    @discardableResult
    public static func addToggle(
        to map: UnsafeMutableRawPointer, _ name: String, state: Bool, _ handler: @escaping @MainActor (_ on: Bool) -> Void
    ) -> OpaquePointer {
        let action = ObjectRef(adopting: g_simple_action_new_stateful(name, nil, g_variant_new_boolean(state ? 1 : 0))!)
        onActionActivated(action.opaque) { [action = action.opaque] _ in
            let current = g_action_get_state(action)
            defer { if let current { g_variant_unref(current) } }
            handler(current.map { g_variant_get_boolean($0) == 0 } ?? true)
        }
        g_action_map_add_action(OpaquePointer(map), action.opaque)  // the map keeps it
        return action.opaque
    }

    public static func setState(_ action: OpaquePointer, _ on: Bool) {
        g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
    }

    /// A disabled action does nothing, and its keys go on to the focused widget.
    public static func setEnabled(_ action: OpaquePointer, _ enabled: Bool) {
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    public static func setState(_ action: OpaquePointer, _ state: String) {
        g_simple_action_set_state(action, g_variant_new_string(state))
    }

    public static func setAccelerators(
        _ application: UnsafeMutablePointer<GtkApplication>, for action: String, _ accelerators: [String]
    ) {
        var strings: [UnsafePointer<CChar>?] = accelerators.map { UnsafePointer(strdup($0)) } + [nil]
        defer { strings.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        gtk_application_set_accels_for_action(application, action, &strings)
    }

    public static func accelerators(_ application: UnsafeMutablePointer<GtkApplication>, for action: String) -> [String] {
        guard let accels = gtk_application_get_accels_for_action(application, action) else { return [] }
        defer { g_strfreev(accels) }
        var result: [String] = []
        var index = 0
        while let accel = accels[index] { result.append(String(cString: accel)); index += 1 }
        return result
    }
}
