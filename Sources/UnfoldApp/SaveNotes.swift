// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import UnfoldGtk
import UnfoldCore

/// Save Notes As…: the notes of the window's collection, with their labels,
/// written as TSV or JSON for another program (`NotesExport`), where the
/// desktop's file chooser says. The format follows the name's suffix, else
/// the filter chosen.
extension MainWindow {
    func chooseWhereToSaveNotes() {
        let filters = NotesExport.allCases.map { format in (format, SavedNotes.filter(for: format)) }
        let page = collectionPage
        // Beside the labels file, not wherever the app happened to start.
        let folder = page.noteStore.labelsPath.flatMap { path -> String? in
            guard let folder = g_path_get_dirname(path) else { return nil }
            defer { g_free(folder) }
            return String(cString: folder)
        }
        FileChooser.save(over: gCast(window), title: tr("Save Notes"), acceptLabel: tr("_Save"), filters: filters.map(\.1),
                         name: SavedNotes.suggestedName(for: savedNotesName), folder: folder) { [weak self] path, picked in
            // The format follows the name's suffix, else the filter picked
            // (GtkFileDialog does not say which: TSV then, as suggested).
            let format = NotesExport(fileName: path) ?? filters.first { $0.1 == picked }?.0 ?? .tsv
            self?.saveNotes(of: page, to: path, as: format)
        }
    }

    /// Writes the notes of `page` to `path`; says in the window how it went.
    func saveNotes(of page: CollectionPage, to path: String, as format: NotesExport) {
        let text = format.text(of: NotesExport.entries(page.notes, of: page.collection))
        var error: UnsafeMutablePointer<GError>?
        let written = text.withCString { g_file_set_contents_full(path, $0, gssize(strlen($0)), UNFOLD_G_FILE_SET_CONTENTS_CONSISTENT, 0o644, &error) }
        let name = OpenLabels.displayName(path)
        if written != 0 {
            tell(fill(tr("Notes saved in {file}"), ["file": name]), passing: true)
        } else {
            tell(fill(tr("The notes could not be saved in {file}: {problem}"),
                      ["file": name, "problem": error.map { String(cString: $0.pointee.message) } ?? ""]))
            g_clear_error(&error)
        }
    }
}

@MainActor
enum SavedNotes {
    /// "countries notes.tsv" for the labels of countries.tsv.
    static func suggestedName(for labelsName: String) -> String {
        var base = labelsName
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        // TRANSLATORS: the file name Save Notes As… suggests; {name} is the labels file's name without its suffix.
        return fill(tr("{name} notes"), ["name": base]) + ".tsv"
    }

    static func filter(for format: NotesExport) -> OpaquePointer {
        let filter = gtk_file_filter_new()!
        switch format {
        case .tsv:
            gtk_file_filter_set_name(filter, tr("Tab-separated values"))
            gtk_file_filter_add_mime_type(filter, "text/tab-separated-values")
            gtk_file_filter_add_suffix(filter, "tsv")
        case .json:
            gtk_file_filter_set_name(filter, tr("JSON"))
            gtk_file_filter_add_mime_type(filter, "application/json")
            gtk_file_filter_add_suffix(filter, "json")
        }
        return filter
    }
}
