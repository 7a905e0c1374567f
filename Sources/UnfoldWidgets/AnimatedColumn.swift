import Gtk
import UnfoldCore

/// A vertical column of rows keyed by stable ID that animates when the ordered
/// list of visible IDs changes: inserted rows fade in sliding up, removed rows
/// fade out where they were and then leave, rows that stay glide to their new
/// place, and the column's height eases between totals.
///
/// Rows are built on demand by `makeRow` and exist only while present, so the
/// column never holds a widget per record — only per row on show.
@MainActor
public final class AnimatedColumn: WidgetImplementation {
    static let widgetClass = WidgetClassDescription(
        typeName: "UnfoldAnimatedColumn", cssName: "animated-column", accessibleRole: GTK_ACCESSIBLE_ROLE_LIST)

    /// The tutorial's 8 px between rows.
    public static let spacing: Int32 = 8

    public typealias RowFactory = @MainActor (_ id: Int) -> WidgetPointer

    /// Builds the row of an ID; set before the first `setVisibleIDs`.
    public var makeRow: RowFactory?
    private var transition = ColumnTransition(spacing: Double(AnimatedColumn.spacing))
    private var rows: [Int: WidgetPointer] = [:]
    /// Where each row was placed by the last allocation: what is on screen.
    public private(set) var frames: [ColumnTransition.Frame] = []
    private var driver: AnimationDriver!

    public init(makeRow: RowFactory? = nil) {
        self.makeRow = makeRow
        super.init(Self.widgetClass)
        driver = AnimationDriver(widget: widget, step: { [unowned self] time in
            self.transition.advance(to: time)
            self.transitionDidChange()
            return self.transition.isAnimating
        }, finish: { [unowned self] in
            self.transition.finish()
            self.transitionDidChange()
        })
    }

    // MARK: State

    /// The IDs shown, in order (rows fading out are not among them).
    public var visibleIDs: [Int] { transition.visibleIDs }
    public var isAnimating: Bool { driver.isRunning }

    /// The row widget of `id`, while it is present (visible or fading out).
    public func row(for id: Int) -> WidgetPointer? { rows[id] }

    /// The ID of a row widget of this column.
    public func id(of row: WidgetPointer) -> Int? { rows.first { $0.value == row }?.key }

    /// Shows `ids`, in order. Animates only when the ordered IDs differ from what
    /// is shown; returns whether they did.
    @discardableResult
    public func setVisibleIDs(_ ids: [Int]) -> Bool {
        guard let makeRow else { preconditionFailure("AnimatedColumn needs makeRow before it shows rows") }
        for id in ids where rows[id] == nil {
            let row = makeRow(id)
            gtk_widget_set_parent(row, widget)
            rows[id] = row
        }
        let heights = rowHeights(forWidth: gtk_widget_get_width(widget))
        let change = transition.update(to: ids, animated: driver.canAnimate) { heights[$0] ?? 0 }
        guard change != nil else { return false }
        if transition.isAnimating { driver.start() } else { driver.stop() }
        updateRowInteraction()
        transitionDidChange()
        return true
    }

    /// The single place a step of the transition takes effect.
    private func transitionDidChange() {
        let present = Set(transition.presentIDs)
        for (id, row) in rows where !present.contains(id) {
            gtk_widget_unparent(row)
            rows[id] = nil
        }
        gtk_widget_queue_resize(widget)
    }

    /// A row on its way out takes no pointer events or focus and leaves the
    /// accessibility tree at once; a row that matches again gets them back. Child
    /// order follows the visible order, which is what assistive technologies read.
    private func updateRowInteraction() {
        let visible = Set(transition.visibleIDs)
        let focus: WidgetPointer? = gtk_widget_get_root(widget).flatMap(gtk_root_get_focus).map { gCast($0) }
        for id in transition.presentIDs {
            guard let row = rows[id] else { continue }
            let interactive = visible.contains(id)
            if !interactive, let focus, focus.isInside(row), let root = gtk_widget_get_root(widget) {
                gtk_root_set_focus(root, nil)
            }
            gtk_widget_set_can_target(row, interactive ? 1 : 0)
            gtk_widget_set_can_focus(row, interactive ? 1 : 0)
            Accessibility.setHidden(row, !interactive)
            gtk_widget_insert_before(row, widget, nil)
        }
    }

    private func rowHeights(forWidth width: Int32) -> [Int: Double] {
        rows.mapValues { Double(Measurement.of($0, GTK_ORIENTATION_VERTICAL, forSize: width > 0 ? width : -1).natural) }
    }

    // MARK: vfuncs

    public override var requestMode: GtkSizeRequestMode { GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH }

    public override func measure(_ orientation: GtkOrientation, forSize: Int32) -> Measurement {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            return rows.values.reduce(Measurement.zero) { widest, row in
                let m = Measurement.of(row, orientation)
                return Measurement(minimum: max(widest.minimum, m.minimum), natural: max(widest.natural, m.natural))
            }
        }
        let heights = rowHeights(forWidth: forSize)
        let height = Int32(transition.displayedHeight { heights[$0] ?? 0 }.rounded(.up))
        return Measurement(minimum: height, natural: height)
    }

    public override func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        let heights = rowHeights(forWidth: width)
        frames = transition.frames { heights[$0] ?? 0 }
        for frame in frames {
            guard let row = rows[frame.id] else { continue }
            // The offset goes into the allocation's transform, so that what the
            // pointer hits is what is drawn.
            var origin = graphene_point_t(x: 0, y: Float(frame.y))
            gtk_widget_allocate(row, width, Int32(heights[frame.id] ?? 0), -1, gsk_transform_translate(nil, &origin))
        }
    }

    public override func snapshot(_ snapshot: OpaquePointer) {
        for frame in frames where frame.opacity > 0 {
            guard let row = rows[frame.id] else { continue }
            let translucent = frame.opacity < 1
            if translucent { gtk_snapshot_push_opacity(snapshot, frame.opacity) }
            gtk_widget_snapshot_child(widget, row, snapshot)
            if translucent { gtk_snapshot_pop(snapshot) }
        }
    }

    public override func didMap() { driver.widgetDidMap() }

    public override func willUnmap() { driver.widgetWillUnmap() }

    public override func dispose() {
        driver.widgetDispose()
        for row in rows.values { gtk_widget_unparent(row) }
        rows = [:]
    }
}
