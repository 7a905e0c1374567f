// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk

/// Every keyboard shortcut Unfold has, declared once. The application binds
/// the accelerators of the ones that name an action (`install`), and the
/// shortcuts window lists all of them, reading an action's keys back from the
/// application: what it shows is what is bound.
@MainActor
enum Shortcuts {
    struct Shortcut {
        let title: String
        /// The action the keys trigger ("win.close"), or nil for keys a widget
        /// handles itself (Space on a button, the arrows in a list).
        let action: String?
        let keys: [String]
    }

    struct Group {
        let title: String
        let shortcuts: [Shortcut]
    }

    static var groups: [Group] {
        [
            Group(title: tr("Application"), shortcuts: [
                Shortcut(title: tr("New window"), action: "app.new-window", keys: ["<Control>n"]),
                Shortcut(title: tr("Open labels files"), action: "app.open", keys: ["<Control>o"]),
                Shortcut(title: tr("Close window"), action: "win.close", keys: ["<Control>w"]),
                Shortcut(title: tr("Quit"), action: "app.quit", keys: ["<Control>q"]),
                Shortcut(title: tr("Keyboard shortcuts"), action: "win.show-help-overlay", keys: ["<Control>question", "F1"]),
                Shortcut(title: tr("Main menu"), action: nil, keys: ["F10"]),
            ]),
            Group(title: tr("Pages"), shortcuts: Page.allCases.enumerated().map { index, page in
                Shortcut(title: page.title, action: "win.show-page::\(page.rawValue)", keys: ["<Alt>\(index + 1)"])
            }),
            Group(title: tr("Disclosure"), shortcuts: [
                Shortcut(title: tr("Open or close the focused group"), action: nil, keys: ["space", "Return"]),
                Shortcut(title: tr("Expand the selected outline row"), action: nil, keys: ["plus", "Right"]),
                Shortcut(title: tr("Collapse the selected outline row"), action: nil, keys: ["minus", "Left"]),
                Shortcut(title: tr("Open or close the selected outline row"), action: nil, keys: ["Return"]),
            ]),
            Group(title: tr("Lists"), shortcuts: [
                Shortcut(title: tr("Previous or next row"), action: nil, keys: ["Up", "Down"]),
                Shortcut(title: tr("First or last row"), action: nil, keys: ["Home", "End"]),
                Shortcut(title: tr("A page up or down"), action: nil, keys: ["Page_Up", "Page_Down"]),
            ]),
            Group(title: tr("Collection"), shortcuts: [
                Shortcut(title: tr("Filter labels"), action: "win.focus-filter", keys: ["<Control>f"]),
                Shortcut(title: tr("Start filtering"), action: nil, keys: [tr("any letter")]),
                Shortcut(title: tr("Clear the filter"), action: nil, keys: ["Escape"]),
                Shortcut(title: tr("Edit the focused label’s note"), action: nil, keys: ["Return", "space"]),
                Shortcut(title: tr("Save the notes with their labels"), action: "win.save-notes", keys: ["<Shift><Control>s"]),
                Shortcut(title: tr("Undo the removal of a note"), action: "win.undo-note-removal", keys: ["<Control>z"]),
            ]),
        ]
    }

    /// Binds every action's keys on `application`.
    static func install(on application: UnsafeMutablePointer<GtkApplication>) {
        for group in groups {
            for shortcut in group.shortcuts {
                guard let action = shortcut.action else { continue }
                Actions.setAccelerators(application, for: action, shortcut.keys)
            }
        }
    }

    /// The keys of `shortcut` as the user sees them ("Ctrl+? or F1"): an
    /// action's as the application binds them now.
    static func keysLabel(_ shortcut: Shortcut, application: UnsafeMutablePointer<GtkApplication>?) -> String {
        let keys = shortcut.action.flatMap { action in application.map { Actions.accelerators($0, for: action) } } ?? shortcut.keys
        return keysLabel(keys)
    }

    /// Each accelerator as GTK writes it for the user's language; what is not an
    /// accelerator ("any letter") as it is.
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
