// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldMotion

/// What makes two items the same row: the item itself, or what a key
/// function says of it (for a model that makes its items on demand).
public enum RowKey: Hashable, Sendable {
    case object(UInt)
    case text(String)
    case number(Int)
}

/// One row of a `ListView` (`UnfoldListRow`): holds the widget made for an
/// item, takes the focus for it, and is what assistive technologies see as
/// the list's item. A create-widget function that returns a row of its own
/// (to name it, or to style it) has it used as it is, as GtkListBox uses a
/// GtkListBoxRow.
@MainActor
public final class ListRow: WidgetImplementation {
    public enum Property: Int { case child }

    public override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(typeName: "UnfoldListRow", cssName: "row", accessibleRole: GTK_ACCESSIBLE_ROLE_LIST_ITEM,
                               properties: [PropertyDescription("child", .object(type: { gtk_widget_get_type() }))],
                               layoutManager: { gtk_bin_layout_get_type() })
    }

    public private(set) var child: WidgetPointer?

    public required init(widget: WidgetPointer) {
        super.init(widget: widget)
        gtk_widget_set_focusable(widget, 1)
        // Rows are all as tall as the first: what is taller is cut at its
        // row's edge, not drawn over the rows beside it.
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    }

    /// Shows `newChild` (nil: nothing) instead of the child it had.
    public func setChild(_ newChild: WidgetPointer?) {
        guard newChild != child, newChild.map({ isAcceptableChild($0, of: widget, "unfold_list_row_set_child") }) ?? true else { return }
        if let old = child {
            child = nil
            gtk_widget_unparent(old)
        }
        child = newChild
        if let newChild { gtk_widget_set_parent(newChild, widget) }
        notifyProperty(Property.child.rawValue)
    }

    public override func property(_ index: Int) -> PropertyValue {
        switch Property(rawValue: index)! {
        case .child: .object(child.map { gCast($0) })
        }
    }

    public override func setProperty(_ index: Int, _ value: PropertyValue) {
        switch Property(rawValue: index)! {
        case .child: setChild(value.object.map { gCast($0) })
        }
    }

    /// The row is a stop of its own; Tab goes on from it into its child's
    /// controls, and back out of them to it.
    public override func focus(_ direction: GtkDirectionType) -> Bool {
        let forward = direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_RIGHT
        if gtk_widget_is_focus(widget) != 0 {
            guard forward, let child else { return false }
            return gtk_widget_child_focus(child, direction) != 0
        }
        if gtk_widget_get_focus_child(widget) != nil, let child {
            if gtk_widget_child_focus(child, direction) != 0 { return true }
            return !forward && gtk_widget_grab_focus(widget) != 0
        }
        return gtk_widget_grab_focus(widget) != 0
    }

    public override func dispose() {
        guard let child else { return }
        self.child = nil
        gtk_widget_unparent(child)
    }
}

/// An animated list of any GListModel (`UnfoldListView`), bound as
/// `gtk_list_box_bind_model` binds one: a function makes a widget per item.
/// Only the rows in view (and two rows' margin) exist as widgets. Any
/// `items-changed` animates by identity — the same item (or key) is the same
/// row: inserted rows fade in sliding up 8 px, removed ones fade out where
/// they were, the others glide — and the list's height eases.
///
/// It is a GtkScrollable, so it goes straight into a GtkScrolledWindow as
/// GtkListView does. If the model is a GtkSelectionModel, its selection is
/// shown on the rows and told to assistive technologies. The keyboard moves
/// through it as through GTK's lists: one Tab stop that comes back to the row
/// last used; ↑ ↓ Home End Page Up and Page Down focus a row.
///
/// Rows are all as tall as the first one made (a list of labels, of
/// equal-height rows, is what it is for).
@MainActor
public final class ListView: WidgetImplementation {
    public enum Property: Int, CaseIterable {
        case transitionDuration, model, hadjustment, vadjustment, hscrollPolicy, vscrollPolicy
    }

    /// The tutorial's 0.22 s.
    nonisolated public static let defaultDuration = UInt32(ListMotion.duration / 1_000)
    /// The tutorial's 8 px between rows.
    public static let spacing: Int32 = 8
    /// Rows built beyond each edge of the view, so a small scroll shows rows at once.
    static let marginRows = 2.0

    public override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(
            typeName: "UnfoldListView", cssName: "listview", accessibleRole: GTK_ACCESSIBLE_ROLE_LIST,
            properties: [
                PropertyDescription("transition-duration", .unsigned(minimum: 0, maximum: .max, default: defaultDuration)),
                PropertyDescription("model", .object(type: { g_list_model_get_type() }), readOnly: true),
                .overriding("hadjustment", .object(type: { gtk_adjustment_get_type() })),
                .overriding("vadjustment", .object(type: { gtk_adjustment_get_type() })),
                .overriding("hscroll-policy", .enumeration(type: { gtk_scrollable_policy_get_type() }, default: 0)),
                .overriding("vscroll-policy", .enumeration(type: { gtk_scrollable_policy_get_type() }, default: 0)),
            ],
            interfaces: [{ gtk_scrollable_get_type() }])
    }

    /// Makes the widget of an item: a new (floating) widget, or one more
    /// reference to it, which the list lets go of once its row holds it.
    public typealias CreateWidget = @MainActor (_ item: UnsafeMutableRawPointer) -> WidgetPointer
    public typealias ItemKey = @MainActor (_ item: UnsafeMutableRawPointer) -> RowKey

    /// How long a change takes, in milliseconds; 0 does not animate.
    public private(set) var transitionDuration = ListView.defaultDuration

    private struct Binding {
        let model: ObjectRef
        let createWidget: CreateWidget
        let isSelectionModel: Bool
        var watches: [SignalConnection]
    }
    private var binding: Binding?

    private struct Row {
        let row: ObjectRef
        let item: ObjectRef
        /// What the create-widget function made: the row itself, or its child.
        let made: WidgetPointer
        var widget: WidgetPointer { row.widget }
    }
    private var layout: ListLayout<RowKey>?
    private var rows: [RowKey: Row] = [:]
    private var frames: [ListLayout<RowKey>.Frame] = []

    private var adjustments: [ObjectRef?] = [nil, nil]
    private var adjustmentWatches: [SignalConnection] = []
    private var scrollPolicies: [Int32] = [0, 0]

    private var driver: AnimationDriver!
    /// Rows follow a scroll or a change at the next frame's start, never
    /// during layout.
    private var pendingSync: NextFrameAction!
    /// Changes the model reported that the layout has yet to take, and the
    /// model's count after them (see `flushChanges`).
    private var pendingChanges: [ListLayout<RowKey>.Change] = []
    private var countAfterPendingChanges = 0
    private var pendingFlush: guint = 0

    public required init(widget: WidgetPointer) {
        super.init(widget: widget)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        driver = AnimationDriver(widget: widget, step: { [weak self] time in
            guard let self else { return false }
            self.layout?.advance(to: time)
            self.layoutDidChange()
            if MotionTrace.isOn { self.traceFrame() }
            MotionTrace.observe(self.motionFrame(at: time))
            return self.layout?.isAnimating ?? false
        }, finish: { [weak self] in
            guard let self else { return }
            self.layout?.finish()
            self.layoutDidChange()
        })
        driver.reportRest = { [weak self] in
            guard let self else { return }
            MotionTrace.observe(self.motionFrame(at: MotionTrace.motionTimeNow))
        }
        pendingSync = NextFrameAction(widget, waitsForFrame: true) { [weak self] in
            self?.layoutDidChange()
        }
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(keys) { [weak self] keyval, state in self?.handleKey(keyval, state) ?? false }
        gtk_widget_add_controller(widget, keys)
        // A click on a row (not on a control in it, which takes the click)
        // focuses it and, in a selection model, selects its item.
        let click = gtk_gesture_click_new()!
        onClick(click) { [weak self] _, _, y in
            self?.clicked(atY: y, gtk_event_controller_get_current_event_state(click))
        }
        gtk_widget_add_controller(widget, click)
    }

    // MARK: The model

    /// What the motion trace calls the list (its height's line).
    public var traceName = "list"

    /// What the motion trace calls an item's row; nil: its string (a
    /// GtkStringObject's), its label's text, or its key.
    public var itemName: ((_ item: UnsafeMutableRawPointer) -> String)?

    /// Called with the row the keyboard is about to go to because the
    /// focused row's item went, before it gets there: what is said of the
    /// change there is said once, with the row (described after the focus
    /// has come, a screen reader says it with the row and again as news).
    public var willKeepTheKeyboard: (@MainActor (_ row: WidgetPointer) -> Void)?

    /// Which items are the same row; nil: the same object. Setting it
    /// makes the rows again.
    public var itemKey: ItemKey? {
        didSet {
            discardPendingChanges()
            dropRows()
            layout = nil
            layoutDidChange()
        }
    }

    /// Shows `model`'s items, each through a widget `createWidget` makes.
    /// nil unbinds.
    public func bind(model: UnsafeMutableRawPointer?, createWidget: CreateWidget? = nil) {
        let previousModel = binding?.model.raw
        if let old = binding {
            binding = nil
            old.watches.forEach { $0.disconnect() }
        }
        discardPendingChanges()
        dropRows()
        layout = nil
        warnedOfRepeatedItem = false
        warnedOfTallRow = false
        if let model, let createWidget {
            let isSelection = g_type_check_instance_is_a(gCast(model), gtk_selection_model_get_type()) != 0
            var bound = Binding(model: ObjectRef(model), createWidget: createWidget,
                                isSelectionModel: isSelection, watches: [])
            bound.watches.append(onItemsChanged(OpaquePointer(model)) { [weak self] position, removed, added in
                self?.itemsChanged(at: Int(position), removed: Int(removed), added: Int(added))
            })
            if isSelection {
                bound.watches.append(onRangeSignal(model, "selection-changed") { [weak self] _, _ in self?.showSelection() })
            }
            binding = bound
        }
        // (Only a change is told: unbinding an unbound list changes nothing.)
        if self.model != previousModel { notifyProperty(Property.model.rawValue) }
        layoutDidChange()
    }

    public var model: UnsafeMutableRawPointer? { binding?.model.raw }

    /// The number of items listed (not of rows made).
    public var itemCount: Int { binding.map { Int(g_list_model_get_n_items(OpaquePointer($0.model.raw))) } ?? 0 }

    /// The items around the view and their keys, as the model has them now.
    /// Each is asked of the model once between two of its changes, not once
    /// per use and per frame: a filter model finds its nth item by counting.
    /// Bounded by the rows drawn (see `syncRows`); emptied when the model changes.
    private var itemsNearView: [Int: (item: ObjectRef, key: RowKey)] = [:]

    private func itemAndKey(at position: Int) -> (item: ObjectRef, key: RowKey)? {
        if let known = itemsNearView[position] { return known }
        guard let binding, let raw = g_list_model_get_item(OpaquePointer(binding.model.raw), guint(position)) else { return nil }
        let item = ObjectRef(adopting: raw)
        let known = (item: item, key: key(of: item.raw))
        itemsNearView[position] = known
        return known
    }

    private func item(at position: Int) -> ObjectRef? { itemAndKey(at: position)?.item }

    private func key(of item: UnsafeMutableRawPointer) -> RowKey {
        itemKey?(item) ?? .object(UInt(bitPattern: item))
    }

    private func key(at position: Int) -> RowKey {
        itemAndKey(at: position)?.key ?? .number(-1 - position)
    }

    private func itemsChanged(at position: Int, removed: Int, added: Int) {
        itemsNearView = [:]
        itemsInViewMayHaveChanged = true
        guard layout != nil else {
            layoutDidChange()
            return
        }
        let before = pendingChanges.isEmpty ? layout!.count : countAfterPendingChanges
        guard position + removed <= before, before - removed + added == itemCount else {
            // A model whose signal does not match its items: start again from its items.
            unfold_log_critical("UnfoldListView: the model's items-changed (\(position), \(removed), \(added)) does not match "
                                + "its \(itemCount) items after \(before) before")
            discardPendingChanges()
            dropRows()
            layout = nil
            layoutDidChange()
            return
        }
        pendingChanges.append(.init(position: position, removed: removed, added: added))
        countAfterPendingChanges = before - removed + added
        // A model may say one change as several signals, one after another
        // (a filter's result as runs of removals and insertions): they animate
        // as one, taken before GTK next lays the list out — or at once, off screen.
        guard gtk_widget_get_mapped(widget) != 0 else { return flushChanges() }
        if pendingFlush == 0 {
            pendingFlush = Idle.soon { [weak self] in
                guard let self else { return }
                self.pendingFlush = 0
                self.takeChanges()
            }
        }
        // Until then GTK draws the rows as they were.
        gtk_widget_queue_resize(widget)
    }

    /// Takes the changes the model reported since the last time and makes
    /// the rows they bring, now (they are otherwise taken before the next
    /// frame, and their rows made at its start): for a caller that changed
    /// the model and wants the list to show it in the frame being made.
    public func flushChanges() {
        takeChanges()
        pendingSync.flush()
    }

    /// The layout takes the pending changes; the rows they bring into view
    /// are made at the next frame's start, when a window shows the list.
    /// Only that frame needs them, and changes that come before it (a person
    /// typing faster than frames) make no rows for results never drawn.
    private func takeChanges() {
        let changes = pendingChanges
        discardPendingChanges()
        guard !changes.isEmpty, var layout else { return }
        let preference = driver.preference
        layout.reducesMotion = preference == .reduced
        layout.itemsChanged(changes, viewport: viewport, keyAt: { key(at: $0) },
                            animated: preference != .none && transitionDuration > 0)
        // The motion starts now, not at the first frame that advances it: a
        // change made during a frame (a filter's result delivered as the frame
        // begins, as the app's is) is drawn in that frame, before the list's
        // own tick runs, and would otherwise stand still for one frame more.
        // (GDK's frame times are GLib's monotonic clock.)
        layout.startMoves(at: SlowMotion.time(at: Microseconds(g_get_monotonic_time())))
        self.layout = layout
        if layout.isAnimating { driver.start() } else { driver.stop() }
        guard gtk_widget_get_mapped(widget) != 0 else { return layoutDidChange() }
        pendingSync.schedule()
        // The new height, or rows that may widen the list.
        gtk_widget_queue_resize(widget)
    }

    private func discardPendingChanges() {
        pendingChanges = []
        if pendingFlush != 0 {
            g_source_remove(pendingFlush)
            pendingFlush = 0
        }
    }

    // MARK: State

    public var isAnimating: Bool { driver.isRunning }
    /// The row widgets that exist now: bounded by the view, not the list.
    public var rowCount: Int { rows.count }
    /// The widget made for the item at `position`, if its row exists.
    public func widget(at position: Int) -> WidgetPointer? {
        flushChanges()
        return frames.first { $0.position == position }.flatMap { rows[$0.key]?.made }
    }

    /// The positions of the items in view (of the model as the list last
    /// took it: see `flushChanges`).
    public var visibleRange: Range<Int> { layout?.visibleRange(viewportWithoutMargin) ?? 0..<0 }
    /// The row (`UnfoldListRow`) of the item with `key`, if it exists now.
    public func rowWidget(for key: RowKey) -> WidgetPointer? { rows[key]?.widget }

    /// The key of the item a row of this list shows.
    public func key(ofRow row: WidgetPointer) -> RowKey? { rows.first { $0.value.widget == row }?.key }

    /// Where each row was placed by the last allocation, in the list's own
    /// coordinates (the scroll offset not taken away).
    public var placedFrames: [ListLayout<RowKey>.Frame] { frames }

    // MARK: Rows

    /// The rows that must exist are built (or dropped) here, never during
    /// layout: GTK clears a widget's need for allocation before allocating
    /// it, so a row parented then would leave the list needing another.
    private func syncRows() {
        guard binding != nil else { return }
        takeChanges()
        if layout == nil { makeLayout() }
        guard var layout else { return }
        let focusedBefore = focusedRow
        frames = currentFrames(layout)
        if itemsInViewMayHaveChanged {
            itemsInViewMayHaveChanged = false
            warnOfRepeatedItems()
        }
        layout.placed(frames)
        self.layout = layout
        if itemsNearView.count > 2 * frames.count {
            // Scrolled: what was near the view before is not now.
            let drawn = Set(frames.compactMap(\.position))
            itemsNearView = itemsNearView.filter { drawn.contains($0.key) }
        }
        let present = Set(frames.map(\.key))
        // The focused row goes once the keyboard has moved on (below): GTK,
        // finding the focus gone with it, would give it to the list's first row.
        let focusedGone = focusedBefore.flatMap { present.contains($0.key) ? nil : $0.key }
        // A row no longer drawn (its leaving over, or glided out of view)
        // waits, unmapped, for the motion's end: taken out now, it would make
        // GTK lay the window out again in the middle of the motion, as a row
        // put in does. (So the rows that glide into view are made at the
        // change: see `ListLayout.frames`.) Unmapping lays nothing out.
        let motionGoesOn = layout.isAnimating
        for (key, row) in rows where !present.contains(key) && key != focusedGone {
            if motionGoesOn {
                if gtk_widget_get_child_visible(row.widget) != 0 {
                    closePopovers(in: row.widget)
                    gtk_widget_set_child_visible(row.widget, 0)
                }
                continue
            }
            release(row)
            rows[key] = nil
            rowSetChanged = true
        }
        // Child order is the order assistive technologies read: the rows in
        // list order, then the leaving ones (hidden from them). GTK finds the
        // index of a row that arrives or leaves by walking the rows before it,
        // so no leaving row stands before a live one. (Drawing order is `frames`'.)
        // Each change to the rows they read is told to them as it is made,
        // in order: libatspi keeps its copy of the list by places (see
        // `Accessibility.tellArrival`).
        var previous: WidgetPointer?
        func place(_ frame: ListLayout<RowKey>.Frame) {
            let row: Row
            var arrived = false
            if let existing = rows[frame.key] {
                row = existing
            } else if let position = frame.position, let item = item(at: position) {
                row = makeRow(for: item, after: previous)
                rows[frame.key] = row
                rowSetChanged = true
                arrived = true
            } else {
                return
            }
            if gtk_widget_get_child_visible(row.widget) == 0 { gtk_widget_set_child_visible(row.widget, 1) }
            // A leaving row leaves their list before it moves, one that stays
            // or comes back is shown where it ends up.
            if frame.isLeaving { setInteractive(row.widget, false) }
            if gtk_widget_get_prev_sibling(row.widget) != previous {
                let move = { gtk_widget_insert_after(row.widget, self.widget, previous) }
                if gtk_widget_get_can_target(row.widget) != 0 { Accessibility.tellMove(of: row.widget, move) } else { move() }
            }
            if !frame.isLeaving { setInteractive(row.widget, true) }
            if arrived && !frame.isLeaving && rowsAreTold { Accessibility.tellArrival(row.widget) }
            previous = row.widget
        }
        for frame in frames where !frame.isLeaving { place(frame) }
        for frame in frames where frame.isLeaving { place(frame) }
        showSelection()
        if let focusedBefore, let position = focusedBefore.position,
           focusedGone != nil || frames.first(where: { $0.key == focusedBefore.key })?.isLeaving == true {
            keepTheKeyboard(from: focusedBefore.key, at: position)
        }
        if let focusedGone, let row = rows[focusedGone] {
            release(row)
            rows[focusedGone] = nil
            rowSetChanged = true
        }
    }

    /// The focused row's item went: the keyboard goes to the row that took
    /// its place (or the last one), as in GTK's lists, rather than nowhere
    /// (or on a row that is fading out).
    private func keepTheKeyboard(from gone: RowKey, at position: Int) {
        guard itemCount > 0 else { return }
        let target = min(position, itemCount - 1)
        if let frame = frames.first(where: { $0.position == target && !$0.isLeaving }), let row = rows[frame.key] {
            cursor = (frame.key, target)
            willKeepTheKeyboard?(row.widget)
            gtk_widget_grab_focus(row.widget)
        } else {
            // Not made yet (out of view): at the loop's next turn, where the list can make it.
            Idle.soon { [weak self] in
                guard let self else { return }
                _ = self.focusRow(at: target, told: self.willKeepTheKeyboard)
            }
        }
    }

    /// Whether the items in view may differ from the last rows made: after a
    /// change, a scroll or a new height — not at an animation's frames, which
    /// only move the rows there are.
    private var itemsInViewMayHaveChanged = true

    /// Whether this binding was told to have the same item twice in view.
    private var warnedOfRepeatedItem = false

    /// A row taller than the first is cut to its height, and said once.
    private func warnOfTallRow(at position: Int?, needing height: Int32, rowHeight: Int32) {
        guard !warnedOfTallRow else { return }
        warnedOfTallRow = true
        unfold_log_warning("UnfoldListView: the row of the item at position \(position.map(String.init) ?? "?") needs \(height) px; "
            + "rows are \(rowHeight) px, the first row's height, and it is cut to that (the list's rows are all one height)")
    }

    private var warnedOfTallRow = false

    /// An item twice in the model is one row: its second place would be
    /// drawn empty. Said once per binding, with what to do.
    private func warnOfRepeatedItems() {
        guard !warnedOfRepeatedItem else { return }
        var seen = Set<RowKey>()
        for frame in frames where !frame.isLeaving {
            guard !seen.insert(frame.key).inserted, let position = frame.position else { continue }
            warnedOfRepeatedItem = true
            if itemKey == nil {
                unfold_log_warning("UnfoldListView: the item at position \(position) is in the model twice, and is shown once: "
                                   + "keep each item once in the model, or give the list a key function that tells them apart")
            } else {
                unfold_log_warning("UnfoldListView: the key function gives the item at position \(position) the key of "
                                   + "another item, and only one of them is shown: give each item a key of its own")
            }
            return
        }
    }

    /// A row for `item`, parented after `previous` (first when nil), where it
    /// belongs: GTK takes the index it arrives at for assistive technologies,
    /// walking the rows before it.
    private func makeRow(for item: ObjectRef, after previous: WidgetPointer?) -> Row {
        // The function may return a floating widget (C) or a full reference
        // (a binding's): either way one reference is ours, let go once the
        // list holds the row, as GtkListBox does.
        var made = binding!.createWidget(item.raw)
        if g_object_is_floating(made) != 0 { g_object_ref_sink(made) }
        if gtk_widget_get_parent(made) != nil {
            // One widget for several items (or one from elsewhere): GTK would
            // refuse it with a critical that names neither the list nor the cause.
            unfold_log_critical("UnfoldListView: the create-widget function returned a widget that already has a parent; "
                + "each item needs a widget of its own. The row shows nothing")
            g_object_unref(made)
            made = gtk_label_new("")!
            g_object_ref_sink(made)
        }
        defer { g_object_unref(made) }
        let row: WidgetPointer
        // A spare row's reference holds it until the list does.
        var spare: ObjectRef?
        if WidgetImplementation.of(made) is ListRow {
            row = made
        } else {
            spare = spareRows.popLast()
            let wrapper = spare.map { ListRow.implementation(of: $0.widget) } ?? ListRow.make()
            wrapper.setChild(made)
            row = wrapper.widget
        }
        gtk_widget_insert_after(row, widget, previous)
        withExtendedLifetime(spare) {}
        return Row(row: ObjectRef(row), item: item, made: made)
    }

    /// Rows of ours that wrapped a widget no longer shown, to wrap the next
    /// ones: a row costs as much to make as a label. At most as many as are drawn.
    private var spareRows: [ObjectRef] = []

    /// Takes `row` out of the list; the caller's widget goes (with its item).
    private func release(_ row: Row) {
        closePopovers(in: row.widget)
        let wrapper = row.widget != row.made ? ListRow.implementation(of: row.widget) : nil
        gtk_widget_unparent(row.widget)
        guard let wrapper else { return }
        wrapper.setChild(nil)
        // (Its focus, pointer and selection states are set again where it is used next.)
        if spareRows.count < max(frames.count, 1) { spareRows.append(row.row) }
    }

    /// The row height is a real row's: the first one made.
    private func makeLayout() {
        guard itemCount > 0, let first = item(at: 0) else { return }
        let row = makeRow(for: first, after: nil)
        rows[key(of: first.raw)] = row
        let height = Measurement.of(row.widget, GTK_ORIENTATION_VERTICAL).natural
        layout = ListLayout(rowHeight: Double(max(height, 1)), spacing: Double(Self.spacing), count: itemCount,
                            duration: Microseconds(transitionDuration) * 1_000)
    }

    private func dropRows() {
        itemsInViewMayHaveChanged = true
        let parted = rows.values
        rows = [:]
        frames = []
        itemsNearView = [:]
        for row in parted { release(row) }
        rowSetChanged = true
    }

    /// A leaving row takes no pointer events or focus and leaves the accessibility tree.
    private func setInteractive(_ row: WidgetPointer, _ interactive: Bool) {
        guard (gtk_widget_get_can_target(row) != 0) != interactive else { return }
        if !interactive { closePopovers(in: row) }
        Accessibility.setInert(row, !interactive)
    }

    /// Closes the popovers open in a row that leaves (a note being edited
    /// when its item went), as it starts to leave: a leaving row takes no
    /// input, and a note open on it would stay open, to be typed in, until
    /// the row had faded and gone (GTK 4.18 and 4.24 close it then). On GTK
    /// 4.8 it is needed besides: a window whose open popover's parent goes
    /// without closing it first takes no more input (ReloadTests, which
    /// fails on 4.8 without it and passes on 4.18 and 4.24).
    private func closePopovers(in row: WidgetPointer) {
        var child = gtk_widget_get_first_child(row)
        while let current = child {
            if g_type_check_instance_is_a(gCast(current), gtk_popover_get_type()) != 0 {
                if gtk_widget_get_visible(current) != 0 { gtk_popover_popdown(gCast(current)) }
            } else {
                closePopovers(in: current)
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// The selection model's selection, on the rows that show its items.
    private func showSelection() {
        guard let binding, binding.isSelectionModel else { return }
        for frame in frames {
            guard let position = frame.position, let row = rows[frame.key] else { continue }
            let selected = gtk_selection_model_is_selected(OpaquePointer(binding.model.raw), guint(position)) != 0
            let flags = gtk_widget_get_state_flags(row.widget)
            guard (flags.rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0) != selected else { continue }
            if selected {
                gtk_widget_set_state_flags(row.widget, GTK_STATE_FLAG_SELECTED, 0)
            } else {
                gtk_widget_unset_state_flags(row.widget, GTK_STATE_FLAG_SELECTED)
            }
            Accessibility.setSelected(row.widget, selected)
        }
    }

    /// The rows' opacity and place and the list's height at this frame, for
    /// the motion trace: each row named by its item's text.
    private func traceFrame() {
        for frame in frames {
            guard let row = rows[frame.key] else { continue }
            let item = itemName?(row.item.raw) ?? itemText(row, key: frame.key)
            MotionTrace.record(item, "opacity", frame.opacity)
            MotionTrace.record(item, "y", frame.y)
        }
        MotionTrace.record(traceName, "height", layout?.displayedHeight ?? 0)
    }

    /// This frame's rows and height with the courses they follow, for a
    /// motion plot.
    private func motionFrame(at time: Microseconds) -> MotionRecorder.Frame {
        var values: [MotionRecorder.Value] = []
        if let layout {
            for frame in frames {
                guard let row = rows[frame.key] else { continue }
                let item = itemName?(row.item.raw) ?? itemText(row, key: frame.key)
                let courses = layout.courses(of: frame)
                values.append(.init(name: item, property: "opacity", value: frame.opacity, course: courses.opacity, range: 0...1))
                values.append(.init(name: item, property: "y", value: frame.y, course: courses.y))
            }
            values.append(.init(name: traceName, property: "height", value: layout.displayedHeight, course: layout.heightCourse))
        }
        return MotionRecorder.Frame(source: Int(bitPattern: widget), kind: .list, name: traceName, time: time, values: values)
    }

    /// What a row shows, as a person reads it: its item's string, its
    /// label's text, or its accessible name.
    private func itemText(_ row: Row, key: RowKey) -> String {
        if g_type_check_instance_is_a(gCast(row.item.raw), gtk_string_object_get_type()) != 0 {
            return String(cString: gtk_string_object_get_string(OpaquePointer(row.item.raw)))
        }
        if g_type_check_instance_is_a(gCast(row.made), gtk_label_get_type()) != 0 {
            return String(cString: gtk_label_get_text(gCast(row.made)))
        }
        switch key {
        case .object(let address): return "item 0x" + String(address, radix: 16)
        case .text(let text): return text
        case .number(let number): return "item \(number)"
        }
    }

    /// The list or its motion moved: rows, then height and places.
    private func layoutDidChange() {
        syncRows()
        let heightChanged = measuredHeight != displayedHeight
        // In a scrolled window the height is asked for again once the motion
        // ends, not at each of its frames (see `heightSizesParent`) — and
        // when it crosses the view's: the scrolled window shows its scrollbar
        // by the height asked for, and hides it by the adjustment; told two
        // things, it would size itself twice a frame, each way in turn.
        let crossesView = (measuredHeight > allocatedHeight) != (displayedHeight > allocatedHeight)
        if rowSetChanged || (heightChanged && (heightSizesParent || crossesView || layout?.isAnimating != true)) {
            gtk_widget_queue_resize(widget)
        } else {
            // The scroll range follows the easing height now, before GTK
            // lays the list out alone at its size. Changed during that
            // layout, the range makes a hidden scrollbar queue a layout of its
            // own (GtkRange does, for its trough), which marks the scrolled
            // window after GTK has passed it; GTK 4.8 then stops every later
            // request from the list at that mark, and draws the list without
            // an allocation ("Trying to snapshot … without a current
            // allocation") until something resizes it.
            if allocatedHeight >= 0 { configureAdjustments(width: gtk_widget_get_width(widget), height: allocatedHeight) }
            // While rows only move and fade, the list keeps its size: its rows
            // are placed again here, not by asking GTK for a layout. On X11,
            // GTK 4.8 answers any layout of a window by asking the X server
            // for the monitor and its work area, five round trips, at each
            // frame. A row that keeps its size and is allocated again only
            // moves, and GTK draws the list again.
            if let layout, layout.isAnimating, allocatedHeight >= 0,
               !frames.contains(where: { !placedRows.contains($0.key) }) {
                placeRows(layout, width: gtk_widget_get_width(widget))
            } else {
                gtk_widget_queue_allocate(widget)
            }
        }
        rowSetChanged = false
    }

    /// Whether the height the list asks for sizes what holds it. A scrolled
    /// window reads it only to choose whether to show its scrollbar (unless
    /// it takes its child's natural height): the scroll range follows the
    /// easing height at every frame through the adjustment, and asking GTK to
    /// size the window again at each frame of a motion would make it measure
    /// every widget up to the toplevel, which asks the X server for the
    /// monitor's work area, every frame.
    private var heightSizesParent: Bool {
        guard let parent = gtk_widget_get_parent(widget),
              g_type_check_instance_is_a(gCast(parent), gtk_scrolled_window_get_type()) != 0 else { return true }
        return gtk_scrolled_window_get_propagate_natural_height(gCast(parent)) != 0
    }

    private var rowSetChanged = true
    private var measuredHeight: Int32 = -1
    private var displayedHeight: Int32 { Int32(clamping: Int((layout?.displayedHeight ?? 0).rounded(.up))) }
    /// The height the list's motion ends at.
    private var finalHeight: Int32 { Int32(clamping: Int((layout?.targetHeight() ?? 0).rounded(.up))) }

    // MARK: Scrolling

    private var vadjustment: UnsafeMutablePointer<GtkAdjustment>? { adjustments[1].map { gCast($0.raw) } }
    private var hadjustment: UnsafeMutablePointer<GtkAdjustment>? { adjustments[0].map { gCast($0.raw) } }

    /// What the view shows of the list (all of it outside a scrolled window).
    private var viewportWithoutMargin: ListLayout<RowKey>.Viewport {
        // Outside a scrolled window every row is in view (GTK sizes are 32-bit).
        guard let vadjustment else { return .init(top: 0, height: Double(Int32.max)) }
        return .init(top: gtk_adjustment_get_value(vadjustment), height: Double(gtk_widget_get_height(widget)))
    }

    private var viewport: ListLayout<RowKey>.Viewport {
        let margin = Self.marginRows * (layout?.pitch ?? 0)
        let shown = viewportWithoutMargin
        return .init(top: shown.top - margin, height: shown.height + 2 * margin)
    }

    private var scrollOffset: Double { vadjustment.map { gtk_adjustment_get_value($0) } ?? 0 }

    private func setAdjustment(_ orientation: Int, _ adjustment: UnsafeMutablePointer<GObject>?) {
        let new = adjustment ?? gCast(gtk_adjustment_new(0, 0, 0, 0, 0, 0))
        guard adjustments[orientation]?.raw != UnsafeMutableRawPointer(new) else { return }
        adjustmentWatches.forEach { $0.disconnect() }
        adjustments[orientation] = ObjectRef(new)
        adjustmentWatches = adjustments.compactMap { $0 }.map { adjustment in
            onSignal(adjustment.raw, "value-changed") { [weak self] in self?.viewportDidChange() }
        }
        notifyProperty(orientation == 0 ? Property.hadjustment.rawValue : Property.vadjustment.rawValue)
        gtk_widget_queue_allocate(widget)
    }

    /// Scrolled: other rows are in view, built at the next frame's start (the
    /// margin rows cover that frame).
    private func viewportDidChange() {
        itemsInViewMayHaveChanged = true
        pendingSync.schedule()
        // (Not while this very allocation configures the adjustments.)
        if !isAllocating { gtk_widget_queue_allocate(widget) }
    }

    private var isAllocating = false
    private var allocatedHeight: Int32 = -1

    /// The rows to draw for the view, and the focused row wherever it is:
    /// scrolling it out of view must not take the keyboard's place away. (A
    /// focused row whose item the model no longer has at its place goes, as
    /// any row of a gone item: kept, it would stay drawn, and hold the focus
    /// in nothing.)
    private func currentFrames(_ layout: ListLayout<RowKey>) -> [ListLayout<RowKey>.Frame] {
        var frames = layout.frames(viewport) { key(at: $0) }
        // (A row moved out of view by a change leaves the view as a removed one
        // does; the focused one is kept, live, where its item is now.)
        if let focused = focusedRow, let last = focused.position {
            let shown = frames.firstIndex { $0.key == focused.key }
            if shown.map({ frames[$0].isLeaving }) ?? true, let position = position(of: focused.key, near: last, count: layout.count) {
                if let shown { frames.remove(at: shown) }
                frames.append(.init(key: focused.key, position: position, y: Double(position) * layout.pitch, opacity: 1))
            }
        }
        return frames
    }

    /// How far from its last place a focused row's item is looked for, when
    /// a change moved it out of view (lines added above it): far enough for
    /// what a person does to a file they are reading, not the whole model.
    static let focusedItemReach = 512

    /// Where the item with `key` is now, looking outward from `last`.
    private func position(of key: RowKey, near last: Int, count: Int) -> Int? {
        for distance in 0...Self.focusedItemReach {
            let below = last + distance, above = last - distance
            if below < count, self.key(at: below) == key { return below }
            if distance > 0, above >= 0, above < count, self.key(at: above) == key { return above }
            if above <= 0 && below >= count - 1 { return nil }
        }
        return nil
    }

    // MARK: Keyboard

    /// The row the keyboard was last in, by key and position: where focus comes back to.
    private var cursor: (key: RowKey, position: Int)?

    private var focusedRow: (key: RowKey, position: Int?)? {
        guard let child = gtk_widget_get_focus_child(widget),
              let key = rows.first(where: { $0.value.widget == child })?.key else { return nil }
        return (key, frames.first { $0.key == key }?.position)
    }

    /// The position of the row with the focus.
    public var focusedPosition: Int? { focusedRow?.position }

    /// Focuses the row of the item at `position`, scrolling it into view and
    /// making it first if it is not there.
    @discardableResult
    public func focusRow(at position: Int) -> Bool { focusRow(at: position, told: nil) }

    /// `told`: called with the row before the keyboard goes there.
    private func focusRow(at position: Int, told: (@MainActor (WidgetPointer) -> Void)?) -> Bool {
        flushChanges()
        guard layout != nil, (0..<itemCount).contains(position) else { return false }
        scrollIntoView(position)
        let key = key(at: position)
        cursor = (key, position)
        syncRows()
        if rows[key] == nil, let item = item(at: position) {
            rows[key] = makeRow(for: item, after: gtk_widget_get_last_child(widget))
            frames.append(.init(key: key, position: position, y: Double(position) * layout!.pitch, opacity: 1))
        }
        guard let row = rows[key] else { return false }
        told?(row.widget)
        return gtk_widget_grab_focus(row.widget) != 0
    }

    private func scrollIntoView(_ position: Int) {
        guard let vadjustment, let layout else { return }
        // Focused before its first allocation (a window gives its first
        // focusable widget the focus as it is presented), the list has no
        // height to show the row in: it is shown once the list has one.
        guard allocatedHeight > 0 else {
            positionAwaitingHeight = position
            return
        }
        let viewport = ListViewport(top: gtk_adjustment_get_value(vadjustment), height: Double(allocatedHeight))
        guard let top = layout.topShowing(position, from: viewport) else { return }
        gtk_adjustment_set_upper(vadjustment, max(gtk_adjustment_get_upper(vadjustment), layout.targetHeight()))
        gtk_adjustment_set_value(vadjustment, top)
    }

    /// A row asked into view before the list had a height.
    private var positionAwaitingHeight: Int?

    private var rowsPerPage: Int {
        guard let layout else { return 1 }
        return max(1, Int((Double(gtk_widget_get_height(widget)) / layout.pitch).rounded(.down)))
    }

    private func handleKey(_ keyval: UInt32, _ state: GdkModifierType) -> Bool {
        flushChanges()
        guard let position = focusedPosition else { return false }
        if keyval == UInt32(GDK_KEY_space) || keyval == UInt32(GDK_KEY_KP_Space) {
            guard binding?.isSelectionModel == true else { return false }
            select(position, state)
            return true
        }
        let last = itemCount - 1
        let target: Int
        switch Int32(keyval) {
        case GDK_KEY_Down, GDK_KEY_KP_Down: target = position + 1
        case GDK_KEY_Up, GDK_KEY_KP_Up: target = position - 1
        case GDK_KEY_Home, GDK_KEY_KP_Home: target = 0
        case GDK_KEY_End, GDK_KEY_KP_End: target = last
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: target = position + rowsPerPage
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: target = position - rowsPerPage
        default: return false
        }
        let next = min(max(target, 0), last)
        focusRow(at: next)
        // The selection follows the keyboard, as in GtkListView (not with Ctrl held).
        if state.rawValue & GDK_CONTROL_MASK.rawValue == 0 { select(next, state) }
        return true
    }

    // MARK: Selection

    /// Where the last selection by hand began: Shift extends from it.
    private var selectionAnchor: Int?

    private func clicked(atY y: Double, _ state: GdkModifierType) {
        flushChanges()
        let listY = y + scrollOffset
        guard let layout, let frame = frames.first(where: { !$0.isLeaving && listY >= $0.y && listY < $0.y + layout.rowHeight }),
              let position = frame.position else { return }
        if let row = rows[frame.key] { gtk_widget_grab_focus(row.widget) }
        select(position, state)
    }

    /// Selects the item at `position` as a hand on a list does: only it;
    /// with Ctrl, it too (or no longer); with Shift, the run from the last one.
    private func select(_ position: Int, _ state: GdkModifierType) {
        guard let binding, binding.isSelectionModel else { return }
        let model = OpaquePointer(binding.model.raw)
        let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
        if state.rawValue & GDK_SHIFT_MASK.rawValue != 0, let anchor = selectionAnchor, anchor < itemCount {
            gtk_selection_model_select_range(model, guint(min(anchor, position)), guint(abs(anchor - position) + 1), control ? 0 : 1)
            return
        }
        selectionAnchor = position
        if control && gtk_selection_model_is_selected(model, guint(position)) != 0 {
            gtk_selection_model_unselect_item(model, guint(position))
        } else {
            gtk_selection_model_select_item(model, guint(position), control ? 0 : 1)
        }
    }

    // MARK: Properties

    public func setTransitionDuration(_ milliseconds: UInt32) {
        guard milliseconds != transitionDuration else { return }
        transitionDuration = milliseconds
        layout?.duration = Microseconds(milliseconds) * 1_000
        notifyProperty(Property.transitionDuration.rawValue)
    }

    public override func property(_ index: Int) -> PropertyValue {
        switch Property(rawValue: index)! {
        case .transitionDuration: .unsigned(transitionDuration)
        case .model: .object(binding.map { $0.model.object })
        case .hadjustment: .object(adjustments[0]?.object)
        case .vadjustment: .object(adjustments[1]?.object)
        case .hscrollPolicy: .enumeration(scrollPolicies[0])
        case .vscrollPolicy: .enumeration(scrollPolicies[1])
        }
    }

    public override func setProperty(_ index: Int, _ value: PropertyValue) {
        switch Property(rawValue: index)! {
        case .transitionDuration: setTransitionDuration(value.unsigned!)
        case .model: preconditionFailure("read-only")
        case .hadjustment: setAdjustment(0, value.object)
        case .vadjustment: setAdjustment(1, value.object)
        case .hscrollPolicy, .vscrollPolicy:
            let orientation = index == Property.hscrollPolicy.rawValue ? 0 : 1
            guard scrollPolicies[orientation] != value.enumeration! else { return }
            scrollPolicies[orientation] = value.enumeration!
            notifyProperty(index)
            gtk_widget_queue_resize(widget)
        }
    }

    // MARK: vfuncs

    public override var requestMode: GtkSizeRequestMode { GTK_SIZE_REQUEST_CONSTANT_SIZE }

    public override func measure(_ orientation: GtkOrientation, forSize: Int32) -> Measurement {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            // The rows' minimum: which rows exist changes as the list scrolls,
            // and a long row must never widen the window.
            let widest = rows.values.map { Measurement.of($0.widget, orientation).minimum }.max() ?? 0
            return Measurement(minimum: widest, natural: widest)
        }
        measuredHeight = displayedHeight
        return Measurement(minimum: 0, natural: measuredHeight)
    }

    /// The range and page the scrolled window's scrollbars show, the list
    /// seen `height` at a time. The range is the height the list ends at, as
    /// GTK's lists show it at once, unless the view is near the end of a list
    /// that shrinks: then it follows the easing height and the view with it.
    /// (A range that changed at every frame of a motion would lay out and draw
    /// the scrollbar again at each, and widen what GTK redraws to the whole
    /// view. GtkAdjustment tells its listeners only of what changed.)
    private func configureAdjustments(width: Int32, height: Int32) {
        if let vadjustment {
            let page = Double(height)
            var value = gtk_adjustment_get_value(vadjustment)
            if let position = positionAwaitingHeight, page > 0, let layout, position < layout.count {
                positionAwaitingHeight = nil
                value = layout.topShowing(position, from: ListViewport(top: value, height: page)) ?? value
            }
            value = min(max(value, 0), max(0, Double(displayedHeight) - page))
            let total = max(Double(finalHeight), value + page)
            gtk_adjustment_configure(vadjustment, value, 0, total, page * 0.1, page * 0.9, page)
        }
        if let hadjustment {
            gtk_adjustment_configure(hadjustment, 0, 0, Double(width), Double(width) * 0.1, Double(width) * 0.9, Double(width))
        }
    }

    public override func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        isAllocating = true
        defer { isAllocating = false }
        configureAdjustments(width: width, height: height)
        // A new height shows other rows: they are made at the next frame's start.
        if height != allocatedHeight {
            allocatedHeight = height
            itemsInViewMayHaveChanged = true
            pendingSync.schedule()
        }
        guard let layout else { return }
        placeRows(layout, width: width)
    }

    /// Gives each row its place at this frame: allocated where it is drawn,
    /// so the pointer hits what is seen; each measured first, as GTK expects
    /// before any allocation, inside its layout or not.
    private func placeRows(_ layout: ListLayout<RowKey>, width: Int32) {
        let offset = scrollOffset, rowHeight = Int32(layout.rowHeight)
        // Rows stand on whole device pixels, as GTK's own lists place theirs
        // (a row between pixels is drawn blurred).
        let scale = Double(gtk_widget_get_scale_factor(widget))
        placedRows.removeAll(keepingCapacity: true)
        for frame in frames {
            guard let row = rows[frame.key] else { continue }
            // (Measured as GTK expects before an allocation; the size is
            // cached, so this costs a lookup unless the row changed.)
            var minimum: Int32 = 0
            gtk_widget_measure(row.widget, GTK_ORIENTATION_VERTICAL, width, &minimum, nil, nil, nil)
            if minimum > rowHeight { warnOfTallRow(at: frame.position, needing: minimum, rowHeight: rowHeight) }
            var origin = graphene_point_t(x: 0, y: Float(((frame.y - offset) * scale).rounded() / scale))
            gtk_widget_allocate(row.widget, width, rowHeight, -1, gsk_transform_translate(nil, &origin))
            placedRows.insert(frame.key)
        }
    }

    /// The rows the last allocation placed (at their size): moving them again
    /// changes only where they are.
    private var placedRows: Set<RowKey> = []

    public override func snapshot(_ snapshot: OpaquePointer) {
        // Only what shows: the rows made beyond the view's edges (for the
        // next frame's scrolling) and the faded-out ones are not drawn.
        let offset = scrollOffset, height = Double(gtk_widget_get_height(widget))
        let rowHeight = Double(layout?.rowHeight ?? 0)
        // Within half an 8-bit step of opaque or clear, a row is drawn as
        // one: a translucent row is drawn apart, offscreen.
        let halfStep = 1.0 / 510
        for frame in frames where frame.opacity >= halfStep && frame.y - offset + rowHeight > 0 && frame.y - offset < height {
            guard let row = rows[frame.key] else { continue }
            if frame.opacity < 1 - halfStep {
                snapshotFading(row.widget, opacity: frame.opacity, into: snapshot)
            } else {
                gtk_widget_snapshot_child(widget, row.widget, snapshot)
            }
        }
    }

    /// Draws a translucent row. A translucent row is drawn offscreen, and
    /// GTK's GL renderer keeps that offscreen from frame to frame for as
    /// long as the node it drew is the same: so the opacity wraps the row's
    /// own node, which GTK keeps while the row is unchanged, and its place
    /// (a transform node, new at every frame) goes around the opacity. Over a
    /// fade, the row is then drawn offscreen once, not at every frame, and each
    /// frame only blends it. (The opacity node is made here, not pushed: a
    /// snapshot's opacity takes the place inside it, around the row's node.)
    private func snapshotFading(_ row: WidgetPointer, opacity: Double, into snapshot: OpaquePointer) {
        let placed = gtk_snapshot_new()!
        gtk_widget_snapshot_child(widget, row, placed)
        guard let node = gtk_snapshot_free_to_node(placed) else { return }
        defer { gsk_render_node_unref(node) }
        let isPlaced = gsk_render_node_get_node_type(node) == GSK_TRANSFORM_NODE
        let faded = gsk_opacity_node_new(isPlaced ? gsk_transform_node_get_child(node) : node, Float(opacity))!
        defer { gsk_render_node_unref(faded) }
        gtk_snapshot_save(snapshot)
        if isPlaced { gtk_snapshot_transform(snapshot, gsk_transform_node_get_transform(node)) }
        gtk_snapshot_append_node(snapshot, faded)
        gtk_snapshot_restore(snapshot)
    }

    public override func focus(_ direction: GtkDirectionType) -> Bool {
        flushChanges()
        guard let child = gtk_widget_get_focus_child(widget) else {
            // Coming in: the row last used if it is still where it was, else the first in view.
            guard let layout, itemCount > 0 else { return false }
            let firstInView = layout.visibleRange(viewportWithoutMargin).first ?? 0
            let back = cursor.flatMap { cursor in cursor.position < itemCount && key(at: cursor.position) == cursor.key ? cursor.position : nil }
            guard focusRow(at: back ?? firstInView) else { return false }
            // Backward, the last stop is the row's last control.
            if direction == GTK_DIR_TAB_BACKWARD, let row = gtk_widget_get_focus_child(widget),
               let content = (WidgetImplementation.of(row) as? ListRow)?.child {
                _ = gtk_widget_child_focus(content, direction)
            }
            return true
        }
        switch direction {
        case GTK_DIR_TAB_FORWARD, GTK_DIR_TAB_BACKWARD, GTK_DIR_LEFT, GTK_DIR_RIGHT:
            return gtk_widget_child_focus(child, direction) != 0
        default:
            return false  // ↑ and ↓ are the key handler's
        }
    }

    public override func focusChildChanged(_ child: WidgetPointer?) {
        guard let child, let key = rows.first(where: { $0.value.widget == child })?.key,
              let position = frames.first(where: { $0.key == key })?.position else { return }
        cursor = (key, position)
    }

    public override func didMap() {
        driver.widgetDidMap()
        if !rowsAreTold { tellRowsOnceShown() }
        layoutDidChange()
    }

    /// Whether each row that comes is told to assistive technologies as it
    /// comes (`Accessibility.tellArrival`): from just after the list is first
    /// on screen, when its own accessible and its rows' are made, first to
    /// last (only a list they know of can tell its rows). Made during its
    /// window's first map, they would make the window's too, which GTK 4.8
    /// then gives a wrong role for good ("filler", and no title bar buttons).
    private var rowsAreTold = false

    private func tellRowsOnceShown() {
        let weak = WeakObjectRef(UnsafeMutableRawPointer(widget))
        _ = Timeout.after(milliseconds: 0) {
            guard let alive = weak.get(), gtk_widget_get_mapped(alive.widget) != 0,
                  let list = WidgetImplementation.of(alive.widget) as? ListView, !list.rowsAreTold else { return }
            list.rowsAreTold = true
            Accessibility.makeAccessibleWithChildren(alive.widget)
        }
    }

    public override func willUnmap() {
        driver.widgetWillUnmap()
        pendingSync.cancel()
    }

    public override func dispose() {
        driver.widgetDispose()
        pendingSync.cancel()
        discardPendingChanges()
        adjustmentWatches.forEach { $0.disconnect() }
        adjustmentWatches = []
        if let old = binding {
            binding = nil
            old.watches.forEach { $0.disconnect() }
        }
        dropRows()
        spareRows = []
        adjustments = [nil, nil]
    }
}
