import CAdw
import Gtk
import UnfoldCore
import UnfoldWidgets

/// Part 2 of the tutorial: a label collection filtered by a search entry and a
/// "Tiles only" toggle. The controls and caption sit outside the animated
/// column, which persists across every filter change.
///
/// A page can start before its labels exist (`init(loading:)`): it is usable at
/// once, the caption says how the loading goes, and what is typed meanwhile
/// filters the labels when they come (`finishLoading`).
@MainActor
public final class CollectionPage {
    /// About 300 px of rows, as in the tutorial.
    static let listHeight: Int32 = 300
    static let padding: Int32 = 16

    public private(set) var collection: LabelCollection
    /// What is being loaded, while it is (its name, for the caption).
    public private(set) var loadingName: String?
    /// The one source of truth for what is shown; visible IDs derive from it.
    public private(set) var filter = LabelFilter()
    /// Notes the user wrote, by record ID: they outlive the rows that edit them.
    public private(set) var notes: [Int: String] = [:]

    public let widget: WidgetPointer
    public let searchEntry: WidgetPointer
    public let tilesOnlyToggle: WidgetPointer
    public let caption: WidgetPointer
    public let column: LazyColumn
    /// "No matching labels" (or, for a collection with none, "This collection
    /// has no labels"): a status page, faded in where the rows were.
    public let emptyState: WidgetPointer
    public let statusPage: WidgetPointer
    private let scrolled: WidgetPointer
    private var pendingColumnUpdate: TickCallback?

    /// Called when the user empties a note that had text, with what it held
    /// (the window offers to undo it).
    var onNoteRemoved: ((_ id: Int, _ note: String) -> Void)?

    public convenience init(collection: LabelCollection = SampleData.labels) {
        self.init(collection: collection, loadingName: nil)
    }

    /// A page whose labels are still on their way from `name`.
    public convenience init(loading name: String) {
        self.init(collection: try! LabelCollection([]), loadingName: name)
    }

    /// The page's frame is `data/ui/collection-page.ui`; the rows come from the labels.
    private init(collection: LabelCollection, loadingName: String?) {
        self.collection = collection
        self.loadingName = loadingName
        session = FilterSession(collection: collection)
        let builder = AppResources.builder("collection-page.ui")
        widget = builder.takeWidget("page")
        searchEntry = gCast(builder.object("search_entry")!)
        tilesOnlyToggle = gCast(builder.object("tiles_only")!)
        Accessibility.hideDecorations(in: tilesOnlyToggle)
        caption = gCast(builder.object("caption")!)
        column = LazyColumn.implementation(of: gCast(builder.object("column")!))
        emptyState = gCast(builder.object("empty_state")!)
        gtk_revealer_set_transition_duration(gCast(emptyState), guint(LazyColumnLayout.duration / 1000))
        statusPage = gCast(builder.object("status_page")!)
        scrolled = gCast(builder.object("scroller")!)
        column.setVerticalAdjustment(gtk_scrolled_window_get_vadjustment(gCast(scrolled)))

        column.idOfKey = { [unowned self] in self.collection.records[$0].id }
        column.keyOfID = { [unowned self] in self.collection.index(ofID: $0) }
        column.makeRow = { [unowned self] key in self.makeRow(self.collection.records[key].id) }
        connectControls()
        onNotify(emptyState, "child-revealed") { [unowned self] in
            // Faded out, it leaves the accessibility tree (and takes no room).
            if gtk_revealer_get_child_revealed(gCast(self.emptyState)) == 0,
               gtk_revealer_get_reveal_child(gCast(self.emptyState)) == 0 {
                gtk_widget_set_visible(self.emptyState, 0)
            }
        }
        Ownership.attach(self, to: widget)
        _ = session.visibleIndices(filter)  // the first result, at once: nothing is on screen yet
        updateCaption()
        updateColumn()
    }

    /// The labels have come: the page shows them, filtered by what was typed
    /// while they loaded.
    public func finishLoading(_ collection: LabelCollection) {
        precondition(loadingName != nil, "only a page that is loading takes its labels later")
        loadingName = nil
        self.collection = collection
        session = FilterSession(collection: collection)
        startFiltering()
    }

    /// Says how a load goes, in the caption.
    public func showLoading(_ progress: LabelsLoad.Progress) {
        guard let name = loadingName else { return }
        let text: String
        switch progress {
        case .waiting:
            text = fill(tr("Waiting for labels from {file}…"), ["file": name])
        case .reading(let bytes, nil):
            text = fill(tr("Reading labels from {file}… {size}"), ["file": name, "size": Localization.byteCount(bytes)])
        case .reading(let bytes, let size?):
            // Reading a file is the short part of loading it: a tenth.
            // TRANSLATORS: {percent} is a whole number from 0 to 100.
            text = fill(tr("Loading labels from {file}… {percent} %"), ["file": name, "percent": formatted(size == 0 ? 0 : bytes * 10 / size)])
        case .parsing(let fraction):
            text = fill(tr("Loading labels from {file}… {percent} %"), ["file": name, "percent": formatted(min(99, 10 + Int(fraction * 90)))])
        }
        gtk_label_set_text(gCast(caption), text)
    }

    /// What the filter lets through, as record IDs (once the filtering is done).
    public var visibleIDs: [Int] { (session.cachedIndices(filter) ?? []).map { collection.records[$0].id } }

    /// The filter pass under way, when one takes longer than a frame's budget.
    private var pass: FilterPass?
    private var passTick: TickCallback?
    /// Time for filtering per frame, so that typing never holds a frame back
    /// (a 60 Hz frame is 16.7 ms; layout and drawing need the rest).
    static let filterBudget = 6_000  // µs, as g_get_monotonic_time counts

    /// Whether a filter pass is still running over frames.
    public var isFiltering: Bool { pass != nil }
    /// How many frames the last pass took: 1 when it fit in one.
    public private(set) var lastPassFrames = 0
    private var session: FilterSession

    /// Whether the column has yet to take the current filter (it does at the next frame).
    public var isColumnUpdatePending: Bool { pendingColumnUpdate != nil }

    public func setFilter(_ newFilter: LabelFilter) {
        guard newFilter != filter else { return }
        filter = newFilter
        startFiltering()
    }

    /// Runs the filter for at most a frame's budget now, and the rest over the
    /// next frames; a newer filter abandons the pass under way.
    private func startFiltering() {
        passTick?.remove()
        passTick = nil
        pass = session.start(filter)
        lastPassFrames = 0
        continueFiltering()
        guard pass != nil else { return }
        updateCaption()
        passTick = TickCallback.add(to: widget) { [unowned self] _ in
            self.continueFiltering()
            if self.pass == nil { self.passTick = nil }
            return self.pass != nil
        }
    }

    private func continueFiltering() {
        guard var pass else { return }
        lastPassFrames += 1
        let deadline = g_get_monotonic_time() + Self.filterBudget
        repeat { pass.run(upTo: 20_000) } while !pass.isDone && g_get_monotonic_time() < deadline
        guard pass.isDone else {
            self.pass = pass
            updateCaption()
            return
        }
        self.pass = nil
        _ = session.finish(pass)
        updateCaption()
        scheduleColumnUpdate()
    }

    public func setNote(_ note: String, for id: Int) {
        notes[id] = note.isEmpty ? nil : note
    }

    /// Puts back a note the user removed (the toast's Undo): in the page, and
    /// in its row if the row is on screen.
    public func restoreNote(_ note: String, for id: Int) {
        setNote(note, for: id)
        if let row = column.row(for: id), let labelRow = Ownership.owner(of: row) as? LabelRow { labelRow.setNote(note) }
    }

    /// The caption is outside the animated scope: it is right as soon as the
    /// filtering is, and says so while a long pass runs.
    private func updateCaption() {
        if loadingName != nil { return }  // the load's progress speaks until it is done
        if let pass {
            let percent = pass.total == 0 ? 100 : pass.examined * 100 / pass.total
            gtk_label_set_text(gCast(caption), fill(tr("Filtering… {percent} %"), ["percent": formatted(percent)]))
            return
        }
        let visible = session.cachedIndices(filter)?.count ?? 0
        // Plural forms follow the number shown ("1 etykieta z 4", "5 etykiet z 9").
        // TRANSLATORS: the caption above the labels; {visible} of the {total} labels
        // match the filter. The plural form follows {visible}.
        let template = ntr("{visible} of {total} labels", "{visible} of {total} labels", visible)
        gtk_label_set_text(gCast(caption), fill(template, ["visible": formatted(visible), "total": formatted(collection.count)]))
    }

    /// One edit can pass through states nobody should see: replacing "a" by "b"
    /// empties the entry first, and GtkSearchEntry reports an empty entry at once.
    /// So the column takes the filter as it stands at the next frame, once.
    private func scheduleColumnUpdate() {
        guard gtk_widget_get_mapped(widget) != 0 else { return updateColumn() }
        guard pendingColumnUpdate == nil else { return }
        pendingColumnUpdate = TickCallback.add(to: widget) { [unowned self] _ in
            self.pendingColumnUpdate = nil
            self.updateColumn()
            return false
        }
    }

    private func updateColumn() {
        guard let indices = session.cachedIndices(filter) else { return }  // a pass is still running
        column.setVisibleKeys(indices)
        // An empty list is not there for assistive technologies (the empty state
        // speaks) nor for the keyboard: its pane, with nothing to focus in it,
        // would take the focus itself, with no ring to show it.
        Accessibility.setHidden(column.widget, indices.isEmpty)
        gtk_widget_set_can_focus(scrolled, indices.isEmpty ? 0 : 1)
        let empty = indices.isEmpty && loadingName == nil
        if empty {
            let hasNone = collection.count == 0
            adw_status_page_set_title(gCast(statusPage), hasNone ? tr("This collection has no labels") : tr("No matching labels"))
            adw_status_page_set_icon_name(gCast(statusPage), hasNone ? "view-grid-symbolic" : "edit-find-symbolic")
            gtk_widget_set_visible(emptyState, 1)
        }
        // Fading out, it has already gone for assistive technologies (and, once
        // faded, from the layout: see the child-revealed watch).
        Accessibility.setHidden(emptyState, !empty)
        gtk_revealer_set_reveal_child(gCast(emptyState), empty ? 1 : 0)
    }

    /// Off screen, a pending update is applied at once: nothing is there to animate.
    private func flushColumnUpdate() {
        guard let pending = pendingColumnUpdate else { return }
        pending.remove()
        pendingColumnUpdate = nil
        updateColumn()
    }

    private func makeRow(_ id: Int) -> WidgetPointer {
        let record = collection.record(id: id)!
        let row = LabelRow(record: record, note: notes[id] ?? "") { [unowned self] text in
            self.setNote(text, for: id)
        }
        row.onNoteRemoved = { [unowned self] removed in self.onNoteRemoved?(id, removed) }
        return row.widget
    }

    private func connectControls() {
        onSignal(widget, "unmap") { [unowned self] in
            // Off screen, nothing is drawn: finish at once.
            if var pass = self.pass {
                self.passTick?.remove()
                self.passTick = nil
                pass.run(upTo: .max)
                self.pass = pass
                self.continueFiltering()
            }
            self.flushColumnUpdate()
        }
        onSignal(searchEntry, "search-changed") { [unowned self] in
            var filter = self.filter
            filter.query = String(cString: gtk_editable_get_text(gCast(self.searchEntry)))
            self.setFilter(filter)
        }
        // Escape in the entry clears the query; so does Escape anywhere else
        // on the page (a row, the toggle), as the shortcuts window says.
        onSignal(searchEntry, "stop-search") { [unowned self] in
            gtk_editable_set_text(gCast(self.searchEntry), "")
        }
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(keys) { [unowned self] keyval, _ in
            guard keyval == UInt32(GDK_KEY_Escape), !self.filter.query.isEmpty else { return false }
            gtk_editable_set_text(gCast(self.searchEntry), "")
            return true
        }
        gtk_widget_add_controller(widget, keys)
        onSignal(tilesOnlyToggle, "toggled") { [unowned self] in
            var filter = self.filter
            filter.tilesOnly = gtk_check_button_get_active(gCast(self.tilesOnlyToggle)) != 0
            self.setFilter(filter)
        }
    }
}
