import Gtk
import UnfoldCore

/// Reveals its child by growing from zero to the child's natural height for the
/// current width, driven by the frame clock.
///
/// The child is always allocated its full height-for-width at the top and the
/// reveal clips it, so wrapping text is shown at its wrapped height and never
/// squashed; only the reveal's own measured height animates, which is what makes
/// the rows below move continuously.
@MainActor
public final class Reveal: WidgetImplementation {
    static let widgetClass = WidgetClassDescription(
        typeName: "UnfoldReveal", cssName: "reveal", accessibleRole: GTK_ACCESSIBLE_ROLE_GROUP)

    /// The tutorial's quarter-second ease-in-out.
    public static let duration: Microseconds = 250_000

    public let child: WidgetPointer
    /// Where focus goes when the content collapses around it (the group's header).
    public var focusFallback: WidgetPointer?
    /// Called with the displayed progress (0…1) every time it changes.
    public var onProgressChange: ((Double) -> Void)?

    private var progress: AnimatedValue
    private var driver: AnimationDriver!

    public init(child: WidgetPointer, revealed: Bool = false) {
        self.child = child
        progress = AnimatedValue(revealed ? 1 : 0, fullDuration: Self.duration)
        super.init(Self.widgetClass)
        driver = AnimationDriver(widget: widget, step: { [unowned self] time in
            self.progress.advance(to: time)
            self.progressDidChange()
            return self.progress.isAnimating
        }, finish: { [unowned self] in
            self.progress.finish()
            self.progressDidChange()
        })
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_parent(child, widget)
        updateContentInteraction()
        updateChildVisibility()
    }

    // MARK: State

    public var isRevealed: Bool { progress.target == 1 }
    /// The eased fraction of the child's height on screen now.
    public var displayedProgress: Double { progress.current }
    public var isAnimating: Bool { driver.isRunning }

    public func setRevealed(_ revealed: Bool) {
        let target: Double = revealed ? 1 : 0
        guard target != progress.target else { return }
        progress.set(target, animated: driver.canAnimate)
        if progress.isAnimating { driver.start() } else { driver.stop() }
        updateContentInteraction()
        progressDidChange()
    }

    /// The single place the displayed progress takes effect.
    private func progressDidChange() {
        updateChildVisibility()
        gtk_widget_queue_resize(widget)
        onProgressChange?(progress.current)
    }

    // MARK: Content

    /// From the moment a collapse starts, the content takes no pointer events or
    /// focus and leaves the accessibility tree; clipping alone would not do that.
    private func updateContentInteraction() {
        let interactive = isRevealed
        if !interactive, let root = gtk_widget_get_root(widget),
           let focus = gtk_root_get_focus(root), gCast(focus, to: GtkWidget.self).isInside(child) {
            let refocused = focusFallback.map { gtk_widget_grab_focus($0) != 0 } ?? false
            if !refocused { gtk_root_set_focus(root, nil) }
        }
        gtk_widget_set_can_target(child, interactive ? 1 : 0)
        gtk_widget_set_can_focus(child, interactive ? 1 : 0)
        Accessibility.setHidden(child, !interactive)
    }

    /// At progress 0 the content is not drawn (nor mapped) at all.
    private func updateChildVisibility() {
        let visible: gboolean = progress.current > 0 ? 1 : 0
        if gtk_widget_get_child_visible(child) != visible {
            gtk_widget_set_child_visible(child, visible)
        }
    }

    // MARK: vfuncs

    /// The child's own mode. Claiming height-for-width for a child whose height
    /// does not depend on its width would make every container above measure
    /// twice per frame for nothing; `measure` answers for a width either way.
    public override var requestMode: GtkSizeRequestMode { gtk_widget_get_request_mode(child) }

    public override func measure(_ orientation: GtkOrientation, forSize: Int32) -> Measurement {
        guard gtk_widget_get_visible(child) != 0 else { return .zero }
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            return Measurement.of(child, orientation)
        }
        // Height-for-width with an unspecified height: the child's own answer,
        // scaled, never a squashed one.
        let full = Measurement.of(child, orientation, forSize: forSize)
        return Measurement(minimum: scaled(full.minimum), natural: scaled(full.natural))
    }

    private func scaled(_ height: Int32) -> Int32 {
        Int32((Double(height) * min(max(progress.current, 0), 1)).rounded(.up))
    }

    public override func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        let natural = Measurement.of(child, GTK_ORIENTATION_VERTICAL, forSize: width).natural
        gtk_widget_allocate(child, width, max(natural, height), -1, nil)
    }

    public override func didMap() { driver.widgetDidMap() }

    public override func willUnmap() { driver.widgetWillUnmap() }

    public override func dispose() {
        driver.widgetDispose()
        if gtk_widget_get_parent(child) == widget { gtk_widget_unparent(child) }
    }
}
