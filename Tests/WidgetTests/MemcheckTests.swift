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
        let app = Process()
        app.executableURL = URL(fileURLWithPath: "/usr/bin/valgrind")
        app.arguments = ["--tool=memcheck", "--leak-check=full", "--show-leak-kinds=definite",
                         "--errors-for-leak-kinds=definite", "--num-callers=40", "--error-exitcode=99",
                         "--suppressions=\(Self.suppressions)", "--log-file=\(log.path)",
                         AppProcessTests.executable]
        // Slices as plain mallocs, so a lost GVariant or GList shows where it was made.
        app.environment = launchEnvironment(["G_SLICE": "always-malloc", "SWIFT_BACKTRACE": "enable=no"])
        try app.run()
        defer { if app.isRunning { app.terminate() } }

        // Under valgrind the app runs some twenty times slower: wait for its window,
        // then leave it time to act on each group of keys (X queues them meanwhile).
        let window = try AppProcessTests.focusWindow(of: app, timeout: 120)
        func xdotool(_ arguments: String...) throws -> String {
            let output = try AppProcessTests.run("/usr/bin/xdotool", arguments, timeout: 60)
            XCTAssertEqual(output.status, 0, "xdotool \(arguments): \(output.stderr)")
            return output.stdout
        }
        // What the desktop does from the dock or the overview: activate one of
        // the app's actions over D-Bus. Unlike keys, it needs no keyboard focus,
        // which nothing manages under Xvfb once a window closes.
        func activate(_ action: String) throws {
            let output = try AppProcessTests.run("/usr/bin/gdbus", [
                "call", "--session", "--dest", "io.github.unfold.Unfold", "--object-path", "/io/github/unfold/Unfold",
                "--method", "org.gtk.Actions.Activate", action, "[]", "{}"], timeout: 60)
            XCTAssertEqual(output.status, 0, "app.\(action): \(output.stderr)")
        }
        func pause() { sleep(2) }

        pause(); _ = try xdotool("key", "--delay", "100", "Tab", "space", "Tab", "space")  // Reveal: open Collection, then Shapes
        pause(); _ = try xdotool("key", "--delay", "100", "alt+2", "Tab", "space", "Tab", "space")  // Native: its expanders
        pause(); _ = try xdotool("key", "--delay", "100", "alt+3", "Right", "Down", "Right", "Down", "Left")  // Outline by keyboard
        pause(); _ = try xdotool("key", "alt+4")
        pause(); _ = try xdotool("type", "--delay", "100", "tile")  // Collection: filter, then clear
        pause(); _ = try xdotool("key", "--delay", "100", "BackSpace", "Escape")
        pause(); try activate("new-window")  // a second window, closed with Ctrl+W
        let windows = try xdotool("search", "--sync", "--onlyvisible", "--pid", "\(app.processIdentifier)")
        if let second = windows.split(separator: "\n").map(String.init).first(where: { $0 != window }) {
            _ = try xdotool("windowfocus", "--sync", second)
            pause(); _ = try xdotool("key", "ctrl+w")
        } else {
            XCTFail("the new window never showed: \(windows)")
        }
        pause(); _ = try xdotool("windowfocus", "--sync", window)
        _ = try xdotool("key", "--delay", "100", "alt+1", "shift+Tab", "space")  // back to Reveal
        pause(); try activate("quit")

        let deadline = Date().addingTimeInterval(120)
        while app.isRunning && Date() < deadline { usleep(200_000) }
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
