import Gtk
import UnfoldCore

/// A disclosure group: a header button (chevron + title, the whole row is the
/// click target) above a `Reveal` of its content.
///
/// The expansion state lives here and only here; the reveal animates toward it,
/// and the header's accessible state follows it.
@MainActor
public final class RevealGroup {
    /// The tutorial's layout: content indented 18 px (the chevron and its gap, so
    /// the content lines up with the title), 8 px apart, 8 px bottom padding inside
    /// the reveal so that it shrinks with it; 6 px above and below header titles.
    public static let contentIndent: Int32 = 18
    public static let contentSpacing: Int32 = 8
    public static let contentBottomPadding: Int32 = 8
    public static let headerVerticalPadding: Int32 = 6

    public let title: String
    /// The group's root widget (a vertical box): add this to a parent.
    public let widget: WidgetPointer
    public let header: WidgetPointer
    public let content: WidgetPointer
    public let reveal: Reveal
    public let chevron: Chevron

    public init(title: String, expanded: Bool = false, children: [WidgetPointer]) {
        self.title = title
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL)
        widget.addCSSClass("reveal-group")

        chevron = Chevron()
        // A long title wraps: the header grows taller, never the window wider.
        // The chevron lies over the title's leading margin rather than beside it
        // in a box: GTK 4.8's box measures a wrapping label beside a picture a
        // pixel taller for a width than for none, a critical of its own.
        let titleLabel = Widgets.wrappingLabel(title)
        gtk_widget_set_hexpand(titleLabel, 1)
        gtk_widget_set_margin_start(titleLabel, Self.contentIndent)
        let row = Widgets.make(gtk_overlay_get_type(), role: GTK_ACCESSIBLE_ROLE_GROUP)
        gtk_overlay_set_child(gCast(row), titleLabel)
        gtk_widget_set_halign(chevron.widget, GTK_ALIGN_START)
        gtk_overlay_add_overlay(gCast(row), chevron.widget)
        row.setMargins(top: Self.headerVerticalPadding, bottom: Self.headerVerticalPadding)

        header = gtk_button_new()
        gtk_button_set_child(gCast(header), row)
        header.addCSSClass("flat")
        header.addCSSClass("reveal-header")
        gtk_widget_set_hexpand(header, 1)
        // The title is the button's name: what assistive technologies and tests find.
        Accessibility.setLabel(header, title)

        content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: Self.contentSpacing)
        content.setMargins(bottom: Self.contentBottomPadding, start: Self.contentIndent)
        for child in children { Widgets.append(child, to: content) }

        reveal = Reveal(child: content, revealed: expanded)
        reveal.focusFallback = header
        Accessibility.setControls(header, reveal.widget)

        Widgets.append(header, to: widget)
        Widgets.append(reveal.widget, to: widget)

        reveal.onProgressChange = { [unowned self] progress in self.chevron.progress = progress }
        chevron.progress = reveal.displayedProgress
        Accessibility.setExpanded(header, expanded)
        onSignal(header, "clicked") { [unowned self] in self.toggle() }

        Ownership.attach(self, to: widget)
    }

    public var isExpanded: Bool { reveal.isRevealed }

    public func setExpanded(_ expanded: Bool) {
        guard expanded != isExpanded else { return }
        reveal.setRevealed(expanded)
        Accessibility.setExpanded(header, expanded)
    }

    public func toggle() { setExpanded(!isExpanded) }
}
