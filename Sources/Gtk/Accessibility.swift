/// Accessible state, properties and relations. GTK's setters are variadic; the
/// C side of these lives in shim.h.
@MainActor
public enum Accessibility {
    public static func setExpanded(_ widget: WidgetPointer, _ expanded: Bool) {
        unfold_accessible_set_expanded(widget.accessible, expanded ? 1 : 0)
    }

    public static func setHidden(_ widget: WidgetPointer, _ hidden: Bool) {
        unfold_accessible_set_hidden(widget.accessible, hidden ? 1 : 0)
    }

    public static func setLabel(_ widget: WidgetPointer, _ label: String) {
        unfold_accessible_set_label(widget.accessible, label)
    }

    public static func setControls(_ widget: WidgetPointer, _ controlled: WidgetPointer) {
        unfold_accessible_set_controls(widget.accessible, controlled.accessible)
    }
}
