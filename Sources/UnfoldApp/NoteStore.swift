// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import UnfoldGtk
import UnfoldCore

/// The notes a person wrote on a labels file's labels, by label ID, kept on
/// disk as they are typed: one key file per labels file in
/// `$XDG_DATA_HOME/unfold/notes/`, named after the file's full path (its
/// identity: the same file reopened, from any window or launch, finds its
/// notes). Written atomically and durably (a temporary file, fsync, rename:
/// GLib's `g_file_set_contents_full`), soon after the typing pauses and at
/// most a second after a change (`NoteSaveSchedule`), and at once when a
/// window closes or the app quits.
///
/// A note whose label is no longer in the file stays until the user removes
/// it. Windows showing the same file share one store. The tutorial's own
/// labels (no file) have a store that only lives in memory.
@MainActor
public final class NoteStore {
    /// The labels file's full path; nil: the notes are not kept on disk.
    public private(set) var labelsPath: String?
    /// Where the notes are kept (nil when they are not).
    public private(set) var notesPath: String?
    public private(set) var notes: [Int: String] = [:]
    /// Called with a message when notes could not be read or written (the
    /// windows say it); the store keeps the notes and tries again at the next change.
    var onProblem: (@MainActor (String) -> Void)?
    /// Called after a note changed (any window's), with its ID.
    private var observers: [(owner: WeakBox, changed: @MainActor (Int) -> Void)] = []

    private var schedule = NoteSaveSchedule()
    private var timer: guint = 0

    /// A store that keeps nothing on disk.
    public init() {
        labelsPath = nil
        notesPath = nil
    }

    private init(labelsPath: String) {
        self.labelsPath = labelsPath
        notesPath = Self.notesPath(for: labelsPath)
        if g_file_test(notesPath!, UNFOLD_G_FILE_TEST_EXISTS) == 0 { adoptNotesOfMovedFile() }
        load()
    }

    /// The file's identity on its file system: its device and inode, which
    /// stay when it is moved or renamed (and change when an editor saves by
    /// replacing it, whose path stays), and its modification time, which a
    /// move keeps and a new file that reuses a deleted one's inode does not.
    private static func fileID(_ path: String) -> (device: UInt64, inode: UInt64, modified: UInt64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let modified = UInt64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ UInt64(status.st_mtim.tv_nsec)
        return (UInt64(status.st_dev), UInt64(status.st_ino), modified)
    }

    /// A file moved (or renamed) keeps its notes: a notes file whose labels
    /// file is no longer where it was (gone, or another file now), and which
    /// was this very file, unchanged since (the same device, inode and
    /// modification time), becomes this path's.
    private func adoptNotesOfMovedFile() {
        guard let labelsPath, let notesPath, let id = Self.fileID(labelsPath),
              let folder = g_dir_open(Self.directory, 0, nil) else { return }
        defer { g_dir_close(folder) }
        while let entry = g_dir_read_name(folder) {
            let name = String(cString: entry)
            guard name.hasSuffix(".ini") else { continue }
            let candidate = Self.directory + "/" + name
            let file = g_key_file_new()!
            defer { g_key_file_free(file) }
            guard g_key_file_load_from_file(file, candidate, UNFOLD_G_KEY_FILE_KEEP_COMMENTS, nil) != 0,
                  let recorded = g_key_file_get_string(file, Self.labelsGroup, Self.fileKey, nil) else { continue }
            let wasAt = String(cString: recorded)
            g_free(recorded)
            guard wasAt != labelsPath,
                  UInt64(g_key_file_get_uint64(file, Self.labelsGroup, Self.deviceKey, nil)) == id.device,
                  UInt64(g_key_file_get_uint64(file, Self.labelsGroup, Self.inodeKey, nil)) == id.inode,
                  UInt64(g_key_file_get_uint64(file, Self.labelsGroup, Self.modifiedKey, nil)) == id.modified,
                  Self.fileID(wasAt).map({ $0.device != id.device || $0.inode != id.inode }) ?? true else { continue }
            if rename(candidate, notesPath) == 0 {
                unfold_log_debug("the notes on \(wasAt) follow it to \(labelsPath)")
                // Said where it is now, at the next write.
                schedule.changed(at: Int64(g_get_monotonic_time()))
                scheduleWrite()
            }
            return
        }
    }

    /// The store of the labels file at `path` (shared while any window uses it).
    public static func forLabelsFile(_ path: String) -> NoteStore {
        let identity = canonical(path)
        open.removeAll { $0.store == nil }
        if let store = open.first(where: { $0.store?.labelsPath == identity })?.store { return store }
        let store = NoteStore(labelsPath: identity)
        open.append(WeakStore(store: store))
        return store
    }

    private struct WeakStore { weak var store: NoteStore? }
    private static var open: [WeakStore] = []

    /// Every store in use (the app writes them all when it quits).
    static var all: [NoteStore] { open.compactMap(\.store) }

    /// The directory the notes live in: `$XDG_DATA_HOME/unfold/notes`.
    public static var directory: String {
        String(cString: g_get_user_data_dir()) + "/unfold/notes"
    }

    /// One file per labels file, named by a digest of its full path (a path
    /// may be longer than a file name may be, and hold any byte).
    static func notesPath(for labelsPath: String) -> String {
        let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, labelsPath, -1)!
        defer { g_free(digest) }
        return directory + "/" + String(cString: digest) + ".ini"
    }

    /// The file's full path, links resolved: the same file however it was named.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: Notes

    public func note(for id: Int) -> String { notes[id] ?? "" }

    /// Sets (or, empty, removes) the note of label `id`; it reaches the disk soon.
    public func setNote(_ note: String, for id: Int) {
        guard notes[id] ?? "" != note else { return }
        notes[id] = note.isEmpty ? nil : note
        observers.removeAll { $0.owner.object == nil }
        for observer in observers { observer.changed(id) }
        guard notesPath != nil else { return }
        schedule.changed(at: Int64(g_get_monotonic_time()))
        scheduleWrite()
    }

    /// Hears of every note's change, for as long as `owner` lives.
    func observe(by owner: AnyObject, _ changed: @escaping @MainActor (Int) -> Void) {
        observers.append((WeakBox(owner), changed))
    }

    private final class WeakBox {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    // MARK: Disk

    /// Writes what is not yet written, now.
    public func flush() {
        if timer != 0 {
            g_source_remove(timer)
            timer = 0
        }
        guard schedule.hasUnwrittenChanges else { return }
        if write() { schedule.written() }
    }

    /// Whether changes wait to be written (tests ask).
    public var hasUnwrittenChanges: Bool { schedule.hasUnwrittenChanges }

    private func scheduleWrite() {
        guard timer == 0, let due = schedule.dueTime else { return }
        let wait = max(0, due - Int64(g_get_monotonic_time()))
        timer = Timeout.after(milliseconds: UInt32((wait + 999) / 1000)) { [weak self] in
            guard let self else { return }
            self.timer = 0
            guard let due = self.schedule.dueTime else { return }
            // More typing moved the moment on (never past the latest one).
            if Int64(g_get_monotonic_time()) < due { return self.scheduleWrite() }
            // (Not written: the next change, or closing, tries again.)
            if self.write() { self.schedule.written() }
        }
    }

    /// The notes as a key file: the labels file's path (for a person looking
    /// in the folder) and each note by label ID.
    private var keyFileText: String {
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        g_key_file_set_comment(file, nil, nil, " Unfold's notes on the labels of one file, by label ID.", nil)
        g_key_file_set_string(file, Self.labelsGroup, Self.fileKey, labelsPath ?? "")
        // (What finds the notes again when the file is moved: adoptNotesOfMovedFile.)
        if let labelsPath, let id = Self.fileID(labelsPath) {
            g_key_file_set_uint64(file, Self.labelsGroup, Self.deviceKey, guint64(id.device))
            g_key_file_set_uint64(file, Self.labelsGroup, Self.inodeKey, guint64(id.inode))
            g_key_file_set_uint64(file, Self.labelsGroup, Self.modifiedKey, guint64(id.modified))
        }
        for (id, note) in notes.sorted(by: { $0.key < $1.key }) {
            g_key_file_set_string(file, Self.notesGroup, String(id), note)
        }
        var length = 0
        let data = g_key_file_to_data(file, &length, nil)!
        defer { g_free(data) }
        return String(cString: data)
    }

    static let labelsGroup = "labels"
    static let fileKey = "file"
    static let deviceKey = "device"
    static let inodeKey = "inode"
    static let modifiedKey = "modified-ns"
    static let notesGroup = "notes"

    /// Writes the notes; false (and the problem said) if it could not.
    private func write() -> Bool {
        guard let notesPath else { return true }
        if g_mkdir_with_parents(Self.directory, 0o700) != 0 {
            report(fill(tr("Notes could not be saved in {folder}: {problem}"),
                        ["folder": Self.directory, "problem": String(cString: g_strerror(errno))]))
            return false
        }
        var error: UnsafeMutablePointer<GError>?
        let text = keyFileText
        let flags = GFileSetContentsFlags(rawValue: UNFOLD_G_FILE_SET_CONTENTS_CONSISTENT.rawValue | UNFOLD_G_FILE_SET_CONTENTS_DURABLE.rawValue)
        let done = text.withCString { g_file_set_contents_full(notesPath, $0, gssize(strlen($0)), flags, 0o600, &error) }
        guard done == 0 else {
            lastReported = nil
            return true
        }
        report(fill(tr("Notes could not be saved in {folder}: {problem}"),
                    ["folder": Self.directory, "problem": error.map { String(cString: $0.pointee.message) } ?? ""]))
        g_clear_error(&error)
        return false
    }

    /// Reads the notes written before. A file that cannot be read is moved
    /// aside, never written over: what it holds is not lost.
    private func load() {
        guard let notesPath, g_file_test(notesPath, UNFOLD_G_FILE_TEST_EXISTS) != 0 else { return }
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        var error: UnsafeMutablePointer<GError>?
        if !Self.loadKeyFile(file, from: notesPath, &error) {
            let problem = error.map { String(cString: $0.pointee.message) } ?? ""
            g_clear_error(&error)
            let aside = Self.unusedName(notesPath + ".unreadable")
            rename(notesPath, aside)
            // Named by the labels file they are on (the notes file's own name
            // is a digest), and kept where the person can find it.
            // TRANSLATORS: {labels} is a labels file's name ("moths.tsv"), {folder} a
            // folder ("~/.local/share/unfold/notes"), {problem} why (such as "it is not text").
            report(fill(tr("The notes on {labels} could not be read ({problem}); they were kept aside, in {folder}"),
                        ["labels": LabelsLoad.fileName(of: labelsPath ?? notesPath), "problem": problem,
                         "folder": RecentLabels.shownFolder(Self.directory)]))
            return
        }
        var count = 0
        guard let keys = g_key_file_get_keys(file, Self.notesGroup, &count, nil) else { return }
        defer { g_strfreev(keys) }
        for index in 0..<count {
            guard let key = keys[index], let id = Int(String(cString: key)),
                  let value = g_key_file_get_string(file, Self.notesGroup, key, nil) else { continue }
            notes[id] = String(cString: value)
            g_free(value)
        }
    }

    /// Reads the key file at `path`, which must be text: GKeyFile stops at a
    /// NUL byte and reads what is before it (nothing, for a file of zeros) as
    /// the whole file, which would then be written over as empty.
    private static func loadKeyFile(_ file: OpaquePointer, from path: String,
                                    _ error: inout UnsafeMutablePointer<GError>?) -> Bool {
        var contents: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        guard g_file_get_contents(path, &contents, &length, &error) != 0, let contents else { return false }
        defer { g_free(contents) }
        guard memchr(contents, 0, Int(length)) == nil, g_utf8_validate(contents, gssize(length), nil) != 0 else {
            g_set_error_literal(&error, g_file_error_quark(), gint(G_FILE_ERROR_INVAL.rawValue), tr("it is not text"))
            return false
        }
        return g_key_file_load_from_data(file, contents, length, UNFOLD_G_KEY_FILE_KEEP_COMMENTS, &error) != 0
    }

    /// `base`, or `base-2`, `base-3`…: the first name no file has, so that
    /// a file set aside never replaces one set aside before.
    private static func unusedName(_ base: String) -> String {
        var name = base
        var attempt = 1
        while g_file_test(name, UNFOLD_G_FILE_TEST_EXISTS) != 0 {
            attempt += 1
            name = base + "-\(attempt)"
        }
        return name
    }

    /// The labels file was moved or renamed while shown: its notes go with it
    /// now (not only when it is opened again from there), and what comes next
    /// is kept under its new path. Notes kept for a file that was at the new
    /// path before, and was replaced by this one, are set aside, not lost.
    func labelsFileMoved(to path: String) {
        let identity = Self.canonical(path)
        guard let oldNotesPath = notesPath, identity != labelsPath else { return }
        let newNotesPath = Self.notesPath(for: identity)
        if g_file_test(newNotesPath, UNFOLD_G_FILE_TEST_EXISTS) != 0 {
            rename(newNotesPath, Self.unusedName(newNotesPath + ".replaced"))
        }
        if g_file_test(oldNotesPath, UNFOLD_G_FILE_TEST_EXISTS) != 0 { rename(oldNotesPath, newNotesPath) }
        unfold_log_debug("the notes on \(labelsPath ?? "") follow it to \(identity)")
        labelsPath = identity
        notesPath = newNotesPath
        // The key file says the new path and identity at its next write.
        if !notes.isEmpty {
            schedule.changed(at: Int64(g_get_monotonic_time()))
            scheduleWrite()
        }
    }

    /// A new version of the labels file was written (its inode or its
    /// modification time is another now): the notes file says so at its next
    /// write, so that the file moved or renamed later still finds its notes.
    func labelsFileChanged() {
        guard notesPath != nil, !notes.isEmpty else { return }
        schedule.changed(at: Int64(g_get_monotonic_time()))
        scheduleWrite()
    }

    /// Said in the windows (held until one listens) and on the terminal,
    /// once: a full disk says so once, not at every key.
    private func report(_ message: String) {
        guard message != lastReported else { return }
        lastReported = message
        writeToStandardError("unfold: \(message)")
        if let onProblem { onProblem(message) } else { pendingProblem = message }
    }

    private var lastReported: String?

    /// A problem found before any window listened (while loading).
    var pendingProblem: String?
}
