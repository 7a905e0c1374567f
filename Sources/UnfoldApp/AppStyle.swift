import Gtk

/// The app's stylesheet, `data/unfold.css`.
@MainActor
public enum AppStyle {
    public nonisolated static let fileName = "unfold.css"

    public struct MissingStylesheet: Error, CustomStringConvertible {
        public var description: String {
            "cannot find \(AppStyle.fileName) in: \(DataDirectory.candidates.joined(separator: ", ")) (set UNFOLD_DATA_DIR to the data directory)"
        }
    }

    public static func load() throws {
        guard let path = DataDirectory.locate(fileName) else { throw MissingStylesheet() }
        try Stylesheet.load(path: path)
    }
}
