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
        // Installed, the icons are in the system's hicolor theme; in a development
        // build they are in data/icons.
        if let icons = DataDirectory.locate("icons"), let display = gdk_display_get_default() {
            gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), icons)
        }
        gtk_window_set_default_icon_name(UnfoldApplication.applicationID)
    }
}
