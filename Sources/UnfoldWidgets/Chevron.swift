// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk

/// A disclosure arrow that turns with its `progress` (`UnfoldChevron`): 0
/// points along the reading direction (right, or left in right-to-left
/// locales), 1 points down. A group binds it to its reveal's progress.
///
/// The rotation goes into the transform the icon is allocated with, so it costs a
/// re-allocation of one image per frame and nothing else.
@MainActor
public final class Chevron: WidgetImplementation {
    public enum Property: Int { case progress }

    public override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(
            typeName: "UnfoldChevron", cssName: "chevron", accessibleRole: GTK_ACCESSIBLE_ROLE_PRESENTATION,
            properties: [PropertyDescription("progress", .double(minimum: 0, maximum: 1, default: 0))])
    }

    private var icon: WidgetPointer?

    public private(set) var progress: Double = 0
    /// What the motion trace calls it: its group's title.
    public var traceName = "chevron"

    public required init(widget: WidgetPointer) {
        super.init(widget: widget)
        let icon = gtk_image_new_from_icon_name("pan-end-symbolic")!
        gtk_widget_set_parent(icon, widget)
        self.icon = icon
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    }

    public func setProgress(_ newProgress: Double) {
        guard newProgress != progress else { return }
        progress = newProgress
        MotionTrace.record(traceName, "rotation", angle)
        gtk_widget_queue_allocate(widget)
        notifyProperty(Property.progress.rawValue)
    }

    /// The angle drawn now, in degrees, clockwise; negative when mirrored.
    public var angle: Double {
        let sign: Double = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? -1 : 1
        return 90 * progress * sign
    }

    public override func property(_ index: Int) -> PropertyValue { .double(progress) }

    public override func setProperty(_ index: Int, _ value: PropertyValue) { setProgress(value.double!) }

    public override var requestMode: GtkSizeRequestMode { GTK_SIZE_REQUEST_CONSTANT_SIZE }

    public override func measure(_ orientation: GtkOrientation, forSize: Int32) -> Measurement {
        icon.map { Measurement.of($0, orientation) } ?? .zero
    }

    public override func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        guard let icon else { return }
        // "pan-end-symbolic" already points to the end of the line: for a
        // right-to-left widget GTK loads the theme's "-rtl" variant, which points
        // left. So only the turn's sense changes: clockwise from →, anticlockwise from ←.
        var centre = graphene_point_t(x: Float(width) / 2, y: Float(height) / 2)
        var back = graphene_point_t(x: -centre.x, y: -centre.y)
        var transform = gsk_transform_translate(nil, &centre)
        transform = gsk_transform_rotate(transform, Float(angle))
        transform = gsk_transform_translate(transform, &back)
        gtk_widget_allocate(icon, width, height, -1, transform)
    }

    public override func dispose() {
        if let icon {
            self.icon = nil
            gtk_widget_unparent(icon)
        }
    }
}
