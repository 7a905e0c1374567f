// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import UnfoldGtk
import UnfoldCore

/// What a window remembers across launches: its size and the page it showed,
/// and the style (light, dark or the desktop's) chosen in its menu.
/// Each part may be missing: a file may hold only some (an older version's,
/// or one edited by hand), and a window may remember only some (one opened
/// for a labels file keeps the saved page as it was).
public struct WindowState: Equatable, Sendable {
    public var width: Int32?
    public var height: Int32?
    public var maximized: Bool?
    public var page: Page?
    public var style: AppStyle.Scheme?

    public init(width: Int32? = nil, height: Int32? = nil, maximized: Bool? = nil, page: Page? = nil,
                style: AppStyle.Scheme? = nil) {
        self.width = width
        self.height = height
        self.maximized = maximized
        self.page = page
        self.style = style
    }

    /// These values, with `newer`'s where it has them.
    public func updated(with newer: WindowState) -> WindowState {
        WindowState(width: newer.width ?? width, height: newer.height ?? height,
                    maximized: newer.maximized ?? maximized, page: newer.page ?? page, style: newer.style ?? style)
    }
}

/// Reads and writes the window state as a key file in the user's config
/// directory. Writing is atomic (a temporary file renamed over the old one), so
/// a crash or a full disk never leaves half a file. Reading keeps every key
/// that holds a valid value and reports the others once, quoting what they
/// hold so that no stray byte reaches the terminal.
@MainActor
public final class WindowStateStore {
    public static let group = "window"

    public let path: String
    private var reportedProblem = false
    /// Where problems go; stderr unless a test listens.
    var report: (String) -> Void = { writeToStandardError("unfold: \($0)") }

    public init(path: String = WindowStateStore.defaultPath) {
        self.path = path
    }

    public static var defaultPath: String {
        String(cString: g_get_user_config_dir()) + "/unfold/window-state.ini"
    }

    /// The saved state, or nil when there is no file or nothing usable in it.
    public func load() -> WindowState? {
        guard g_file_test(path, UNFOLD_G_FILE_TEST_EXISTS) != 0 else { return nil }
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_file(file, path, UNFOLD_G_KEY_FILE_NONE, &error) != 0 else {
            // GLib's message quotes the offending line, whatever bytes it holds.
            reportOnce("ignoring the saved window state \(path): it is not a key file (\(quoted(message(of: error), limit: 120)))")
            return nil
        }
        var state = WindowState()
        var problems: [String] = []
        func value(_ key: String) -> String? {
            guard let raw = g_key_file_get_value(file, Self.group, key, nil) else { return nil }
            defer { g_free(raw) }
            return String(cString: raw)
        }
        func size(_ key: String) -> Int32? {
            guard let text = value(key) else { return nil }
            guard let number = Int32(text.trimmingSpaces()), number > 0 else {
                problems.append("\(key) \(quoted(text)) is not a positive whole number")
                return nil
            }
            return number
        }
        state.width = size("width")
        state.height = size("height")
        if let text = value("maximized") {
            switch text.trimmingSpaces() {
            case "true": state.maximized = true
            case "false": state.maximized = false
            default: problems.append("maximized \(quoted(text)) is neither true nor false")
            }
        }
        if let text = value("page") {
            if let page = Page(rawValue: text.trimmingSpaces()) {
                state.page = page
            } else {
                problems.append("page \(quoted(text)) is not one of \(Page.names)")
            }
        }
        if let text = value("style") {
            if let style = AppStyle.Scheme(rawValue: text.trimmingSpaces()) {
                state.style = style
            } else {
                problems.append("style \(quoted(text)) is not one of \(AppStyle.Scheme.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        if !problems.isEmpty {
            reportOnce("in the saved window state \(path), \(problems.joined(separator: "; ")); the other settings are used")
        }
        return state == WindowState() ? nil : state
    }

    public enum SaveError: Error, CustomStringConvertible {
        case failed(path: String, message: String)
        public var description: String {
            switch self { case .failed(let path, let message): "cannot save \(path): \(message)" }
        }
    }

    /// Writes what `state` holds over what the file holds (the rest stays);
    /// on failure the previous file is left as it was.
    public func save(_ state: WindowState) throws(SaveError) {
        let merged = (load() ?? WindowState()).updated(with: state)
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        if let width = merged.width { g_key_file_set_integer(file, Self.group, "width", width) }
        if let height = merged.height { g_key_file_set_integer(file, Self.group, "height", height) }
        if let maximized = merged.maximized { g_key_file_set_boolean(file, Self.group, "maximized", maximized ? 1 : 0) }
        if let page = merged.page { g_key_file_set_string(file, Self.group, "page", page.rawValue) }
        if let style = merged.style { g_key_file_set_string(file, Self.group, "style", style.rawValue) }
        let directory = g_path_get_dirname(path)!
        defer { g_free(directory) }
        g_mkdir_with_parents(directory, 0o700)
        var error: UnsafeMutablePointer<GError>?
        // g_key_file_save_to_file writes a temporary file and renames it into place.
        guard g_key_file_save_to_file(file, path, &error) != 0 else {
            throw .failed(path: path, message: message(of: error))
        }
    }

    /// A GError's message (invalid UTF-8 replaced), and frees it.
    private func message(of error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return String(decoding: UnsafeRawBufferPointer(start: error.pointee.message, count: strlen(error.pointee.message)),
                      as: UTF8.self)
    }

    private func reportOnce(_ problem: String) {
        guard !reportedProblem else { return }
        reportedProblem = true
        report(problem)
    }
}
