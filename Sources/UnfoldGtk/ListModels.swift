// SPDX-License-Identifier: LGPL-2.1-or-later
private typealias ChildModelHandler = @MainActor (_ item: UnsafeMutableRawPointer) -> OpaquePointer?

@MainActor
public enum ListModels {
    /// A GtkTreeListModel over `root` (whose reference it takes). `children` gives
    /// an item's child model with a reference the tree takes, or nil for a leaf.
    public static func tree(
        root: OpaquePointer, children: @escaping @MainActor (_ item: UnsafeMutableRawPointer) -> OpaquePointer?
    ) -> OpaquePointer {
        let create: GtkTreeListModelCreateModelFunc = { item, data in
            // A GListModel pointer is not Sendable; it never leaves the main thread here.
            nonisolated(unsafe) var model: OpaquePointer?
            MainActor.assumeIsolated { model = ClosureBox<ChildModelHandler>.from(data).body(item!) }
            return model
        }
        return gtk_tree_list_model_new(root, 0, 0, create, ClosureBox(children as ChildModelHandler).retainedPointer()) { data in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
        }
    }
}
