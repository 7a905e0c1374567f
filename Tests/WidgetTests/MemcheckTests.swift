import ChildProcessTestSupport
import Foundation
import XCTest

/// The real app under valgrind's memcheck, used on every page by keyboard and
/// quit from D-Bus: no definite leak and no memory error, except the
/// libraries' own that Tests/Leaks/gtk-stack.supp names and explains.
final class MemcheckTests: XCTestCase {
    static let suppressions = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Leaks/gtk-stack.supp").path

    func testAVisitToEveryPageLeaksNothingOfOurs() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-memcheck-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        // Slices as plain mallocs, so a lost GVariant or GList shows where it was made.
        let app = try Children.start("/usr/bin/valgrind", [
            "--tool=memcheck", "--leak-check=full", "--show-leak-kinds=definite",
            "--errors-for-leak-kinds=definite", "--num-callers=40", "--error-exitcode=99",
            "--suppressions=\(Self.suppressions)", "--log-file=\(log.path)", AppProcessTests.executable,
        ], environment: launchEnvironment(["G_SLICE": "always-malloc", "SWIFT_BACKTRACE": "enable=no"]))
        defer { app.end() }

        // Under valgrind the app runs some twenty times slower: after each group
        // of keys (X queues them meanwhile), wait until it shows their effect.
        let window = try AppProcessTests.focusWindow(of: app)
        func xdotool(_ arguments: String...) throws -> String {
            let output = try AppProcessTests.run("/usr/bin/xdotool", arguments)
            XCTAssertEqual(output.status, 0, "xdotool \(arguments): \(output.stderr)")
            return output.stdout
        }
        // What the desktop does from the dock or the overview: activate one of
        // the app's actions over D-Bus. Unlike keys, it needs no keyboard focus,
        // which nothing manages under Xvfb once a window closes.
        func activate(_ action: String) throws {
            let output = try AppProcessTests.run("/usr/bin/gdbus", [
                "call", "--session", "--dest", "io.github.unfold.Unfold", "--object-path", "/io/github/unfold/Unfold",
                "--method", "org.gtk.Actions.Activate", action, "[]", "{}"])
            XCTAssertEqual(output.status, 0, "app.\(action): \(output.stderr)")
        }
        func page(_ name: String) throws { try AppProcessTests.waitForTree { AppProcessTests.selectedPage($0) == name } }

        try page("Reveal")
        _ = try xdotool("key", "--delay", "100", "Tab", "space", "Tab", "space")  // Reveal: open Collection, then Shapes
        try AppProcessTests.waitForTree { AppProcessTests.expanded("Collection")($0) && AppProcessTests.expanded("Shapes")($0) }
        _ = try xdotool("key", "alt+2")
        try page("Native")
        _ = try xdotool("key", "--delay", "100", "Tab", "space", "Tab", "space")  // Native: its expanders
        try AppProcessTests.waitForTree { $0.filter { $0.states.contains("expanded") }.count >= 2 }
        _ = try xdotool("key", "alt+3")
        try page("Outline")
        _ = try xdotool("key", "--delay", "100", "Right", "Down", "Right", "Down", "Left")  // Outline by keyboard
        try AppProcessTests.waitForTree { AppProcessTests.node("Circle", in: $0) != nil }
        _ = try xdotool("key", "alt+4")
        try page("Collection")
        _ = try xdotool("type", "--delay", "100", "tile")  // Collection: filter, then clear
        try AppProcessTests.waitForTree { $0.contains { $0.name == "2 of 4 labels" } }
        _ = try xdotool("key", "--delay", "100", "BackSpace", "Escape")
        try AppProcessTests.waitForTree { $0.contains { $0.name == "4 of 4 labels" } }
        try activate("new-window")  // a second window, closed with Ctrl+W
        try AppProcessTests.waitForTree { $0.filter { $0.role == "frame" }.count == 2 }
        let windows = try xdotool("search", "--sync", "--onlyvisible", "--pid", "\(app.processIdentifier)")
        if let second = windows.split(separator: "\n").map(String.init).first(where: { $0 != window }) {
            _ = try xdotool("windowfocus", "--sync", second)
            _ = try xdotool("key", "ctrl+w")
            try AppProcessTests.waitForTree { $0.filter { $0.role == "frame" }.count == 1 }
        } else {
            XCTFail("the new window never showed: \(windows)")
        }
        _ = try xdotool("windowfocus", "--sync", window)
        _ = try xdotool("key", "--delay", "100", "alt+1", "shift+Tab", "space")  // back to Reveal
        try page("Reveal")
        try activate("quit")
        app.waitForExit()
        XCTAssertFalse(app.isRunning, "app.quit quits, even under valgrind")

        let report = try String(contentsOf: log, encoding: .utf8)
        func line(_ prefix: String) -> String? {
            report.split(separator: "\n")
                .map { $0.replacingOccurrences(of: #"^==\d+==\s*"#, with: "", options: .regularExpression) }
                .last { $0.hasPrefix(prefix) }
        }
        let definitely = line("definitely lost:"), errors = line("ERROR SUMMARY:")
        print("memcheck: \(definitely ?? "no leak summary"); \(line("suppressed:") ?? ""); \(errors ?? "")")
        XCTAssertEqual(definitely, "definitely lost: 0 bytes in 0 blocks", Self.lossRecords(in: report))
        XCTAssertTrue(errors?.hasPrefix("ERROR SUMMARY: 0 errors") == true, Self.lossRecords(in: report))
        XCTAssertEqual(app.terminationStatus, 0, "valgrind's own status (99 on an error)")
    }

    /// The end of the report, where the error and loss records are, for the failure message.
    static func lossRecords(in report: String) -> String { String(report.suffix(12_000)) }
}
