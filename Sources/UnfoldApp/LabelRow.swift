// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldCore
import UnfoldWidgets

/// One row of the collection: title, category, and a note the user can edit in
/// a popover (so that every row keeps one height, which lazy rows rely on).
/// The popover and its field are made the first time the note opens: a filter
/// brings rows in by the dozen and few of them ever have their note opened
/// (and under X11 a field's disposal costs GTK 4.8 a round trip to the server).
///
/// The row is the list's own row (an UnfoldListRow, named and styled here),
/// focused by the list's arrow keys; Enter or Space opens its note. The title ellipsizes rather than widen the window,
/// and the whole title stays in its tooltip and in the row's accessible name.
///
/// The row is short-lived (it goes when its record is filtered out or scrolled
/// away), so the note it edits lives in the page, keyed by the record's ID.
@MainActor
final class LabelRow {
    let widget: WidgetPointer
    let editButton: WidgetPointer
    private(set) var record: LabelRecord
    /// The row's note, as its field holds it once the field is made.
    private(set) var note: String
    private let titleLabel: WidgetPointer
    private let categoryLabel: WidgetPointer
    private let onNoteChange: @MainActor (String) -> Void
    /// The note's popover and field, once the note has been opened.
    private var noteParts: (popover: WidgetPointer, entry: WidgetPointer)?
    /// The note's field, once the note has been opened.
    var noteEntry: WidgetPointer? { noteParts?.entry }
    /// Called when the note popover closes on an empty note that had text when
    /// it opened, with that text.
    var onNoteRemoved: ((String) -> Void)?
    private var noteWhenOpened = ""

    /// Counts row objects made and alive, so tests can prove rows do not leak.
    static private(set) var created = 0
    static private(set) var live = 0

    init(record: LabelRecord, note: String, onNoteChange: @escaping @MainActor (String) -> Void) {
        self.record = record
        self.note = note
        self.onNoteChange = onNoteChange
        shownTitle = Self.shown(record.title)
        let row = ListRow.make()
        widget = row.widget
        widget.addCSSClass("label-row")
        let content = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        row.setChild(content)

        let title = Widgets.ellipsizingLabel(shownTitle)
        titleLabel = title
        gtk_widget_set_hexpand(title, 1)
        let category = Widgets.label(Self.name(of: record.category), xalign: 1)
        categoryLabel = category
        category.addCSSClass("category")

        editButton = Widgets.menuButton(iconName: "document-edit-symbolic",
                                        label: Self.pencilName(shownTitle), labelIsTooltip: false)
        gtk_menu_button_set_has_frame(gCast(editButton), 0)
        gtk_widget_set_valign(editButton, GTK_ALIGN_CENTER)

        for child in [title, category, editButton] { Widgets.append(child, to: content) }
        showNote(note)

        Widgets.beforePopup(editButton) { [unowned self] in self.makeNoteParts() }
        // Enter or Space on the row opens its note, as on a list row with one action.
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(keys) { [unowned self] keyval, _ in
            guard gtk_widget_is_focus(self.widget) != 0 else { return false }
            switch Int32(keyval) {
            case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_space, GDK_KEY_KP_Space:
                gtk_menu_button_popup(gCast(self.editButton))
                self.openedFromRow = true
                return true
            default:
                return false
            }
        }
        gtk_widget_add_controller(widget, keys)
        let focus = gtk_event_controller_focus_new()!
        // Left for another widget, not with its window (a popover closing
        // takes the window's focus away and gives it back).
        onSignal(UnsafeMutableRawPointer(focus), "leave") { [unowned self] in
            let pencil = gtk_widget_get_first_child(self.editButton)!
            if gtk_widget_is_focus(self.widget) == 0 && gtk_widget_is_focus(pencil) == 0 { self.sayOfNote(nil) }
        }
        gtk_widget_add_controller(widget, focus)
        onQueryTooltip(gtk_widget_get_first_child(editButton)!) { [unowned self] tooltip in
            Widgets.showInTooltip(tooltip, self.pencilTooltip)
            return true
        }
        Ownership.attach(self, to: widget)
        Self.created += 1
        Self.live += 1
    }

    /// Gives the pencil its popover, the first time the note opens.
    private func makeNoteParts() {
        guard noteParts == nil else { return }
        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(gCast(entry), tr("Note"))
        // Its name, "Note for …", says it for a screen reader.
        Accessibility.resetPlaceholder(entry)
        gtk_editable_set_text(gCast(entry), note)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(gCast(popover), entry)
        gtk_menu_button_set_popover(gCast(editButton), popover)
        noteParts = (popover, entry)
        nameNoteParts()
        onSignal(entry, "changed") { [unowned self] in
            let text = String(cString: gtk_editable_get_text(gCast(entry)))
            guard text != self.note else { return }  // setNote's own
            self.note = text
            self.showNote(text)
            self.onNoteChange(text)
        }
        // Enter closes the note, as in any popover with one field; Escape and Tab too.
        onSignal(entry, "activate") { [unowned self] in self.closeNote() }
        let escape = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(escape, GTK_PHASE_CAPTURE)
        onKeyPressed(escape) { [unowned self] keyval, _ in
            // Tab and Shift+Tab too: in a popover of one field they went
            // nowhere, in silence; a field is left by Tab.
            guard [GDK_KEY_Escape, GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab, GDK_KEY_KP_Tab].contains(Int32(keyval)) else { return false }
            self.closeNote()
            return true
        }
        gtk_widget_add_controller(popover, escape)
        onSignal(popover, "show") { [unowned self, entry] in
            if String(cString: gtk_editable_get_text(gCast(entry))) != self.note { gtk_editable_set_text(gCast(entry), self.note) }
            self.noteWhenOpened = self.note
        }
        // A note opened again goes on where it ends: GTK selects a field's
        // text as it takes the focus (just after saying it has it), and the
        // first key would replace it all. Undone before anything else runs:
        // at a priority above input events, so a key already queued (a fast
        // typist, a paste, xdotool) cannot land on the selection first.
        // (The row's widgets may be gone by then: a label that left the file.)
        if let text = gtk_editable_get_delegate(gCast(entry)) {
            let weakText = WeakObjectRef(UnsafeMutableRawPointer(text)), weakEntry = WeakObjectRef(UnsafeMutableRawPointer(entry))
            onNotify(UnsafeMutableRawPointer(text), "has-focus") {
                Idle.soon(priority: G_PRIORITY_HIGH) {
                    guard let text = weakText.get(), let entry = weakEntry.get(),
                          gtk_widget_has_focus(text.widget) != 0 else { return }
                    gtk_editable_select_region(entry.opaque, -1, -1)
                }
            }
        }
        onSignal(popover, "closed") { [unowned self] in
            if !self.noteWhenOpened.isEmpty && self.note.isEmpty { self.onNoteRemoved?(self.noteWhenOpened) }
            self.noteWhenOpened = self.note
            self.openedFromRow = false
        }
    }

    /// What just happened to the row's note ("Note removed"), as the part of
    /// the row the keyboard is on describes it to assistive technologies
    /// until the keyboard leaves that part or `nil` takes it back: the row, or
    /// its pencil, where a note opened from the pencil closes (`onRow`: the
    /// row, which the keyboard is about to reach). GTK 4.8 has no
    /// announcement; Orca says the new description of what it is on, so a
    /// person who removed a note hears what the toast shows, and hears the
    /// note come back.
    func sayOfNote(_ words: String?, onRow: Bool = false) {
        let onPencil = words != nil && !onRow && gtk_widget_is_focus(gtk_widget_get_first_child(editButton)!) != 0
        guard words != saidOfNote || onPencil != saidOnPencil else { return }
        saidOfNote = words
        saidOnPencil = onPencil
        if let words, !onPencil {
            Accessibility.setDescription(widget, words)
            // Said once: back on the row from its pencil, Orca read the row
            // again, "Note restored" and all. The keyboard's next move off
            // the row, to its pencil too, ends it.
            Accessibility.whenKeyboardLeaves(widget) { [weak self] in
                guard let self, self.saidOfNote == words, !self.saidOnPencil else { return }
                self.sayOfNote(nil)
            }
        } else {
            Accessibility.resetDescription(widget)
        }
        describePencil()
    }

    private var saidOfNote: String?
    /// What the row says of its note now, if anything.
    var saysOfNote: String? { saidOfNote }
    /// Whether the pencil says `saidOfNote` (rather than the row).
    private var saidOnPencil = false

    /// Whether the note was opened by a key on the row (not the pencil).
    private var openedFromRow = false

    /// Closes the note by the keyboard. The keyboard goes back to where the
    /// note was opened from, the row or its pencil, before the popover goes:
    /// gone first, it would leave the focus on a hidden field, which GTK moves
    /// to the pencil (the popover's parent), and a screen reader, its last
    /// place gone, would say the whole window again.
    private func closeNote() {
        if openedFromRow { gtk_widget_grab_focus(widget) } else { gtk_widget_grab_focus(editButton) }
        openedFromRow = false
        if let popover = noteParts?.popover { gtk_popover_popdown(gCast(popover)) }
    }

    /// The note's field and popover are named after the label they are on.
    private func nameNoteParts() {
        guard let (popover, entry) = noteParts else { return }
        let name = fill(tr("Note for {title}"), ["title": shownTitle])
        Accessibility.setLabel(entry, name)
        // The popover and its inner part are named after the note they hold.
        Accessibility.setLabel(popover, name)
        Accessibility.repair(popover, context: name)
    }

    /// Shows `newRecord` (the same label, from a new version of its file):
    /// a new title or category, in place. Returns whether it changed.
    @discardableResult
    func show(_ newRecord: LabelRecord) -> Bool {
        precondition(newRecord.id == record.id, "a row shows one label")
        guard newRecord != record else { return false }
        record = newRecord
        shownTitle = Self.shown(newRecord.title)
        gtk_label_set_text(gCast(titleLabel), shownTitle)
        gtk_label_set_text(gCast(categoryLabel), Self.name(of: newRecord.category))
        nameNoteParts()
        Widgets.nameMenuButton(editButton, Self.pencilName(shownTitle))
        showNote(note)
        return true
    }

    /// Shows `note` as the row's note (the page's Undo puts one back).
    func setNote(_ note: String) {
        guard note != self.note else { return }
        self.note = note
        showNote(note)
        // The field takes it now if it shows; else as it next opens: a
        // hidden field's new text is read by a screen reader as typed (Ctrl+Z
        // on the pencil said the restored note before the row said so).
        if let (popover, entry) = noteParts, gtk_widget_get_visible(popover) != 0 { gtk_editable_set_text(gCast(entry), note) }
    }

    /// What the pencil's tooltip says: the note, or what the pencil does.
    /// (Given as the tooltip shows, not set as text: GTK 4.8 asks the X server
    /// where the pointer is each time a tooltip's text is set, two round trips
    /// for each row a filter brings in.)
    var pencilTooltip: String { note.isEmpty ? tr("Edit note") : note }

    /// Whether the pencil has a description.
    private var pencilDescribed = false
    /// Set while the pencil's new description waits for the keyboard to leave it.
    private var pencilWaitsForTheKeyboard = false

    /// The note as the pencil says it: itself, unless its name ("Edit note
    /// for Wren") holds it; Orca drops a description its name has said.
    private var pencilNoteWords: String {
        guard Self.pencilName(shownTitle).lowercased().contains(note.lowercased()) else { return note }
        // TRANSLATORS: a note, said after the button that edits it, when that button's name already holds its words.
        return fill(tr("Note: {note}"), ["note": note])
    }

    private static func pencilName(_ title: String) -> String { fill(tr("Edit note for {title}"), ["title": title]) }

    /// The pencil's description: what was just said of the note while the
    /// keyboard is on it, or else the note ("Edit note" would repeat its name).
    private func describePencil() {
        let pencil = gtk_widget_get_first_child(editButton)!
        let words = saidOnPencil ? saidOfNote : note.isEmpty ? nil : pencilNoteWords
        if words != nil, !saidOnPencil, gtk_widget_has_focus(pencil) != 0 {
            // The note itself, while the keyboard is on the pencil (Ctrl+Z
            // put it back): Orca would read it out as news before the row
            // says it is restored. The pencil takes it once the keyboard has
            // gone (after the focus has been told: told as it leaves, Orca,
            // still on the pencil, read it out all the same).
            guard !pencilWaitsForTheKeyboard else { return }
            pencilWaitsForTheKeyboard = true
            Accessibility.whenKeyboardLeaves(pencil) {
                Idle.soon { [weak self] in
                    self?.pencilWaitsForTheKeyboard = false
                    self?.describePencil()
                }
            }
            return
        }
        if let words {
            guard gtk_widget_get_mapped(pencil) != 0 else {
                // Described before its accessible is made, GTK 4.8 tells it
                // again after the focus first lands there: said twice.
                Accessibility.whenShown(pencil) { [weak self] _ in self?.describePencil() }
                return
            }
            Accessibility.makeAccessibleNow(pencil)
            Accessibility.setDescription(pencil, words)
        } else if pencilDescribed {
            Accessibility.resetDescription(pencil)
        }
        pencilDescribed = words != nil
    }

    /// A row with a note says so: the pencil takes the accent colour, its
    /// tooltip is the note, which screen readers hear as its description,
    /// and the row's name says it has one.
    private func showNote(_ note: String) {
        describePencil()
        let category = Self.name(of: record.category)
        if note.isEmpty {
            editButton.removeCSSClass("has-note")
            spokenName = fill(tr("{title}, {category}"), ["title": shownTitle, "category": category])
        } else {
            editButton.addCSSClass("has-note")
            // TRANSLATORS: a collection row's name for screen readers, when the user wrote a note for it.
            spokenName = fill(tr("{title}, {category}, has a note"), ["title": shownTitle, "category": category])
        }
        Accessibility.setLabel(widget, spokenName)
    }

    /// The row's name for assistive technologies: its label and whether it has a note.
    private(set) var spokenName = ""

    /// The title as the row shows and names it: whole, up to a length no
    /// screen shows on one line (text measured in 32-bit Pango units
    /// overflows at a few hundred thousand characters and garbles the layout).
    private(set) var shownTitle: String
    static let titleLimit = 1_000

    static func shown(_ title: String) -> String {
        title.unicodeScalars.count <= titleLimit ? title : String(String.UnicodeScalarView(title.unicodeScalars.prefix(titleLimit))) + "…"
    }

    static func name(of category: LabelRecord.Category) -> String {
        switch category {
        case .tile: tr("Tile")
        case .dot: tr("Dot")
        }
    }

    deinit { MainActor.assumeIsolated { Self.live -= 1 } }
}
