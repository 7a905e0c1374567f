// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk

/// Watches a labels file for new versions another program writes (an editor
/// saves it, a script appends to it), through GIO's file monitor, and says
/// when one is whole: never while its writer may still be at it.
///
/// A version is whole when its writer closed the file (GIO's "changes done"),
/// or when it arrived whole by a rename (an editor's atomic save) or a move.
/// GIO also says "changes done" of its own accord two seconds after a change
/// with no close: a writer that paused for longer is still writing, so the
/// file is read only once no process holds it open for writing (a read lease
/// is refused until then: `unfold_file_has_writer`). Events come in bursts; a
/// version is told once they have stopped for a moment.
@MainActor
final class LabelsWatch {
    /// The watched file's full path.
    let path: String
    /// Called when a new whole version of the file is there to read.
    var onNewVersion: (@MainActor () -> Void)?
    /// Called when the file has left its path and not come back: with its
    /// new name when it was renamed in its directory, or nil when it was
    /// deleted or moved out of it (the trash too: inotify, GIO's watcher
    /// here, does not say where a file moved out of a directory went).
    var onLeft: (@MainActor (String?) -> Void)?

    /// Whether a change of the file's attributes alone (its permissions)
    /// is a new version to read: set while the last version could not be
    /// read, which `chmod` may be all it takes to mend, with the same bytes.
    /// (Otherwise an attribute change, a `touch`, is no new version.)
    var readsAgainOnAttributeChange = false

    private let monitor: ObjectRef
    private let name: String
    private var settling: guint = 0
    private var leaving: guint = 0

    /// How long events must stop before a version is told: a save is a
    /// burst of them (write, close, rename, attributes).
    static let settleMilliseconds: UInt32 = 100

    /// How long a file that left its path may take to be back before it is
    /// told gone: editors that keep a backup (Emacs, Vim) rename the file
    /// away, then write the new version under its name.
    static let returnMilliseconds: UInt32 = 1000

    /// Watches the file at `path` (its directory, so that a file replaced by
    /// a rename is still the one watched); nil if GIO cannot watch there.
    init?(path: String) {
        let file = ObjectRef(adopting: UnsafeMutableRawPointer(g_file_new_for_path(path)))
        guard let parent = g_file_get_parent(file.opaque), let base = g_file_get_basename(file.opaque) else { return nil }
        let directory = ObjectRef(adopting: UnsafeMutableRawPointer(parent))
        name = String(cString: base)
        g_free(base)
        self.path = path
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(directory.opaque, UNFOLD_G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            Self.debug("cannot watch \(path): \(error.map { String(cString: $0.pointee.message) } ?? "")")
            g_clear_error(&error)
            return nil
        }
        self.monitor = ObjectRef(adopting: UnsafeMutableRawPointer(monitor))
        onFileMonitorChanged(self.monitor.opaque) { [weak self] file, other, event in
            self?.heard(event, file: file, other: other)
        }
    }

    /// Stops watching (the window closed).
    func cancel() {
        g_file_monitor_cancel(monitor.raw.assumingMemoryBound(to: GFileMonitor.self))
        if settling != 0 { g_source_remove(settling) }
        if leaving != 0 { g_source_remove(leaving) }
        settling = 0
        leaving = 0
        onNewVersion = nil
        onLeft = nil
    }

    // (Not `isolated deinit`, Swift 6.2's: Debian 13's Swift is 6.0. GTK
    // lets go of it on its own thread, the main one.)
    deinit { MainActor.assumeIsolated { cancel() } }

    private func isWatched(_ file: OpaquePointer?) -> Bool {
        guard let file, let base = g_file_get_basename(file) else { return false }
        defer { g_free(base) }
        return String(cString: base) == name
    }

    private func heard(_ event: GFileMonitorEvent, file: OpaquePointer?, other: OpaquePointer?) {
        switch event {
        case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT where isWatched(file),
             G_FILE_MONITOR_EVENT_MOVED_IN where isWatched(file),
             G_FILE_MONITOR_EVENT_RENAMED where isWatched(other):
            settle()
        case G_FILE_MONITOR_EVENT_CHANGED where isWatched(file), G_FILE_MONITOR_EVENT_CREATED where isWatched(file):
            // Being written: wait for the writer's close.
            if settling != 0 {
                g_source_remove(settling)
                settling = 0
            }
        case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED where isWatched(file) && readsAgainOnAttributeChange:
            settle()
        case G_FILE_MONITOR_EVENT_DELETED where isWatched(file):
            left(to: nil)
        case G_FILE_MONITOR_EVENT_RENAMED where isWatched(file), G_FILE_MONITOR_EVENT_MOVED_OUT where isWatched(file):
            left(to: other.flatMap { g_file_get_path($0) }.map { path in
                defer { g_free(path) }
                return String(cString: path)
            })
        default:
            break  // another file
        }
    }

    /// The file left its path: told once it has not come back for a moment
    /// (a new version written there meanwhile was a save, and is read as one).
    private func left(to destination: String?) {
        if leaving != 0 { g_source_remove(leaving) }
        leaving = Timeout.after(milliseconds: Self.returnMilliseconds) { [weak self] in
            guard let self else { return }
            self.leaving = 0
            guard g_file_test(self.path, UNFOLD_G_FILE_TEST_EXISTS) == 0 else {
                return Self.debug("\(self.path) is back: it was saved, not moved")
            }
            // A backup's name is not the file's new name: an editor that
            // paused before writing the new version (it is read when it comes).
            let whereNow = destination.flatMap {
                g_file_test($0, UNFOLD_G_FILE_TEST_IS_REGULAR) != 0 && !Self.isBackupName($0) ? $0 : nil
            }
            Self.debug("\(self.path) left: \(whereNow.map { "now \($0)" } ?? "gone")")
            self.onLeft?(whereNow)
        }
    }

    private func settle() {
        if settling != 0 { g_source_remove(settling) }
        settling = Timeout.after(milliseconds: Self.settleMilliseconds) { [weak self] in
            guard let self else { return }
            self.settling = 0
            if unfold_file_has_writer(self.path) == 1 {
                // GIO's own "done" while a writer still holds it: its close will say so again.
                Self.debug("\(self.path) is still open for writing: waiting for its writer")
                return
            }
            self.onNewVersion?()
        }
    }

    /// Whether `path` is named as editors name the backups they keep
    /// ("labels.tsv~", "labels.tsv.bak", "labels.tsv.orig").
    static func isBackupName(_ path: String) -> Bool {
        path.hasSuffix("~") || path.hasSuffix(".bak") || path.hasSuffix(".orig")
    }

    /// Said with G_MESSAGES_DEBUG=Unfold (the tests read it).
    static func debug(_ message: String) { unfold_log_debug(message) }
}
