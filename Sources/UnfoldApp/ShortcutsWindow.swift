// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import UnfoldGtk

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
            let list = gtk_list_box_new()!
            gtk_list_box_set_selection_mode(gCast(list), GTK_SELECTION_NONE)
            list.addCSSClass("boxed-list")
            Accessibility.setLabel(list, group.title)
            for shortcut in group.shortcuts {
                gtk_list_box_append(gCast(list), row(shortcut.title, keys: Shortcuts.keysLabel(shortcut, application: application)))
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
        let row = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(gCast(row), box)
        gtk_list_box_row_set_activatable(gCast(row), 0)
        gtk_list_box_row_set_selectable(gCast(row), 0)
        // TRANSLATORS: a shortcut for screen readers: what it does, then its keys.
        Accessibility.setLabel(row, fill(tr("{action}: {keys}"), ["action": title, "keys": keys]))
        return row
    }
}
