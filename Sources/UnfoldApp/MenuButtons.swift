// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk

/// Menu buttons named for assistive technologies, their popovers repaired
/// (the app's part of what GTK 4.8 names wrongly: `AccessibilityRepair`).
extension Widgets {
    /// A GtkMenuButton showing `iconName`, named `label` for assistive
    /// technologies. A menu button is a button inside a widget: GTK 4.8
    /// exposes the widget as a second button of the same name, so there the
    /// outer one is a mere group, and the inner one, which takes the focus,
    /// has the name and says it opens a popup. Later GTKs name the inner one
    /// after the menu button (see `nameMenuButton`). Returns the menu button.
    /// `menu` (a GMenuModel) is what it pops up, named after the button too.
    /// `labelIsTooltip`: false where the caller gives the button a tooltip of its own.
    @MainActor
    public static func menuButton(iconName: String, label: String, menu: UnsafeMutablePointer<GMenuModel>? = nil,
                                  labelIsTooltip: Bool = true) -> WidgetPointer {
        let button = GTKVersion.namesAMenuButtonInside ? make(gtk_menu_button_get_type(), role: GTK_ACCESSIBLE_ROLE_GROUP)
            : gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(gCast(button), iconName)
        if let menu { gtk_menu_button_set_menu_model(gCast(button), menu) }
        describeMenuButton(button, label: label, labelIsTooltip: labelIsTooltip)
        return button
    }

    /// Names a menu button (its inner button, which assistive technologies
    /// see) `label`, says it opens a popup, and names its menu's parts after it.
    @MainActor
    public static func describeMenuButton(_ button: WidgetPointer, label: String, labelIsTooltip: Bool = true) {
        let inner = gtk_widget_get_first_child(button)!
        nameMenuButton(button, label)
        Accessibility.setHasPopup(inner, true)
        // The label is its tooltip too, given when the tooltip shows. Set as
        // tooltip text, it would also be the description, which says the name
        // twice; and GTK 4.8 would ask the X server where the pointer is at
        // once, a round trip for every button made (a list's rows included).
        if labelIsTooltip { Widgets.setTooltip(inner, label) }
        if let popover = gtk_menu_button_get_popover(gCast(button)) {
            Accessibility.repair(gCast(popover), context: label)
        }
    }

    /// A menu button from a .ui file, made as `menuButton` makes one, before
    /// it is shown: on GTK 4.8 a group around its inner button.
    @MainActor
    public static func prepareMenuButton(_ button: WidgetPointer) {
        if GTKVersion.namesAMenuButtonInside { Accessibility.setRole(button, GTK_ACCESSIBLE_ROLE_GROUP) }
    }

    /// Names a menu button `label` for assistive technologies, where each
    /// GTK takes its name: on its inner button (GTK 4.8), or on the menu
    /// button, which its inner button is "labelled by" on later GTKs.
    @MainActor
    public static func nameMenuButton(_ button: WidgetPointer, _ label: String) {
        if GTKVersion.namesAMenuButtonInside {
            Accessibility.setOnlyLabel(gtk_widget_get_first_child(button)!, label)
        } else {
            Accessibility.setLabel(button, label)
        }
    }
}
