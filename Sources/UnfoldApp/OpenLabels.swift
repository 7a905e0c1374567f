// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import UnfoldGtk
import UnfoldCore

/// Opening labels files from the desktop rather than the command line: Open…
/// (the desktop's file chooser, through its portal where there is one), Open
/// Recent, and files dropped on a window. Each file opens in a window of its
/// own, as `--labels` does; one that turns out bad is said in the window it
/// was opened from, in the words the terminal would have had.
extension UnfoldApplication {
    /// The file chooser, over the active window.
    func chooseLabelsFiles() {
        let parent = gtk_application_get_active_window(application)
        let teller = parent.flatMap { parent in MainWindow.all.first { gCast($0.window) == parent } }
        FileChooser.open(over: parent, title: tr("Open Labels"), acceptLabel: tr("_Open"), filters: LabelsFileFilters.all) {
            [unowned self] paths in
            self.openFiles(paths, toldIn: teller)
        }
    }

    /// Opens the recently used file at `uri` (a menu item's target).
    func openRecent(_ uri: String) {
        let file = ObjectRef(adopting: UnsafeMutableRawPointer(g_file_new_for_uri(uri)))
        guard let path = OpenLabels.path(of: file.opaque) else { return }
        // Gone since the menu was made: it leaves the recent files (the open
        // below says it is gone).
        if g_file_test(path, UNFOLD_G_FILE_TEST_EXISTS) == 0 { gtk_recent_manager_remove_item(gtk_recent_manager_get_default(), uri, nil) }
        openFiles([path], toldIn: activeMainWindow)
    }

    /// Each of `paths` in a window of its own — or, for a file a window
    /// shows already, that window, brought forward, as GNOME's editors do;
    /// what cannot be opened is said in `teller`.
    func openFiles(_ paths: [String], toldIn teller: MainWindow?) {
        for path in paths {
            if let shown = MainWindow.all.first(where: { $0.labelsPath == NoteStore.canonical(path) }) {
                shown.present()
                continue
            }
            do throws(LabelsFile.Failure) {
                let source = try LabelsSource.open(path: path, name: OpenLabels.displayName(path))
                showLabels(LabelsLoad(.file(source), path: path), page: nil, launch: nil, toldIn: teller)
            } catch {
                if let teller { teller.tell(error.translated) } else { writeToStandardError("unfold: \(error.translated)") }
            }
        }
    }

    var activeMainWindow: MainWindow? {
        guard let active = gtk_application_get_active_window(application) else { return MainWindow.all.last }
        return MainWindow.all.first { gCast($0.window) == active } ?? MainWindow.all.last
    }
}

@MainActor
enum OpenLabels {
    /// A local path for `file` (nil for a location GIO cannot map to one).
    static func path(of file: OpaquePointer) -> String? {
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }

    /// How messages name a file the user picked rather than typed: its name
    /// as the desktop shows it (the file chooser showed it so).
    static func displayName(_ path: String) -> String {
        guard let name = g_filename_display_basename(path) else { return path }
        defer { g_free(name) }
        return String(cString: name)
    }
}

/// The file chooser's filters: labels files of either kind, or one kind.
@MainActor
enum LabelsFileFilters {
    static var all: [OpaquePointer] {
        [filter(tr("Labels files"), [("text/tab-separated-values", "tsv"), ("application/json", "json")]),
         filter(tr("Tab-separated values"), [("text/tab-separated-values", "tsv")]),
         filter(tr("JSON"), [("application/json", "json")])]
    }

    /// A filter by type and by suffix (a file's type is guessed from its
    /// contents where its name says nothing).
    private static func filter(_ name: String, _ kinds: [(type: String, suffix: String)]) -> OpaquePointer {
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, name)
        for kind in kinds {
            gtk_file_filter_add_mime_type(filter, kind.type)
            gtk_file_filter_add_suffix(filter, kind.suffix)
        }
        return filter
    }
}

/// Files opened, remembered through GtkRecentManager (recently-used.xbel,
/// which GNOME's own recent lists read), and Unfold's among them listed in
/// the main menu's Open Recent.
@MainActor
enum RecentLabels {
    /// How many the menu lists.
    static let menuLength = 10

    /// The recent-files group of the files Unfold opened. GTK's file chooser
    /// adds what is picked in it to the same list, whether it then opens or
    /// not: the menu lists only this group's.
    static let group = "unfold-labels"

    /// Remembers the regular file `load` read (a stream cannot be read again).
    static func remember(_ load: LabelsLoad) {
        guard let path = load.path, let uri = g_filename_to_uri(path, nil, nil) else { return }
        defer { g_free(uri) }
        // (GtkRecentData needs a type; GIO guesses it from the name, as the chooser did.)
        let guessed = g_content_type_guess(path, nil, 0, nil)
        let mimeType = guessed.flatMap { g_content_type_get_mime_type($0) }
        let type = mimeType.map { String(cString: $0) } ?? "text/plain"
        g_free(mimeType)
        g_free(guessed)
        let exec = (g_get_prgname().map { String(cString: $0) } ?? "unfold") + " %u"
        type.withCString { type in
            exec.withCString { exec in
                group.withCString { group in
                    var groups: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: group), nil]
                    groups.withUnsafeMutableBufferPointer { groups in
                        var data = GtkRecentData(display_name: nil, description: nil, mime_type: UnsafeMutablePointer(mutating: type),
                                                 app_name: UnsafeMutablePointer(mutating: g_get_application_name()),
                                                 app_exec: UnsafeMutablePointer(mutating: exec), groups: groups.baseAddress, is_private: 0)
                        _ = gtk_recent_manager_add_full(gtk_recent_manager_get_default(), uri, &data)
                    }
                }
            }
        }
    }

    /// Unfold's recent labels files, the latest first: what still exists.
    static var files: [(uri: String, name: String)] {
        guard let items = gtk_recent_manager_get_items(gtk_recent_manager_get_default()) else { return [] }
        defer { g_list_free_full(items) { gtk_recent_info_unref(OpaquePointer($0)) } }
        var found: [(uri: String, name: String, modified: Int64)] = []
        var node: UnsafeMutablePointer<GList>? = items
        while let current = node {
            let info = OpaquePointer(current.pointee.data)
            node = current.pointee.next
            guard gtk_recent_info_has_group(info, group) != 0,
                  gtk_recent_info_is_local(info) != 0, gtk_recent_info_exists(info) != 0,
                  let uri = gtk_recent_info_get_uri(info), let display = gtk_recent_info_get_display_name(info) else { continue }
            let modified = Int64(gtk_recent_info_get_modified(info).map { g_date_time_to_unix($0) } ?? 0)
            found.append((String(cString: uri), String(cString: display), modified))
        }
        return found.sorted { $0.modified > $1.modified }.prefix(menuLength).map { ($0.uri, $0.name) }
    }

    /// What the menu calls each of `files`: its name — and where two have
    /// the same, which folder each is in (the home folder written ~).
    static func menuLabels(_ files: [(uri: String, name: String)]) -> [String] {
        let names = files.map(\.name)
        return files.map { file in
            guard names.count(where: { $0 == file.name }) > 1, let path = g_filename_from_uri(file.uri, nil, nil) else { return file.name }
            let dirname = g_path_get_dirname(path)!
            defer { g_free(path); g_free(dirname) }
            // TRANSLATORS: an Open Recent item, for files of the same name: "words.tsv in ~/Documents".
            return UnfoldApp.fill(tr("{file} in {folder}"), ["file": file.name, "folder": shownFolder(String(cString: dirname))])
        }
    }

    /// `folder` as a person reads it: the home folder written ~.
    static func shownFolder(_ folder: String) -> String {
        let home = String(cString: g_get_home_dir())
        return folder == home ? "~" : folder.hasPrefix(home + "/") ? "~" + folder.dropFirst(home.count) : folder
    }

    /// The Open Recent submenu's items, made again whenever the list changes.
    static func fill(_ menu: OpaquePointer) {
        g_menu_remove_all(menu)
        let files = files
        // (An item with no action shows, unavailable: the submenu is never an empty box.)
        if files.isEmpty { g_menu_append(menu, tr("No Recent Files"), nil) }
        for (file, label) in zip(files, menuLabels(files)) {
            let item = ObjectRef(adopting: UnsafeMutableRawPointer(g_menu_item_new(label, nil)))
            g_menu_item_set_action_and_target_value(item.opaque, "app.open-recent", g_variant_new_string(file.uri))
            g_menu_append_item(menu, item.opaque)
        }
    }
}

