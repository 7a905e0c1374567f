import Gtk
import UnfoldCore

/// The tutorial's first approach: the platform's own disclosure control. In GTK
/// that is GtkExpander, which opens at once, without animation, in GTK 4; the
/// caption says so, in words, so that a user comparing pages sees why.
@MainActor
public final class NativePage {
    public let widget: WidgetPointer
    /// The expanders, by the ID of the node they show.
    public private(set) var expanders: [Int: WidgetPointer] = [:]

    public init(nodes: [OutlineNode] = SampleData.hierarchy) {
        let stack = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        stack.setMargins(top: 16, bottom: 16, start: 16, end: 16)
        let caption = Widgets.wrappingLabel(tr("GTK’s own expanders: they open at once, without animation."))
        caption.addCSSClass("dim-label")
        caption.addCSSClass("caption")
        Widgets.append(caption, to: stack)

        widget = Widgets.verticalScroller(stack, label: Page.native.title)
        for node in nodes { Widgets.append(build(node), to: stack) }
        Ownership.attach(self, to: widget)
    }

    private func build(_ node: OutlineNode) -> WidgetPointer {
        guard node.isExpandable else { return Widgets.wrappingLabel(node.title) }
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        content.setMargins(top: 8, bottom: 8, start: 18)
        for child in node.children { Widgets.append(build(child), to: content) }
        let expander = gtk_expander_new(nil)!
        // Its title wraps like the other pages' (never widening the window), and
        // names it: GtkExpander alone would be called after its type.
        gtk_expander_set_label_widget(gCast(expander), Widgets.wrappingLabel(node.title))
        Accessibility.setLabel(expander, node.title)
        Accessibility.hideDecorations(in: expander)
        gtk_expander_set_child(gCast(expander), content)
        expanders[node.id] = expander
        return expander
    }
}
