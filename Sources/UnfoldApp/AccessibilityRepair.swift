// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk

/// What GTK 4.8 gets wrong about its own widgets for assistive technologies,
/// put right over a window's widget tree (GTK's later versions fix most of it):
///
/// - a widget nobody named is named after its type ("GtkScrollbar"): scroll
///   panes and text views take the name of the page or window they are in;
/// - a GtkStack shows every page to assistive technologies, so nobody can
///   tell which one is on screen: only the visible page stays, as it changes;
/// - what is drawn as part of a control (an expander's arrow, a check mark, a
///   scroll bar beside its pane, an unnamed picture) is exposed on its own:
///   it is hidden, its control or pane speaks for it;
/// - the parts of a popover menu are named after its button;
/// - a container GTK or libadwaita exposes as a "filler" (AdwGizmo,
///   AdwSqueezer…) is named after its type: it becomes a plain panel, or, once
///   shown, takes its context's name; an empty one is decoration and is hidden.
@MainActor
extension Accessibility {
    /// Repairs `root` and everything in it, now and as its stacks change pages.
    /// Unnamed parts take the name of `context` (by default, the window's title,
    /// or the title of the stack page they are on). Widgets added later are
    /// repaired when this is called for them.
    public static func repair(_ root: WidgetPointer, context: String? = nil) {
        repairTree(root, context: context ?? contextName(of: root), spoken: false)
    }

    /// `spoken`: an ancestor has taken the context's name already. A part
    /// inside it that must have a name (lest GTK say its type) gets an empty
    /// one: a screen reader would otherwise say the context once per level.
    private static func repairTree(_ widget: WidgetPointer, context: String?, spoken: Bool) {
        var context = context
        var spoken = spoken
        if isA(widget, "GtkWindow"), let title = gtk_window_get_title(gCast(widget)), String(cString: title) == context {
            spoken = true  // a window titled as its context says it as it opens
        }
        if gtk_accessible_get_accessible_role(widget.accessible) == GTK_ACCESSIBLE_ROLE_TAB_PANEL, hasLabel(widget) {
            // A page's panel says the page. A pane inside it named the same
            // would make Orca deem the panel mere layout (one child, one
            // name) and never say the page; a list, say it twice.
            spoken = true
        }
        func nameAfterContext(_ context: String) {
            setLabel(widget, spoken ? "" : context)
            spoken = true
        }
        if isA(widget, "GtkBuiltinIcon") || isA(widget, "GtkScrollbar") {
            keepHidden(widget)
            return
        }
        if isA(widget, "GtkImage"), !hasName(widget) {
            // A picture with no words is decoration; in a button, the button's
            // name says what it does.
            keepHidden(widget)
            return
        }
        if GTKVersion.namesWidgetsAfterTheirType, isA(widget, "GtkPopoverContent"), !hasName(widget), gtk_widget_get_realized(widget) == 0 {
            // Only the frame inside a popover: the popover says what it holds,
            // and its content what it is. Named after them too, a screen
            // reader would say the name a third time on the way in.
            setRole(widget, GTK_ACCESSIBLE_ROLE_GENERIC)
        }
        let speaksForContext = ["GtkScrolledWindow", "GtkTextView", "GtkPopoverMenu", "GtkPopoverContent", "GtkStackSwitcher", "GtkPopover"]
        if GTKVersion.namesWidgetsAfterTheirType, speaksForContext.contains(where: { isA(widget, $0) }), !hasName(widget), let context,
           gtk_accessible_get_accessible_role(widget.accessible) != GTK_ACCESSIBLE_ROLE_GENERIC {
            nameAfterContext(context)
        }
        if isA(widget, "GtkScrolledWindow") {
            // What it holds takes the focus (and scrolls itself into view): the
            // pane as a stop of its own would do nothing. Only once its window
            // is on screen: a change of focusability makes GTK 4.8 realize the
            // accessibles up to the window there and then, and a window's
            // realized before its own map has finished keeps the wrong role
            // (a dialog would be a "filler").
            whenShown(widget) { shown in
                if hasFocusableDescendant(shown) { gtk_widget_set_focusable(shown, 0) }
            }
        }
        if isA(widget, "GtkStack") || (!isA(widget, "GtkWindow") && hasProperty(widget, "visible-child")) {
            // GtkStack, libadwaita's view stack and squeezer: what they do not show is not there.
            followVisiblePage(of: widget)
        }
        if GTKVersion.namesAButtonByItsMnemonic, isA(widget, "GtkButton"), gtk_button_get_use_underline(gCast(widget)) != 0,
           let label = gtk_button_get_label(gCast(widget)) {
            setOnlyLabel(widget, withoutMnemonic(String(cString: label)))
        }
        if GTKVersion.menuItemsLoseTheirLabels, isA(widget, "GtkModelButton"), !isNamedByProgram(accessible: widget.accessible) {
            nameMenuItem(widget)
            // GTK labels an item by its label again as its shortcut comes
            // (New Window's Ctrl+N, once the action's keys are known).
            _ = onNotify(UnsafeMutableRawPointer(widget), "accel") { nameMenuItem(widget) }
        }
        if isA(widget, "GtkButton"), !hasLabel(widget), labelTexts(in: widget).isEmpty, let name = iconButtonName(widget) {
            // A button with only a symbol is "labelled by" the symbol, which
            // has no words: it says what the symbol means.
            setOnlyLabel(widget, name)
            // Its tooltip, its name, is not its description too: the name
            // would be said twice.
            if GTKVersion.describesByTooltip, let tooltip = gtk_widget_get_tooltip_text(widget), String(cString: tooltip) == name {
                resetDescription(widget)
            }
        }
        if isA(widget, "GtkListBox"), gtk_accessible_get_accessible_role(widget.accessible) == GTK_ACCESSIBLE_ROLE_LIST,
           !hasLabel(widget), let name = groupTitle(above: widget) ?? context {
            // libadwaita's boxed lists are "labelled by" their group's title,
            // which GTK 4.8 ignores when it is empty: they say their group's
            // title, or their context.
            setOnlyLabel(widget, name)
        }
        if !hasName(widget) {
            let role = gtk_accessible_get_accessible_role(widget.accessible)
            if role == GTK_ACCESSIBLE_ROLE_WIDGET {
                if gtk_widget_get_first_child(widget) == nil {
                    keepHidden(widget)
                    return
                }
                if !GTKVersion.namesWidgetsAfterTheirType {
                    // (Unnamed is nameless there, and its role is GTK's to
                    // keep: GTK 4.18 realizes accessibles before their
                    // widgets, and a role changed after is a critical.)
                } else if gtk_widget_get_realized(widget) == 0 {
                    setRole(widget, GTK_ACCESSIBLE_ROLE_GENERIC)
                } else if let context {
                    nameAfterContext(context)
                }
            } else if role == GTK_ACCESSIBLE_ROLE_LIST, let context, !spoken {
                setLabel(widget, context)
            } else if GTKVersion.namesWidgetsAfterTheirType, isA(widget, "GtkButton"), case let words = labelTexts(in: widget), !words.isEmpty {
                // A button whose words are a label inside it (not its own
                // label) is named after its type: it says its words.
                setLabel(widget, words.joined(separator: " "))
            }
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            var pageSpoken = spoken
            if isA(widget, "GtkStack"), let page = gtk_stack_get_page(gCast(widget), current) {
                if let title = gtk_stack_page_get_title(page) {
                    // A titled page is a context of its own, and says it: the
                    // stack page is in the tree, named by its title.
                    context = String(cString: title)
                    pageSpoken = true
                } else if let context, !hasName(accessible: page) {
                    // An untitled page is its stack's context, unless that
                    // was said already on the way in (a menu's pages).
                    Accessibility.setLabel(accessible: page, spoken ? "" : context)
                }
            }
            repairTree(current, context: context, spoken: pageSpoken)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Has GTK make `widget`'s accessible as soon as it is on screen, not
    /// when it first takes the focus (`Accessibility.makeAccessibleNow`).
    /// `then` runs on it once it is made: what it sets is told at once.
    public static func makeAccessibleWhenShown(_ widget: WidgetPointer,
                                               then: (@MainActor (WidgetPointer) -> Void)? = nil) {
        whenShown(widget) { shown in
            Accessibility.makeAccessibleNow(shown)
            then?(shown)
        }
    }

    /// Only the page on screen is in the accessibility tree.
    private static func followVisiblePage(of stack: WidgetPointer) {
        let isStack = isA(stack, "GtkStack")
        let update: @MainActor () -> Void = {
            let visible = visibleChild(of: stack)
            var child = gtk_widget_get_first_child(stack)
            while let page = child {
                let hidden = page != visible
                setHidden(page, hidden)
                if isStack, let stackPage = gtk_stack_get_page(gCast(stack), page) { setHidden(accessible: stackPage, hidden) }
                child = gtk_widget_get_next_sibling(page)
            }
            // libadwaita 1.4's view stack puts its pages themselves in the
            // tree, and GTK 4.18 lists under each hidden page the pages after
            // it that are not hidden: the page on screen was read once per
            // page. Hidden pages are left out.
            if !isStack, let pages = Properties.object(UnsafeMutableRawPointer(stack), "pages") {
                for index in 0..<g_list_model_get_n_items(pages.opaque) {
                    guard let page = g_list_model_get_item(pages.opaque, index).map({ ObjectRef(adopting: $0) }) else { continue }
                    guard g_type_check_instance_is_a(gCast(page.raw), gtk_accessible_get_type()) != 0,
                          let pageChild = Properties.object(page.raw, "child") else { continue }
                    setHidden(accessible: page.opaque, pageChild.raw != UnsafeMutableRawPointer(visible))
                }
            }
        }
        update()
        onNotify(stack, "visible-child", update)
    }

    /// What a button with only a symbol says: its tooltip, or what its symbol
    /// means, in the words of the library that drew it (translated there).
    private static func iconButtonName(_ button: WidgetPointer) -> String? {
        if let tooltip = gtk_widget_get_tooltip_text(button) { return String(cString: tooltip) }
        guard let image = gtk_widget_get_first_child(button), isA(image, "GtkImage"),
              let icon = gtk_image_get_icon_name(gCast(image)) else { return nil }
        let meanings: [String: (domain: String, message: String)] = [
            "window-close-symbolic": ("gtk40", "Close"),
            "go-previous-symbolic": ("libadwaita", "Back"),
            "go-previous-symbolic-rtl": ("libadwaita", "Back"),
            "go-next-symbolic": ("libadwaita", "Forward"),
        ]
        return meanings[String(cString: icon)].map { String(cString: g_dgettext($0.domain, $0.message)) }
    }

    private static func hasFocusableDescendant(_ widget: WidgetPointer) -> Bool {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if gtk_widget_get_focusable(current) != 0 || hasFocusableDescendant(current) { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }

    private static func labelTexts(in widget: WidgetPointer) -> [String] {
        var texts: [String] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if isA(current, "GtkLabel"), let text = gtk_label_get_text(gCast(current)), text.pointee != 0 {
                texts.append(String(cString: text))
            } else {
                texts += labelTexts(in: current)
            }
            child = gtk_widget_get_next_sibling(current)
        }
        return texts
    }

    private static func visibleChild(of stack: WidgetPointer) -> WidgetPointer? {
        var value = GValue()
        g_value_init(&value, gtk_widget_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(gCast(stack), "visible-child", &value)
        return g_value_get_object(&value).map { gCast($0) }
    }

    private static func hasProperty(_ widget: WidgetPointer, _ name: String) -> Bool {
        g_object_class_find_property(gCast(widget.object.pointee.g_type_instance.g_class), name) != nil
    }

    /// The window's title, if it has one: what its unnamed panes are about.
    private static func contextName(of widget: WidgetPointer) -> String? {
        guard isA(widget, "GtkWindow"), let title = gtk_window_get_title(gCast(widget)) else { return nil }
        return String(cString: title)
    }

    private static func isA(_ widget: OpaquePointer, _ typeName: String) -> Bool {
        let type = g_type_from_name(typeName)
        return type != 0 && g_type_check_instance_is_a(gCast(widget), type) != 0
    }

    private static func isA(_ widget: WidgetPointer, _ typeName: String) -> Bool {
        let type = g_type_from_name(typeName)
        return type != 0 && g_type_check_instance_is_a(gCast(widget), type) != 0
    }

    private static func hasName(_ widget: WidgetPointer) -> Bool { hasName(accessible: widget.accessible) }

    private static func hasLabel(_ widget: WidgetPointer) -> Bool { hasLabel(accessible: widget.accessible) }

    /// The title of the nearest group around `widget` that has one (an
    /// AdwPreferencesGroup's), if any.
    private static func groupTitle(above widget: WidgetPointer) -> String? {
        var ancestor = gtk_widget_get_parent(widget)
        while let current = ancestor, !isA(current, "GtkWindow") {
            if isA(current, "AdwPreferencesGroup"), let title = Properties.string(UnsafeMutableRawPointer(current), "title"), !title.isEmpty {
                return title
            }
            ancestor = gtk_widget_get_parent(current)
        }
        return nil
    }

    /// A menu's item says its text (a mnemonic always, in a menu).
    private static func nameMenuItem(_ item: WidgetPointer) {
        guard let text = Properties.string(UnsafeMutableRawPointer(item), "text"), !text.isEmpty else { return }
        setOnlyLabel(item, withoutMnemonic(text))
    }

    /// Text written with a mnemonic ("_About", "Fish __ Chips") as it reads:
    /// an underscore marks the next character, and two stand for one.
    nonisolated static func withoutMnemonic(_ text: String) -> String {
        var result = ""
        var marked = false
        for character in text {
            if character == "_", !marked {
                marked = true
                continue
            }
            marked = false
            result.append(character)
        }
        return result
    }

    /// Whether anyone named the accessible: by a label, or by a "labelled
    /// by" relation. GTK 4.8 lets only its test API read what an accessible
    /// holds, so this is what is known: what this program named (through
    /// `Accessibility.setLabel` or its .ui files), and what GTK and
    /// libadwaita name of their own.
    public static func hasName(accessible: OpaquePointer) -> Bool {
        hasLabel(accessible: accessible) || isLabelledByPart(accessible)
    }

    /// Whether the accessible has a label (of those, the ones that are not a
    /// relation; a .ui file's "labelled-by" counts as a label).
    public static func hasLabel(accessible: OpaquePointer) -> Bool {
        Accessibility.isNamedByProgram(accessible: accessible) || labelsItself(accessible)
    }

    /// Whether GTK or libadwaita gave the accessible a label of its own
    /// (GTK 4.8's and libadwaita 1.2's rules: the test
    /// `testWhatTheRepairKnowsOfNamesIsWhatGTKHolds` holds them to it).
    private static func labelsItself(_ accessible: OpaquePointer) -> Bool {
        if isA(accessible, "GtkStackPage") { return gtk_stack_page_get_title(accessible) != nil }
        let widget = WidgetPointer(accessible)
        if isA(widget, "GtkWindow") { return gtk_window_get_title(gCast(widget)) != nil }
        if isA(widget, "GtkLabel") { return gtk_label_get_label(gCast(widget)).pointee != 0 }
        if isA(widget, "GtkCheckButton") { return gtk_check_button_get_label(gCast(widget)) != nil }
        if isA(widget, "GtkButton"), let parent = gtk_widget_get_parent(widget), isA(parent, "GtkWindowControls") {
            return true  // "Close", "Minimize"…
        }
        if isA(widget, "GtkBuiltinIcon"), String(cString: gtk_widget_get_css_name(widget)) == "expander",
           let parent = gtk_widget_get_parent(widget), isA(parent, "GtkTreeExpander") {
            return true  // "Expand", "Collapse"
        }
        return false
    }

    /// Whether GTK or libadwaita said the accessible is "labelled by" a part of it.
    private static func isLabelledByPart(_ accessible: OpaquePointer) -> Bool {
        guard !isA(accessible, "GtkStackPage") else { return false }
        let widget = WidgetPointer(accessible)
        if ["GtkModelButton", "AdwViewSwitcherButton", "AdwActionRow", "AdwStatusPage"].contains(where: { isA(widget, $0) }) {
            return true  // by their title's label, from their start
        }
        if isA(widget, "GtkTreeExpander") { return gtk_tree_expander_get_child(gCast(widget)) != nil }
        return false
    }
}
