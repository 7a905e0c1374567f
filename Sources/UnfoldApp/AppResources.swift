// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import UnfoldGtk
import UnfoldWidgets

/// The app's GResource (data/unfold.gresource.xml, compiled into the binary by
/// GResourcePlugin): its user interface files, stylesheets and icons, under
/// `resourcePath`, which is also the application's resource base path (so
/// GtkApplication finds the icons there by itself).
@MainActor
public enum AppResources {
    public nonisolated static let resourcePath = "/io/github/unfold/Unfold"
    private static var isRegistered = false

    /// The resource path of `name`, a path inside the resource.
    public nonisolated static func path(_ name: String) -> String { "\(resourcePath)/\(name)" }

    /// Makes the files findable by `resource://` paths, and every Unfold widget
    /// type they may name (once).
    public static func register() {
        guard !isRegistered else { return }
        var length: gsize = 0
        let decoded = g_base64_decode(CompiledResources.base64, &length)
        guard let decoded, length > 0 else { preconditionFailure("the compiled resources are not base64: rebuild") }
        let bytes = g_bytes_new_take(decoded, length)
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            preconditionFailure("the compiled resources do not load: \(String(cString: error!.pointee.message))")
        }
        g_resources_register(resource)
        UnfoldTypes.register()
        isRegistered = true
    }

    /// The bytes of the resource file `name`; it is compiled in, so a missing
    /// one is a build error.
    static func data(_ name: String) -> [UInt8] {
        register()
        var error: UnsafeMutablePointer<GError>?
        guard let bytes = g_resources_lookup_data(path(name), UNFOLD_G_RESOURCE_LOOKUP_FLAGS_NONE, &error) else {
            preconditionFailure("\(name) is not in the compiled resources: \(String(cString: error!.pointee.message))")
        }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let start = g_bytes_get_data(bytes, &size)
        return Array(UnsafeRawBufferPointer(start: start, count: Int(size)))
    }

    /// The user interface file `name` (in `ui/`), built with the app's text
    /// domain and every Unfold widget type it may name registered.
    static func builder(_ name: String) -> Builder {
        register()
        do {
            return try Builder(resource: path("ui/\(name)"), domain: Localization.domain)
        } catch {
            preconditionFailure("\(error)")  // compiled into the binary: a broken one is a build error
        }
    }
}
