// SPDX-License-Identifier: LGPL-2.1-or-later
import Glibc

/// An application stylesheet, parsed and checked; added for the whole display
/// with `add()`, taken away with `remove()` (a style that follows a setting).
@MainActor
public final class Stylesheet {
    public enum LoadError: Error, CustomStringConvertible {
        case invalid(name: String, line: Int, message: String)

        public var description: String {
            switch self {
            case .invalid(let name, let line, let message): "\(name):\(line): \(message)"
            }
        }
    }

    private let provider: ObjectRef
    public private(set) var isAdded = false

    /// Parses `css` (named `name` in messages). CSS that does not parse is an
    /// error: a half-styled app would hide it.
    public init(css: [UInt8], name: String) throws(LoadError) {
        provider = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_css_provider_new()!))
        let cssProvider: UnsafeMutablePointer<GtkCssProvider> = gCast(provider.raw)
        var firstError: LoadError?
        let watch = onParsingError(cssProvider) { line, message in
            if firstError == nil { firstError = .invalid(name: name, line: line, message: message) }
        }
        css.withUnsafeBytes { bytes in
            unfold_css_provider_load(cssProvider, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(bytes.count))
        }
        watch.disconnect()
        if let firstError { throw firstError }
    }

    /// Applies it to the default display, above the theme.
    public func add() {
        guard !isAdded else { return }
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(provider.raw), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        isAdded = true
    }

    public func remove() {
        guard isAdded else { return }
        gtk_style_context_remove_provider_for_display(gdk_display_get_default(), OpaquePointer(provider.raw))
        isAdded = false
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
