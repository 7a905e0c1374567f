// SPDX-License-Identifier: LGPL-2.1-or-later
/// Accessible state, properties and relations. GTK's setters are variadic; the
/// C side of these lives in shim.h.
@MainActor
public enum Accessibility {
    public static func setExpanded(_ widget: WidgetPointer, _ expanded: Bool) {
        unfold_accessible_set_expanded(widget.accessible, expanded ? 1 : 0)
    }

    /// No description (GTK makes one of a tooltip, which may only repeat the name).
    public static func resetDescription(_ widget: WidgetPointer) {
        gtk_accessible_reset_property(widget.accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
        g_object_set_data(gCast(widget), descriptionKey, nil)
    }

    /// The description last given the widget here (GTK 4.8 cannot be asked
    /// for an accessible property), for whoever borrows it for a moment.
    public static func description(of widget: WidgetPointer) -> String? {
        g_object_get_data(gCast(widget), descriptionKey).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }

    private static let descriptionKey = "unfold-accessible-description"

    /// Whether GTK announces (`gtk_accessible_announce`, GTK 4.14). Where it
    /// does, news is announced; GTK 4.8 has no announcement, and a control's
    /// description carries news there instead.
    public nonisolated static let announces = unfold_accessible_can_announce() != 0

    /// Says `words`, news of what just happened, to assistive technologies
    /// once: announced where GTK announces (politely, after what they are
    /// saying: the focus moving to `control`, say); on GTK 4.8, `control`
    /// (the one with the focus, or about to take it) describes them until
    /// the focus leaves it.
    public static func announce(_ words: String, at control: WidgetPointer) {
        if announces {
            // Only an assistive technology that listens hears it; GTK's
            // stand-in context (GTK_A11Y=test or none) has no announcement,
            // which GTK 4.18 and 4.24 call all the same.
            guard AccessibilityBus.isListenedTo else { return }
            _ = unfold_accessible_announce(control.accessible, words, 0)
        } else {
            describeUntilKeyboardLeaves(control, words)
        }
    }

    /// Describes `control` with `words` (what just happened, where GTK 4.8
    /// has no announcement: Orca says the new description of the control it
    /// is on) until the keyboard leaves it; then the control says again what
    /// it said before, unless it has been given something newer meanwhile.
    /// Back on the control later, the words would be news said again.
    /// Words given again before the keyboard left replace the earlier ones,
    /// and what comes back is still the control's own description, never
    /// the earlier news (a file gone, then back, then unreadable).
    public static func describeUntilKeyboardLeaves(_ control: WidgetPointer, _ words: String) {
        let current = description(of: control)
        // The control's own words (none, for a row): under news still on it,
        // those it had before that news.
        let own: String?
        if let lent = LentDescription.of(control), lent.words == current { own = lent.own } else { own = current }
        LentDescription.set(LentDescription(own: own, words: words), on: control)
        // Made only as the focus lands, its accessible would tell the words
        // again after the focus had said them.
        makeAccessibleNow(control)
        setDescription(control, words)
        whenKeyboardLeaves(control) {
            // Once the new focus has been told: told before it, a screen
            // reader still on the control says its old words as news.
            let stillThere = WeakObjectRef(UnsafeMutableRawPointer(control))
            Idle.soon {
                guard let control = stillThere.get()?.widget, LentDescription.of(control)?.words == words else { return }
                LentDescription.set(nil, on: control)
                // (Given something newer meanwhile, the control keeps it.)
                guard description(of: control) == words else { return }
                if let own { setDescription(control, own) } else { resetDescription(control) }
            }
        }
    }

    /// News a control says until the keyboard leaves it, and its own
    /// description under it, kept on the control.
    private final class LentDescription {
        static let quark = g_quark_from_string("unfold-lent-description")
        let own: String?
        let words: String

        init(own: String?, words: String) {
            self.own = own
            self.words = words
        }

        static func of(_ widget: WidgetPointer) -> LentDescription? {
            g_object_get_qdata(gCast(widget), quark).map { Unmanaged<LentDescription>.fromOpaque($0).takeUnretainedValue() }
        }

        static func set(_ lent: LentDescription?, on widget: WidgetPointer) {
            let data = lent.map { Unmanaged.passRetained($0).toOpaque() }
            g_object_set_qdata_full(gCast(widget), quark, data) { data in
                if let data { Unmanaged<LentDescription>.fromOpaque(data).release() }
            }
        }
    }

    /// Has GTK make a widget's accessible now, not when it first takes the
    /// focus. GTK 4.8 keeps what changes about a widget whose accessible is
    /// not made yet and tells it with its first change after (the focus
    /// landing): a screen reader says it again after the control. A change
    /// of focusability makes the accessible (an entry's, though its text
    /// takes the focus). Not before the widget is mapped (nothing is done):
    /// a window's accessible made early keeps a wrong role. Kept on every
    /// GTK here: left to GTK 4.24, Orca 51 took no window at any of five
    /// launches in four of the app's walks in a row, and a fifth missed what
    /// a page tab says as Alt+3 chose it, where with it a session of walks
    /// made three launches again in all and passed.
    public static func makeAccessibleNow(_ widget: WidgetPointer) {
        guard gtk_widget_get_mapped(widget) != 0, gtk_widget_has_focus(widget) == 0 else { return }
        makeAccessible(widget)
    }

    /// (A change of focusability is told to the platform, which makes GTK
    /// 4.8 make the accessible of any widget in a window.)
    private static func makeAccessible(_ widget: WidgetPointer) {
        let focusable = gtk_widget_get_focusable(widget)
        gtk_widget_set_focusable(widget, focusable == 0 ? 1 : 0)
        gtk_widget_set_focusable(widget, focusable)
    }

    /// Tells assistive technologies of a child its container has just been
    /// given, at its place among the others, and at once: for a container
    /// that keeps its own children in step with a model (a list's rows).
    /// GTK 4.8 tells them of a new child only if its accessible existed as it
    /// was parented, which a new widget's never has; made later, it is added
    /// to libatspi's cache by index, in the place of the sibling there, and
    /// a screen reader's count falls behind with each row that comes ("List
    /// with 1 item" for ten). Made while hidden (GTK leaves a hidden
    /// accessible out of that cache), then shown, it is told as a child that
    /// arrived, which libatspi inserts. Done only while an assistive
    /// technology listens (`AccessibilityBus.isListenedTo`): one that comes
    /// later asks for the children there are. Needed on every GTK here: left
    /// to GTK 4.18, the copy lost a list's first row to a filter (the list
    /// copy check of ScreenReaderTests, on Debian 13).
    public static func tellArrival(_ child: WidgetPointer) {
        guard AccessibilityBus.isListenedTo, gtk_widget_get_root(child) != nil else { return }
        setHidden(child, true)
        // (One with the keyboard has its accessible already; toggling its
        // focusability would take the keyboard from it.)
        if gtk_widget_has_focus(child) == 0 { makeAccessible(child) }
        gtk_accessible_reset_state(child.accessible, GTK_ACCESSIBLE_STATE_HIDDEN)
    }

    /// Makes a container's accessible, then its children's, first to last:
    /// for a container whose children `tellArrival` tells of, once it is on
    /// screen. libatspi takes a container's accessible, as it is made, for one
    /// with as many children as it has, and the accessibles it does not know
    /// yet for blanks, filled in as each is made (at its place) or read. A
    /// child that left before either would leave its blank behind, told to no
    /// one (GTK 4.8 tells nothing of a child whose accessible was never made),
    /// and a screen reader would count it ever after. (Those made already are
    /// left as they are.)
    public static func makeAccessibleWithChildren(_ container: WidgetPointer) {
        guard AccessibilityBus.isListenedTo, gtk_widget_get_mapped(container) != 0 else { return }
        makeAccessibleNow(container)
        for child in Widgets.children(of: container) where gtk_widget_has_focus(child) == 0 {
            makeAccessible(child)
        }
    }

    /// Moves a child among its siblings (`move`) and tells assistive
    /// technologies, as one that left and came back: GTK tells nothing of a
    /// move, and libatspi, which inserts and removes children by their
    /// places, would keep the old order and then put the next arrival in the
    /// wrong place. Needed on every GTK here: left out, a screen reader's copy
    /// of the collection lost the row a filter moved to the top, on GTK 4.8,
    /// 4.18 and 4.24 alike (the list copy check of ScreenReaderTests). For a
    /// child they are told of (not hidden from them).
    public static func tellMove(of child: WidgetPointer, _ move: () -> Void) {
        guard AccessibilityBus.isListenedTo else { return move() }
        setHidden(child, true)
        move()
        gtk_accessible_reset_state(child.accessible, GTK_ACCESSIBLE_STATE_HIDDEN)
    }

    /// Tells assistive technologies of a widget its container has just been
    /// given, or is about to be (call it before the widget is mapped), once
    /// it is on screen, and keeps it from them until then. GTK 4.8 tells them
    /// of a new child only if the child's accessible existed as it was
    /// parented, which a GtkListView's new row never has. When the accessible is
    /// made later, GTK 4.8 adds it to their cache with its index among its
    /// siblings, and libatspi puts it in the place of the sibling there
    /// instead of before it: a screen reader's count of the rows falls one
    /// behind for each row that comes ("List with 4 items" for six). GTK
    /// leaves a hidden accessible out of that cache; shown, it is told as a
    /// child that arrived, which libatspi inserts. Done only while an
    /// assistive technology listens (`AccessibilityBus.isListenedTo`): one
    /// that comes later asks for the rows there are.
    public static func tellArrivalWhenShown(_ widget: WidgetPointer) {
        // Accessibles made at once, rows and all, tripled the CPU time of a
        // change's first frame in the list benchmark (7.5 to 22 ms), which
        // GTK alone spends only when asked: for a listener only.
        guard AccessibilityBus.isListenedTo else { return }
        setHidden(widget, true)
        whenShown(widget) { shown in
            // Made inert meanwhile (a row that already leaves): it stays out.
            guard gtk_widget_get_can_target(shown) != 0 else { return }
            // (Shown again meanwhile, it is hidden again as its accessible is made.)
            tellArrival(shown)
        }
    }

    /// Runs `body` now if `widget` is on screen, else just after it next is
    /// (once the map that shows it, its window's included, has run its course).
    /// (`body` is given the widget, and not called if it is gone by then.)
    /// Asked again before that map (a recycled row bound again), the widget
    /// keeps one handler, which runs the bodies in the order they were asked.
    public static func whenShown(_ widget: WidgetPointer, _ body: @escaping @MainActor (WidgetPointer) -> Void) {
        if gtk_widget_get_mapped(widget) != 0 { return body(widget) }
        if let waiting = WaitingForMap.of(widget) {
            waiting.bodies.append(body)
            return
        }
        let waiting = WaitingForMap(body)
        g_object_set_qdata_full(gCast(widget), WaitingForMap.quark, Unmanaged.passRetained(waiting).toOpaque()) { data in
            if let data { Unmanaged<WaitingForMap>.fromOpaque(data).release() }
        }
        onSignal(widget, "map") {
            guard let waiting = WaitingForMap.of(widget), !waiting.bodies.isEmpty else { return }
            let bodies = waiting.bodies
            waiting.bodies = []
            let weak = WeakObjectRef(UnsafeMutableRawPointer(widget))
            Timeout.after(milliseconds: 0) {
                guard let alive = weak.get() else { return }
                for body in bodies { body(alive.widget) }
            }
        }
    }

    /// What waits for a widget's next map, kept on the widget.
    private final class WaitingForMap {
        static let quark = g_quark_from_string("unfold-waiting-for-map")
        var bodies: [@MainActor (WidgetPointer) -> Void]

        init(_ body: @escaping @MainActor (WidgetPointer) -> Void) { bodies = [body] }

        static func of(_ widget: WidgetPointer) -> WaitingForMap? {
            g_object_get_qdata(gCast(widget), quark).map { Unmanaged<WaitingForMap>.fromOpaque($0).takeUnretainedValue() }
        }
    }

    /// Runs `action` once, when the keyboard is next somewhere other than
    /// on `control` (on a part inside it, a row's button, is elsewhere: a
    /// screen reader is there). Watched on the window, not the control: an
    /// entry's focus is on its text, and the entry itself is never told.
    /// (If the keyboard is not on it yet, it leaves at its next move that
    /// does not bring it there.) A control destroyed first has nothing left
    /// to do: the action is dropped.
    public static func whenKeyboardLeaves(_ control: WidgetPointer, _ action: @escaping @MainActor () -> Void) {
        guard let root = gtk_widget_get_root(control) else { return action() }
        let weakControl = WeakObjectRef(UnsafeMutableRawPointer(control))
        var watch: SignalConnection?
        watch = onNotify(UnsafeMutableRawPointer(root), "focus-widget") {
            if let control = weakControl.get(), let focus = gtk_root_get_focus(root),
               isKeyboard(on: control.widget, focus: gCast(focus)) { return }
            watch?.disconnect()
            watch = nil
            if weakControl.get() != nil { action() }
        }
    }

    /// Whether the widget with the keyboard, `focus`, is `control`, or the
    /// text an entry gives the keyboard to.
    private static func isKeyboard(on control: WidgetPointer, focus: WidgetPointer) -> Bool {
        if focus == control { return true }
        guard g_type_check_instance_is_a(gCast(control), gtk_editable_get_type()) != 0,
              let delegate = gtk_editable_get_delegate(gCast(control)) else { return false }
        return focus == gCast(delegate)
    }

    /// The control that speaks for the widget with the keyboard: an
    /// entry's text takes the focus, and the entry is what is described.
    public static func speakingControl(for focus: WidgetPointer) -> WidgetPointer {
        if g_type_check_instance_is_a(gCast(focus), gtk_text_get_type()) != 0, let parent = gtk_widget_get_parent(focus),
           g_type_check_instance_is_a(gCast(parent), gtk_editable_get_type()) != 0 {
            return parent
        }
        return focus
    }

    /// A field's placeholder is not said: GTK gives it to screen readers,
    /// which read it after the field's name as if it were the field's text.
    /// For a field whose name already says what goes in it.
    public static func resetPlaceholder(_ widget: WidgetPointer) {
        gtk_accessible_reset_property(widget.accessible, GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER)
    }

    /// How deep an item is in a tree (1 at the top).
    public static func setLevel(_ widget: WidgetPointer, _ level: Int) {
        unfold_accessible_set_level(widget.accessible, Int32(level))
    }

    /// The widget is not something that expands at all.
    public static func resetExpanded(_ widget: WidgetPointer) {
        gtk_accessible_reset_state(widget.accessible, GTK_ACCESSIBLE_STATE_EXPANDED)
    }

    /// Makes a subtree inert — no pointer events, no focus, out of the
    /// accessibility tree — or lively again. The focus, when it is inside, first
    /// moves to `focusFallback` (or nowhere): an inert widget must not keep it.
    public static func setInert(_ widget: WidgetPointer, _ inert: Bool, focusFallback: WidgetPointer? = nil) {
        let lively: gboolean = inert ? 0 : 1
        if inert, let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
           gCast(focus, to: GtkWidget.self).isInside(widget) {
            if focusFallback.map({ gtk_widget_grab_focus($0) == 0 }) ?? true { gtk_root_set_focus(root, nil) }
        }
        gtk_widget_set_can_target(widget, lively)
        gtk_widget_set_can_focus(widget, lively)
        setHidden(widget, inert)
    }

    public static func setHidden(_ widget: WidgetPointer, _ hidden: Bool) {
        setHidden(accessible: widget.accessible, hidden)
    }

    /// Keeps a widget from assistive technologies for as long as it lives,
    /// mapped again or not: a part that what holds it speaks for (an icon in
    /// a named button, a scroll bar its pane stands for). `setHidden` alone
    /// holds only until the widget is next mapped where GTK shows every
    /// widget it maps (`GTKVersion.mappingShowsEveryWidget`): there it is
    /// hidden again just after each map (told for that moment, as GTK tells it).
    public static func keepHidden(_ widget: WidgetPointer) {
        setHidden(widget, true)
        guard GTKVersion.mappingShowsEveryWidget, g_object_get_qdata(widget.object, keptHiddenQuark) == nil else { return }
        g_object_set_qdata(widget.object, keptHiddenQuark, UnsafeMutableRawPointer(bitPattern: 1))
        onSignal(widget, "map") {
            let weak = WeakObjectRef(UnsafeMutableRawPointer(widget))
            Timeout.after(milliseconds: 0) {
                guard let alive = weak.get(), gtk_widget_get_mapped(alive.widget) != 0 else { return }
                setHidden(alive.widget, true)
            }
        }
    }

    private static let keptHiddenQuark = g_quark_from_string("unfold-accessible-kept-hidden")

    /// For accessibles that are not widgets (a GtkStackPage).
    public static func setHidden(accessible: OpaquePointer, _ hidden: Bool) {
        unfold_accessible_set_hidden(accessible, hidden ? 1 : 0)
    }

    /// Changes what the widget is to assistive technologies; GTK allows it only
    /// before its accessible is realized (before it is shown).
    public static func setRole(_ widget: WidgetPointer, _ role: GtkAccessibleRole) {
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        defer { g_value_unset(&value) }
        g_value_set_enum(&value, Int32(role.rawValue))
        g_object_set_property(gCast(widget), "accessible-role", &value)
    }

    /// No name at all: neither a label nor one taken from a "labelled by"
    /// relation (for a container that only groups what is named inside it).
    public static func setUnnamed(_ widget: WidgetPointer) {
        gtk_accessible_reset_relation(widget.accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        gtk_accessible_reset_property(widget.accessible, GTK_ACCESSIBLE_PROPERTY_LABEL)
        g_object_set_qdata(gCast(widget), namedQuark, nil)
    }

    public static func setLabel(_ widget: WidgetPointer, _ label: String) {
        setLabel(accessible: widget.accessible, label)
    }

    /// For accessibles that are not widgets (a GtkStackPage).
    public static func setLabel(accessible: OpaquePointer, _ label: String) {
        unfold_accessible_set_label(accessible, label)
        noteNamed(accessible: accessible)
    }

    /// Whether this program gave the accessible a label: through `setLabel`,
    /// or in a .ui file built by `Builder`. GTK 4.8 can tell what an
    /// accessible says only through its test API; what a program named
    /// itself, it can remember.
    public static func isNamedByProgram(accessible: OpaquePointer) -> Bool {
        g_object_get_qdata(gCast(accessible), namedQuark) != nil
    }

    /// Remembers that the accessible was given a label some other way (a
    /// .ui file's `<accessibility>`).
    public static func noteNamed(accessible: OpaquePointer) {
        g_object_set_qdata(gCast(accessible), namedQuark, UnsafeMutableRawPointer(bitPattern: 1))
    }

    private static let namedQuark = g_quark_from_string("unfold-accessible-named")

    /// Named by its label alone: GTK 4.8 adds the text of a "labelled by"
    /// relation to it (libadwaita's rows would say their title twice).
    public static func setOnlyLabel(_ widget: WidgetPointer, _ label: String) {
        gtk_accessible_reset_relation(widget.accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        setLabel(widget, label)
    }

    /// Described by no other widget (a "described by" relation).
    public static func resetDescribedBy(_ widget: WidgetPointer) {
        gtk_accessible_reset_relation(widget.accessible, GTK_ACCESSIBLE_RELATION_DESCRIBED_BY)
    }

    public static func setHasPopup(_ widget: WidgetPointer, _ hasPopup: Bool) {
        unfold_accessible_set_has_popup(widget.accessible, hasPopup ? 1 : 0)
    }

    public static func setDescription(_ widget: WidgetPointer, _ description: String) {
        unfold_accessible_set_description(widget.accessible, description)
        g_object_set_data_full(gCast(widget), descriptionKey, g_strdup(description), g_free)
    }

    public static func setSelected(_ widget: WidgetPointer, _ selected: Bool) {
        unfold_accessible_set_selected(widget.accessible, selected ? 1 : 0)
    }

    public static func setControls(_ widget: WidgetPointer, _ controlled: WidgetPointer) {
        unfold_accessible_set_controls(widget.accessible, controlled.accessible)
    }

    /// Says the widget controls nothing (any more).
    public static func resetControls(_ widget: WidgetPointer) {
        gtk_accessible_reset_relation(widget.accessible, GTK_ACCESSIBLE_RELATION_CONTROLS)
    }

    /// Hides what GTK draws inside its own controls as widgets of their own (the
    /// arrow of an expander, the box of a check button): they mean nothing
    /// apart from their control, and GTK 4.8 names them after their type.
    public static func hideDecorations(in widget: WidgetPointer) {
        let decoration = g_type_from_name("GtkBuiltinIcon")
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if decoration != 0, g_type_check_instance_is_a(gCast(current), decoration) != 0 {
                setHidden(current, true)
            } else {
                hideDecorations(in: current)
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
