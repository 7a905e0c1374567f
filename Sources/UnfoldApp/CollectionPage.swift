// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import UnfoldGtk
import UnfoldCore
import UnfoldMotion
import UnfoldWidgets

/// Part 2 of the tutorial: a label collection filtered by a search entry and a
/// "Tiles only" toggle. The controls and caption sit outside the animated
/// list, which persists across every filter change. The list is the
/// library's UnfoldListView bound to the filter's result as a GListModel
/// (`LabelResults`), as any GTK program would bind it.
///
/// A page can start before its labels exist (`init(loading:)`): it is usable at
/// once, the caption says how the loading goes, and what is typed meanwhile
/// filters the labels when they come (`finishLoading`).
@MainActor
public final class CollectionPage {
    /// About 300 px of rows, as in the tutorial.
    static let listHeight: Int32 = 300
    static let padding: Int32 = 16

    public var collection: LabelCollection { filtering.collection }
    /// What is being loaded, while it is (its name, for the caption).
    public private(set) var loadingName: String?
    /// The one source of truth for what is shown; visible IDs derive from it.
    public var filter: LabelFilter { filtering.filter }
    /// Notes the user wrote, by record ID: they outlive the rows that edit them.
    public private(set) var notes: [Int: String] = [:]

    public let widget: WidgetPointer
    public let searchEntry: WidgetPointer
    public let tilesOnlyToggle: WidgetPointer
    public let caption: WidgetPointer
    public let list: ListView
    /// The filter's result, the model `list` shows.
    let results = LabelResults()
    /// "No matching labels" (or, for a collection with none, "This collection
    /// has no labels"): a status page, faded in where the rows were.
    public let emptyState: WidgetPointer
    public let statusPage: WidgetPointer
    /// Open… on the status page of a collection with no labels.
    public let openButton: WidgetPointer
    private let scrolled: WidgetPointer
    private(set) var filtering: CollectionFilter!

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
        self.loadingName = loadingName
        let builder = AppResources.builder("collection-page.ui")
        widget = builder.takeWidget("page")
        searchEntry = gCast(builder.object("search_entry")!)
        tilesOnlyToggle = gCast(builder.object("tiles_only")!)
        Accessibility.hideDecorations(in: tilesOnlyToggle)
        caption = gCast(builder.object("caption")!)
        list = ListView.implementation(of: gCast(builder.object("list")!))
        emptyState = gCast(builder.object("empty_state")!)
        gtk_revealer_set_transition_duration(gCast(emptyState), guint(ListMotion.duration / 1000))
        statusPage = gCast(builder.object("status_page")!)
        openButton = gCast(builder.object("open_button")!)
        scrolled = gCast(builder.object("scroller")!)
        filtering = CollectionFilter(collection: collection, widget: widget)
        filtering.onResult = { [unowned self] indices in
            self.updateCaption(visible: indices.count)
            self.updateList(indices)
        }
        filtering.onProgress = { [unowned self] fraction in self.showFilteringProgress(fraction) }

        // An item is a collection position, made on demand: the position is its identity.
        list.itemKey = { item in .number(LabelResults.position(of: item)) }
        list.bind(model: results.model.raw) { [unowned self] item in
            self.makeRow(self.collection.id(at: LabelResults.position(of: item)))
        }
        connectControls()
        onNotify(emptyState, "child-revealed") { [unowned self] in
            // Faded out, it leaves the accessibility tree (and takes no room).
            if gtk_revealer_get_child_revealed(gCast(self.emptyState)) == 0,
               gtk_revealer_get_reveal_child(gCast(self.emptyState)) == 0 {
                gtk_widget_set_visible(self.emptyState, 0)
            }
        }
        Ownership.attach(self, to: widget)
        // Nothing is on screen yet: a small collection's rows are there at once.
        filtering.refresh()
        if loadingName != nil { showLoading(.reading(bytes: 0, of: 0)) }  // "… 0 %"
    }

    /// The labels have come: the page shows them, filtered by what was typed
    /// while they loaded.
    public func finishLoading(_ collection: LabelCollection) {
        precondition(loadingName != nil, "only a page that is loading takes its labels later")
        loadingName = nil
        filtering.replaceCollection(collection)
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
    public var visibleIDs: [Int] { (filtering.visibleIndices ?? []).map { collection.id(at: $0) } }

    /// Whether a scan for the current filter is under way (on the worker's thread).
    public var isFiltering: Bool { filtering.isFiltering }
    /// Whether a result waits for the next frame to reach the list.
    public var isColumnUpdatePending: Bool { filtering.isDeliveryPending }

    public func setFilter(_ newFilter: LabelFilter) {
        filtering.set(newFilter)
    }

    public func setNote(_ note: String, for id: Int) {
        notes[id] = note.isEmpty ? nil : note
    }

    /// Puts back a note the user removed (the toast's Undo): in the page, and
    /// in its row if the row is on screen.
    public func restoreNote(_ note: String, for id: Int) {
        setNote(note, for: id)
        if let row = rowWidget(for: id), let labelRow = Ownership.owner(of: row) as? LabelRow { labelRow.setNote(note) }
    }

    /// The caption is outside the animated scope: it is right in the frame that
    /// shows the result.
    private func updateCaption(visible: Int) {
        if loadingName != nil { return }  // the load's progress speaks until it is done
        // Plural forms follow the number shown ("1 etykieta z 4", "5 etykiet z 9").
        // TRANSLATORS: the caption above the labels; {visible} of the {total} labels
        // match the filter. The plural form follows {visible}.
        let template = ntr("{visible} of {total} labels", "{visible} of {total} labels", visible)
        gtk_label_set_text(gCast(caption), fill(template, ["visible": formatted(visible), "total": formatted(collection.count)]))
    }

    /// A scan longer than a frame says how far it has got.
    private func showFilteringProgress(_ fraction: Double) {
        if loadingName != nil { return }
        let percent = Int(fraction * 100)
        gtk_label_set_text(gCast(caption), fill(tr("Filtering… {percent} %"), ["percent": formatted(percent)]))
    }

    private func updateList(_ indices: [Int]) {
        results.replace(with: indices, exactAround: list.visibleRange)
        // In the frame that shows the caption.
        list.flushChanges()
        // An empty list is not there for assistive technologies (the empty state
        // speaks) nor for the keyboard: its pane, with nothing to focus in it,
        // would take the focus itself, with no ring to show it.
        Accessibility.setHidden(list.widget, indices.isEmpty)
        gtk_widget_set_can_focus(scrolled, indices.isEmpty ? 0 : 1)
        let empty = indices.isEmpty && loadingName == nil
        if empty {
            let hasNone = collection.count == 0
            adw_status_page_set_title(gCast(statusPage), hasNone ? tr("This collection has no labels") : tr("No matching labels"))
            adw_status_page_set_icon_name(gCast(statusPage), hasNone ? "view-grid-symbolic" : "edit-find-symbolic")
            gtk_widget_set_visible(openButton, hasNone ? 1 : 0)
            gtk_widget_set_visible(emptyState, 1)
        }
        // The state lets the pointer and the keyboard through to the list, but
        // for its Open… button: a status page that only says "No matching
        // labels" is no stop (its own scrolled window would take the focus,
        // or, holding the hidden button, swallow the Tab without taking it).
        let offersOpen = empty && collection.count == 0
        gtk_widget_set_can_target(emptyState, offersOpen ? 1 : 0)
        gtk_widget_set_can_focus(emptyState, offersOpen ? 1 : 0)
        // Fading out, it has already gone for assistive technologies (and, once
        // faded, from the layout: see the child-revealed watch).
        Accessibility.setHidden(emptyState, !empty)
        gtk_revealer_set_reveal_child(gCast(emptyState), empty ? 1 : 0)
    }

    // MARK: Rows, by record ID

    /// The IDs the list shows, in order (rows fading out are not among them).
    public var listedIDs: [Int] { results.positions.map { collection.id(at: $0) } }

    /// The row widget of record `id`, if it exists now.
    public func rowWidget(for id: Int) -> WidgetPointer? {
        collection.index(ofID: id).flatMap { list.rowWidget(for: .number($0)) }
    }

    /// The record ID of a row of the list.
    public func id(ofRow row: WidgetPointer) -> Int? {
        guard case .number(let position)? = list.key(ofRow: row) else { return nil }
        return collection.id(at: position)
    }

    /// Where a row was drawn by the last allocation, in the list's coordinates.
    public struct DrawnRow: Equatable {
        public let id: Int
        public let y: Double
        public let opacity: Double
        public let isLeaving: Bool
    }

    public var drawnRows: [DrawnRow] {
        list.placedFrames.compactMap { frame in
            guard case .number(let position) = frame.key else { return nil }
            return DrawnRow(id: collection.id(at: position), y: frame.y, opacity: frame.opacity, isLeaving: frame.isLeaving)
        }
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
        // Off screen, nothing is drawn: a result is taken at once.
        onSignal(widget, "unmap") { [unowned self] in self.filtering.flush() }
        onSignal(widget, "destroy") { [unowned self] in self.filtering.cancel() }
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
