import Gtk
import UnfoldCore
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
    /// The disclosure groups, by the ID of the node they show.
    public private(set) var groups: [Int: RevealGroup] = [:]
    /// The rows after the first group: in the sample, "Following item".
    public private(set) var followingRows: [WidgetPointer] = []

    /// The sample hierarchy's groups and row, by the names the tutorial uses.
    public var collection: RevealGroup { groups[1]! }
    public var shapes: RevealGroup { groups[2]! }
    public var followingItem: WidgetPointer { followingRows[0] }

    public init(nodes: [OutlineNode] = OutlineNode.sample) {
        let stack = Widgets.box(GTK_ORIENTATION_VERTICAL)
        stack.setMargins(top: Self.pagePadding, bottom: Self.pagePadding, start: Self.pagePadding, end: Self.pagePadding)
        // Never scroll horizontally: the content is measured height-for-width at
        // the window's width, so long labels wrap instead.
        widget = Widgets.verticalScroller(stack, label: Page.reveal.title)
        for node in nodes {
            let row = build(node)
            if !node.isExpandable {
                row.setMargins(top: Self.followingItemPadding, bottom: Self.followingItemPadding)
                followingRows.append(row)
            }
            Widgets.append(row, to: stack)
        }
        Ownership.attach(self, to: widget)
    }

    private func build(_ node: OutlineNode) -> WidgetPointer {
        guard node.isExpandable else { return Widgets.wrappingLabel(node.title) }
        let group = RevealGroup(title: node.title, children: node.children.map(build))
        groups[node.id] = group
        return group.widget
    }
}
