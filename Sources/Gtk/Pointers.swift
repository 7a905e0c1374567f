@_exported import CGtk

/// GTK's `GTK_WIDGET (x)`-style casts do not import into Swift. Every GObject struct
/// begins with its parent struct, so reinterpreting a pointer up or down the class
/// hierarchy is what those macros do too (minus their runtime type check).
@inlinable
public func gCast<T>(_ pointer: UnsafeMutableRawPointer?, to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
    precondition(pointer != nil, "casting a NULL GObject pointer")
    return pointer!.assumingMemoryBound(to: T.self)
}

@inlinable
public func gCast<T, U>(_ pointer: UnsafeMutablePointer<U>, to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

@inlinable
public func gCast<T>(_ pointer: OpaquePointer, to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer<T>(pointer)
}

/// Opaque GTK structs (GtkLabel, GtkSettings, …) import as `OpaquePointer`.
@inlinable
public func gCast<U>(_ pointer: UnsafeMutablePointer<U>) -> OpaquePointer {
    OpaquePointer(pointer)
}

public typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer where Pointee == GtkWidget {
    @inlinable public var object: UnsafeMutablePointer<GObject> { gCast(self) }
    @inlinable public var accessible: OpaquePointer { OpaquePointer(self) }
    @inlinable public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(self, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(self, name) }

    public func setMargins(top: Int32 = 0, bottom: Int32 = 0, start: Int32 = 0, end: Int32 = 0) {
        gtk_widget_set_margin_top(self, top)
        gtk_widget_set_margin_bottom(self, bottom)
        gtk_widget_set_margin_start(self, start)
        gtk_widget_set_margin_end(self, end)
    }

    /// The widget's bounds in `ancestor`'s coordinates, or nil when it has no common
    /// ancestor or is not allocated.
    public func bounds(in ancestor: WidgetPointer) -> graphene_rect_t? {
        var rect = graphene_rect_t()
        return gtk_widget_compute_bounds(self, ancestor, &rect) != 0 ? rect : nil
    }

    /// True when `self` is `other` or one of its descendants.
    public func isInside(_ other: WidgetPointer) -> Bool {
        self == other || gtk_widget_is_ancestor(self, other) != 0
    }
}

/// Builders for the stock widgets the app composes, returning typed widget pointers.
public enum Widgets {
    public static func label(_ text: String, xalign: Float = 0) -> WidgetPointer {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(gCast(label), xalign)
        return label
    }

    public static func box(_ orientation: GtkOrientation, spacing: Int32 = 0) -> WidgetPointer {
        gtk_box_new(orientation, spacing)
    }

    /// A box with another accessible role than GtkBox's (a list item, say): the
    /// role is a construct-only property.
    @MainActor
    public static func box(_ orientation: GtkOrientation, spacing: Int32 = 0, role: GtkAccessibleRole) -> WidgetPointer {
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        g_value_set_enum(&value, gint(role.rawValue))
        defer { g_value_unset(&value) }
        var names: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("accessible-role"))]
        defer { free(UnsafeMutablePointer(mutating: names[0])) }
        let box: WidgetPointer = gCast(g_object_new_with_properties(gtk_box_get_type(), 1, &names, &value))
        gtk_orientable_set_orientation(gCast(box), orientation)
        gtk_box_set_spacing(gCast(box), spacing)
        return box
    }

    public static func append(_ child: WidgetPointer, to box: WidgetPointer) {
        gtk_box_append(gCast(box, to: GtkBox.self), child)
    }
}

/// The GType name of an instance ("GtkButton"), for messages.
public func typeName(of object: UnsafeMutablePointer<GObject>) -> String {
    String(cString: g_type_name(object.pointee.g_type_instance.g_class.pointee.g_type))
}
