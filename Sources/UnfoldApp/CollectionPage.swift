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
    /// Notes the user wrote, by record ID: they outlive the rows that edit
    /// them, and, for a labels file, the window and the app (`NoteStore`).
    public private(set) var noteStore = NoteStore()
    public var notes: [Int: String] { noteStore.notes }
    /// Called when the page may have gained or lost its last note (a note
    /// typed here or in another window on the file, or the file's notes read).
    var onNotesChanged: (@MainActor () -> Void)?

    public let widget: WidgetPointer
    public let searchEntry: WidgetPointer
    public let tilesOnlyToggle: WidgetPointer
    public let caption: WidgetPointer
    public let list: ListView
    /// The filter's result, the model `list` shows.
    let results: LabelResults
    /// "No matching labels" (or, for a collection with none, "This collection
    /// has no labels"): a status page, faded in where the rows were.
    public let emptyState: WidgetPointer
    public let statusPage: WidgetPointer
    /// Open… on the status page of a collection with no labels.
    public let openButton: WidgetPointer
    /// "2 notes without a label": shown while notes are kept whose label the
    /// file no longer has; its popover lists them, each with Remove.
    public let orphanedNotesButton: WidgetPointer
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
        orphanedNotesButton = gCast(builder.object("orphaned_notes")!)
        Widgets.prepareMenuButton(orphanedNotesButton)
        gtk_menu_button_set_label(gCast(orphanedNotesButton), Self.notesWithoutLabelTitle(0))
        scrolled = gCast(builder.object("scroller")!)
        filtering = CollectionFilter(collection: collection, widget: widget)
        results = LabelResults(collection)
        filtering.onResult = { @MainActor [unowned self] indices in
            self.updateCaption(visible: indices.count)
            self.resultForTheKeyboard = self.describeResult(visible: indices.count)
            // What the keyboard is in may go with the result: the list, as
            // the last label leaves the file; the empty state's Open…, as
            // labels come. GTK would drop the keyboard out of the page, in
            // silence: the filter takes it, saying why.
            let keyboardLosesItsPlace = indices.isEmpty ? self.hasTheKeyboard(in: self.list.widget) : self.hasTheKeyboard(in: self.emptyState)
            // The focused row may leave: the list tells where the keyboard
            // goes before it gets there, and the result is said there.
            self.updateList(indices)
            var result = self.resultForTheKeyboard
            self.resultForTheKeyboard = nil
            if let changed = self.changedUnderTheKeyboard {
                self.changedUnderTheKeyboard = nil
                result = ResultNews(result: result?.spoken, news: changed)
            }
            if keyboardLosesItsPlace {
                self.sayOnce(result?.spoken ?? self.describedResult ?? self.captionWords(visible: indices.count), focusing: self.searchEntry)
            } else if let result {
                self.sayWhereTheKeyboardIs(result)
            }
        }
        list.willKeepTheKeyboard = { [unowned self] row in
            guard let result = self.resultForTheKeyboard else { return }
            self.resultForTheKeyboard = nil
            Accessibility.announce(result.spoken, at: row)
        }
        filtering.onProgress = { @MainActor [unowned self] fraction in self.showFilteringProgress(fraction) }
        // Undescribed until a change: everything shows, as the caption says.
        // (A collection with no labels says so from the start, and its entry
        // is made accessible before it takes the focus: see takeTheKeyboard.)
        describedResult = captionWords(visible: collection.count)
        Accessibility.makeAccessibleWhenShown(tilesOnlyToggle)

        // An item is a position in the results' collection, made on demand;
        // its identity is its label's ID, the same in every version of a file.
        list.itemKey = { [unowned self] item in .number(self.results.collection.id(at: LabelResults.position(of: item))) }
        // The motion trace's names: each row's label, and the collection.
        list.itemName = { [unowned self] item in self.results.collection.record(at: LabelResults.position(of: item)).title }
        list.traceName = tr("Label Collection")
        list.bind(model: results.model.raw) { [unowned self] item in
            self.makeRow(self.results.collection.record(at: LabelResults.position(of: item)))
        }
        connectControls()
        nameOrphanedNotesButton(Self.notesWithoutLabelTitle(0))
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
    public func finishLoading(_ collection: LabelCollection, notes store: NoteStore? = nil) {
        precondition(loadingName != nil, "only a page that is loading takes its labels later")
        loadingName = nil
        if let store { use(store) }
        // Read before its window had to show (a small file): the window opens
        // on every label, undescribed as the tutorial's are (see init), or
        // the focus landing on the entry would say the description twice.
        if gtk_widget_get_mapped(widget) == 0, filter.needle.isEmpty, !filter.tilesOnly {
            describedResult = captionWords(visible: collection.count, of: collection.count)
            for control in [searchEntry, tilesOnlyToggle] { Accessibility.resetDescription(control) }
        } else {
            // The controls said the load: they say the result, whatever it is.
            describedResult = nil
        }
        describedLoad = nil
        filtering.replaceCollection(collection)
        showNotesWithoutLabel()
        onNotesChanged?()
    }

    /// Shows a new version of the labels (the file changed on disk), by
    /// identity: labels that came fade in, those that went fade out, those
    /// kept glide to their new places and show a new title or category where
    /// they are. The filter and the scroll position stay as they were.
    public func reload(_ collection: LabelCollection) {
        precondition(loadingName == nil, "a page shows a new version of labels it has shown")
        let notesWithoutLabelBefore = notesWithoutLabelShown
        filtering.replaceCollection(collection)
        showNotesWithoutLabel()
        if notesWithoutLabelShown > notesWithoutLabelBefore {
            sayWithNextResult(Self.notesWithoutLabelTitle(notesWithoutLabelShown))
        }
    }

    /// Says `news` (something else a new version of the file changed) with
    /// the next result, where the keyboard is.
    public func sayWithNextResult(_ news: String) {
        // TRANSLATORS: two things a new version of the labels file changed, said one after the other.
        newsWithNextResult = newsWithNextResult.map { fill(tr("{news}; {then}"), ["news": $0, "then": news]) } ?? news
    }

    /// Keeps the notes in `store` (a labels file's, on disk) from now on.
    private func use(_ store: NoteStore) {
        noteStore = store
        // Another window on the same file changed a note: its row here shows it.
        store.observe(by: self) { [unowned self] id in
            // (Not within the click that removed one: its popover is rebuilt.)
            if self.collection.index(ofID: id) == nil { Idle.soon { [weak self] in self?.showNotesWithoutLabel() } }
            self.onNotesChanged?()
            guard let row = self.rowWidget(for: id), let labelRow = Ownership.owner(of: row) as? LabelRow else { return }
            labelRow.setNote(self.noteStore.note(for: id))
        }
    }

    static func notesWithoutLabelTitle(_ count: Int) -> String {
        // TRANSLATORS: a button over the notes kept for labels that are no longer in the labels file.
        fill(ntr("{count} note without a label", "{count} notes without a label", count), ["count": formatted(count)])
    }

    /// The button (its inner toggle, which assistive technologies see) is
    /// named as it reads, once, and says it opens a popup; its text and arrow
    /// inside are its name already (GTK names the arrow after its type).
    private func nameOrphanedNotesButton(_ title: String) {
        guard let inner = gtk_widget_get_first_child(orphanedNotesButton) else { return }
        Widgets.nameMenuButton(orphanedNotesButton, title)
        // GTK 4.8's menu button says its label describes it too: Orca said
        // the name again as its description.
        Accessibility.resetDescribedBy(inner)
        Accessibility.setHasPopup(inner, true)
        for part in Widgets.children(of: inner) { Accessibility.keepHidden(part) }
    }

    /// How many notes the button over the list says have no label.
    private var notesWithoutLabelShown = 0

    /// The notes kept for labels the file no longer has: the button says how
    /// many, its popover lists them with their label's ID, each with Remove
    /// (which the window's Undo can take back).
    private func showNotesWithoutLabel() {
        let orphaned = notesWithoutLabel(notes, in: collection)
        notesWithoutLabelShown = orphaned.count
        gtk_widget_set_visible(orphanedNotesButton, orphaned.isEmpty ? 0 : 1)
        guard !orphaned.isEmpty else {
            gtk_menu_button_popdown(gCast(orphanedNotesButton))
            return
        }
        let title = Self.notesWithoutLabelTitle(orphaned.count)
        gtk_menu_button_set_label(gCast(orphanedNotesButton), title)
        nameOrphanedNotesButton(title)
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        let headingText = tr("These notes are on labels that are no longer in the file.")
        let heading = Widgets.wrappingLabel(headingText)
        heading.addCSSClass("dim-label")
        gtk_label_set_max_width_chars(gCast(heading), 40)
        Widgets.append(heading, to: content)
        var firstRemove: WidgetPointer?
        var removes: [WidgetPointer] = []
        for (id, note) in orphaned {
            let line = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
            // TRANSLATORS: a note whose label is gone, after the label's ID.
            let text = Widgets.wrappingLabel(fill(tr("Label {id}: {note}"), ["id": String(id), "note": note]))
            gtk_label_set_max_width_chars(gCast(text), 40)
            gtk_widget_set_hexpand(text, 1)
            let remove = gtk_button_new_from_icon_name("user-trash-symbolic")!
            remove.addCSSClass("flat")
            gtk_widget_set_valign(remove, GTK_ALIGN_CENTER)
            Widgets.setTooltip(remove, tr("Remove note"))
            Accessibility.setLabel(remove, fill(tr("Remove the note on label {id}"), ["id": String(id)]))
            // The keyboard lands on the first Remove as the popover opens: it
            // says the note it removes (its line is no control to stop on).
            Accessibility.setDescription(remove, note)
            // Made as it shows, lest the description be told again after its first focus.
            Accessibility.makeAccessibleWhenShown(remove)
            if firstRemove == nil { firstRemove = remove }
            removes.append(remove)
            let others = orphaned.count - 1
            onSignal(remove, "clicked") { [unowned self] in
                // The popover goes, and with the last such note its button:
                // the keyboard would go nowhere, and a screen reader say the
                // whole window again (libadwaita 1.2's toast is not heard).
                // It goes where it can stay, told what happened first.
                gtk_menu_button_popdown(gCast(self.orphanedNotesButton))
                self.setNote("", for: id)
                let removed = tr("Note removed; Ctrl+Z puts it back")
                if others > 0, let toggle = gtk_widget_get_first_child(self.orphanedNotesButton) {
                    self.sayOnce(removed, focusing: toggle)
                } else {
                    self.sayOnce(removed, focusing: self.searchEntry)
                }
                self.onNoteRemoved?(id, note)
            }
            Widgets.append(text, to: line)
            Widgets.append(remove, to: line)
            Widgets.append(line, to: content)
        }
        let popover = gtk_popover_new()!
        gtk_popover_set_child(gCast(popover), content)
        Accessibility.setLabel(popover, title)
        Accessibility.setDescription(popover, headingText)
        // Orca says neither a popover's name nor its description as the
        // keyboard lands in it, on the first Remove: that button says the
        // heading before its note, until the keyboard leaves it.
        if let (_, firstNote) = orphaned.first, let firstRemove {
            onSignal(popover, "show") {
                // TRANSLATORS: the heading of the notes without a label, then the first such note.
                Accessibility.describeUntilKeyboardLeaves(firstRemove, fill(tr("{heading} {note}"), ["heading": headingText, "note": firstNote]))
            }
        }
        // Tab past the last Remove (Shift+Tab before the first) leaves the
        // popover for its button, as a field's Tab leaves a note: GTK 4.8
        // kept the keyboard there, in silence.
        let leaving = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(leaving, GTK_PHASE_CAPTURE)
        onKeyPressed(leaving) { [unowned self] keyval, _ in
            let backward = keyval == UInt32(GDK_KEY_ISO_Left_Tab)
            guard backward || [GDK_KEY_Tab, GDK_KEY_KP_Tab].contains(Int32(keyval)),
                  let focus = gtk_root_get_focus(gtk_widget_get_root(popover)) else { return false }
            let edge = backward ? removes.first : removes.last
            guard let edge, gCast(focus) == edge else { return false }
            gtk_menu_button_popdown(gCast(self.orphanedNotesButton))
            return true
        }
        gtk_widget_add_controller(popover, leaving)
        Accessibility.repair(popover, context: title)
        gtk_menu_button_set_popover(gCast(orphanedNotesButton), popover)
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
        // The controls say the load's stage, as the result once it is done:
        // heard where the keyboard is, once per stage, not per percent.
        let stage = if case .waiting = progress {
            fill(tr("Waiting for labels from {file}…"), ["file": name])
        } else {
            // TRANSLATORS: said by screen readers on the filter while a labels file loads.
            fill(tr("Loading labels from {file}…"), ["file": name])
        }
        if stage != describedLoad {
            describedLoad = stage
            if Accessibility.announces {
                Accessibility.announce(stage, at: searchEntry)
            } else {
                for control in [searchEntry, tilesOnlyToggle] { Accessibility.setDescription(control, stage) }
            }
        }
    }

    /// The load's stage as the controls say it.
    private var describedLoad: String?

    /// What the filter lets through, as record IDs (once the filtering is done).
    public var visibleIDs: [Int] { filtering.visibleIndices.map { $0.map { collection.id(at: $0) } } ?? [] }

    /// Whether a scan for the current filter is under way (on the worker's thread).
    public var isFiltering: Bool { filtering.isFiltering }
    /// Whether a result waits for the next frame to reach the list.
    public var isColumnUpdatePending: Bool { filtering.isDeliveryPending }

    public func setFilter(_ newFilter: LabelFilter) {
        filtering.set(newFilter)
    }

    public func setNote(_ note: String, for id: Int) {
        noteStore.setNote(note, for: id)
        onNotesChanged?()
    }

    /// Puts back a note the user removed (the toast's Undo): in the page, and
    /// in its row if the row is on screen.
    public func restoreNote(_ note: String, for id: Int) {
        setNote(note, for: id)
        if let row = rowWidget(for: id), let labelRow = Ownership.owner(of: row) as? LabelRow { labelRow.setNote(note) }
        // A note without a label comes back under its button, where the keyboard goes.
        if notesWithoutLabel(notes, in: collection).contains(where: { $0.id == id }), let toggle = gtk_widget_get_first_child(orphanedNotesButton) {
            sayOnce(tr("Note restored"), focusing: toggle)
        }
    }

    /// Puts the keyboard on the filter, as the page shows. Its accessible
    /// is made first: made by the focus landing, with a description given
    /// before (a collection with no labels), GTK 4.8 would tell the
    /// description again after the focus, and a screen reader say it twice.
    public func takeTheKeyboard() {
        Accessibility.makeAccessibleNow(searchEntry)
        gtk_widget_grab_focus(searchEntry)
    }

    /// Puts the keyboard on `control` and says `words` there once. Announced
    /// after the focus moves; on GTK 4.8, described before it gets there, so
    /// that a screen reader says them with it (described after, Orca says
    /// them with the focus and again as a change), until the keyboard leaves:
    /// back on it later, they would be said again.
    private func sayOnce(_ words: String, focusing control: WidgetPointer) {
        if Accessibility.announces {
            gtk_widget_grab_focus(control)
            Accessibility.announce(words, at: control)
        } else {
            Accessibility.describeUntilKeyboardLeaves(control, words)
            gtk_widget_grab_focus(control)
        }
    }

    /// The caption is outside the animated scope: it is right in the frame that
    /// shows the result.
    private func updateCaption(visible: Int) {
        if loadingName != nil { return }  // the load's progress speaks until it is done
        gtk_label_set_text(gCast(caption), captionWords(visible: visible))
    }

    private func captionWords(visible: Int, of total: Int? = nil) -> String {
        // Plural forms follow the number shown ("1 etykieta z 4", "5 etykiet z 9").
        // TRANSLATORS: the caption above the labels; {visible} of the {total} labels
        // match the filter. The plural form follows {visible}.
        let template = ntr("{visible} of {total} labels", "{visible} of {total} labels", visible)
        return fill(template, ["visible": formatted(visible), "total": formatted(total ?? collection.count)])
    }

    /// The filter's result for assistive technologies: "2 of 4 labels", or
    /// "No matching labels", once per change, so that a person typing a
    /// query or toggling "Tiles only" hears what a sighted person sees
    /// change. Where GTK announces, the caller announces it. GTK 4.8 has no
    /// announcement: the controls that change the result are described with
    /// it, and a screen reader (Orca) says the new description of the
    /// control it is on.
    /// Returns what to say where the keyboard is, if it changed.
    private func describeResult(visible: Int) -> ResultNews? {
        guard loadingName == nil else { return nil }
        let words = collection.count == 0 ? tr("This collection has no labels")
            : visible == 0 ? tr("No matching labels") : captionWords(visible: visible)
        let news = newsWithNextResult
        newsWithNextResult = nil
        let changed = words != describedResult
        if changed {
            describedResult = words
            if !Accessibility.announces {
                for control in [searchEntry, tilesOnlyToggle] { Accessibility.setDescription(control, words) }
            }
        }
        return changed || news != nil ? ResultNews(result: words, news: news) : nil
    }

    /// A new result, and what else a new version of the file changed.
    private struct ResultNews {
        /// Nil when only the news is new.
        var result: String?
        /// A note whose label is gone (seen as a new button above the list),
        /// the file back after it was gone, the row under the keyboard changed.
        var news: String?

        var spoken: String {
            switch (result, news) {
            // TRANSLATORS: the filter's result, then something else a new version of the file changed.
            case let (result?, news?): fill(tr("{result}; {news}"), ["result": result, "news": news])
            case let (result?, nil): result
            case let (nil, news?): news
            case (nil, nil): ""
            }
        }
    }

    /// Whether the keyboard is on `part` of the page, or inside it.
    private func hasTheKeyboard(in part: WidgetPointer) -> Bool {
        guard let root = gtk_widget_get_root(part), let focus = gtk_root_get_focus(root) else { return false }
        return gCast(focus, to: GtkWidget.self).isInside(part)
    }

    /// The result (and news) announced, wherever the keyboard is. On GTK
    /// 4.8, the keyboard elsewhere on the page (a row, when Escape cleared
    /// the filter or another program changed the file) or in the window's
    /// header (typing there filters too) hears the result there, until it
    /// leaves; the filter and the toggle say it themselves, unless there is
    /// news beside it.
    private func sayWhereTheKeyboardIs(_ result: ResultNews) {
        guard gtk_widget_get_mapped(widget) != 0, let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return }
        let control = Accessibility.speakingControl(for: gCast(focus))
        guard Accessibility.announces || result.news != nil || (control != searchEntry && control != tilesOnlyToggle) else { return }
        Accessibility.announce(result.spoken, at: control)
    }

    private var describedResult: String?
    /// What a new version of the file changed besides the labels, said with their count.
    private var newsWithNextResult: String?
    /// The result to say where the keyboard is, while the list takes it.
    private var resultForTheKeyboard: ResultNews?

    /// A scan waited for says how far it has got.
    private func showFilteringProgress(_ fraction: Double) {
        if loadingName != nil { return }
        let percent = Int(fraction * 100)
        gtk_label_set_text(gCast(caption), fill(tr("Filtering… {percent} %"), ["percent": formatted(percent)]))
    }

    private func updateList(_ indices: LabelSet) {
        if results.collection.isSameVersion(as: collection) {
            results.replace(with: indices, exactAround: list.visibleRange)
        } else {
            results.replaceAll(with: indices, of: collection)
            showNewVersionsOfKeptRows()
        }
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
    public var listedIDs: [Int] { results.positions.map { results.collection.id(at: $0) } }

    /// The row widget of record `id`, if it exists now.
    public func rowWidget(for id: Int) -> WidgetPointer? {
        list.rowWidget(for: .number(id))
    }

    /// The record ID of a row of the list.
    public func id(ofRow row: WidgetPointer) -> Int? {
        guard case .number(let id)? = list.key(ofRow: row) else { return nil }
        return id
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
            guard case .number(let id) = frame.key else { return nil }
            return DrawnRow(id: id, y: frame.y, opacity: frame.opacity, isLeaving: frame.isLeaving)
        }
    }

    private func makeRow(_ record: LabelRecord) -> WidgetPointer {
        let id = record.id
        let row = LabelRow(record: record, note: noteStore.note(for: id)) { [unowned self] text in
            self.setNote(text, for: id)
        }
        row.onNoteRemoved = { [unowned self] removed in self.onNoteRemoved?(id, removed) }
        // Scrolling through a million labels makes and drops rows all along:
        // the gone ones are forgotten whenever they could double the table.
        if liveRows.count >= forgetGoneRowsAt {
            liveRows = liveRows.filter { $0.value.row != nil }
            forgetGoneRowsAt = max(64, 2 * liveRows.count)
        }
        liveRows[id] = WeakRow(row: row)
        return row.widget
    }

    /// The rows that exist, by label ID (a row goes with its widget).
    private var liveRows: [Int: WeakRow] = [:]
    private var forgetGoneRowsAt = 64
    private struct WeakRow { weak var row: LabelRow? }

    /// After a new version of the labels: a row kept shows its label as the
    /// new version has it (a title or category changed in the file).
    private func showNewVersionsOfKeptRows() {
        liveRows = liveRows.filter { $0.value.row != nil }
        for (id, weak) in liveRows {
            guard let row = weak.row, let record = results.collection.record(id: id) else { continue }
            // Changed under the keyboard, the row is heard anew: its name
            // changing on the focus is not said (Orca 43).
            if row.show(record), hasTheKeyboard(in: row.widget) { changedUnderTheKeyboard = row.spokenName }
        }
    }

    /// The new name of the row the keyboard is on, changed in place by a new version of the file.
    private var changedUnderTheKeyboard: String?

    private func connectControls() {
        // Off screen, nothing is drawn: a result is taken at once.
        onSignal(widget, "unmap") { [unowned self] in self.filtering.flush() }
        onSignal(widget, "destroy") { [unowned self] in
            self.filtering.cancel()
            // What was typed last reaches the disk now, not a moment after.
            self.noteStore.flush()
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
        // Typing elsewhere in the window reaches the filter's text (the
        // window is its key capture widget) without its focus: a query still
        // selected from Ctrl+F was replaced by a letter, or wiped by
        // BackSpace, unseen. Typed from elsewhere, the query goes on from its
        // end. (A controller of the text's own runs before its editing.)
        if let delegate = gtk_editable_get_delegate(gCast(searchEntry)) {
            let text: WidgetPointer = gCast(delegate)
            let continuing = gtk_event_controller_key_new()!
            gtk_event_controller_set_propagation_phase(continuing, GTK_PHASE_CAPTURE)
            onKeyPressed(continuing) { [unowned self] keyval, state in
                // Only a key that edits: GTK forwards Ctrl, Shift and the
                // rest too, and a selection dropped for them made Orca say
                // "Text unselected." on a row at a shortcut.
                let typed = gdk_keyval_to_unicode(keyval) != 0 && state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0
                let edits = typed || [GDK_KEY_BackSpace, GDK_KEY_Delete, GDK_KEY_KP_Delete].contains(Int32(keyval))
                var start: Int32 = 0, end: Int32 = 0
                if edits, gtk_widget_has_focus(text) == 0,
                   gtk_editable_get_selection_bounds(gCast(self.searchEntry), &start, &end) != 0 {
                    gtk_editable_set_position(gCast(self.searchEntry), -1)
                }
                return false
            }
            gtk_widget_add_controller(text, continuing)
        }
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(keys) { [unowned self] keyval, _ in
            guard keyval == UInt32(GDK_KEY_Escape), !self.filter.query.isEmpty else { return false }
            gtk_editable_set_text(gCast(self.searchEntry), "")
            return true
        }
        gtk_widget_add_controller(widget, keys)
        // GTK 4.8's check button, alone in its group, takes the arrows as a
        // radio group's (`GTKVersion.checkButtonAloneTakesTheArrows`): Down,
        // meant to go to the list, turned the filter on. There the arrows
        // move the keyboard on or back, as Tab does (a directional move asks
        // the check button again, which toggles).
        if GTKVersion.checkButtonAloneTakesTheArrows {
            let arrows = gtk_event_controller_key_new()!
            gtk_event_controller_set_propagation_phase(arrows, GTK_PHASE_CAPTURE)
            onKeyPressed(arrows) { [unowned self] keyval, _ in
                let directions: [Int32: GtkDirectionType] = [
                    GDK_KEY_Up: GTK_DIR_TAB_BACKWARD, GDK_KEY_KP_Up: GTK_DIR_TAB_BACKWARD,
                    GDK_KEY_Left: GTK_DIR_TAB_BACKWARD, GDK_KEY_KP_Left: GTK_DIR_TAB_BACKWARD,
                    GDK_KEY_Down: GTK_DIR_TAB_FORWARD, GDK_KEY_KP_Down: GTK_DIR_TAB_FORWARD,
                    GDK_KEY_Right: GTK_DIR_TAB_FORWARD, GDK_KEY_KP_Right: GTK_DIR_TAB_FORWARD,
                ]
                guard let direction = directions[Int32(keyval)] else { return false }
                if let root = gtk_widget_get_root(self.tilesOnlyToggle) { _ = gtk_widget_child_focus(gCast(root), direction) }
                return true
            }
            gtk_widget_add_controller(tilesOnlyToggle, arrows)
        }
        onSignal(tilesOnlyToggle, "toggled") { [unowned self] in
            var filter = self.filter
            filter.tilesOnly = gtk_check_button_get_active(gCast(self.tilesOnlyToggle)) != 0
            self.setFilter(filter)
        }
    }
}
