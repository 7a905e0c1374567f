/// Ties a Swift object's lifetime to a GObject: the object is released when the
/// GObject is finalized. Composite views (a header plus a reveal, a page) use it
/// so that their Swift state lives exactly as long as their root widget.
@MainActor
public enum Ownership {
    private static let quark = g_quark_from_static_string("unfold-swift-owner")

    /// One owner per GObject: composite views each have a root widget of their own.
    public static func attach(_ owner: AnyObject, to object: UnsafeMutableRawPointer) {
        let gobject: UnsafeMutablePointer<GObject> = gCast(object)
        precondition(g_object_get_qdata(gobject, quark) == nil, "\(typeName(of: gobject)) already has a Swift owner")
        g_object_set_qdata_full(gobject, quark, Unmanaged.passRetained(owner).toOpaque()) { data in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
        }
    }
}
