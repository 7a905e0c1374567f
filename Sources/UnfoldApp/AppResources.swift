import Foundation
import Gtk
import UnfoldWidgets

/// The app's GResource (data/unfold.gresource.xml, compiled into the binary by
/// GResourcePlugin): its user interface files, under `resourcePath`.
@MainActor
public enum AppResources {
    public static let resourcePath = "/io/github/unfold/Unfold"
    private static var isRegistered = false

    /// Makes the files findable by `resource://` paths (once).
    public static func register() {
        guard !isRegistered else { return }
        guard let data = Data(base64Encoded: CompiledResources.base64) else {
            preconditionFailure("the compiled resources are not base64: rebuild")
        }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            preconditionFailure("the compiled resources do not load: \(String(cString: error!.pointee.message))")
        }
        g_resources_register(resource)
        isRegistered = true
    }

    /// The user interface file `name` (in `ui/`), built with the app's text
    /// domain and every Unfold widget type it may name registered.
    static func builder(_ name: String) -> Builder {
        register()
        UnfoldTypes.register()
        do {
            return try Builder(resource: "\(resourcePath)/ui/\(name)", domain: Localization.domain)
        } catch {
            preconditionFailure("\(error)")  // compiled into the binary: a broken one is a build error
        }
    }
}
