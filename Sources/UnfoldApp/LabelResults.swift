// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldCore

/// The Collection page's filter result as a GListModel (`UnfoldLabelResults`):
/// what the page's UnfoldListView shows, through the library's own path, as
/// any GTK program's model would be. Its items (`UnfoldLabelItem`) are made
/// on demand and each names a position in the collection, which is also the
/// item's identity for the list: a million results cost a million integers,
/// not a million objects.
@MainActor
final class LabelResults {
    /// The GObject; it holds the positions (`Storage`), so the list may keep
    /// it for as long as it likes.
    let model: ObjectRef
    private let storage: Storage

    /// The positions of the listed labels in the collection, ascending.
    var positions: LabelSet { storage.positions }
    /// The collection those positions are in. It changes only with
    /// `replaceAll`: an item's position always means a label of this one.
    var collection: LabelCollection { storage.collection }

    init(_ collection: LabelCollection) {
        storage = Storage(collection)
        let object = g_object_new_with_properties(LabelResultsType.type, 0, nil, nil)!
        LabelResultsType.slot(of: object).pointee = Unmanaged.passRetained(storage).toOpaque()
        model = ObjectRef(adopting: UnsafeMutableRawPointer(object))
    }

    /// Lists `newPositions` (ascending) instead, saying the difference as
    /// `items-changed` signals, exactly where `window` (the old positions in
    /// view) shows it: see `ResultChange`.
    func replace(with newPositions: LabelSet, exactAround window: Range<Int>) {
        let changes = ResultChange.changes(from: storage.positions, to: newPositions, exactAround: window)
        guard !changes.isEmpty else { return }
        // Signal by signal, the model is the new positions up to the end of
        // the change just said, and the old ones after it.
        storage.incoming = newPositions
        defer {
            storage.positions = newPositions
            storage.incoming = nil
        }
        for change in changes {
            storage.oldBoundary += change.position - storage.boundary + change.removed
            storage.boundary = change.position + change.added
            g_list_model_items_changed(model.opaque, guint(change.position), guint(change.removed), guint(change.added))
        }
    }

    /// Lists `newPositions` of another collection (a new version of the
    /// file): one change of every item, which the list animates by its keys,
    /// the labels' IDs.
    func replaceAll(with newPositions: LabelSet, of newCollection: LabelCollection) {
        let removed = storage.positions.count
        storage.positions = newPositions
        storage.collection = newCollection
        g_list_model_items_changed(model.opaque, 0, guint(removed), guint(newPositions.count))
    }

    /// The collection position an `UnfoldLabelItem` names.
    static func position(of item: UnsafeMutableRawPointer) -> Int {
        LabelItemType.slot(of: item).pointee
    }

    /// The listed positions, and while a change is said, the new ones: the
    /// model is then `incoming[..<boundary]` followed by `positions[oldBoundary...]`.
    final class Storage {
        var collection: LabelCollection
        var positions: LabelSet
        var incoming: LabelSet? {
            didSet { boundary = 0; oldBoundary = 0 }
        }
        var boundary = 0
        var oldBoundary = 0

        init(_ collection: LabelCollection) {
            self.collection = collection
            positions = LabelSet(none: collection.count)
        }

        var count: Int { incoming == nil ? positions.count : boundary + positions.count - oldBoundary }

        subscript(position: Int) -> Int {
            guard let incoming else { return positions[position] }
            return position < boundary ? incoming[position] : positions[oldBoundary + position - boundary]
        }
    }
}

/// `UnfoldLabelResults`: a GObject whose one field is a retained `Storage`.
@MainActor
private enum LabelResultsType {
    static let type: GType = {
        var info = GTypeInfo(
            class_size: guint16(MemoryLayout<GObjectClass>.size), base_init: nil, base_finalize: nil,
            class_init: { klass, _ in
                // Type pointers are not Sendable; GObject calls these on the main thread.
                let handed = HandedOver(klass)
                MainActor.assumeIsolated {
                    let klass = handed.value
                    LabelResultsType.parentClass = gCast(g_type_class_peek_parent(klass)!)
                    let objectClass: UnsafeMutablePointer<GObjectClass> = gCast(klass!)
                    objectClass.pointee.finalize = { object in
                        let handed = HandedOver(object)
                        MainActor.assumeIsolated {
                            let object = handed.value
                            let slot = LabelResultsType.slot(of: object!)
                            if let storage = slot.pointee { Unmanaged<LabelResults.Storage>.fromOpaque(storage).release() }
                            slot.pointee = nil
                            LabelResultsType.parentClass.pointee.finalize!(object)
                        }
                    }
                }
            },
            class_finalize: nil, class_data: nil,
            instance_size: guint16(MemoryLayout<GObject>.size + MemoryLayout<UnsafeRawPointer>.size),
            n_preallocs: 0, instance_init: nil, value_table: nil)
        let type = g_type_register_static(g_object_get_type(), "UnfoldLabelResults", &info, UNFOLD_G_TYPE_FLAG_FINAL)
        var listModel = GInterfaceInfo(interface_init: { iface, _ in
            let vtable: UnsafeMutablePointer<GListModelInterface> = gCast(iface!)
            vtable.pointee.get_item_type = { _ in MainActor.assumeIsolated { LabelItemType.type } }
            vtable.pointee.get_n_items = { model in
                let handed = HandedOver(model)
                return MainActor.assumeIsolated {
                    let model = handed.value
                    return guint(LabelResultsType.storage(of: model!).count)
                }
            }
            vtable.pointee.get_item = { model, position in
                // A GObject pointer is not Sendable; it never leaves the main thread here.
                nonisolated(unsafe) var item: gpointer?
                let handed = HandedOver(model)
                MainActor.assumeIsolated {
                    let model = handed.value
                    let storage = LabelResultsType.storage(of: model!)
                    if Int(position) < storage.count { item = LabelItemType.make(storage[Int(position)]) }
                }
                return item
            }
        }, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, g_list_model_get_type(), &listModel)
        return type
    }()

    static var parentClass: UnsafeMutablePointer<GObjectClass>!

    static func slot(of object: UnsafeMutableRawPointer) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        (object + MemoryLayout<GObject>.size).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    static func slot(of object: UnsafeMutablePointer<GObject>) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        slot(of: UnsafeMutableRawPointer(object))
    }

    static func storage(of model: OpaquePointer) -> LabelResults.Storage {
        Unmanaged<LabelResults.Storage>.fromOpaque(slot(of: UnsafeMutableRawPointer(model)).pointee!).takeUnretainedValue()
    }
}

/// `UnfoldLabelItem`: a GObject whose one field is a collection position.
@MainActor
private enum LabelItemType {
    static let type: GType = {
        var info = GTypeInfo(
            class_size: guint16(MemoryLayout<GObjectClass>.size), base_init: nil, base_finalize: nil,
            class_init: nil, class_finalize: nil, class_data: nil,
            instance_size: guint16(MemoryLayout<GObject>.size + MemoryLayout<Int>.size),
            n_preallocs: 0, instance_init: nil, value_table: nil)
        return g_type_register_static(g_object_get_type(), "UnfoldLabelItem", &info, UNFOLD_G_TYPE_FLAG_FINAL)
    }()

    static func slot(of item: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Int> {
        (item + MemoryLayout<GObject>.size).assumingMemoryBound(to: Int.self)
    }

    static func make(_ position: Int) -> gpointer {
        let item = UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)!)
        slot(of: item).pointee = position
        return item
    }
}
