// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldCore

/// The tutorial's outline-view approach: a data-driven hierarchy in GtkListView
/// with GtkTreeListModel and GtkTreeExpander, with selection, driven by the
/// keyboard (↑ ↓ Home End move, + or → expands, − or ← collapses or goes to the
/// parent, Enter toggles).
///
/// Each node has one item object for the page's lifetime, tagged with the node's
/// ID, so rows keep their identity across expanding and collapsing.
@MainActor
public final class OutlinePage {
    public let widget: WidgetPointer
    public let listView: WidgetPointer
    private let tree: ObjectRef
    private let selection: ObjectRef
    private let nodes: [Int: OutlineNode]
    /// One model object per node, for the page's lifetime.
    private var items: [Int: ObjectRef] = [:]
    private var childStores: [Int: ObjectRef] = [:]
    private let rootStore: ObjectRef
    /// The nodes the user has opened, by ID: the one record of expansion.
    public private(set) var expandedIDs: Set<Int> = []

    private static let idQuark = g_quark_from_string("unfold-outline-id")

    private final class WeakOwner {
        weak var page: OutlinePage?
    }

    public init(roots: [OutlineNode] = SampleData.hierarchy) {
        var nodes: [Int: OutlineNode] = [:]
        func index(_ list: [OutlineNode]) { for node in list { nodes[node.id] = node; index(node.children) } }
        index(roots)
        self.nodes = nodes

        rootStore = ObjectRef(adopting: g_list_store_new(gtk_string_object_get_type()))
        // The tree asks the page for child models; the page exists only after
        // this, and the tree may outlive it (a list view lets it go last).
        let owner = WeakOwner()
        tree = ObjectRef(adopting: ListModels.tree(root: rootStore.transferred()) { item in
            owner.page?.childModel(of: item)
        })
        selection = ObjectRef(adopting: gtk_single_selection_new(tree.transferred()))
        let factory = gtk_signal_list_item_factory_new()!
        listView = gtk_list_view_new(selection.transferred(), factory)
        // Not the page's name, which its panel says: a screen reader would say it twice on the way in.
        Accessibility.setLabel(listView, tr("Groups and items"))
        listView.addCSSClass("navigation-sidebar")

        // The page's frame (caption, scrolled pane) is data/ui/outline-page.ui.
        let builder = AppResources.builder("outline-page.ui")
        widget = builder.takeWidget("page")
        gtk_scrolled_window_set_child(OpaquePointer(builder.object("scroller")!), listView)

        for root in roots { g_list_store_append(rootStore.opaque, item(for: root).raw) }
        owner.page = self
        connectFactory(factory)
        connectKeyboard()
        onPositionSignal(listView, "activate") { [unowned self] position in self.toggle(at: position) }
        onItemsChanged(tree.opaque) { [weak self] position, _, added in self?.rowsAppeared(at: position, count: added) }
        rowsAppeared(at: 0, count: g_list_model_get_n_items(tree.opaque))
        Ownership.attach(self, to: widget)
    }

    // MARK: Model

    private func item(for node: OutlineNode) -> ObjectRef {
        if let item = items[node.id] { return item }
        let item = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_string_object_new(node.title)!))
        g_object_set_qdata(item.object, Self.idQuark, UnsafeMutableRawPointer(bitPattern: node.id))
        items[node.id] = item
        return item
    }

    /// The ID of a model item of this page.
    public static func id(of item: UnsafeMutableRawPointer) -> Int {
        Int(bitPattern: g_object_get_qdata(gCast(item), idQuark))
    }

    /// The same store every time a node opens, so its rows keep their objects.
    private func childModel(of item: UnsafeMutableRawPointer) -> OpaquePointer? {
        guard let node = nodes[Self.id(of: item)], node.isExpandable else { return nil }
        let store = childStores[node.id] ?? {
            let store = ObjectRef(adopting: g_list_store_new(gtk_string_object_get_type()))
            for child in node.children { g_list_store_append(store.opaque, self.item(for: child).raw) }
            childStores[node.id] = store
            return store
        }()
        return store.transferred()  // the tree model takes this reference
    }

    /// The tree's row at `position` ("transfer full": ours while we hold it).
    private func listRow(at position: UInt32) -> ObjectRef? {
        gtk_tree_list_model_get_row(tree.opaque, position).map { ObjectRef(adopting: $0) }
    }

    /// The model object a row shows, if the row is still in the tree.
    private static func item(of listRow: OpaquePointer) -> ObjectRef? {
        gtk_tree_list_row_get_item(listRow).map { ObjectRef(adopting: $0) }
    }

    // MARK: Rows

    /// A row as shown now.
    public struct Row: Equatable {
        public let id: Int
        public let title: String
        public let depth: Int
        public let isExpanded: Bool
        /// The model object behind the row: the same one for as long as the page lives.
        public let item: UnsafeMutableRawPointer
    }

    public var rows: [Row] {
        (0..<g_list_model_get_n_items(tree.opaque)).compactMap { row(at: $0) }
    }

    public var selectedPosition: UInt32? {
        let position = gtk_single_selection_get_selected(selection.opaque)
        return position == GTK_INVALID_LIST_POSITION ? nil : position
    }

    private func row(at position: UInt32) -> Row? {
        guard let listRow = listRow(at: position), let item = Self.item(of: listRow.opaque) else { return nil }
        let id = Self.id(of: item.raw)
        return Row(id: id, title: nodes[id]?.title ?? "", depth: Int(gtk_tree_list_row_get_depth(listRow.opaque)),
                   isExpanded: gtk_tree_list_row_get_expanded(listRow.opaque) != 0, item: item.raw)
    }

    public func setExpanded(_ expanded: Bool, at position: UInt32) {
        guard let listRow = listRow(at: position) else { return }
        gtk_tree_list_row_set_expanded(listRow.opaque, expanded ? 1 : 0)
    }

    /// GtkTreeListModel forgets a row's expansion when its parent closes; the page
    /// remembers it, as the other pages' groups do, and reopens the row when it
    /// shows again. Rows report their own changes (mouse or keyboard alike).
    private func rowsAppeared(at position: UInt32, count: UInt32) {
        for offset in 0..<count {
            guard let listRow = listRow(at: position + offset), let item = Self.item(of: listRow.opaque) else { continue }
            let id = Self.id(of: item.raw)
            let row = listRow.opaque
            // Rows belong to the tree model and may outlive the page: hold it weakly.
            onNotify(listRow.raw, "expanded") { [weak self] in
                // A row dropped because its parent closed also reports itself
                // closed: then its ID stays remembered. Such a row is expandable
                // no more (GTK 4.18 keeps a dropped row's item, which 4.8 let go).
                guard let self, gtk_tree_list_row_is_expandable(row) != 0 else { return }
                if gtk_tree_list_row_get_expanded(row) != 0 { self.expandedIDs.insert(id) } else { self.expandedIDs.remove(id) }
            }
            if expandedIDs.contains(id) { reopen(listRow) }
        }
    }

    /// The tree model is mid-change while it reports new rows, so a row is reopened
    /// just after — still before the next frame is drawn.
    private func reopen(_ listRow: ObjectRef) {
        Timeout.after(milliseconds: 0) { gtk_tree_list_row_set_expanded(listRow.opaque, 1) }
    }

    private func toggle(at position: UInt32) {
        guard let row = listRow(at: position), gtk_tree_list_row_is_expandable(row.opaque) != 0 else { return }
        gtk_tree_list_row_set_expanded(row.opaque, gtk_tree_list_row_get_expanded(row.opaque) == 0 ? 1 : 0)
    }

    // MARK: Widgets

    /// Watches of the rows bound to list items, by list item: a row's expanded
    /// state is its list item's, for assistive technologies.
    private var rowWatches: [UnsafeMutableRawPointer: SignalConnection] = [:]

    private func connectFactory(_ factory: OpaquePointer) {
        onObjectSignal(UnsafeMutableRawPointer(factory), "setup") { listItem in
            let expander = gtk_tree_expander_new()!
            // The list item is the row's one focus: the expander inside it would
            // take the focus away from the selection.
            gtk_widget_set_focusable(expander, 0)
            // And it says it all: its name, level and expanded state. The
            // expander and its label inside would only say it again: GTK 4.8
            // leaves the hidden expander out. Where GTK shows every widget it
            // maps (GTKVersion.mappingShowsEveryWidget), the expander, a button
            // named by its label from GTK 4.12, stays in the tree as GTK has
            // it, named, and its label is left out (not the row's name three
            // nodes deep). Kept hidden there instead, or made presentation
            // alone, Orca 48 said "expanded, collapsed" as a row opened: the
            // new row's accessible, made late, told its state as news.
            let label = Widgets.ellipsizingLabel("")
            if GTKVersion.mappingShowsEveryWidget {
                Accessibility.setRole(label, GTK_ACCESSIBLE_ROLE_PRESENTATION)
            } else {
                Accessibility.setHidden(expander, true)
            }
            gtk_tree_expander_set_child(gCast(expander), label)
            gtk_list_item_set_child(OpaquePointer(listItem), expander)
        }
        onObjectSignal(UnsafeMutableRawPointer(factory), "bind") { [unowned self] listItem in
            guard let expander = gtk_list_item_get_child(OpaquePointer(listItem)),
                  let listRow = gtk_list_item_get_item(OpaquePointer(listItem)) else { return }
            gtk_tree_expander_set_list_row(gCast(expander), OpaquePointer(listRow))
            guard let item = Self.item(of: OpaquePointer(listRow)) else { return }
            let title = self.nodes[Self.id(of: item.raw)]?.title ?? ""
            gtk_label_set_text(gCast(gtk_tree_expander_get_child(gCast(expander))), title)
            // (Named itself, not "labelled by" the label GTK gives it, which is left out.)
            if GTKVersion.mappingShowsEveryWidget { Accessibility.setOnlyLabel(expander, title) }
            // The list item widget is what has the focus and the selection: it
            // carries the row's name and expanded state, and the selection
            // follows it wherever the focus goes (Tab moves through rows in GTK 4.8).
            guard let itemWidget = gtk_widget_get_parent(expander) else { return }
            self.adopt(itemWidget)
            Accessibility.setLabel(itemWidget, title)
            let level = Int(gtk_tree_list_row_get_depth(OpaquePointer(listRow))) + 1
            Accessibility.setLevel(itemWidget, level)
            // GTK 4.8 does not tell assistive technologies the level (later
            // versions do): in a flat list, "Circle" sounded a sibling of
            // "Collection". Said as the row's description, after its name —
            // set once its accessible is made, before the focus lands on it
            // (lest GTK tell it again after the focus; at launch, the focus
            // is there first, and Orca says the level twice).
            // TRANSLATORS: how deep a row of the outline is, said by screen readers after its name.
            let depth = fill(tr("Level {level}"), ["level": formatted(level)])
            Accessibility.makeAccessibleWhenShown(itemWidget) { Accessibility.setDescription($0, depth) }
            let row = OpaquePointer(listRow)
            Self.showExpansion(of: row, on: itemWidget)
            self.rowWatches.removeValue(forKey: listItem)?.disconnect()
            self.rowWatches[listItem] = onNotify(listRow, "expanded") { Self.showExpansion(of: row, on: itemWidget) }
        }
        onObjectSignal(UnsafeMutableRawPointer(factory), "unbind") { [unowned self] listItem in
            self.rowWatches.removeValue(forKey: listItem)?.disconnect()
        }
    }

    private static let adoptedQuark = g_quark_from_string("unfold-outline-adopted")

    /// Once per list item widget (GTK reuses them, and each stays in the list
    /// until the rows leave that it was made for): focus entering it selects
    /// the row it shows then, and a screen reader that counts the rows hears
    /// that it came.
    private func adopt(_ itemWidget: WidgetPointer) {
        guard g_object_get_qdata(itemWidget.object, Self.adoptedQuark) == nil else { return }
        g_object_set_qdata(itemWidget.object, Self.adoptedQuark, UnsafeMutableRawPointer(bitPattern: 1))
        Accessibility.tellArrivalWhenShown(itemWidget)
        let focus = gtk_event_controller_focus_new()!
        onSignal(UnsafeMutableRawPointer(focus), "enter") { [weak self] in
            guard let self, let position = self.position(of: itemWidget), position != self.selectedPosition else { return }
            gtk_selection_model_select_item(self.selection.opaque, position, 1)
        }
        gtk_widget_add_controller(itemWidget, focus)
    }

    /// The position of the row a list item widget shows now.
    private func position(of itemWidget: WidgetPointer) -> UInt32? {
        rowWatches.keys.first { item in
            gtk_list_item_get_child(OpaquePointer(item)).flatMap { gtk_widget_get_parent($0) } == itemWidget
        }.map { gtk_list_item_get_position(OpaquePointer($0)) }
    }

    private static func showExpansion(of row: OpaquePointer, on widget: WidgetPointer) {
        if gtk_tree_list_row_is_expandable(row) != 0 {
            Accessibility.setExpanded(widget, gtk_tree_list_row_get_expanded(row) != 0)
        } else {
            Accessibility.resetExpanded(widget)
        }
    }

    /// GtkListView moves the focus and the selection together with ↑ ↓ Home End
    /// Page Up and Page Down; the tree's own keys (→ ← + − Enter) act on that
    /// one row, and are taken before the row's widgets see them.
    private func connectKeyboard() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        onKeyPressed(keys) { [weak self] keyval, _ in
            guard let self, let position = self.selectedPosition, let row = self.row(at: position) else { return false }
            // The arrow that points into the row opens it: → left to right,
            // ← right to left, where the chevron points the other way (as
            // GtkTreeView swaps them).
            let rightToLeft = gtk_widget_get_direction(self.listView) == GTK_TEXT_DIR_RTL
            let (open, close) = rightToLeft ? (GDK_KEY_Left, GDK_KEY_Right) : (GDK_KEY_Right, GDK_KEY_Left)
            let key = Int32(keyval)
            switch key {
            case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
                self.toggle(at: position)
            case GDK_KEY_plus, GDK_KEY_KP_Add, open:
                self.setExpanded(true, at: position)
            case GDK_KEY_minus, GDK_KEY_KP_Subtract, close:
                if row.isExpanded {
                    self.setExpanded(false, at: position)
                } else if key == close {
                    self.selectParent(of: position)
                    return true
                } else {
                    return false
                }
            default:
                return false
            }
            self.select(row.id)
            return true
        }
        gtk_widget_add_controller(listView, keys)
    }

    /// ← (→ right to left) on a closed row goes to its parent, as in any tree.
    private func selectParent(of position: UInt32) {
        guard let row = listRow(at: position),
              let parent = gtk_tree_list_row_get_parent(row.opaque).map({ ObjectRef(adopting: $0) }) else { return }
        select(position: gtk_tree_list_row_get_position(parent.opaque))
    }

    /// Selects the row of node `id` and moves the focus to it.
    private func select(_ id: Int) {
        guard let position = rows.firstIndex(where: { $0.id == id }) else { return }
        select(position: UInt32(position))
    }

    /// Puts the focus on the selected row (the first if none is): the focus ring,
    /// the selection and the row the keys act on are one.
    public func focusSelectedRow() {
        select(position: selectedPosition ?? 0)
    }

    /// Selects the row at `position`, scrolls to it and focuses it, as GtkListView's
    /// own arrow keys do.
    private func select(position: UInt32) {
        gtk_selection_model_select_item(selection.opaque, position, 1)
        // The action does not sink a floating argument (valgrind found each
        // keystroke leaking one): own it for the call.
        let argument = g_variant_ref_sink(g_variant_new_uint32(position))
        defer { g_variant_unref(argument) }
        _ = gtk_widget_activate_action_variant(listView, "list.scroll-to-item", argument)
        let bound = rowWatches.keys.first { gtk_list_item_get_position(OpaquePointer($0)) == position }
        if let item = bound, let child = gtk_list_item_get_child(OpaquePointer(item)), let itemWidget = gtk_widget_get_parent(child) {
            gtk_widget_grab_focus(itemWidget)
        } else {
            gtk_widget_grab_focus(listView)
        }
    }

    /// The position of the row whose list item has the focus, if one has.
    public var focusedPosition: UInt32? {
        for item in rowWatches.keys {
            guard let child = gtk_list_item_get_child(OpaquePointer(item)), let itemWidget = gtk_widget_get_parent(child),
                  gtk_widget_has_focus(itemWidget) != 0 else { continue }
            return gtk_list_item_get_position(OpaquePointer(item))
        }
        return nil
    }
}
