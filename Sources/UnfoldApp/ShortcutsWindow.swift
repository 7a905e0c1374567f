// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import UnfoldGtk
import UnfoldWidgets

/// The keyboard shortcuts window (Ctrl+? or F1, `UnfoldShortcutsWindow`): its
/// frame is `data/ui/shortcuts-window.ui`; its rows are the table of
/// `Shortcuts`, in groups of rows that a screen reader reads as
/// "New window: Ctrl+N".
///
/// GTK 4.8's GtkShortcutsWindow exposes its parts to assistive technologies
/// under their type names, nested in pages they cannot tell apart; this one is
/// a plain list.
@MainActor
public final class ShortcutsWindow: WidgetImplementation {
    public override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(
            typeName: "UnfoldShortcutsWindow", cssName: "window", accessibleRole: GTK_ACCESSIBLE_ROLE_DIALOG,
            parent: { adw_window_get_type() },
            template: .init(resource: AppResources.path("ui/shortcuts-window.ui"), children: ["groups", "scroller"]))
    }

    static var title: String { tr("Keyboard Shortcuts") }

    /// A new shortcuts window over `parent`.
    static func make(for parent: WidgetPointer) -> WidgetPointer {
        AppResources.register()
        let shortcuts = make()
        let window = shortcuts.widget
        gtk_window_set_transient_for(gCast(window), gCast(parent))
        let application = gtk_window_get_application(gCast(parent))
        let groups: WidgetPointer = gCast(shortcuts.templateChild("groups"))
        for group in Shortcuts.groups {
            let heading = Widgets.wrappingLabel(group.title)
            heading.addCSSClass("heading")
            gtk_widget_set_margin_top(heading, 12)
            Widgets.append(heading, to: groups)
            let list = ShortcutsList.make().widget
            list.addCSSClass("boxed-list")
            Accessibility.setLabel(list, group.title)
            for shortcut in group.shortcuts {
                gtk_widget_set_parent(row(shortcut.title, keys: Shortcuts.keysLabel(shortcut, application: application)), list)
            }
            Widgets.append(list, to: groups)
        }
        let scroller: WidgetPointer = gCast(shortcuts.templateChild("scroller"))
        Accessibility.setLabel(scroller, title)
        moveFocusByListKeys(in: groups, scroller: scroller)
        DialogKeys.install(on: window, application: application)
        Accessibility.repair(window)
        return window
    }

    /// Home, End, Page Up and Page Down move the focus among the shortcuts,
    /// as in any list (the window lists these keys itself). Left to the
    /// scrolled window, they would scroll the shortcuts and leave the focus,
    /// and a screen reader, where it was. The rows of every group are one
    /// list here: End is the last shortcut of the window.
    private static func moveFocusByListKeys(in groups: WidgetPointer, scroller: WidgetPointer) {
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(keys) { keyval, _ in
            let rows = Widgets.descendants(of: groups, ofType: ShortcutsList.gType).flatMap(Widgets.children(of:))
            guard let focus = gtk_root_get_focus(gtk_widget_get_root(groups)),
                  let current = rows.firstIndex(where: { $0 == focus || gtk_widget_is_ancestor(focus, $0) != 0 }) else {
                return false
            }
            let page = gtk_adjustment_get_page_size(gtk_scrolled_window_get_vadjustment(gCast(scroller)))
            let top = { (row: WidgetPointer) -> Double in
                var point = graphene_point_t()
                var origin = graphene_point_t()
                return gtk_widget_compute_point(row, groups, &origin, &point) != 0 ? Double(point.y) : 0
            }
            let target: Int
            switch Int32(keyval) {
            case GDK_KEY_Home, GDK_KEY_KP_Home: target = 0
            case GDK_KEY_End, GDK_KEY_KP_End: target = rows.count - 1
            case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down:
                // The last row that starts within a page below this one's top.
                let limit = top(rows[current]) + page
                target = min(max(current + 1, rows.lastIndex { top($0) <= limit } ?? current), rows.count - 1)
            case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up:
                let limit = top(rows[current]) - page
                target = max(min(current - 1, rows.firstIndex { top($0) >= limit } ?? current), 0)
            default:
                return false
            }
            gtk_widget_grab_focus(rows[target])
            return true
        }
        gtk_widget_add_controller(groups, keys)
    }

    private static func row(_ title: String, keys: String) -> WidgetPointer {
        let box = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        box.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        let titleLabel = Widgets.wrappingLabel(title)
        gtk_widget_set_hexpand(titleLabel, 1)
        let keysText = Widgets.wrappingLabel(keys, xalign: 1)
        keysText.addCSSClass("dim-label")
        Widgets.append(titleLabel, to: box)
        Widgets.append(keysText, to: box)
        let listRow = ListRow.make()
        listRow.setChild(box)
        let row = listRow.widget
        // TRANSLATORS: a shortcut for screen readers: what it does, then its keys.
        Accessibility.setLabel(row, fill(tr("{action}: {keys}"), ["action": title, "keys": keys]))
        return row
    }
}

/// A group's shortcuts, one row each, read by Tab or the arrows. Not a
/// GtkListBox: GTK 4.8 offers a list box's selection to assistive
/// technologies even when nothing in it can be selected, and Orca then says
/// "not selected" after every shortcut.
@MainActor
final class ShortcutsList: WidgetImplementation {
    override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(typeName: "UnfoldShortcutsList", cssName: "list", accessibleRole: GTK_ACCESSIBLE_ROLE_LIST,
                               layoutManager: { gtk_box_layout_get_type() })
    }

    required init(widget: WidgetPointer) {
        super.init(widget: widget)
        gtk_orientable_set_orientation(gCast(gtk_widget_get_layout_manager(widget)), GTK_ORIENTATION_VERTICAL)
    }

    /// The keyboard goes through the shortcuts in their order, by Tab or the
    /// arrows, and comes in at the first (or, backwards, the last): GTK
    /// would order them by place, and a window opening has none yet.
    override func focus(_ direction: GtkDirectionType) -> Bool {
        var rows: [WidgetPointer] = []
        var child = gtk_widget_get_first_child(widget)
        while let row = child {
            rows.append(row)
            child = gtk_widget_get_next_sibling(row)
        }
        let current = gtk_widget_get_focus_child(widget).flatMap { rows.firstIndex(of: $0) }
        let target: Int
        switch direction {
        case GTK_DIR_TAB_FORWARD, GTK_DIR_DOWN: target = current.map { $0 + 1 } ?? 0
        case GTK_DIR_TAB_BACKWARD, GTK_DIR_UP: target = current.map { $0 - 1 } ?? rows.count - 1
        default: return false
        }
        guard rows.indices.contains(target) else { return false }
        return gtk_widget_grab_focus(rows[target]) != 0
    }

    override func dispose() {
        while let row = gtk_widget_get_first_child(widget) { gtk_widget_unparent(row) }
    }
}
