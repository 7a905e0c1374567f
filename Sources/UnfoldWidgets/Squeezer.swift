import Gtk

/// Shows its wide child when there is room for it, else its narrow one, so the
/// wide child's size never becomes the window's minimum (`UnfoldSqueezer`,
/// what libadwaita's squeezer does; GTK 4.8 has none).
@MainActor
public final class Squeezer: WidgetImplementation {
    public override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(typeName: "UnfoldSqueezer", cssName: "squeezer")
    }

    public private(set) var wide: WidgetPointer?
    public private(set) var narrow: WidgetPointer?

    /// A squeezer between `wide` and `narrow`.
    public static func make(wide: WidgetPointer, narrow: WidgetPointer) -> Squeezer {
        let squeezer = make()
        squeezer.wide = wide
        squeezer.narrow = narrow
        gtk_widget_set_parent(wide, squeezer.widget)
        gtk_widget_set_parent(narrow, squeezer.widget)
        gtk_widget_set_child_visible(narrow, 0)
        Accessibility.setHidden(narrow, true)
        return squeezer
    }

    /// Whether the wide child is the one shown now.
    public var showsWide: Bool { wide.map { gtk_widget_get_child_visible($0) != 0 } ?? false }

    public override var requestMode: GtkSizeRequestMode { GTK_SIZE_REQUEST_CONSTANT_SIZE }

    public override func measure(_ orientation: GtkOrientation, forSize: Int32) -> Measurement {
        guard let wide, let narrow else { return .zero }
        let wideSize = Measurement.of(wide, orientation)
        let narrowSize = Measurement.of(narrow, orientation)
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            return Measurement(minimum: narrowSize.minimum, natural: max(wideSize.natural, narrowSize.natural))
        }
        return Measurement(minimum: max(wideSize.minimum, narrowSize.minimum), natural: max(wideSize.natural, narrowSize.natural))
    }

    public override func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        guard let wide, let narrow else { return }
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

    /// Takes the children, then lets them go: a second dispose finds none.
    public override func dispose() {
        let children = [wide, narrow].compactMap { $0 }
        wide = nil
        narrow = nil
        for child in children { gtk_widget_unparent(child) }
    }
}
