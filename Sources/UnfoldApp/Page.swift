// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk

/// The pages of a window: the tutorial's approaches side by side.
public enum Page: String, CaseIterable, Sendable {
    /// The precisely animated custom reveal.
    case reveal
    /// GtkExpander, GTK's native disclosure control.
    case native
    /// GtkListView with GtkTreeListModel: the data-driven outline.
    case outline
    /// The filtered collection.
    case collection

    @MainActor public var title: String {
        switch self {
        case .reveal: tr("Reveal")
        case .native: tr("Native")
        case .outline: tr("Outline")
        case .collection: tr("Collection")
        }
    }

    /// The page's symbol in the view switcher (from the icon theme).
    var iconName: String {
        switch self {
        case .reveal: "view-reveal-symbolic"
        case .native: "view-list-symbolic"
        case .outline: "view-list-bullet-symbolic"
        case .collection: "view-grid-symbolic"
        }
    }

    /// What the window is titled while the page shows: the tutorial's collection
    /// window is "Label Collection".
    @MainActor var windowTitle: String {
        self == .collection ? tr("Label Collection") : tr("Unfold")
    }

    /// "reveal, native, outline, collection", for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What a window shows as a page: its root widget owns it.
@MainActor
protocol PageContent: AnyObject {
    var widget: WidgetPointer { get }
}

extension RevealPage: PageContent {}
extension NativePage: PageContent {}
extension OutlinePage: PageContent {}
extension CollectionPage: PageContent {}
