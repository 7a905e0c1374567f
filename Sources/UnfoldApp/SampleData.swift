// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldCore

/// The tutorials' demo data, in the user's language. The model's samples are
/// English, and stay so for the pure tests; what the pages show is translated
/// here, by the same IDs.
@MainActor
public enum SampleData {
    /// The demo words, marked for xgettext.
    // TRANSLATORS: the demo hierarchy of the Reveal, Native and Outline pages.
    static let hierarchyWords = [N_("Collection"), N_("Shapes"), N_("Circle"), N_("Square"), N_("Palette"), N_("Following item")]
    // TRANSLATORS: the demo labels of the Collection page; keep the letters A and B,
    // which the filter examples use.
    static let labelWords = [N_("Tile A"), N_("Dot A"), N_("Tile B"), N_("Dot B")]

    /// Collection ▸ Shapes ▸ Circle, Square; Palette; then Following item.
    public static var hierarchy: [OutlineNode] { OutlineNode.sample.map { translated($0) } }

    /// The four labels of the tutorial.
    public static var labels: LabelCollection {
        // Translations are distinct words, and the IDs are the sample's own.
        try! LabelCollection(LabelCollection.sample.records.map {
            LabelRecord(id: $0.id, title: tr($0.title), category: $0.category)
        })
    }

    private static func translated(_ node: OutlineNode) -> OutlineNode {
        OutlineNode(id: node.id, title: tr(node.title), children: node.children.map { translated($0) })
    }
}
