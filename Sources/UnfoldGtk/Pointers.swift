// SPDX-License-Identifier: LGPL-2.1-or-later
@_exported import CUnfoldGtk

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

    /// A one-line label for text of any length: it ellipsizes at its end when
    /// narrower than its text, so it never sets its window's width, and then
    /// shows the whole text in a tooltip.
    @MainActor
    public static func ellipsizingLabel(_ text: String, xalign: Float = 0) -> WidgetPointer {
        let label = self.label(text, xalign: xalign)
        gtk_label_set_ellipsize(gCast(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(gCast(label), 1)
        onQueryTooltip(label) { tooltip in
            guard pango_layout_is_ellipsized(gtk_label_get_layout(gCast(label))) != 0 else { return false }
            showInTooltip(tooltip, String(cString: gtk_label_get_text(gCast(label))))
            return true
        }
        return label
    }

    /// Shows `text` as `widget`'s tooltip, given when the tooltip shows, and
    /// not as its accessible description, which GTK 4.8 makes of tooltip
    /// text. A screen reader reads the widget by its name; the description
    /// GTK holds from before the widget's first focus reaches Orca 43 twice
    /// at that focus (read with it, and again as a change), and each text
    /// set asks the X server where the pointer is.
    @MainActor
    public static func setTooltip(_ widget: WidgetPointer, _ text: String) {
        onQueryTooltip(widget) { tooltip in
            showInTooltip(tooltip, text)
            return true
        }
    }

    /// Puts `text` in `tooltip` so that it fits on a screen. GTK's tooltip
    /// wraps at 70 characters between words only: a run with no space (a
    /// path, a URL, a title of one long word) ran off both sides of the
    /// screen, and any text is shown whole, however many lines it takes.
    @MainActor
    public static func showInTooltip(_ tooltip: OpaquePointer, _ text: String) {
        let shown = tooltipText(text)
        guard wrapMode(for: shown) == PANGO_WRAP_CHAR else { return gtk_tooltip_set_text(tooltip, shown) }
        let label = wrappingLabel(shown)
        gtk_label_set_max_width_chars(gCast(label), tooltipWidth)
        gtk_tooltip_set_custom(tooltip, label)
    }

    /// `text` as a tooltip shows it: cut after `tooltipLimit` characters
    /// (twenty lines or so: the widget's own text, or its accessible name,
    /// has the rest).
    public static func tooltipText(_ text: String) -> String {
        guard let cut = text.index(text.startIndex, offsetBy: tooltipLimit, limitedBy: text.endIndex), cut < text.endIndex else { return text }
        return text[..<cut] + "…"
    }

    public static let tooltipLimit = 1_400
    /// GTK's own tooltip width, in characters.
    static let tooltipWidth: Int32 = 70

    /// A label for text of any length that wraps, between words where it can
    /// and anywhere in a word too long for a line, so it never sets its
    /// window's width.
    public static func wrappingLabel(_ text: String, xalign: Float = 0) -> WidgetPointer {
        let label = self.label(text, xalign: xalign)
        gtk_label_set_wrap(gCast(label), 1)
        gtk_label_set_wrap_mode(gCast(label), wrapMode(for: text))
        return label
    }

    /// Pango finds a word-or-character wrap in time quadratic in the length of
    /// a run with no space (5,000 characters: 3 s, where breaking at any
    /// character takes 60 ms); such a run is no word to keep whole anyway.
    public static func wrapMode(for text: String) -> PangoWrapMode {
        var run = 0
        for scalar in text.unicodeScalars {
            run = scalar.properties.isWhitespace ? 0 : run + 1
            if run > longestWord { return PANGO_WRAP_CHAR }
        }
        return PANGO_WRAP_WORD_CHAR
    }

    /// Longer than any word of a language (German's run to about 60 letters).
    static let longestWord = 64

    public static func box(_ orientation: GtkOrientation, spacing: Int32 = 0) -> WidgetPointer {
        gtk_box_new(orientation, spacing)
    }

    /// A new widget of `type` with another accessible role than its class's (a
    /// box that is a list item, say): the role is a construct-only property.
    @MainActor
    public static func make(_ type: GType, role: GtkAccessibleRole) -> WidgetPointer {
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        g_value_set_enum(&value, gint(role.rawValue))
        defer { g_value_unset(&value) }
        var names: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("accessible-role"))]
        defer { free(UnsafeMutablePointer(mutating: names[0])) }
        return gCast(g_object_new_with_properties(type, 1, &names, &value))
    }

    @MainActor
    public static func box(_ orientation: GtkOrientation, spacing: Int32 = 0, role: GtkAccessibleRole) -> WidgetPointer {
        let box = make(gtk_box_get_type(), role: role)
        gtk_orientable_set_orientation(gCast(box), orientation)
        gtk_box_set_spacing(gCast(box), spacing)
        return box
    }

    /// A scrolled window that scrolls `child` vertically only, named `label`
    /// for assistive technologies, as are its scroll bar and the range inside
    /// it (GTK would name them after their types); the horizontal bar, never
    /// shown, is hidden from them.
    @MainActor
    public static func verticalScroller(_ child: WidgetPointer, label: String) -> WidgetPointer {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(gCast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(gCast(scrolled), child)
        Accessibility.setLabel(scrolled, label)
        let horizontal = gtk_scrolled_window_get_hscrollbar(gCast(scrolled))!
        Accessibility.keepHidden(horizontal)
        let vertical = gtk_scrolled_window_get_vscrollbar(gCast(scrolled))!
        Accessibility.setLabel(vertical, label)
        var part = gtk_widget_get_first_child(vertical)
        while let range = part {
            Accessibility.setLabel(range, label)
            part = gtk_widget_get_next_sibling(range)
        }
        return scrolled
    }

    /// The widget's children, in order.
    @MainActor
    public static func children(of widget: WidgetPointer) -> [WidgetPointer] {
        var found: [WidgetPointer] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// Every widget below `widget` that is a `type`, in tree order.
    @MainActor
    public static func descendants(of widget: WidgetPointer, ofType type: GType) -> [WidgetPointer] {
        var found: [WidgetPointer] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(gCast(current), type) != 0 { found.append(current) }
            found += descendants(of: current, ofType: type)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// The first widget below `widget` that is a `type`, in tree order.
    @MainActor
    public static func firstDescendant(of widget: WidgetPointer, ofType type: GType) -> WidgetPointer? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(gCast(current), type) != 0 { return current }
            if let found = firstDescendant(of: current, ofType: type) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    public static func append(_ child: WidgetPointer, to box: WidgetPointer) {
        gtk_box_append(gCast(box, to: GtkBox.self), child)
    }

    /// Has a GtkMenuButton call `prepare` each time it is about to pop up,
    /// before it shows its popover: where a popup rarely opened, on a widget
    /// made often, is made the first time it is asked for
    /// (`gtk_menu_button_set_popover`). Until then the button is sensitive
    /// and says it has a popup all the same.
    @MainActor
    public static func beforePopup(_ menuButton: WidgetPointer, _ prepare: @escaping @MainActor () -> Void) {
        typealias Prepare = @MainActor () -> Void
        gtk_menu_button_set_create_popup_func(gCast(menuButton), { _, data in
            MainActor.assumeIsolated { ClosureBox<Prepare>.from(data).body() }
        }, ClosureBox(prepare as Prepare).retainedPointer()) { data in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
        }
    }
}

/// The GType name of an instance ("GtkButton"), for messages.
public func typeName(of object: UnsafeMutablePointer<GObject>) -> String {
    String(cString: g_type_name(object.pointee.g_type_instance.g_class.pointee.g_type))
}
