// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAppCompat
import UnfoldGtk

/// The desktop's file chooser, asked once (through its portal where there is
/// one): GtkFileDialog where GTK has it (4.10), GtkFileChooserNative on 4.8
/// (CUnfoldAppCompat chooses, by GTK's version macros).
@MainActor
enum FileChooser {
    /// Asks for labels files to open; `chosen` gets their local paths, never
    /// called when the person cancels. `filters` are new references, which
    /// the chooser takes.
    static func open(over parent: UnsafeMutablePointer<GtkWindow>?, title: String, acceptLabel: String,
                     filters: [OpaquePointer], chosen: @escaping ([String]) -> Void) {
        let pending = Pending { files, _ in chosen(paths(of: files)) }
        let list = list(adopting: filters)
        unfold_choose_files_to_open(parent, title, acceptLabel, list.opaque, answered,
                                    Unmanaged.passRetained(pending).toOpaque(), released)
    }

    /// Asks where to save, suggesting `name` in `folder`; `chosen` gets the
    /// path and the filter picked (one of `filters`, as `open` takes them),
    /// where the release tells it.
    static func save(over parent: UnsafeMutablePointer<GtkWindow>?, title: String, acceptLabel: String,
                     filters: [OpaquePointer], name: String, folder: String?,
                     chosen: @escaping (_ path: String, _ filter: OpaquePointer?) -> Void) {
        let pending = Pending { files, filter in
            if let path = paths(of: files).first { chosen(path, filter) }
        }
        let folderFile = folder.map { ObjectRef(adopting: UnsafeMutableRawPointer(g_file_new_for_path($0))) }
        let list = list(adopting: filters)
        unfold_choose_file_to_save(parent, title, acceptLabel, list.opaque, name, folderFile?.opaque, answered,
                                   Unmanaged.passRetained(pending).toOpaque(), released)
    }

    /// The answer's handler, held by the C side until it has answered.
    private final class Pending {
        let answer: (_ files: OpaquePointer?, _ filter: OpaquePointer?) -> Void
        init(_ answer: @escaping (OpaquePointer?, OpaquePointer?) -> Void) { self.answer = answer }
    }

    private static let answered: UnfoldFilesChosenFunc = { files, filter, data in
        // (GTK calls back on its own thread, the main one.)
        let handed = HandedOver((files, filter, data))
        MainActor.assumeIsolated {
            let (files, filter, data) = handed.value
            Unmanaged<Pending>.fromOpaque(data!).takeUnretainedValue().answer(files, filter)
        }
    }

    private static let released: GDestroyNotify = { data in
        Unmanaged<Pending>.fromOpaque(data!).release()
    }

    /// The filters in a list model, which holds them from then on.
    private static func list(adopting filters: [OpaquePointer]) -> ObjectRef {
        let store = ObjectRef(adopting: UnsafeMutableRawPointer(g_list_store_new(gtk_file_filter_get_type())!))
        for filter in filters {
            g_list_store_append(store.opaque, UnsafeMutableRawPointer(filter))
            g_object_unref(UnsafeMutableRawPointer(filter))
        }
        return store
    }

    /// The local paths of `files` (a GListModel of GFile; none if nil).
    private static func paths(of files: OpaquePointer?) -> [String] {
        guard let files else { return [] }
        return (0..<g_list_model_get_n_items(files)).compactMap { index -> String? in
            guard let item = g_list_model_get_item(files, index) else { return nil }
            let file = ObjectRef(adopting: item)
            return OpenLabels.path(of: file.opaque)
        }
    }
}
