import Foundation

/// Application stylesheets, added for the whole display.
@MainActor
public enum Stylesheet {
    public enum LoadError: Error, CustomStringConvertible {
        case unreadable(path: String)
        case invalid(path: String, line: Int, message: String)

        public var description: String {
            switch self {
            case .unreadable(let path): "cannot read the stylesheet \(path)"
            case .invalid(let path, let line, let message): "\(path):\(line): \(message)"
            }
        }
    }

    /// Loads the CSS file at `path` for the default display. A file that cannot be
    /// read or does not parse is an error: a half-styled app would hide it.
    public static func load(path: String) throws(LoadError) {
        guard let css = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        let providerRef = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_css_provider_new()!))
        let provider: UnsafeMutablePointer<GtkCssProvider> = gCast(providerRef.raw)
        var firstError: LoadError?
        let watch = onParsingError(provider) { line, message in
            if firstError == nil { firstError = .invalid(path: path, line: line, message: message) }
        }
        css.withUnsafeBytes { bytes in
            gtk_css_provider_load_from_data(provider, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gssize(bytes.count))
        }
        watch.disconnect()
        if let firstError { throw firstError }
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), gCast(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}

private typealias ParsingErrorHandler = @MainActor (_ line: Int, _ message: String) -> Void

@MainActor
private func onParsingError(_ provider: UnsafeMutablePointer<GtkCssProvider>, _ handler: @escaping ParsingErrorHandler) -> SignalConnection {
    let callback: @convention(c) (gpointer?, OpaquePointer?, UnsafePointer<GError>?, gpointer?) -> Void = {
        _, section, error, data in
        MainActor.assumeIsolated {
            let line = section.map { Int(gtk_css_section_get_start_location($0).pointee.lines) + 1 } ?? 0
            let message = error.map { String(cString: $0.pointee.message) } ?? "invalid CSS"
            ClosureBox<ParsingErrorHandler>.from(data).body(line, message)
        }
    }
    return connect(UnsafeMutableRawPointer(provider), "parsing-error", handler, unsafeBitCast(callback, to: GCallback.self), after: false)
}
