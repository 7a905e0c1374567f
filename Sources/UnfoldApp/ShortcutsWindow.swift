import Gtk

/// The keyboard shortcuts window (Ctrl+? or F1), listing every shortcut the app has.
@MainActor
enum ShortcutsWindow {
    struct Shortcut { let title: String; let accelerator: String }
    struct Group { let title: String; let shortcuts: [Shortcut] }

    static var groups: [Group] {
        [
            Group(title: tr("Application"), shortcuts: [
                Shortcut(title: tr("New window"), accelerator: "<Control>n"),
                Shortcut(title: tr("Close window"), accelerator: "<Control>w"),
                Shortcut(title: tr("Quit"), accelerator: "<Control>q"),
                Shortcut(title: tr("Keyboard shortcuts"), accelerator: "<Control>question F1"),
                Shortcut(title: tr("Main menu"), accelerator: "F10"),
            ]),
            Group(title: tr("Pages"), shortcuts: Page.allCases.enumerated().map { index, page in
                Shortcut(title: page.title, accelerator: "<Alt>\(index + 1)")
            }),
            Group(title: tr("Disclosure"), shortcuts: [
                Shortcut(title: tr("Open or close the focused group"), accelerator: "space Return"),
                Shortcut(title: tr("Expand the selected outline row"), accelerator: "plus Right"),
                Shortcut(title: tr("Collapse the selected outline row"), accelerator: "minus Left"),
                Shortcut(title: tr("Open or close the selected outline row"), accelerator: "Return"),
            ]),
            Group(title: tr("Collection"), shortcuts: [
                Shortcut(title: tr("Filter labels"), accelerator: "<Control>f"),
                Shortcut(title: tr("Clear the filter"), accelerator: "Escape"),
            ]),
        ]
    }

    /// Built with GtkBuilder: GtkShortcutsWindow's parts are only constructible there.
    static func make() -> WidgetPointer {
        var xml = #"<interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>"#
        xml += #"<child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>"#
        for group in groups {
            xml += #"<child><object class="GtkShortcutsGroup"><property name="title">\#(escape(group.title))</property>"#
            for shortcut in group.shortcuts {
                xml += #"<child><object class="GtkShortcutsShortcut">"#
                xml += #"<property name="title">\#(escape(shortcut.title))</property>"#
                xml += #"<property name="accelerator">\#(escape(shortcut.accelerator))</property></object></child>"#
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        let builder = gtk_builder_new_from_string(xml, -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        let window = gtk_builder_get_object(builder, "shortcuts")!
        g_object_ref(UnsafeMutableRawPointer(window))  // outlive the builder
        return gCast(window)
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
