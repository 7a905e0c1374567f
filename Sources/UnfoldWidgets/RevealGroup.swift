// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldMotion

/// A disclosure group (`UnfoldRevealGroup`, a widget of its own as
/// GtkExpander is, laid out by a vertical GtkBoxLayout): a header button
/// (chevron + title, the whole row is the click target) above a `Reveal` of
/// its content.
///
/// Properties: `title`, `expanded` (setting it animates) and `child` (the
/// content, also a plain `<child>` in a GtkBuilder file, as GtkExpander takes
/// it). The expansion state lives here and only here; the reveal animates
/// toward it, the chevron turns with the reveal's progress (at each of its
/// frames), and the header's accessible state follows it.
@MainActor
public final class RevealGroup: WidgetImplementation {
    public enum Property: Int { case title, expanded, child }

    /// The tutorial's layout: content indented 18 px (the chevron and its gap, so
    /// the content lines up with the title), 8 px apart, 8 px bottom padding inside
    /// the reveal so that it shrinks with it; 6 px above and below header titles.
    public static let contentIndent: Int32 = 18
    public static let contentSpacing: Int32 = 8
    public static let contentBottomPadding: Int32 = 8
    public static let headerVerticalPadding: Int32 = 6

    public override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(
            typeName: "UnfoldRevealGroup", cssName: "reveal-group", accessibleRole: GTK_ACCESSIBLE_ROLE_GROUP,
            properties: [
                PropertyDescription("title", .string(default: nil)),
                PropertyDescription("expanded", .boolean(default: false)),
                PropertyDescription("child", .object(type: { gtk_widget_get_type() })),
            ],
            isBuildable: true,
            layoutManager: { gtk_box_layout_get_type() })
    }

    public private(set) var title = ""
    public private(set) var child: WidgetPointer?

    private var parts: Parts?

    /// The widgets inside, which the group owns until it is disposed.
    private struct Parts {
        let header: ObjectRef
        let titleLabel: WidgetPointer
        let chevron: ObjectRef
        let reveal: ObjectRef
        /// Holds the child, indented and padded inside the reveal.
        let content: WidgetPointer
    }

    public required init(widget: WidgetPointer) {
        super.init(widget: widget)
        gtk_orientable_set_orientation(gCast(gtk_widget_get_layout_manager(widget)), GTK_ORIENTATION_VERTICAL)
        widget.addCSSClass("reveal-group")

        let chevron = Chevron.make()
        // A long title wraps: the header grows taller, never the window wider.
        // The chevron lies over the title's leading margin rather than beside it
        // in a box: GTK 4.8's box measures a wrapping label beside a picture a
        // pixel taller for a width than for none, a critical of its own.
        let titleLabel = Widgets.wrappingLabel("")
        gtk_widget_set_hexpand(titleLabel, 1)
        gtk_widget_set_margin_start(titleLabel, Self.contentIndent)
        let row = Widgets.make(gtk_overlay_get_type(), role: GTK_ACCESSIBLE_ROLE_GROUP)
        gtk_overlay_set_child(gCast(row), titleLabel)
        gtk_widget_set_halign(chevron.widget, GTK_ALIGN_START)
        gtk_overlay_add_overlay(gCast(row), chevron.widget)
        row.setMargins(top: Self.headerVerticalPadding, bottom: Self.headerVerticalPadding)

        let header = gtk_button_new()!
        gtk_button_set_child(gCast(header), row)
        header.addCSSClass("flat")
        header.addCSSClass("reveal-header")
        gtk_widget_set_hexpand(header, 1)

        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: Self.contentSpacing)
        content.setMargins(bottom: Self.contentBottomPadding, start: Self.contentIndent)
        let reveal = Reveal.make(child: content)
        reveal.focusFallback = WeakObjectRef(header)
        Accessibility.setControls(header, reveal.widget)
        Accessibility.setExpanded(header, false)

        gtk_widget_set_parent(header, widget)
        gtk_widget_set_parent(reveal.widget, widget)
        // The chevron turns with what the reveal shows.
        chevron.setProgress(reveal.displayedProgress)
        reveal.onProgressChange = { [weak chevron] progress in chevron?.setProgress(progress) }
        onSignal(header, "clicked") { [weak self] in self?.toggle() }
        parts = Parts(header: ObjectRef(header), titleLabel: titleLabel, chevron: ObjectRef(chevron.widget),
                      reveal: ObjectRef(reveal.widget), content: content)
    }

    /// A new group titled `title` showing `child`.
    public static func make(title: String, child: WidgetPointer? = nil, expanded: Bool = false) -> RevealGroup {
        let group = make()
        group.setTitle(title)
        group.setChild(child)
        if expanded { group.setExpanded(true) }
        return group
    }

    /// A new group of several children, one under the other, as the tutorial lays them out.
    public static func make(title: String, children: [WidgetPointer], expanded: Bool = false) -> RevealGroup {
        let stack = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: contentSpacing)
        for child in children { Widgets.append(child, to: stack) }
        return make(title: title, child: stack, expanded: expanded)
    }

    // MARK: Parts

    /// The header button, the reveal and the chevron (while the group is not disposed).
    public var header: WidgetPointer { parts!.header.widget }
    public var reveal: Reveal { WidgetImplementation.of(parts!.reveal.widget) as! Reveal }
    public var chevron: Chevron { WidgetImplementation.of(parts!.chevron.widget) as! Chevron }
    /// The box inside the reveal that holds the child.
    public var content: WidgetPointer { parts!.content }

    // MARK: State

    public var isExpanded: Bool { parts.map { _ in reveal.isRevealed } ?? false }

    public func setExpanded(_ expanded: Bool) {
        guard parts != nil, expanded != isExpanded else { return }
        reveal.setRevealed(expanded)
        Accessibility.setExpanded(header, expanded)
        notifyProperty(Property.expanded.rawValue)
    }

    public func toggle() { setExpanded(!isExpanded) }

    /// The title as the header's label holds it, for C callers: valid until
    /// the title changes.
    public var cTitle: UnsafePointer<CChar>? { parts.map { gtk_label_get_text(gCast($0.titleLabel)) } }

    public func setTitle(_ newTitle: String) {
        guard newTitle != title, let parts else { return }
        title = newTitle
        reveal.traceName = newTitle
        chevron.traceName = newTitle
        gtk_label_set_text(gCast(parts.titleLabel), newTitle)
        gtk_label_set_wrap_mode(gCast(parts.titleLabel), Widgets.wrapMode(for: newTitle))
        // The title is the button's name: what assistive technologies and tests find.
        Accessibility.setLabel(parts.header.widget, newTitle)
        notifyProperty(Property.title.rawValue)
    }

    public func setChild(_ newChild: WidgetPointer?) {
        guard newChild != child, let parts,
              newChild.map({ isAcceptableChild($0, of: widget, "unfold_reveal_group_set_child") }) ?? true else { return }
        if let old = child { gtk_box_remove(gCast(parts.content), old) }
        child = newChild
        if let newChild { gtk_box_append(gCast(parts.content), newChild) }
        notifyProperty(Property.child.rawValue)
    }

    // MARK: Properties

    public override func property(_ index: Int) -> PropertyValue {
        switch Property(rawValue: index)! {
        case .title: .string(title)
        case .expanded: .boolean(isExpanded)
        case .child: .object(child.map { gCast($0) })
        }
    }

    public override func setProperty(_ index: Int, _ value: PropertyValue) {
        switch Property(rawValue: index)! {
        case .title: setTitle(value.string ?? "")
        case .expanded: setExpanded(value.boolean!)
        case .child: setChild(value.object.map { gCast($0) })
        }
    }

    public override func addBuildableChild(_ object: UnsafeMutablePointer<GObject>, type: String?) -> Bool {
        guard type == nil, g_type_check_instance_is_a(gCast(object), gtk_widget_get_type()) != 0 else { return false }
        setChild(gCast(object))
        return true
    }

    /// Takes the parts, then lets them go: a second dispose finds nothing.
    public override func dispose() {
        guard let parts else { return }
        self.parts = nil
        child = nil
        gtk_widget_unparent(parts.header.widget)
        gtk_widget_unparent(parts.reveal.widget)
    }
}
