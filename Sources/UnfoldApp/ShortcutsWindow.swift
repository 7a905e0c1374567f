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
        Accessibility.setLabel(gCast(shortcuts.templateChild("scroller")), title)
        DialogKeys.install(on: window, application: application)
        Accessibility.repair(window)
        return window
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
