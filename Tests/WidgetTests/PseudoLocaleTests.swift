// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldGtk
@testable import UnfoldApp
import XCTest

/// The app in a pseudo-language where every message of the template is
/// wrapped in ⟦ ⟧ (`pseudo_locale.py`): on every page, in the menus and the
/// shortcuts window, all text a user sees went through gettext. An English
/// word outside the brackets is a string nobody can translate.
final class PseudoLocaleTests: XCTestCase {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("pseudo_locale.py").path

    /// `text` with every bracketed part taken out: what no message covers.
    static func uncovered(_ text: String) -> String {
        var depth = 0
        var rest = ""
        for character in text {
            if character == "⟦" { depth += 1 } else if character == "⟧" { depth = max(0, depth - 1) } else if depth == 0 { rest.append(character) }
        }
        return rest
    }

    /// Names GTK gives its own parts, from its own translations.
    static let gtksOwn: Set<String> = ["Minimize", "Maximize", "Close", "Expand", "Collapse"]

    /// The keys of every shortcut as GTK writes them ("Ctrl+N", "Page Up"): GTK
    /// translates those.
    static func keyLabels() -> [String] {
        MainActor.assumeIsolated {
            TestDisplay.ensureInitialized()
            // Only real accelerators: words of our own ("any letter") are translated by us.
            let accelerators = Shortcuts.groups.flatMap(\.shortcuts).flatMap(\.keys).filter {
                var key: guint = 0
                var modifiers = GdkModifierType(0)
                return gtk_accelerator_parse($0, &key, &modifiers) != 0
            }
            return accelerators.map { Shortcuts.keysLabel([$0]) }.sorted { $0.count > $1.count }
        }
    }

    func testEveryWordOnScreenIsTranslatable() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-pseudo-\(UUID().uuidString)")
        let messages = directory.appendingPathComponent("qps/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let po = directory.appendingPathComponent("qps.po").path
        let pot = repositoryRoot.appendingPathComponent("data/po/unfold.pot").path
        XCTAssertEqual(try AppProcessTests.run("/usr/bin/python3", [Self.script, pot, po]).status, 0)
        let compiled = try AppProcessTests.run("/usr/bin/msgfmt", ["-o", messages.appendingPathComponent("unfold.mo").path, po])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)

        let locale = ProcessInfo.processInfo.environment["UNFOLD_TEST_LOCALE"] ?? "en_US.UTF-8"
        let app = try AppProcessTests.launch([], environment: launchEnvironment(
            ["LC_ALL": locale, "LANGUAGE": "qps", "UNFOLD_LOCALE_DIR": directory.path]))
        defer { AppProcessTests.stop(app) }
        var untranslated: [String: String] = [:]  // text → where it was seen
        let keyLabels = Self.keyLabels()
        func look(_ state: String) throws {
            let nodes = try XCTUnwrap(AppProcessTests.tree())
            for node in nodes where node.role != "application" && !node.name.isEmpty && !Self.gtksOwn.contains(node.name) {
                let rest = keyLabels.reduce(Self.uncovered(node.name)) { $0.replacingOccurrences(of: $1, with: "") }
                if rest.contains(where: \.isLetter) { untranslated[node.name] = untranslated[node.name] ?? state }
            }
        }
        func keys(_ names: String...) throws {
            for name in names { XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["key", "--delay", "40", name]).status, 0) }
        }

        // Each look waits for what its keys do, told by the tree's shape (its
        // words are the pseudo-language's): the page's tab, what opened.
        func tab(_ index: Int) -> ([AppProcessTests.Node]) -> Bool {
            { nodes in
                let tabs = nodes.filter { $0.role == "page tab" }
                return tabs.count == 4 && tabs[index].states.contains("selected")
            }
        }
        // (An outline row's expander says it too: count the controls and rows.)
        func expandedCount(_ nodes: [AppProcessTests.Node]) -> Int {
            nodes.filter { ["push button", "list item", "toggle button"].contains($0.role) && $0.states.contains("expanded") }.count
        }

        // The app opens on the page it was last left on (by whichever test
        // ran it last in this session): start from the first.
        try AppProcessTests.waitForTree { $0.filter { $0.role == "page tab" }.count == 4 }
        _ = try AppProcessTests.focusWindow(of: app)
        try keys("alt+1")
        try AppProcessTests.waitForTree { tab(0)($0) && $0.contains { $0.role == "push button" && $0.states.contains("focused") } }
        try keys("space", "Tab", "space")
        try AppProcessTests.waitForTree { tab(0)($0) && expandedCount($0) >= 2 }
        try look("Reveal")
        try keys("alt+2", "space", "Tab", "space")
        try AppProcessTests.waitForTree { tab(1)($0) && expandedCount($0) >= 2 }
        try look("Native")
        try keys("alt+3", "Right", "Down", "Right")
        try AppProcessTests.waitForTree { tab(2)($0) && expandedCount($0) >= 2 }
        try look("Outline")
        try keys("alt+4")
        try AppProcessTests.waitForTree(tab(3))
        try look("Collection")
        XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["type", "--delay", "40", "zzz"]).status, 0)
        // The caption counts none ("⟦0 … 4 …⟧": the numbers are not translated).
        try AppProcessTests.waitForTree { $0.contains { $0.name.hasPrefix("⟦0 ") } }
        try look("Collection, nothing matches")
        try keys("Escape", "F10")
        try AppProcessTests.waitForTree { $0.contains { $0.role == "menu item" } }
        try look("the main menu")
        try keys("Escape", "F1")
        try AppProcessTests.waitForTree { $0.filter { $0.role == "frame" || $0.role == "dialog" }.count == 2 }
        try look("the shortcuts window")
        XCTAssertEqual(untranslated, [:], "text on screen that no message covers")
        let nodes = try XCTUnwrap(AppProcessTests.tree())
        XCTAssertTrue(nodes.contains { $0.name.hasPrefix("⟦Ŕêṽêàł⟧") || $0.name == "⟦Ŕêṽêàł⟧" }, "the pseudo-language is in use")
    }
}
