import Gtk

/// The keyboard shortcuts window (Ctrl+? or F1): every shortcut the app has,
/// in groups of rows that a screen reader reads as "New window: Ctrl+N".
///
/// GTK 4.8's GtkShortcutsWindow exposes its parts to assistive technologies
/// under their type names, nested in pages they cannot tell apart; this one is
/// a plain list.
@MainActor
enum ShortcutsWindow {
    struct Shortcut { let title: String; let accelerators: [String] }
    struct Group { let title: String; let shortcuts: [Shortcut] }

    static var groups: [Group] {
        [
            Group(title: tr("Application"), shortcuts: [
                Shortcut(title: tr("New window"), accelerators: ["<Control>n"]),
                Shortcut(title: tr("Close window"), accelerators: ["<Control>w"]),
                Shortcut(title: tr("Quit"), accelerators: ["<Control>q"]),
                Shortcut(title: tr("Keyboard shortcuts"), accelerators: ["<Control>question", "F1"]),
                Shortcut(title: tr("Main menu"), accelerators: ["F10"]),
            ]),
            Group(title: tr("Pages"), shortcuts: Page.allCases.enumerated().map { index, page in
                Shortcut(title: page.title, accelerators: ["<Alt>\(index + 1)"])
            }),
            Group(title: tr("Disclosure"), shortcuts: [
                Shortcut(title: tr("Open or close the focused group"), accelerators: ["space", "Return"]),
                Shortcut(title: tr("Expand the selected outline row"), accelerators: ["plus", "Right"]),
                Shortcut(title: tr("Collapse the selected outline row"), accelerators: ["minus", "Left"]),
                Shortcut(title: tr("Open or close the selected outline row"), accelerators: ["Return"]),
            ]),
            Group(title: tr("Lists"), shortcuts: [
                Shortcut(title: tr("Previous or next row"), accelerators: ["Up", "Down"]),
                Shortcut(title: tr("First or last row"), accelerators: ["Home", "End"]),
                Shortcut(title: tr("A page up or down"), accelerators: ["Page_Up", "Page_Down"]),
            ]),
            Group(title: tr("Collection"), shortcuts: [
                Shortcut(title: tr("Filter labels"), accelerators: ["<Control>f"]),
                Shortcut(title: tr("Clear the filter"), accelerators: ["Escape"]),
                Shortcut(title: tr("Edit the focused label’s note"), accelerators: ["Return", "space"]),
            ]),
        ]
    }

    static var title: String { tr("Keyboard Shortcuts") }

    /// A new shortcuts window over `parent`.
    static func make(for parent: WidgetPointer) -> WidgetPointer {
        let window = gtk_window_new()!
        gtk_window_set_title(gCast(window), title)
        gtk_window_set_modal(gCast(window), 1)
        gtk_window_set_transient_for(gCast(window), gCast(parent))
        gtk_window_set_destroy_with_parent(gCast(window), 1)
        gtk_window_set_default_size(gCast(window), 460, 560)
        gtk_window_set_titlebar(gCast(window), gtk_header_bar_new())

        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        content.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        for group in groups {
            let heading = Widgets.wrappingLabel(group.title)
            heading.addCSSClass("heading")
            gtk_widget_set_margin_top(heading, 12)
            Widgets.append(heading, to: content)
            let list = gtk_list_box_new()!
            gtk_list_box_set_selection_mode(gCast(list), GTK_SELECTION_NONE)
            list.addCSSClass("frame")
            Accessibility.setLabel(list, group.title)
            for shortcut in group.shortcuts { gtk_list_box_append(gCast(list), row(shortcut)) }
            Widgets.append(list, to: content)
        }
        gtk_window_set_child(gCast(window), Widgets.verticalScroller(content, label: title))

        DialogKeys.install(on: window, application: gtk_window_get_application(gCast(parent)))
        Accessibility.repair(window)
        return window
    }

    private static func row(_ shortcut: Shortcut) -> WidgetPointer {
        let keys = keysLabel(shortcut.accelerators)
        let box = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        box.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        let title = Widgets.wrappingLabel(shortcut.title)
        gtk_widget_set_hexpand(title, 1)
        let keysText = Widgets.wrappingLabel(keys, xalign: 1)
        keysText.addCSSClass("dim-label")
        Widgets.append(title, to: box)
        Widgets.append(keysText, to: box)
        let row = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(gCast(row), box)
        gtk_list_box_row_set_activatable(gCast(row), 0)
        gtk_list_box_row_set_selectable(gCast(row), 0)
        // TRANSLATORS: a shortcut for screen readers: what it does, then its keys.
        Accessibility.setLabel(row, fill(tr("{action}: {keys}"), ["action": shortcut.title, "keys": keys]))
        return row
    }

    /// "Ctrl+? or F1": each accelerator as GTK writes it for the user's language.
    static func keysLabel(_ accelerators: [String]) -> String {
        let labels = accelerators.map { accelerator -> String in
            var key: guint = 0
            var modifiers = GdkModifierType(0)
            guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, let label = gtk_accelerator_get_label(key, modifiers) else {
                return accelerator
            }
            defer { g_free(label) }
            return String(cString: label)
        }
        // TRANSLATORS: between two keys that do the same thing ("Ctrl+? or F1").
        return labels.joined(separator: tr(" or "))
    }
}
