// SPDX-License-Identifier: LGPL-2.1-or-later
/// A user interface built from a GtkBuilder file.
@MainActor
public final class Builder {
    private let builder: ObjectRef

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Builds the file at `path` in the registered resources, translating its
    /// marked strings in `domain`.
    public init(resource path: String, domain: String) throws(Failure) {
        builder = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_builder_new()!))
        gtk_builder_set_translation_domain(OpaquePointer(builder.raw), domain)
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_resource(OpaquePointer(builder.raw), path, &error) != 0 else {
            defer { g_error_free(error) }
            throw Failure(description: "\(path): \(String(cString: error!.pointee.message))")
        }
    }

    /// Builds `xml` (a whole `<interface>`).
    public init(xml: String) throws(Failure) {
        builder = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_builder_new()!))
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(OpaquePointer(builder.raw), xml, -1, &error) != 0 else {
            defer { g_error_free(error) }
            throw Failure(description: String(cString: error!.pointee.message))
        }
    }

    /// The object `id`, which the builder holds while it lives.
    public func object(_ id: String) -> UnsafeMutableRawPointer? {
        gtk_builder_get_object(OpaquePointer(builder.raw), id).map { UnsafeMutableRawPointer($0) }
    }

    /// The toplevel widget `id`, handed out as a new widget is: floating, for
    /// the parent it goes into to take (the builder lets go of it when it goes).
    public func takeWidget(_ id: String) -> WidgetPointer {
        guard let widget = object(id) else { preconditionFailure("no object \(id) in the interface") }
        g_object_ref(widget)
        g_object_force_floating(gCast(widget))
        return gCast(widget)
    }
}
