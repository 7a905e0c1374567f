// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
@testable import UnfoldApp
import UnfoldGtk
import XCTest

/// The whole app as a screen reader meets it, through AT-SPI from another
/// process: every page in several states, the menus, the shortcuts window, the
/// about dialog and a second window, left to right and right to left. In each,
/// `atspi_driver.py audit` finds nothing: no accessible named after a GType,
/// nothing focusable or actionable without a name, nothing in the tree that is
/// not on screen, one focused item per list and it the selected one, one
/// selected page tab; and only the page shown is in the tree.
final class AccessibilityAuditTests: XCTestCase {
    struct Problem: Decodable { var `where`: String; var problem: String }

    /// What the audit finds, but what is libadwaita's own inside `dialog`,
    /// the name of a libadwaita dialog shown (`aboutDialogsOwn`).
    static func audit(libadwaitaDialog dialog: String? = nil) throws -> [Problem] {
        let output = try AppProcessTests.run("/usr/bin/python3", [AppProcessTests.driver, "unfold", "audit"])
        XCTAssertEqual(output.status, 0, output.stderr)
        let problems = try output.stdout.split(separator: "\n").map { try JSONDecoder().decode(Problem.self, from: Data($0.utf8)) }
        guard let dialog else { return problems }
        return problems.filter { !aboutDialogsOwn($0, dialog: dialog) }
    }

    /// libadwaita's about dialog (AdwAboutDialog, from 1.5: a dialog inside
    /// the window) brings these of its own: its sheet and its scrolled
    /// window take the focus though what they hold does, and its boxed lists,
    /// in groups with no title, have no name. A plain libadwaita 1.7 program's
    /// about dialog has them all (probed on Debian 13: the sheet's AdwGizmo,
    /// the GtkScrolledWindow and each GtkListBox focusable). libadwaita 1.10
    /// (Debian testing) makes its "Report an Issue" row a link alone in its
    /// list, which the list does not count as an item. Only those: unnamed
    /// panes and lists inside the dialog, for those problems.
    static func aboutDialogsOwn(_ problem: Problem, dialog: String) -> Bool {
        let path = problem.where.components(separatedBy: " › ")
        guard Adwaita.isAtLeast(1, 5), path.contains("dialog '\(dialog)'"), let last = path.last else { return false }
        return ["panel ''", "scroll pane ''", "list ''"].contains(last)
            && (["focusable or actionable, and unnamed", "takes the focus, though what it holds does",
                 "shows 1 rows, but counts 0 items (the others: link)"].contains(problem.problem))
    }

    /// Tells the session's applications that an assistive technology
    /// listens, before the app starts, as Orca running already does, until
    /// `body` is over (the tests after it, the benchmark's among them, meet
    /// the session as it was): GTK and Unfold do more for a listener
    /// (accessibles made as things come), and the audit must meet that app,
    /// not one that learns of it later.
    static func withAScreenReaderListening(_ body: () throws -> Void) throws {
        func status(_ method: String, _ arguments: [String]) throws -> String {
            let call = try AppProcessTests.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
                                                                  "--method", "org.freedesktop.DBus.Properties.\(method)", "org.a11y.Status", "IsEnabled"]
                                                + arguments)
            XCTAssertEqual(call.status, 0, call.stderr)
            return call.stdout
        }
        let before = try status("Get", []).contains("true") ? "<true>" : "<false>"
        _ = try status("Set", ["<true>"])
        defer { _ = try? status("Set", [before]) }
        try body()
    }

    static func keys(_ names: String...) throws {
        for name in names {
            XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["key", "--delay", "40", name]).status, 0, name)
        }
    }


    /// Keeps "Note removed" on screen for an audit that may take longer than
    /// its five seconds: the pointer on it holds it (libadwaita's toasts wait
    /// for the pointer to leave). On a machine slow enough that it went before
    /// the pointer got there, Ctrl+Z and the removal again bring a new one.
    static func holdTheToast(in window: String) throws {
        // The toast is there while its Undo is.
        func undo(in nodes: [AppProcessTests.Node]) -> AppProcessTests.Node? {
            nodes.first { $0.role == "push button" && $0.name == "Undo" && $0.width != nil }
        }
        while true {
            let nodes = try AppProcessTests.waitForTree(places: true) { undo(in: $0) != nil }
            let button = try XCTUnwrap(undo(in: nodes))
            let (x, y) = ((button.x ?? 0) + (button.width ?? 0) / 2, (button.y ?? 0) + (button.height ?? 0) / 2)
            XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["mousemove", "--window", window, "\(x)", "\(y)"]).status, 0)
            // Still not dismissed with the pointer on it: held.
            if let now = try AppProcessTests.tree(places: true), undo(in: now) != nil { return }
            try keys("ctrl+z")
            _ = try AppProcessTests.waitForTree { !$0.contains { $0.role == "push button" && $0.name == "Undo" } }
            try keys("Return", "ctrl+a", "BackSpace", "Return")
        }
    }

    /// Presses `key` until the list item `name` has the focus, as a keyboard
    /// user goes: each press waits for the focus to move, and a round
    /// that comes back to where it began fails.
    static func focusByKeys(_ name: String, key: String) throws {
        func focused(_ nodes: [AppProcessTests.Node]) -> String {
            nodes.first { $0.states.contains("focused") }.map { "\($0.role) '\($0.name)'" } ?? "nothing"
        }
        var seen: [String] = []
        // (Each step reads the tree the move was seen in: GTK 4.18 may tell
        // of the focus leaving a row before it tells of it coming.)
        var nodes = try XCTUnwrap(AppProcessTests.tree())
        while true {
            let here = focused(nodes)
            if here == "list item '\(name)'" { return }
            guard !seen.contains(here) else { return XCTFail("\(key) never reaches \(name): \(seen + [here])") }
            seen.append(here)
            try keys(key)
            nodes = try AppProcessTests.waitForTree { focused($0) != here }
        }
    }

    /// Gives X focus to `app`'s visible window other than `window`.
    static func focusOtherWindow(of app: Child, than window: String) throws {
        let search = try AppProcessTests.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(app.processIdentifier)"])
        let other = try XCTUnwrap(search.stdout.split(separator: "\n").map(String.init).first { $0 != window }, search.stdout)
        XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["windowfocus", "--sync", other]).status, 0)
    }

    /// Opens the about dialog as the main menu's item does (its action,
    /// through the app's D-Bus interface).
    static func openAbout() throws {
        let about = try AppProcessTests.run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.unfold.Unfold",
                                                               "--object-path", "/io/github/unfold/Unfold",
                                                               "--method", "org.gtk.Actions.Activate", "about", "[]", "{}"])
        XCTAssertEqual(about.status, 0, about.stderr)
    }

    /// Whether the about dialog is in the tree: from libadwaita 1.5 a dialog
    /// inside the window (AdwAboutDialog); before, a window of its own (its
    /// title is GTK's, translated: the frame that is not the main window).
    static func aboutIsOpen(_ nodes: [AppProcessTests.Node]) -> Bool {
        Adwaita.isAtLeast(1, 5) ? nodes.contains { $0.role == "dialog" && $0.name == "About Unfold" }
                                : nodes.filter { $0.role == "frame" }.count == 2
    }

    /// Whether the about dialog's Legal page is the one shown.
    static func aboutShowsLegal(_ nodes: [AppProcessTests.Node]) -> Bool {
        nodes.contains { $0.role == "label" && $0.name.hasPrefix("© 2026") }
    }

    /// From the open about dialog's first page, to its Legal page (with its
    /// back button), by the keyboard: `window` is the main window's X id.
    static func showTheAboutLegalPage(of app: Child, over window: String) throws {
        if Adwaita.isAtLeast(1, 5) {
            // Its rows offer no action through AT-SPI (libadwaita 1.7): by
            // keyboard, as a person would, Tab to the list of Credits, Down
            // to Legal (in the main window, which holds the dialog). They
            // are its last two rows, named in libadwaita's words (Hebrew
            // here, for one).
            XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["windowfocus", "--sync", window]).status, 0)
            let tree = try XCTUnwrap(AppProcessTests.tree())
            let dialog = try XCTUnwrap(tree.firstIndex { $0.role == "dialog" && $0.name == "About Unfold" })
            let rows = tree[(dialog + 1)...].prefix { $0.depth > tree[dialog].depth }.filter { $0.role == "list item" }.map(\.name)
            let lastTwo = try XCTUnwrap(rows.count >= 2 ? Array(rows.suffix(2)) : nil, "the about dialog's rows: \(rows)")
            try focusByKeys(lastTwo[0], key: "Tab")
            try focusByKeys(lastTwo[1], key: "Down")
            try keys("Return")
        } else {
            try focusOtherWindow(of: app, than: window)
            try keys("Tab", "Tab", "Tab", "Tab", "Return")
        }
        _ = try AppProcessTests.waitForTree(aboutShowsLegal)
    }

    /// The about dialog closed after its Legal page was seen, a screen
    /// reader that starts then reads the whole app (libatspi asks GTK for its
    /// whole cache, as each run of the driver does), and the app goes on
    /// (`GTKVersion.labelLinksOutliveTheirLabel`: GTK 4.24 aborted it once the
    /// licence's link had been read). Without animations, the dialog goes as
    /// it closes.
    func testTheAppOutlivesItsAboutDialog() throws {
        try Self.withAScreenReaderListening {
            let app = try AppProcessTests.launch(["--page", "collection", "--reduce-motion"])
            defer { AppProcessTests.stop(app) }
            _ = try AppProcessTests.waitForTree { $0.contains { $0.role == "entry" } }
            let window = try AppProcessTests.focusWindow(of: app)
            try Self.openAbout()
            _ = try AppProcessTests.waitForTree(Self.aboutIsOpen)
            try Self.showTheAboutLegalPage(of: app, over: window)
            let legal = try XCTUnwrap(AppProcessTests.tree())
            XCTAssertTrue(legal.contains { $0.role == "label" && $0.name.contains("GNU General Public License, version 3 or later") },
                          "the Legal page names the licence")
            try Self.keys("Escape")
            _ = try AppProcessTests.waitForTree { Self.aboutIsOpen($0) && !Self.aboutShowsLegal($0) }
            try Self.keys("Escape")
            // (Each read a new client's; stopped at once by the app's end.)
            var reads = 0
            let deadline = Date().addingTimeInterval(Patience.hang)
            while app.isRunning, reads < 3, Date() < deadline {
                if let nodes = try AppProcessTests.tree(), !Self.aboutIsOpen(nodes) { reads += 1 }
            }
            XCTAssertTrue(app.isRunning, "the app ended as a new client read it:\n\(app.stderr)")
            XCTAssertEqual(reads, 3, "the app read three times with its about dialog closed")
        }
    }

    /// A button's or menu item's mnemonic is not said: "_Undo" is "Undo",
    /// and two underscores are one.
    func testAMnemonicIsReadAsItsText() {
        XCTAssertEqual(Accessibility.withoutMnemonic("_Undo"), "Undo")
        XCTAssertEqual(Accessibility.withoutMnemonic("_About Unfold"), "About Unfold")
        XCTAssertEqual(Accessibility.withoutMnemonic("Fish __ Chips"), "Fish _ Chips")
        XCTAssertEqual(Accessibility.withoutMnemonic("No mnemonic"), "No mnemonic")
    }

    /// Each menu button, and each item of the main menu, says what it is,
    /// whichever way this GTK names them (`GTKVersion.namesAMenuButtonInside`,
    /// `menuItemsLoseTheirLabels`): the rows' pencils, the main menu and its
    /// items. (Run on every release; the whole audit, on Debian 12.)
    func testMenuButtonsAndMenuItemsAreNamed() throws {
        try Self.withAScreenReaderListening {
            let app = try AppProcessTests.launch(["--page", "collection"])
            defer { AppProcessTests.stop(app) }
            var nodes = try AppProcessTests.waitForTree { $0.contains { $0.role == "list item" && $0.name == "Tile A, Tile" } }
            // The button that takes the focus: a toggle button inside GTK
            // 4.18's push button, a push button (GTK 4.8's word for it)
            // inside 4.8's group.
            let buttons = nodes.filter { ["push button", "toggle button"].contains($0.role) && $0.states.contains("focusable") }
            XCTAssertEqual(buttons.filter { $0.name.isEmpty }.count, 0, "every button says what it does: \(buttons.map(\.name))")
            XCTAssertTrue(Set(buttons.map(\.name)).isSuperset(of: ["Edit note for Tile A", "Edit note for Dot A", "Edit note for Tile B",
                                                                   "Edit note for Dot B", "Main Menu"]), "\(buttons.map(\.name))")
            _ = try AppProcessTests.focusWindow(of: app)
            try Self.keys("F10")
            nodes = try AppProcessTests.waitForTree { $0.contains { $0.role.hasSuffix("menu item") && $0.states.contains("focused") } }
            let items = nodes.filter { $0.role.hasSuffix("menu item") && $0.states.contains("visible") }
            XCTAssertTrue(items.contains { $0.name == "About Unfold" }, "\(items.map(\.name))")
            XCTAssertEqual(items.filter { $0.name.isEmpty || $0.name.contains("_") }.count, 0, "every item says its text: \(items.map(\.name))")
            try Self.keys("Escape")
        }
    }

    /// Narrowed and widened again while a screen reader reads it, the
    /// window swaps its header's page switcher for its title and back, and
    /// goes on (run on every release). With libadwaita 1.4's breakpoint
    /// taking the switcher out of the header and putting it back, GTK 4.18
    /// changed the role of an accessible it had realized as the switcher
    /// came back: a critical, which ends the app under the tests'
    /// fatal-criticals.
    func testTheHeaderSwapsItsSwitcherForTheTitleAndBack() throws {
        try Self.withAScreenReaderListening {
            let app = try AppProcessTests.launch(["--page", "collection"])
            defer { AppProcessTests.stop(app) }
            _ = try AppProcessTests.waitForTree { $0.contains { $0.role == "page tab" && $0.name == "Collection" } }
            let window = try AppProcessTests.focusWindow(of: app)
            func tabLists(_ nodes: [AppProcessTests.Node]) -> Int { nodes.filter { $0.role == "page tab list" }.count }
            for _ in 0..<2 {
                XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["windowsize", "--sync", window, "380", "600"]).status, 0)
                let narrow = try AppProcessTests.waitForTree { nodes in
                    tabLists(nodes) == 1 && nodes.contains { $0.role == "label" && $0.name == "Label Collection" }
                }
                XCTAssertEqual(narrow.filter { $0.role == "page tab" && $0.states.contains("selected") }.map(\.name), ["Collection"])
                XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["windowsize", "--sync", window, "760", "620"]).status, 0)
                let wide = try AppProcessTests.waitForTree { nodes in
                    tabLists(nodes) == 1 && !nodes.contains { $0.role == "label" && $0.name == "Label Collection" }
                }
                XCTAssertEqual(wide.filter { $0.role == "page tab" && $0.states.contains("selected") }.map(\.name), ["Collection"])
                XCTAssertTrue(app.isRunning, "the app ended:\n\(app.stderr)")
            }
        }
    }

    func testEnglish() throws { try walk(environment: launchEnvironment()) }

    /// Right to left, in the Hebrew locale itself: GTK's own Hebrew makes the
    /// layout mirror, and names GTK's own controls.
    func testHebrew() throws {
        try walk(environment: launchEnvironment(["LC_ALL": "he_IL.UTF-8"]))
    }

    /// A translated about window (it has translator credits) and a
    /// translated note popover.
    func testFrenchDialogs() throws {
        let locale = ProcessInfo.processInfo.environment["UNFOLD_TEST_LOCALE"] ?? "en_US.UTF-8"
        try Self.withAScreenReaderListening { try auditInFrench(locale: locale) }
    }

    private func auditInFrench(locale: String) throws {
        let app = try AppProcessTests.launch(["--page", "collection"], environment: launchEnvironment(["LC_ALL": locale, "LANGUAGE": "fr"]))
        defer { AppProcessTests.stop(app) }
        _ = try AppProcessTests.waitForTree { $0.contains { $0.role == "entry" } }
        _ = try AppProcessTests.focusWindow(of: app)
        try Self.keys("Tab", "Tab", "Return")
        _ = try AppProcessTests.waitForTree { $0.contains { $0.role == "text" && $0.name.hasPrefix("Note de « ") } }
        var problems = try Self.audit()
        try Self.keys("Escape")
        let about = try AppProcessTests.run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.unfold.Unfold",
                                                               "--object-path", "/io/github/unfold/Unfold",
                                                               "--method", "org.gtk.Actions.Activate", "about", "[]", "{}"])
        XCTAssertEqual(about.status, 0, about.stderr)
        // (A second window before libadwaita 1.5, a dialog inside this one from 1.5.)
        _ = try AppProcessTests.waitForTree { $0.contains { $0.role == "label" && $0.name == "Les développeurs d’Unfold" } }
        problems += try Self.audit(libadwaitaDialog: "À propos d’Unfold")
        XCTAssertEqual(problems.map { "\($0.where): \($0.problem)" }, [])
    }

    /// (With the Motion Plot shown under the pages: it is audited in every state too.)
    func walk(environment: [String: String]) throws {
        try Self.withAScreenReaderListening { try walkListened(environment: environment) }
    }

    private func walkListened(environment: [String: String]) throws {
        let app = try AppProcessTests.launch(["--motion-plot"], environment: environment)
        defer {
            // What the app said, for a failure that stopped it.
            if !app.isRunning || (testRun?.failureCount ?? 0) > 0 { print("the app's stderr:\n\(app.stderr)") }
            AppProcessTests.stop(app)
        }
        var report: [String] = []
        func check(_ state: String, libadwaitaDialog: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
            let problems = try Self.audit(libadwaitaDialog: libadwaitaDialog)
            report += problems.map { "\(state): \($0.where): \($0.problem)" }
            // Only the page shown is there, and it is the selected tab's.
            let nodes = try XCTUnwrap(AppProcessTests.tree())
            for (index, frame) in nodes.enumerated() where frame.role == "frame" {
                let inside = Array(nodes[(index + 1)...].prefix { $0.depth > frame.depth })
                let tabs = inside.filter { $0.role == "page tab" }
                guard let selected = tabs.first(where: { $0.states.contains("selected") })?.name else { continue }
                // The pages: the outermost panes named after a tab, outside the switchers.
                var pages: [AppProcessTests.Node] = []
                var switcherDepth: Int?
                for node in inside {
                    if let depth = switcherDepth, node.depth > depth { continue }
                    switcherDepth = node.role == "page tab list" ? node.depth : nil
                    if ["panel", "scroll pane"].contains(node.role) && tabs.map(\.name).contains(node.name) { pages.append(node) }
                }
                let outermost = pages.map(\.depth).min()
                XCTAssertEqual(pages.filter { $0.depth == outermost }.map(\.name), [selected],
                               "\(state): one page in the tree, the selected tab's", file: file, line: line)
            }
        }

        _ = try AppProcessTests.waitForTree { AppProcessTests.node("Collection", in: $0) != nil }
        _ = try AppProcessTests.focusWindow(of: app)
        try check("Reveal, closed")
        try AppProcessTests.press("Collection")
        _ = try AppProcessTests.waitForTree(AppProcessTests.expanded("Collection"))
        try AppProcessTests.press("Shapes")
        _ = try AppProcessTests.waitForTree(AppProcessTests.expanded("Shapes"))
        try check("Reveal, open")

        try Self.keys("alt+2")
        _ = try AppProcessTests.waitForTree { AppProcessTests.selectedPage($0) == "Native" }
        try Self.keys("space", "Tab", "space")
        var nodes = try AppProcessTests.waitForTree(AppProcessTests.expanded("Shapes"))
        XCTAssertEqual(AppProcessTests.node("Collection", in: nodes)?.role, "push button", "the expander is named by its title")
        // GNOME's expander rows below: Tab past the plain ones to the first row's header.
        try Self.keys("Tab", "space")
        // (The expander row's header is a button, as GtkExpander is: both are named Collection.)
        nodes = try AppProcessTests.waitForTree { nodes in
            nodes.filter { $0.role == "push button" && $0.name == "Collection" && $0.states.contains("expanded") }.count == 2
        }
        XCTAssertEqual(nodes.filter { $0.role == "push button" && $0.name == "Shapes" && $0.states.contains("expandable") }.count, 2,
                       "the expander row opened, and its children are in the tree")
        // (Leaving out the page tab, and the title labels GTK shows inside the
        // buttons. The expander row is the item its list counts, named as
        // list items are; Orca does not say it on the way into its header.)
        XCTAssertEqual(nodes.filter { $0.name == "Collection" && !["page tab", "label"].contains($0.role) }.map(\.role),
                       ["push button", "list item", "push button"],
                       "each expander once: nothing else says Collection (its rows' list, named so, was said after it)")
        try check("Native, open")

        try Self.keys("alt+3")
        _ = try AppProcessTests.waitForTree { AppProcessTests.selectedPage($0) == "Outline" }
        // The arrow that points into a row opens it: ← right to left.
        let rightToLeft = environment["LC_ALL"]?.hasPrefix("he") == true
        try Self.keys(rightToLeft ? "Left" : "Right", "Down", "Down")
        nodes = try AppProcessTests.waitForTree { $0.contains { $0.role == "list item" && $0.name == "Palette" && $0.states.contains("focused") } }
        XCTAssertTrue(nodes.contains { $0.name == "Collection" && $0.role == "list item" && $0.states.contains("expanded") },
                      "a screen reader hears each row's expanded state")
        try check("Outline, moved by the arrows")

        try Self.keys("alt+4")
        _ = try AppProcessTests.waitForTree { AppProcessTests.selectedPage($0) == "Collection" }
        try check("Collection, all labels")
        XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["type", "--delay", "40", "zzz"]).status, 0)
        nodes = try AppProcessTests.waitForTree { AppProcessTests.node("No matching labels", in: $0) != nil }
        XCTAssertFalse(nodes.contains { $0.role == "list item" }, "rows that went are gone from the tree")
        try check("Collection, nothing matches")
        try Self.keys("Escape")
        nodes = try AppProcessTests.waitForTree { $0.filter { $0.role == "list item" }.count == 4 }
        XCTAssertNil(AppProcessTests.node("No matching labels", in: nodes), "a faded-out empty state is gone from the tree")
        try Self.keys("Tab", "Tab", "Return")
        _ = try AppProcessTests.waitForTree { $0.contains { $0.role == "text" && $0.name == "Note for Tile A" } }
        try check("a note being written")
        // A note written, then emptied: the toast that offers to undo it.
        XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["type", "--delay", "40", "x"]).status, 0)
        try Self.keys("Return", "Return", "ctrl+a", "BackSpace", "Return")
        let window = try AppProcessTests.focusWindow(of: app)
        try Self.holdTheToast(in: window)
        try check("the toast of a removed note")
        XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["windowsize", "--sync", window, "380", "600"]).status, 0)
        // Narrow, the header shows the window's title and the pages move to a
        // bar at the bottom: one page switcher in the tree, not two.
        nodes = try AppProcessTests.waitForTree { nodes in
            nodes.filter { $0.role == "page tab list" }.count == 1 && nodes.contains { $0.role == "label" && $0.name == "Label Collection" }
        }
        XCTAssertEqual(nodes.filter { $0.role == "page tab" && $0.states.contains("selected") }.map(\.name), ["Collection"])
        try check("a narrow window")
        try Self.keys("F10")
        _ = try AppProcessTests.waitForTree { $0.contains { $0.role == "menu item" && $0.name == "About Unfold" } }
        try check("the main menu")
        try Self.keys("Escape")
        XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["windowsize", "--sync", window, "760", "620"]).status, 0)

        try Self.keys("F1")
        nodes = try AppProcessTests.waitForTree { $0.contains { $0.role == "dialog" && $0.name == "Keyboard Shortcuts" } }
        XCTAssertTrue(nodes.contains { $0.role == "list item" && $0.name == "New window: Ctrl+N" })
        try check("the shortcuts window")
        try Self.keys("Escape")
        _ = try AppProcessTests.waitForTree { !$0.contains { $0.name == "Keyboard Shortcuts" } }

        try Self.openAbout()
        _ = try AppProcessTests.waitForTree(Self.aboutIsOpen)
        try check("the about dialog", libadwaitaDialog: "About Unfold")
        try Self.showTheAboutLegalPage(of: app, over: window)
        try check("a page of the about window", libadwaitaDialog: "About Unfold")
        // Escape goes back to its first page, then closes it.
        try Self.keys("Escape")
        _ = try AppProcessTests.waitForTree { !Self.aboutShowsLegal($0) }
        try Self.keys("Escape")
        _ = try AppProcessTests.waitForTree { !Self.aboutIsOpen($0) }

        _ = try AppProcessTests.focusWindow(of: app)
        try Self.keys("ctrl+n")
        _ = try AppProcessTests.waitForTree { $0.filter { $0.role == "frame" }.count == 2 }
        try check("a second window")

        XCTAssertEqual(report, [], "\(report.count) problems:\n" + report.joined(separator: "\n"))
    }
}
