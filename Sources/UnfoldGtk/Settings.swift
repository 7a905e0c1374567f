// SPDX-License-Identifier: LGPL-2.1-or-later
/// GTK 4.8's reduce-motion switch is the `gtk-enable-animations` setting
/// (`gtk-interface-reduced-motion` only arrives in GTK 4.22).
@MainActor
public enum AnimationSettings {
    static let property = "gtk-enable-animations"

    public static func animationsEnabled(_ settings: OpaquePointer) -> Bool {
        var value = GValue()
        g_value_init(&value, unfold_type_boolean())
        defer { g_value_unset(&value) }
        g_object_get_property(gCast(settings), property, &value)
        return g_value_get_boolean(&value) != 0
    }

    /// Whether `widget` should animate: the setting of its display.
    public static func animationsEnabled(for widget: WidgetPointer) -> Bool {
        animationsEnabled(gtk_widget_get_settings(widget))
    }

    public static func setAnimationsEnabled(_ enabled: Bool, in settings: OpaquePointer? = gtk_settings_get_default()) {
        guard let settings else { return }
        var value = GValue()
        g_value_init(&value, unfold_type_boolean())
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, enabled ? 1 : 0)
        g_object_set_property(gCast(settings), property, &value)
    }

    /// Calls `handler` whenever the setting changes on `widget`'s display.
    public static func observe(for widget: WidgetPointer, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify(UnsafeMutableRawPointer(gtk_widget_get_settings(widget)!), property, handler)
    }
}
