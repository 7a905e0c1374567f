import Gtk

/// Shows its wide child when there is room for it, else its narrow one, so the
/// wide child's size never becomes the window's minimum (what libadwaita's
/// squeezer does; GTK 4.8 has none).
@MainActor
public final class Squeezer: WidgetImplementation {
    static let widgetClass = WidgetClassDescription(typeName: "UnfoldSqueezer", cssName: "squeezer")

    public let wide: WidgetPointer
    public let narrow: WidgetPointer

    public init(wide: WidgetPointer, narrow: WidgetPointer) {
        self.wide = wide
        self.narrow = narrow
        super.init(Self.widgetClass)
        gtk_widget_set_parent(wide, widget)
        gtk_widget_set_parent(narrow, widget)
        gtk_widget_set_child_visible(narrow, 0)
        Accessibility.setHidden(narrow, true)
    }

    /// Whether the wide child is the one shown now.
    public var showsWide: Bool { gtk_widget_get_child_visible(wide) != 0 }

    public override var requestMode: GtkSizeRequestMode { GTK_SIZE_REQUEST_CONSTANT_SIZE }

    public override func measure(_ orientation: GtkOrientation, forSize: Int32) -> Measurement {
        let wide = Measurement.of(self.wide, orientation)
        let narrow = Measurement.of(self.narrow, orientation)
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            return Measurement(minimum: narrow.minimum, natural: max(wide.natural, narrow.natural))
        }
        return Measurement(minimum: max(wide.minimum, narrow.minimum), natural: max(wide.natural, narrow.natural))
    }

    public override func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        let fits = width >= Measurement.of(wide, GTK_ORIENTATION_HORIZONTAL).minimum
        let (shown, hidden) = fits ? (wide, narrow) : (narrow, wide)
        if gtk_widget_get_child_visible(shown) == 0 {
            // Focus does not stay in a child that goes.
            if let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
               gCast(focus, to: GtkWidget.self).isInside(hidden) {
                gtk_root_set_focus(root, nil)
            }
            gtk_widget_set_child_visible(hidden, 0)
            gtk_widget_set_child_visible(shown, 1)
            // What is not shown is not there for assistive technologies either.
            Accessibility.setHidden(hidden, true)
            Accessibility.setHidden(shown, false)
        }
        gtk_widget_allocate(shown, width, height, baseline, nil)
    }

    public override func dispose() {
        for child in [wide, narrow] where gtk_widget_get_parent(child) == widget { gtk_widget_unparent(child) }
    }
}
