/// GActions on an application or a window (both are GActionMaps), with their
/// keyboard accelerators.
@MainActor
public enum Actions {
    /// Adds the action `name` to `map`; `stringParameter` makes it take a string
    /// (for detailed names such as "win.show-page::outline").
    @discardableResult
    public static func add(
        to map: UnsafeMutableRawPointer, _ name: String, stringParameter: Bool = false,
        _ handler: @escaping @MainActor (_ parameter: String?) -> Void
    ) -> OpaquePointer {
        let action = g_simple_action_new(name, stringParameter ? unfold_variant_type_string() : nil)!
        onActionActivated(action) { parameter in
            handler(parameter.map { String(cString: g_variant_get_string($0, nil)) })
        }
        g_action_map_add_action(OpaquePointer(map), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        return action
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
