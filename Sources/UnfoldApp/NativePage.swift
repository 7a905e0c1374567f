// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import UnfoldGtk
import UnfoldCore

/// The tutorial's first approaches: the platform's own disclosure controls.
/// GTK's GtkExpander opens at once, without animation; GNOME's restyled one,
/// AdwExpanderRow in a boxed list, slides open (it animates with a
/// GtkRevealer). The page shows the hierarchy with both, one under the other,
/// each with a caption that says, in words, how it behaves. The page's frame is
/// `data/ui/native-page.ui`; the hierarchy in it is built from data.
@MainActor
public final class NativePage {
    public let widget: WidgetPointer
    /// The expanders, by the ID of the node they show.
    public private(set) var expanders: [Int: WidgetPointer] = [:]
    /// The expander rows, by the ID of the node they show.
    public private(set) var expanderRows: [Int: WidgetPointer] = [:]

    public init(nodes: [OutlineNode] = SampleData.hierarchy) {
        let builder = AppResources.builder("native-page.ui")
        widget = builder.takeWidget("page")
        let expanderBox: WidgetPointer = gCast(builder.object("expanders")!)
        let rowList: WidgetPointer = gCast(builder.object("expander_rows")!)
        for node in nodes {
            Widgets.append(expander(node), to: expanderBox)
            gtk_list_box_append(gCast(rowList), row(node))
        }
        Ownership.attach(self, to: widget)
    }

    private func expander(_ node: OutlineNode) -> WidgetPointer {
        guard node.isExpandable else { return Widgets.wrappingLabel(node.title) }
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        content.setMargins(top: 8, bottom: 8, start: 18)
        for child in node.children { Widgets.append(expander(child), to: content) }
        let expander = gtk_expander_new(nil)!
        // Its title wraps like the other pages' (never widening the window), and
        // names it: GtkExpander alone would be called after its type.
        gtk_expander_set_label_widget(gCast(expander), Widgets.wrappingLabel(node.title))
        Accessibility.setLabel(expander, node.title)
        Accessibility.hideDecorations(in: expander)
        gtk_expander_set_child(gCast(expander), content)
        // GTK 4.8's expander says it controls its child even while the child
        // is out of the window (`GTKVersion.expanderControlsItsChildOutside`):
        // there the relation is the app's, and only while the child is in;
        // "expanded" is told after it came in or went out.
        //
        // And the child held apart takes no focus: GTK 4.18 and 4.24 (not
        // 4.8) give Tab on a collapsed expander to its detached child, whose
        // focus search asks a window it is not in ("gtk_root_get_focus:
        // assertion 'GTK_IS_ROOT (self)' failed") before Tab goes on.
        // Harmless on every GTK: a child out of the window has nothing to focus.
        let whileIn: @MainActor () -> Void = {
            let isIn = gtk_expander_get_expanded(gCast(expander)) != 0
            gtk_widget_set_can_focus(content, isIn ? 1 : 0)
            // (Elsewhere the relation is GTK's own.)
            guard GTKVersion.expanderControlsItsChildOutside else { return }
            if isIn {
                Accessibility.setControls(expander, content)
            } else {
                Accessibility.resetControls(expander)
            }
        }
        whileIn()
        onNotify(expander, "expanded", whileIn)
        expanders[node.id] = expander
        return expander
    }

    /// A node as a row: an expander row holding its children's rows, or a
    /// plain row for a leaf.
    private func row(_ node: OutlineNode) -> WidgetPointer {
        guard node.isExpandable else {
            let leaf = adw_action_row_new()!
            adw_preferences_row_set_title(gCast(leaf), Self.markupSafe(node.title))
            Accessibility.setOnlyLabel(leaf, node.title)
            // A leaf does nothing when activated, but it takes the focus, as
            // every row of a libadwaita list does: GTK 4.8's list box, entered
            // backwards (Shift+Tab, ↑), tries its last row and gives up the
            // whole list if that row cannot take the focus.
            gtk_list_box_row_set_activatable(gCast(leaf), 0)
            // Nothing is chosen in this list. (Orca 43 still says "not
            // selected" of a focused row of a GTK 4.8 list box: screen-reader.md.)
            gtk_list_box_row_set_selectable(gCast(leaf), 0)
            return leaf
        }
        let expanderRow = adw_expander_row_new()!
        adw_preferences_row_set_title(gCast(expanderRow), Self.markupSafe(node.title))
        // Described before it holds anything: the roles it changes can only
        // change while no accessible below has been used.
        ExpanderRowAccessibility.describe(expanderRow, title: node.title)
        for child in node.children { adw_expander_row_add_row(gCast(expanderRow), row(child)) }
        expanderRows[node.id] = expanderRow
        return expanderRow
    }

    /// Row titles are Pango markup in libadwaita 1.2: a title is shown as
    /// written, "<" and "&" included.
    static func markupSafe(_ text: String) -> String {
        let escaped = g_markup_escape_text(text, -1)!
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}

/// What libadwaita 1.2's expander row does not tell assistive technologies
/// (later versions do), and what it tells three times. It is a row (a list
/// item), holding a list of one row, its header, which is the control: the
/// row Tab reaches, Space or Enter and the click open and close. One thing,
/// three nested nodes named alike. GTK 4.8 cannot leave a node out of the tree
/// and keep its children, but it lets a widget's role change until its
/// accessible is first used: the expander row stays a list item, named by
/// the title as list items are (a list counts its items by role, so its list
/// says how many rows it shows; Orca does not say an item's name on the way
/// into its header), its header's list becomes an unnamed group, which
/// screen readers pass over, and the header a button named by the title that
/// says whether the row is expanded, as GTK's own expander is. The children's
/// list has an empty name (the header says the group) and is there only
/// while it is open. No list takes the focus itself: its rows do.
@MainActor
enum ExpanderRowAccessibility {
    static func describe(_ expanderRow: WidgetPointer, title: String) {
        guard let header = header(of: expanderRow),
              let headerList = gtk_widget_get_ancestor(header, gtk_list_box_get_type()),
              let revealer = Widgets.firstDescendant(of: expanderRow, ofType: gtk_revealer_get_type()),
              let childList = Widgets.firstDescendant(of: revealer, ofType: gtk_list_box_get_type()) else {
            preconditionFailure("AdwExpanderRow is not made as in libadwaita 1.2: see ExpanderRowAccessibility")
        }
        Accessibility.setRole(headerList, GTK_ACCESSIBLE_ROLE_GROUP)
        Accessibility.setRole(header, GTK_ACCESSIBLE_ROLE_BUTTON)
        Accessibility.setUnnamed(headerList)
        Accessibility.setOnlyLabel(expanderRow, title)
        for list in [expanderRow, headerList, childList] { gtk_widget_set_focusable(list, 0) }
        Accessibility.setOnlyLabel(header, title)
        // The header says the group: its rows' list, named after it too, made
        // a screen reader say the group's name again after the row's. Named
        // empty, not left unnamed: an unnamed list is named after its
        // context by AccessibilityRepair ("Unfold. List with 1 item.").
        Accessibility.setOnlyLabel(childList, "")
        let update: @MainActor () -> Void = {
            let expanded = adw_expander_row_get_expanded(gCast(expanderRow)) != 0
            Accessibility.setExpanded(header, expanded)
            // Closing, they have already gone for them (as the custom reveal's content has).
            Accessibility.setHidden(revealer, !expanded)
        }
        update()
        onNotify(expanderRow, "expanded", update)
        Accessibility.hideDecorations(in: header)
    }

    /// The row's header: an AdwActionRow with the title and the arrow.
    static func header(of expanderRow: WidgetPointer) -> WidgetPointer? {
        Widgets.firstDescendant(of: expanderRow, ofType: adw_action_row_get_type())
    }
}
