import Gtk
import UnfoldCore

/// One row of the collection: title, category, and a note the user can edit in
/// a popover (so that every row keeps one height, which lazy rows rely on).
///
/// The row is short-lived (it goes when its record is filtered out or scrolled
/// away), so the note it edits lives in the page, keyed by the record's ID.
@MainActor
final class LabelRow {
    let widget: WidgetPointer
    let noteEntry: WidgetPointer
    let editButton: WidgetPointer

    /// Counts row objects made and alive, so tests can prove rows do not leak.
    static private(set) var created = 0
    static private(set) var live = 0

    init(record: LabelRecord, note: String, onNoteChange: @escaping @MainActor (String) -> Void) {
        widget = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, role: GTK_ACCESSIBLE_ROLE_LIST_ITEM)
        widget.addCSSClass("label-row")
        let categoryName = Self.name(of: record.category)
        Accessibility.setLabel(widget, fill(tr("{title}, {category}"), ["title": record.title, "category": categoryName]))

        let title = Widgets.label(record.title)
        gtk_widget_set_hexpand(title, 1)
        let category = Widgets.label(categoryName, xalign: 1)
        category.addCSSClass("dim-label")

        noteEntry = gtk_entry_new()
        gtk_entry_set_placeholder_text(gCast(noteEntry), tr("Note"))
        Accessibility.setLabel(noteEntry, fill(tr("Note for {title}"), ["title": record.title]))
        gtk_editable_set_text(gCast(noteEntry), note)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(gCast(popover), noteEntry)

        editButton = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(gCast(editButton), "document-edit-symbolic")
        gtk_menu_button_set_has_frame(gCast(editButton), 0)
        gtk_menu_button_set_popover(gCast(editButton), popover)
        Accessibility.setLabel(editButton, fill(tr("Edit note for {title}"), ["title": record.title]))
        gtk_widget_set_valign(editButton, GTK_ALIGN_CENTER)

        for child in [title, category, editButton] { Widgets.append(child, to: widget) }
        showNote(note)

        onSignal(noteEntry, "changed") { [unowned self] in
            let text = String(cString: gtk_editable_get_text(gCast(self.noteEntry)))
            self.showNote(text)
            onNoteChange(text)
        }
        // Enter closes the note, as in any popover with one field.
        onSignal(noteEntry, "activate") { gtk_popover_popdown(gCast(popover)) }
        Ownership.attach(self, to: widget)
        Self.created += 1
        Self.live += 1
    }

    /// A row with a note says so: in the pencil's tooltip, and to screen readers.
    private func showNote(_ note: String) {
        gtk_widget_set_tooltip_text(editButton, note.isEmpty ? tr("Edit note") : note)
        if note.isEmpty { editButton.removeCSSClass("has-note") } else { editButton.addCSSClass("has-note") }
    }

    static func name(of category: LabelRecord.Category) -> String {
        switch category {
        case .tile: tr("Tile")
        case .dot: tr("Dot")
        }
    }

    deinit { MainActor.assumeIsolated { Self.live -= 1 } }
}
