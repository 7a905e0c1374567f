import Gtk
import UnfoldWidgets

/// Part 1 of the tutorial: the nested hierarchy, with custom reveals, in a
/// scrolled box, followed by a plain row that moves as the groups open.
@MainActor
public final class RevealPage {
    /// SwiftUI's default `.padding()` around the stack, and the tutorial's
    /// 8 px vertical padding of the following row.
    static let pagePadding: Int32 = 16
    static let followingItemPadding: Int32 = 8

    public let widget: WidgetPointer
    public let collection: RevealGroup
    public let shapes: RevealGroup
    public let followingItem: WidgetPointer

    public init() {
        shapes = RevealGroup(title: "Shapes", children: [Widgets.label("Circle"), Widgets.label("Square")])
        collection = RevealGroup(title: "Collection", children: [shapes.widget, Widgets.label("Palette")])
        followingItem = Widgets.label("Following item")
        followingItem.setMargins(top: Self.followingItemPadding, bottom: Self.followingItemPadding)

        let stack = Widgets.box(GTK_ORIENTATION_VERTICAL)
        stack.setMargins(top: Self.pagePadding, bottom: Self.pagePadding, start: Self.pagePadding, end: Self.pagePadding)
        Widgets.append(collection.widget, to: stack)
        Widgets.append(followingItem, to: stack)

        // Never scroll horizontally: the content is measured height-for-width at
        // the window's width, so long labels wrap instead.
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(gCast(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(gCast(widget), stack)
        Ownership.attach(self, to: widget)
    }
}
