// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldMotion

/// A column of equal-height rows keyed by stable identity, in which only the
/// rows on screen (and two rows' margin) exist as widgets: a million labels cost
/// the rows in view. Changes animate as the tutorial asks: inserted rows fade in
/// sliding up 8 px, removed rows fade out where they were, the rest glide, and the
/// column's height eases — offsets in the allocation transform (so the pointer
/// hits what is drawn), opacity around each row's snapshot. Put it in a scrolled window and give it the window's
/// vertical adjustment; its height is the whole list's, so the scroll bar
/// reflects every row.
///
/// Keys are the rows' positions in the underlying collection, ascending (what
/// a filter yields); `id(of:)`/`row(for:)` speak record IDs for callers.
///
/// The keyboard moves through it as through GTK's own lists: the column is one
/// Tab stop that comes back to the row last used; ↑ ↓ Home End Page Up and
/// Page Down focus a row (building and scrolling to it), Tab goes on into the
/// row's own controls. The focused row lives while it is listed, in view or not.
@MainActor
public final class LazyColumn: WidgetImplementation {
    public enum Property: Int { case transitionDuration, visibleCount }

    /// The tutorial's 0.22 s.
    public static let defaultDuration = UInt32(LazyColumnLayout.duration / 1_000)

    public override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(
            typeName: "UnfoldLazyColumn", cssName: "lazy-column", accessibleRole: GTK_ACCESSIBLE_ROLE_LIST,
            properties: [
                PropertyDescription("transition-duration", .unsigned(minimum: 0, maximum: .max, default: defaultDuration)),
                PropertyDescription("visible-count", .unsigned(minimum: 0, maximum: .max, default: 0), readOnly: true),
            ])
    }

    /// The tutorial's 8 px between rows.
    public static let spacing: Int32 = 8
    /// Rows built beyond each edge of the viewport, so a small scroll shows rows at once.
    static let marginRows = 2.0

    public typealias RowFactory = @MainActor (_ key: Int) -> WidgetPointer

    /// Builds the row of a key; set before the first `setVisibleKeys`.
    public var makeRow: RowFactory?
    /// The record ID of a key, and back (for callers that speak IDs).
    public var idOfKey: (Int) -> Int = { $0 }
    public var keyOfID: (Int) -> Int? = { $0 }

    private var layout: LazyColumnLayout?
    private var pendingKeys: [Int] = []
    private var rows: [Int: WidgetPointer] = [:]
    private var framesByKey: [LazyColumnLayout.Frame] = []
    private var adjustment: UnsafeMutablePointer<GtkAdjustment>?
    private var adjustmentWatches: [SignalConnection] = []
    private var driver: AnimationDriver!
    /// Rows follow a scroll or resize at the next frame's start (see `viewportDidChange`).
    private var pendingSync: NextFrameAction!

    /// How long a change takes, in milliseconds; 0 does not animate.
    public private(set) var transitionDuration = LazyColumn.defaultDuration
    /// How many rows are listed (not how many exist as widgets).
    public private(set) var visibleCount = 0

    public required init(widget: WidgetPointer) {
        super.init(widget: widget)
        driver = AnimationDriver(widget: widget, step: { [weak self] time in
            guard let self else { return false }
            self.layout?.advance(to: time)
            self.layoutDidChange()
            return self.layout?.isAnimating ?? false
        }, finish: { [weak self] in
            guard let self else { return }
            self.layout?.finish()
            self.layoutDidChange()
        })
        pendingSync = NextFrameAction(widget, waitsForFrame: true) { [weak self] in
            guard let self else { return }
            self.syncRows()
            gtk_widget_queue_allocate(self.widget)
        }
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(keys) { [weak self] keyval, _ in self?.handleKey(keyval) ?? false }
        gtk_widget_add_controller(widget, keys)
    }

    // MARK: State

    public var isAnimating: Bool { driver.isRunning }
    /// The visible record IDs, in order (rows fading out are not among them).
    public var visibleIDs: [Int] { (layout?.order ?? pendingKeys).map(idOfKey) }
    /// The row widgets that exist now: bounded by the viewport, not the list.
    public var rowCount: Int { rows.count }
    /// Where each row was placed by the last allocation (by record ID).
    public var frames: [LazyColumnLayout.Frame] {
        framesByKey.map { .init(id: idOfKey($0.id), y: $0.y, opacity: $0.opacity, isLeaving: $0.isLeaving) }
    }

    public func row(for id: Int) -> WidgetPointer? { keyOfID(id).flatMap { rows[$0] } }

    public func id(of row: WidgetPointer) -> Int? { rows.first { $0.value == row }.map { idOfKey($0.key) } }

    /// Follows `adjustment` (the enclosing scrolled window's vertical one): the
    /// rows that exist are those it shows.
    public func setVerticalAdjustment(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) {
        adjustmentWatches.forEach { $0.disconnect() }
        self.adjustment = adjustment
        let raw = UnsafeMutableRawPointer(adjustment)
        adjustmentWatches = [
            onSignal(raw, "value-changed") { [weak self] in self?.viewportDidChange() },
            onNotify(raw, "page-size") { [weak self] in self?.viewportDidChange() },
        ]
    }

    /// Shows the rows of `keys` (ascending), animating only if they differ from
    /// what is shown. Returns whether they did.
    @discardableResult
    public func setVisibleKeys(_ keys: [Int]) -> Bool {
        guard var layout = self.layout ?? makeLayout(for: keys) else {
            pendingKeys = keys
            return false
        }
        let change = layout.update(to: keys, viewport: viewport, animated: driver.canAnimate && transitionDuration > 0)
        self.layout = layout
        countDidChange()
        guard change != nil else { return false }
        // Rows on their way out are inert at once, before their fade shows a frame.
        for (key, row) in rows { setInteractive(row, layout.index(of: key) != nil) }
        if layout.isAnimating { driver.start() } else { driver.stop() }
        layoutDidChange()
        return true
    }

    /// The rows that must exist are built (or dropped) here, never during
    /// layout: GTK clears a widget's need for allocation before allocating it,
    /// so a row parented then would leave the column needing another.
    private func syncRows() {
        guard layout != nil else { return }
        framesByKey = currentFrames()
        let present = Set(framesByKey.map(\.id))
        for (key, row) in rows where !present.contains(key) {
            gtk_widget_unparent(row)
            rows[key] = nil
            rowSetChanged = true
        }
        var previous: WidgetPointer?
        for frame in framesByKey {
            let row = rows[frame.id] ?? {
                let row = makeRow!(frame.id)
                gtk_widget_set_parent(row, widget)
                rows[frame.id] = row
                rowSetChanged = true
                return row
            }()
            setInteractive(row, !frame.isLeaving)
            // Child order is drawing order: leaving rows, then the rest in list
            // order, which is what assistive technologies read.
            if gtk_widget_get_prev_sibling(row) != previous { gtk_widget_insert_after(row, widget, previous) }
            previous = row
        }
    }

    /// The list or its animation moved: rows, then height and places.
    private func layoutDidChange() {
        syncRows()
        // Most animation frames only move rows and change their opacity: the
        // column's size (its height, its widest row) stays, and a new
        // allocation and drawing do, without measuring the window again.
        if rowSetChanged || measuredHeight != displayedHeight {
            gtk_widget_queue_resize(widget)
        } else {
            gtk_widget_queue_allocate(widget)
            gtk_widget_queue_draw(widget)
        }
        rowSetChanged = false
    }

    /// Whether rows came or went since the column last asked to be measured.
    private var rowSetChanged = true
    /// The height the column last reported, and the height it shows now.
    private var measuredHeight: Int32 = -1
    private var displayedHeight: Int32 { Int32((layout?.displayedHeight ?? 0).rounded(.up)) }

    /// Scrolled or resized: other rows are in view. The scrolled window changes
    /// its adjustment during its own layout, when nothing may be queued, so the
    /// rows follow at the next frame's start (the margin rows cover that frame).
    private func viewportDidChange() {
        pendingSync.schedule()
    }

    /// A leaving row takes no pointer events or focus and leaves the accessibility tree.
    private func setInteractive(_ row: WidgetPointer, _ interactive: Bool) {
        guard (gtk_widget_get_can_target(row) != 0) != interactive else { return }
        Accessibility.setInert(row, !interactive)
    }

    /// The row height is a real row's: the first one built.
    private func makeLayout(for keys: [Int]) -> LazyColumnLayout? {
        guard let first = keys.first, let makeRow else { return nil }
        let row = makeRow(first)
        gtk_widget_set_parent(row, widget)
        rows[first] = row
        let height = Measurement.of(row, GTK_ORIENTATION_VERTICAL).natural
        return LazyColumnLayout(rowHeight: Double(max(height, 1)), spacing: Double(Self.spacing),
                                duration: Microseconds(transitionDuration) * 1_000)
    }

    /// What the scrolled window shows of the column.
    private var viewportWithoutMargin: LazyColumnLayout.Viewport {
        guard let adjustment else { return .init(top: 0, height: Double(Int32.max)) }
        return .init(top: gtk_adjustment_get_value(adjustment), height: gtk_adjustment_get_page_size(adjustment))
    }

    /// What the scrolled window shows of the column, with a margin of rows.
    private var viewport: LazyColumnLayout.Viewport {
        let margin = Self.marginRows * (layout?.pitch ?? 0)
        // Outside a scrolled window every row is in view (GTK sizes are 32-bit).
        guard let adjustment else { return .init(top: 0, height: Double(Int32.max)) }
        return .init(top: gtk_adjustment_get_value(adjustment) - margin,
                     height: gtk_adjustment_get_page_size(adjustment) + 2 * margin)
    }

    /// The rows to draw for the viewport, and the focused row wherever it is:
    /// scrolling it out of view must not take the keyboard's place away.
    private func currentFrames() -> [LazyColumnLayout.Frame] {
        guard let layout else { return [] }
        var frames = layout.frames(viewport)
        if let key = focusedKey, let index = layout.index(of: key), !frames.contains(where: { $0.id == key }) {
            frames.append(.init(id: key, y: Double(index) * layout.pitch, opacity: 1, isLeaving: false))
        }
        return frames
    }

    // MARK: Properties

    public func setTransitionDuration(_ milliseconds: UInt32) {
        guard milliseconds != transitionDuration else { return }
        transitionDuration = milliseconds
        layout?.duration = Microseconds(milliseconds) * 1_000
        notifyProperty(Property.transitionDuration.rawValue)
    }

    private func countDidChange() {
        let count = layout?.order.count ?? pendingKeys.count
        guard count != visibleCount else { return }
        visibleCount = count
        notifyProperty(Property.visibleCount.rawValue)
    }

    public override func property(_ index: Int) -> PropertyValue {
        switch Property(rawValue: index)! {
        case .transitionDuration: .unsigned(transitionDuration)
        case .visibleCount: .unsigned(UInt32(clamping: visibleCount))
        }
    }

    public override func setProperty(_ index: Int, _ value: PropertyValue) {
        switch Property(rawValue: index)! {
        case .transitionDuration: setTransitionDuration(value.unsigned!)
        case .visibleCount: preconditionFailure("read-only")
        }
    }

    // MARK: Keyboard

    /// The row the keyboard was last in: where focus comes back to.
    private var cursorKey: Int?

    /// The key of the row that holds the focus now, if one does.
    private var focusedKey: Int? {
        guard let child = gtk_widget_get_focus_child(widget) else { return nil }
        return rows.first { $0.value == child }?.key
    }

    /// Focuses the row at `index` of the visible order, scrolling it into view
    /// and building it first if it is not there.
    @discardableResult
    public func focusRow(at index: Int) -> Bool {
        guard let layout, layout.order.indices.contains(index) else { return false }
        let key = layout.order[index]
        scrollIntoView(index)
        cursorKey = key
        syncRows()
        guard let row = rows[key] else { return false }
        return gtk_widget_grab_focus(row) != 0
    }

    /// The position in the visible order of the row with the focus.
    public var focusedIndex: Int? { focusedKey.flatMap { layout?.index(of: $0) } }

    private func scrollIntoView(_ index: Int) {
        guard let adjustment, let layout else { return }
        let top = Double(index) * layout.pitch, bottom = top + layout.rowHeight
        let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        if top < value {
            gtk_adjustment_set_value(adjustment, top)
        } else if bottom > value + page {
            // The list may have grown since the adjustment last heard of its height.
            gtk_adjustment_set_upper(adjustment, max(gtk_adjustment_get_upper(adjustment), layout.targetHeight()))
            gtk_adjustment_set_value(adjustment, bottom - page)
        }
    }

    /// Rows a Page Up or Page Down moves by: as many as the view shows whole.
    private var rowsPerPage: Int {
        guard let adjustment, let layout else { return 1 }
        return max(1, Int((gtk_adjustment_get_page_size(adjustment) / layout.pitch).rounded(.down)))
    }

    private func handleKey(_ keyval: UInt32) -> Bool {
        guard let layout, let index = focusedIndex else { return false }
        let last = layout.order.count - 1
        let target: Int
        switch Int32(keyval) {
        case GDK_KEY_Down, GDK_KEY_KP_Down: target = index + 1
        case GDK_KEY_Up, GDK_KEY_KP_Up: target = index - 1
        case GDK_KEY_Home, GDK_KEY_KP_Home: target = 0
        case GDK_KEY_End, GDK_KEY_KP_End: target = last
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: target = index + rowsPerPage
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: target = index - rowsPerPage
        default: return false
        }
        focusRow(at: min(max(target, 0), last))
        return true
    }

    // MARK: vfuncs

    public override var requestMode: GtkSizeRequestMode { GTK_SIZE_REQUEST_CONSTANT_SIZE }

    public override func measure(_ orientation: GtkOrientation, forSize: Int32) -> Measurement {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            // Only the rows' minimum: which rows are in view changes as the list
            // scrolls and filters, and a long title must never widen the window.
            let widest = rows.values.map { Measurement.of($0, orientation).minimum }.max() ?? 0
            return Measurement(minimum: widest, natural: widest)
        }
        measuredHeight = displayedHeight
        return Measurement(minimum: measuredHeight, natural: measuredHeight)
    }

    public override func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        guard let layout else { return }
        framesByKey = currentFrames().filter { rows[$0.id] != nil }
        let rowHeight = Int32(layout.rowHeight)
        for frame in framesByKey {
            var origin = graphene_point_t(x: 0, y: Float(frame.y))
            gtk_widget_allocate(rows[frame.id]!, width, rowHeight, -1, gsk_transform_translate(nil, &origin))
        }
    }

    public override func snapshot(_ snapshot: OpaquePointer) {
        for frame in framesByKey where frame.opacity > 0 {
            guard let row = rows[frame.id] else { continue }
            let translucent = frame.opacity < 1
            if translucent { gtk_snapshot_push_opacity(snapshot, frame.opacity) }
            gtk_widget_snapshot_child(widget, row, snapshot)
            if translucent { gtk_snapshot_pop(snapshot) }
        }
    }

    public override func focus(_ direction: GtkDirectionType) -> Bool {
        guard let row = gtk_widget_get_focus_child(widget) else {
            // Coming in: the row last used if it is still listed, else the first in view.
            guard let layout, !layout.order.isEmpty else { return false }
            let firstInView = layout.visibleRange(viewportWithoutMargin).first ?? 0
            guard focusRow(at: cursorKey.flatMap(layout.index(of:)) ?? firstInView) else { return false }
            // Backward, the last stop is the row's last control (its pencil).
            if direction == GTK_DIR_TAB_BACKWARD, let row = gtk_widget_get_focus_child(widget) {
                _ = gtk_widget_child_focus(row, direction)
            }
            return true
        }
        let onRow = gtk_widget_is_focus(row) != 0
        switch direction {
        case GTK_DIR_TAB_FORWARD:
            // From the row into its controls, then out of the list.
            return gtk_widget_child_focus(row, direction) != 0
        case GTK_DIR_TAB_BACKWARD, GTK_DIR_LEFT:
            // From a row's controls back to the row, then out of the list.
            if onRow { return false }
            return gtk_widget_child_focus(row, direction) != 0 || gtk_widget_grab_focus(row) != 0
        case GTK_DIR_RIGHT:
            return gtk_widget_child_focus(row, direction) != 0
        default:
            return false  // ↑ and ↓ are the key handler's
        }
    }

    public override func focusChildChanged(_ child: WidgetPointer?) {
        if let child, let key = rows.first(where: { $0.value == child })?.key { cursorKey = key }
    }

    public override func didMap() {
        driver.widgetDidMap()
        if layout == nil, !pendingKeys.isEmpty { setVisibleKeys(pendingKeys) }
        syncRows()
    }

    public override func willUnmap() {
        driver.widgetWillUnmap()
        pendingSync.cancel()
    }

    public override func dispose() {
        driver.widgetDispose()
        pendingSync.cancel()
        adjustmentWatches.forEach { $0.disconnect() }
        adjustmentWatches = []
        let parted = rows.values
        rows = [:]
        for row in parted { gtk_widget_unparent(row) }
    }
}
