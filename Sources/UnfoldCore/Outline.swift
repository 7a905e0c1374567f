// SPDX-License-Identifier: GPL-3.0-or-later
/// A node of a data-driven hierarchy, with a stable ID: expanding, collapsing
/// or reordering never changes which ID a node has.
public struct OutlineNode: Sendable, Equatable, Identifiable {
    public let id: Int
    public let title: String
    public let children: [OutlineNode]

    public init(id: Int, title: String, children: [OutlineNode] = []) {
        self.id = id
        self.title = title
        self.children = children
    }

    public var isExpandable: Bool { !children.isEmpty }

    /// The tutorial's sample hierarchy, as the Reveal and Native pages show it.
    public static let sample: [OutlineNode] = [
        OutlineNode(id: 1, title: "Collection", children: [
            OutlineNode(id: 2, title: "Shapes", children: [
                OutlineNode(id: 3, title: "Circle"),
                OutlineNode(id: 4, title: "Square"),
            ]),
            OutlineNode(id: 5, title: "Palette"),
        ]),
        OutlineNode(id: 6, title: "Following item"),
    ]

    /// Every ID in `nodes` and below, depth first. IDs must be unique across a tree.
    public static func allIDs(_ nodes: [OutlineNode]) -> [Int] {
        nodes.flatMap { [$0.id] + allIDs($0.children) }
    }
}
