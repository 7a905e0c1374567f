// SPDX-License-Identifier: LGPL-2.1-or-later
/// An owning reference to a GObject: it takes a reference (sinking a floating
/// one) and drops it when it goes, so no code counts references by hand.
public final class ObjectRef {
    public let raw: UnsafeMutableRawPointer

    /// Takes a new reference to `object` (or the floating one a new widget has).
    public init(_ object: UnsafeMutableRawPointer) {
        g_object_ref_sink(object)
        raw = object
    }

    public convenience init<T>(_ object: UnsafeMutablePointer<T>) { self.init(UnsafeMutableRawPointer(object)) }
    public convenience init(_ object: OpaquePointer) { self.init(UnsafeMutableRawPointer(object)) }

    /// Adopts the reference a "transfer full" function returned.
    public init(adopting object: UnsafeMutableRawPointer) {
        raw = object
    }

    public convenience init(adopting object: OpaquePointer) { self.init(adopting: UnsafeMutableRawPointer(object)) }

    deinit { g_object_unref(raw) }

    public var opaque: OpaquePointer { OpaquePointer(raw) }
    public var object: UnsafeMutablePointer<GObject> { raw.assumingMemoryBound(to: GObject.self) }
    public var widget: WidgetPointer { raw.assumingMemoryBound(to: GtkWidget.self) }

    /// A new reference for a function that takes one ("transfer full" in).
    public func transferred() -> OpaquePointer { OpaquePointer(g_object_ref(raw)) }
}

/// A weak reference to a GObject (GWeakRef): it never keeps the object alive,
/// and says when it has gone.
public final class WeakObjectRef {
    /// GLib keeps the address of a GWeakRef: it must not move.
    private let storage: UnsafeMutablePointer<GWeakRef>

    public init(_ object: UnsafeMutableRawPointer) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: GWeakRef())
        g_weak_ref_init(storage, object)
    }

    deinit {
        g_weak_ref_clear(storage)
        storage.deallocate()
    }

    /// A strong reference to the object, if it is still alive.
    public func get() -> ObjectRef? {
        g_weak_ref_get(storage).map { ObjectRef(adopting: $0) }
    }
}

/// Ties a Swift object's lifetime to a GObject: the object is released when the
/// GObject is finalized. Composite views (a page) use it so that their Swift
/// state lives exactly as long as their root widget.
@MainActor
public enum Ownership {
    private static let quark = g_quark_from_string("unfold-swift-owner")

    /// One owner per GObject: composite views each have a root widget of their own.
    public static func attach(_ owner: AnyObject, to object: UnsafeMutableRawPointer) {
        let gobject: UnsafeMutablePointer<GObject> = gCast(object)
        precondition(g_object_get_qdata(gobject, quark) == nil, "\(typeName(of: gobject)) already has a Swift owner")
        g_object_set_qdata_full(gobject, quark, Unmanaged.passRetained(owner).toOpaque()) { data in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
        }
    }

    /// The Swift object `attach` tied to `object`, if any.
    public static func owner(of object: UnsafeMutableRawPointer) -> AnyObject? {
        g_object_get_qdata(gCast(object), quark).map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
    }
}
