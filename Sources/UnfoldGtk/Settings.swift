// SPDX-License-Identifier: LGPL-2.1-or-later
/// How much the desktop wants things to move, from GTK's settings:
///
/// - `gtk-enable-animations` off: nothing animates (`Motion.none`), on every GTK;
/// - `gtk-interface-reduced-motion` set to reduce (GTK 4.22 and later; GNOME's
///   "Reduced Motion"): layout changes show without movement — what opens
///   has its new size at once and fades in, what moves fades in at its new
///   place (`Motion.reduced`);
/// - otherwise everything moves (`Motion.full`).
///
/// On a GTK without the reduced-motion setting, motion is full or none, as
/// the animations setting says.
@MainActor
public enum AnimationSettings {
    public enum Motion: Sendable, Equatable {
        case full, reduced, none
    }

    static let animationsProperty = "gtk-enable-animations"
    static let reducedMotionProperty = "gtk-interface-reduced-motion"

    public static func motion(_ settings: OpaquePointer) -> Motion {
        guard animationsEnabled(settings) else { return .none }
        return reducesMotion(settings) ? .reduced : .full
    }

    /// The motion `widget`'s display asks for.
    public static func motion(for widget: WidgetPointer) -> Motion {
        motion(gtk_widget_get_settings(widget))
    }

    public static func animationsEnabled(_ settings: OpaquePointer) -> Bool {
        var value = GValue()
        g_value_init(&value, unfold_type_boolean())
        defer { g_value_unset(&value) }
        g_object_get_property(gCast(settings), animationsProperty, &value)
        return g_value_get_boolean(&value) != 0
    }

    /// Whether `widget` should animate at all: the setting of its display.
    public static func animationsEnabled(for widget: WidgetPointer) -> Bool {
        animationsEnabled(gtk_widget_get_settings(widget))
    }

    public static func setAnimationsEnabled(_ enabled: Bool, in settings: OpaquePointer? = gtk_settings_get_default()) {
        guard let settings else { return }
        var value = GValue()
        g_value_init(&value, unfold_type_boolean())
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, enabled ? 1 : 0)
        g_object_set_property(gCast(settings), animationsProperty, &value)
    }

    /// The reduced-motion setting, found at run time: a library built
    /// against GTK 4.8 runs on GTK 4.22 too. Nil where GTK lacks it.
    private static func reducedMotionSpec(_ settings: OpaquePointer) -> UnsafeMutablePointer<GParamSpec>? {
        g_object_class_find_property(gCast(gCast(settings, to: GObject.self).pointee.g_type_instance.g_class), reducedMotionProperty)
    }

    /// Whether this GTK has `gtk-interface-reduced-motion` (4.22 and later).
    public static func hasReducedMotionSetting(_ settings: OpaquePointer? = gtk_settings_get_default()) -> Bool {
        settings.map { reducedMotionSpec($0) != nil } ?? false
    }

    /// Whether the reduced-motion setting asks to reduce (GtkReducedMotion's
    /// REDUCE); false where GTK has no such setting.
    public static func reducesMotion(_ settings: OpaquePointer) -> Bool {
        guard let spec = reducedMotionSpec(settings) else { return false }
        var value = GValue()
        g_value_init(&value, spec.pointee.value_type)
        defer { g_value_unset(&value) }
        g_object_get_property(gCast(settings), reducedMotionProperty, &value)
        return g_value_get_enum(&value) != 0
    }

    /// Asks for reduced motion, or no preference; does nothing where GTK has
    /// no such setting (and says so by returning false).
    @discardableResult
    public static func setReducesMotion(_ reduce: Bool, in settings: OpaquePointer? = gtk_settings_get_default()) -> Bool {
        guard let settings, let spec = reducedMotionSpec(settings) else { return false }
        var value = GValue()
        g_value_init(&value, spec.pointee.value_type)
        defer { g_value_unset(&value) }
        g_value_set_enum(&value, reduce ? 1 : 0)
        g_object_set_property(gCast(settings), reducedMotionProperty, &value)
        return true
    }

    /// Calls `handler` whenever either setting changes on `widget`'s display.
    public static func observe(for widget: WidgetPointer, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        observe(gtk_widget_get_settings(widget)!, handler)
    }

    public static func observe(_ settings: OpaquePointer, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        // One handler for both (GtkSettings says each change by name).
        onObjectSignal(UnsafeMutableRawPointer(settings), "notify") { spec in
            let name = String(cString: g_param_spec_get_name(gCast(spec)))
            if name == animationsProperty || name == reducedMotionProperty { handler() }
        }
    }
}
