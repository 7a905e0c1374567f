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
        if let bytes = g_resources_lookup_data(path, UNFOLD_G_RESOURCE_LOOKUP_FLAGS_NONE, nil) {
            defer { g_bytes_unref(bytes) }
            var size = 0
            let data = g_bytes_get_data(bytes, &size)!.assumingMemoryBound(to: CChar.self)
            noteAccessibleNames(xml: data, length: size)
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
        noteAccessibleNames(xml: xml, length: xml.utf8.count)
    }

    /// Tells `Accessibility` which objects the interface named in an
    /// `<accessibility>` element (a label, or a "labelled-by" relation):
    /// GTK keeps no record of it that a program may read.
    private func noteAccessibleNames(xml: UnsafePointer<CChar>, length: Int) {
        final class Scan {
            var objectIDs: [String?] = []
            var inAccessibility = false
            var named: Set<String> = []
            var unnamedWithoutID = false
        }
        // The context keeps a pointer to its parser (and to the scan) while it lives.
        let parser = UnsafeMutablePointer<GMarkupParser>.allocate(capacity: 1)
        parser.initialize(to: GMarkupParser())
        defer { parser.deallocate() }
        parser.pointee.start_element = { _, element, names, values, data, _ in
            let scan = Unmanaged<Scan>.fromOpaque(data!).takeUnretainedValue()
            var attributes: [String: String] = [:]
            var index = 0
            while let name = names?[index], let value = values?[index] {
                attributes[String(cString: name)] = String(cString: value)
                index += 1
            }
            switch String(cString: element!) {
            case "object":
                scan.objectIDs.append(attributes["id"])
            case "accessibility":
                scan.inAccessibility = true
            case "property" where scan.inAccessibility && attributes["name"] == "label",
                 "relation" where scan.inAccessibility && attributes["name"] == "labelled-by":
                if let id = scan.objectIDs.last ?? nil { scan.named.insert(id) } else { scan.unnamedWithoutID = true }
            default:
                break
            }
        }
        parser.pointee.end_element = { _, element, data, _ in
            let scan = Unmanaged<Scan>.fromOpaque(data!).takeUnretainedValue()
            switch String(cString: element!) {
            case "object": scan.objectIDs.removeLast()
            case "accessibility": scan.inAccessibility = false
            default: break
            }
        }
        let scan = Scan()
        withExtendedLifetime(scan) {
            let context = g_markup_parse_context_new(parser, UNFOLD_G_MARKUP_DEFAULT_FLAGS, Unmanaged.passUnretained(scan).toOpaque(), nil)
            // GtkBuilder has read this XML already: it parses.
            _ = g_markup_parse_context_parse(context, xml, length, nil)
            g_markup_parse_context_free(context)
        }
        if scan.unnamedWithoutID {
            unfold_log_critical("an interface names an object that has no id: give it one, so that its name is known")
        }
        for id in scan.named {
            if let object = object(id), g_type_check_instance_is_a(gCast(object), gtk_accessible_get_type()) != 0 {
                Accessibility.noteNamed(accessible: OpaquePointer(object))
            }
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
