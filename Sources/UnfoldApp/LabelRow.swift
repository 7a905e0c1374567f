import Gtk
import UnfoldCore

/// One row of the collection: title, category, and a note the user can edit.
///
/// The row is short-lived (it goes when its record is filtered out), so the
/// note it edits lives in the page, keyed by the record's ID, not in the row.
@MainActor
final class LabelRow {
    let widget: WidgetPointer
    let noteEntry: WidgetPointer
    let editButton: WidgetPointer

    /// Counts row objects alive, so tests can prove rows do not leak.
    static private(set) var live = 0

    init(record: LabelRecord, note: String, onNoteChange: @escaping @MainActor (String) -> Void) {
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, role: GTK_ACCESSIBLE_ROLE_LIST_ITEM)
        widget.addCSSClass("label-row")
        let categoryName = Self.name(of: record.category)
        Accessibility.setLabel(widget, fill(tr("{title}, {category}"), ["title": record.title, "category": categoryName]))

        let title = Widgets.label(record.title)
        gtk_widget_set_hexpand(title, 1)
        let category = Widgets.label(categoryName, xalign: 1)
        category.addCSSClass("dim-label")
        editButton = gtk_toggle_button_new()
        gtk_button_set_icon_name(gCast(editButton), "document-edit-symbolic")
        editButton.addCSSClass("flat")
        gtk_widget_set_tooltip_text(editButton, tr("Edit note"))
        Accessibility.setLabel(editButton, fill(tr("Edit note for {title}"), ["title": record.title]))
        gtk_widget_set_valign(editButton, GTK_ALIGN_CENTER)

        let line = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        for child in [title, category, editButton] { Widgets.append(child, to: line) }

        noteEntry = gtk_entry_new()
        gtk_entry_set_placeholder_text(gCast(noteEntry), tr("Note"))
        Accessibility.setLabel(noteEntry, fill(tr("Note for {title}"), ["title": record.title]))
        gtk_editable_set_text(gCast(noteEntry), note)
        gtk_widget_set_visible(noteEntry, note.isEmpty ? 0 : 1)

        Widgets.append(line, to: widget)
        Widgets.append(noteEntry, to: widget)
        gtk_toggle_button_set_active(gCast(editButton), note.isEmpty ? 0 : 1)

        onSignal(editButton, "toggled") { [unowned self] in
            let editing = gtk_toggle_button_get_active(gCast(self.editButton)) != 0
            gtk_widget_set_visible(self.noteEntry, editing ? 1 : 0)
            if editing { gtk_widget_grab_focus(self.noteEntry) }
        }
        onSignal(noteEntry, "changed") { [unowned self] in
            onNoteChange(String(cString: gtk_editable_get_text(gCast(self.noteEntry))))
        }
        Ownership.attach(self, to: widget)
        Self.live += 1
    }

    static func name(of category: LabelRecord.Category) -> String {
        switch category {
        case .tile: tr("Tile")
        case .dot: tr("Dot")
        }
    }

    deinit { MainActor.assumeIsolated { Self.live -= 1 } }
}
