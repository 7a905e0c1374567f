import Foundation
import Gtk

/// What a window remembers across launches: its size and the page it showed.
public struct WindowState: Equatable, Sendable {
    public var width: Int32
    public var height: Int32
    public var maximized: Bool
    public var page: Page

    public init(width: Int32, height: Int32, maximized: Bool, page: Page) {
        self.width = width
        self.height = height
        self.maximized = maximized
        self.page = page
    }
}

/// Reads and writes the window state as a key file in the user's config
/// directory. Writing is atomic (a temporary file renamed over the old one), so
/// a crash or a full disk never leaves half a file; a file that cannot be read
/// or parsed is reported once and ignored.
@MainActor
public final class WindowStateStore {
    public static let group = "window"

    public let path: String
    private var reportedProblem = false
    /// Where problems go; stderr unless a test listens.
    var report: (String) -> Void = { FileHandle.standardError.write(Data("unfold: \($0)\n".utf8)) }

    public init(path: String = WindowStateStore.defaultPath) {
        self.path = path
    }

    public static var defaultPath: String {
        (String(cString: g_get_user_config_dir()) as NSString).appendingPathComponent("unfold/window-state.ini")
    }

    /// The saved state, or nil when there is none usable (reported once if the file is bad).
    public func load() -> WindowState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, &error) != 0 else {
            problem(error)
            return nil
        }
        let width = g_key_file_get_integer(file, Self.group, "width", &error)
        let height = error == nil ? g_key_file_get_integer(file, Self.group, "height", &error) : 0
        let maximized = error == nil ? g_key_file_get_boolean(file, Self.group, "maximized", &error) != 0 : false
        let pageName = error == nil ? g_key_file_get_string(file, Self.group, "page", &error) : nil
        defer { g_free(pageName) }
        guard error == nil, let pageName else {
            problem(error)
            return nil
        }
        guard let page = Page(rawValue: String(cString: pageName)) else {
            problem(message: "unknown page “\(String(cString: pageName))”")
            return nil
        }
        guard width > 0, height > 0 else {
            problem(message: "a window size must be positive")
            return nil
        }
        return WindowState(width: width, height: height, maximized: maximized, page: page)
    }

    public enum SaveError: Error, CustomStringConvertible {
        case failed(path: String, message: String)
        public var description: String {
            switch self { case .failed(let path, let message): "cannot save \(path): \(message)" }
        }
    }

    /// Writes `state`; on failure the previous file is left as it was.
    public func save(_ state: WindowState) throws(SaveError) {
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        g_key_file_set_integer(file, Self.group, "width", state.width)
        g_key_file_set_integer(file, Self.group, "height", state.height)
        g_key_file_set_boolean(file, Self.group, "maximized", state.maximized ? 1 : 0)
        g_key_file_set_string(file, Self.group, "page", state.page.rawValue)
        let directory = (path as NSString).deletingLastPathComponent
        g_mkdir_with_parents(directory, 0o700)
        var error: UnsafeMutablePointer<GError>?
        // g_key_file_save_to_file writes a temporary file and renames it into place.
        guard g_key_file_save_to_file(file, path, &error) != 0 else {
            defer { g_error_free(error) }
            throw .failed(path: path, message: error.map { String(cString: $0.pointee.message) } ?? "unknown error")
        }
    }

    private func problem(_ error: UnsafeMutablePointer<GError>?) {
        defer { if let error { g_error_free(error) } }
        problem(message: error.map { String(cString: $0.pointee.message) } ?? "unreadable")
    }

    private func problem(message: String) {
        guard !reportedProblem else { return }
        reportedProblem = true
        report("ignoring the saved window state in \(path): \(message)")
    }
}
