// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldCore
import UnfoldWidgets

/// Part 1 of the tutorial: the nested hierarchy, with custom reveals, in a
/// scrolled box, followed by a plain row that moves as the groups open.
///
/// The tutorial's own hierarchy is declared in `data/ui/reveal-page.ui` (its
/// groups are `UnfoldRevealGroup`s); any other hierarchy is built from data,
/// to the same layout.
@MainActor
public final class RevealPage {
    /// SwiftUI's default `.padding()` around the stack, and the tutorial's
    /// 8 px vertical padding of the following row (as in the .ui file).
    static let pagePadding: Int32 = 16
    static let followingItemPadding: Int32 = 8

    /// The page's root: it owns the page.
    public let widget: WidgetPointer
    /// The disclosure groups, by the ID of the node they show.
    private var groupWidgets: [Int: ObjectRef] = [:]
    /// The rows after the first group: in the sample, "Following item".
    private var followingRowWidgets: [ObjectRef] = []

    public var groups: [Int: RevealGroup] { groupWidgets.mapValues { RevealGroup.implementation(of: $0.widget) } }
    public var followingRows: [WidgetPointer] { followingRowWidgets.map(\.widget) }

    /// The sample hierarchy's groups and row, by the names the tutorial uses.
    public var collection: RevealGroup { RevealGroup.implementation(of: groupWidgets[1]!.widget) }
    public var shapes: RevealGroup { RevealGroup.implementation(of: groupWidgets[2]!.widget) }
    public var followingItem: WidgetPointer { followingRows[0] }

    /// The tutorial's page, from its GtkBuilder file.
    public init() {
        let builder = AppResources.builder("reveal-page.ui")
        widget = builder.takeWidget("page")
        for id in OutlineNode.allIDs(OutlineNode.sample) {
            if let group = builder.object("group-\(id)") { groupWidgets[id] = ObjectRef(group) }
        }
        followingRowWidgets = [ObjectRef(builder.object("following-item")!)]
        describeContents(of: SampleData.hierarchy)
        Ownership.attach(self, to: widget)
    }

    /// A page of any hierarchy, built from data.
    public init(nodes: [OutlineNode]) {
        let stack = Widgets.box(GTK_ORIENTATION_VERTICAL)
        stack.setMargins(top: Self.pagePadding, bottom: Self.pagePadding, start: Self.pagePadding, end: Self.pagePadding)
        // Never scroll horizontally: the content is measured height-for-width at
        // the window's width, so long labels wrap instead.
        widget = Widgets.verticalScroller(stack, label: Page.reveal.title)
        for node in nodes {
            let row = build(node)
            if !node.isExpandable {
                row.setMargins(top: Self.followingItemPadding, bottom: Self.followingItemPadding)
                followingRowWidgets.append(ObjectRef(row))
            }
            Widgets.append(row, to: stack)
        }
        describeContents(of: nodes)
        Ownership.attach(self, to: widget)
    }

    /// An open group's header says what it shows ("Circle, Square"), to
    /// assistive technologies, as its description: its labels take no
    /// keyboard focus, and Orca's flat review finds no text in a GTK 4.8
    /// window, so a person who cannot see them never met them. Orca says a
    /// new description of what it is on: it is heard as the group opens, and
    /// with the header at each visit while it is open.
    private func describeContents(of nodes: [OutlineNode]) {
        for node in nodes where node.isExpandable {
            describeContents(of: node.children)
            guard let group = groupWidgets[node.id]?.widget else { continue }
            let contents = Self.contents(of: node)
            let follow: @MainActor () -> Void = { [weak self] in
                // (This group alone: `groups` makes them all.)
                guard let widget = self?.groupWidgets[node.id]?.widget else { return }
                let shown = RevealGroup.implementation(of: widget)
                if shown.isExpanded {
                    Accessibility.setDescription(shown.header, contents)
                } else {
                    Accessibility.resetDescription(shown.header)
                }
            }
            onNotify(group, "expanded", follow)
            follow()
        }
    }

    /// What an open group shows, in order: its children's titles.
    static func contents(of node: OutlineNode) -> String {
        // TRANSLATORS: between the titles an open group shows, as a screen reader says them ("Circle, Square").
        node.children.map(\.title).joined(separator: tr(", "))
    }

    private func build(_ node: OutlineNode) -> WidgetPointer {
        guard node.isExpandable else { return Widgets.wrappingLabel(node.title) }
        let group = RevealGroup.make(title: node.title, children: node.children.map(build))
        groupWidgets[node.id] = ObjectRef(group.widget)
        return group.widget
    }
}
