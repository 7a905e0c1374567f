// SPDX-License-Identifier: LGPL-2.1-or-later
/// GObject properties that have no C setter in GTK 4.8 (g_object_set is variadic).
@MainActor
public enum Properties {
    public static func set(_ object: UnsafeMutableRawPointer, _ name: String, string: String) {
        var value = GValue()
        g_value_init(&value, unfold_type_string())
        defer { g_value_unset(&value) }
        g_value_set_string(&value, string)
        g_object_set_property(gCast(object), name, &value)
    }

    public static func string(_ object: UnsafeMutableRawPointer, _ name: String) -> String? {
        var value = GValue()
        g_value_init(&value, unfold_type_string())
        defer { g_value_unset(&value) }
        g_object_get_property(gCast(object), name, &value)
        return g_value_get_string(&value).map { String(cString: $0) }
    }

    public static func int(_ object: UnsafeMutableRawPointer, _ name: String) -> Int32 {
        var value = GValue()
        g_value_init(&value, unfold_type_int())
        defer { g_value_unset(&value) }
        g_object_get_property(gCast(object), name, &value)
        return g_value_get_int(&value)
    }

    /// An object property's value, with a reference of the caller's.
    public static func object(_ object: UnsafeMutableRawPointer, _ name: String) -> ObjectRef? {
        var value = GValue()
        g_value_init(&value, unfold_type_object())
        defer { g_value_unset(&value) }
        g_object_get_property(gCast(object), name, &value)
        return g_value_dup_object(&value).map { ObjectRef(adopting: $0) }
    }
}
