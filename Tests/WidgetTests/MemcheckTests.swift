// SPDX-License-Identifier: GPL-3.0-or-later
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

        // Under valgrind the app runs some twenty times slower, too slow to be
        // read through AT-SPI. X hands it keys in the order they were typed, so
        // only what comes another way (D-Bus) must wait for the keys before it:
        // each group of keys ends with a page switch, and the first window's
        // page, which its show-page action's state says over D-Bus, tells
        // that the app has taken every key before it.
        let window = try AppProcessTests.focusWindow(of: app)
        func xdotool(_ arguments: String...) throws -> String {
            let output = try AppProcessTests.run("/usr/bin/xdotool", arguments)
            XCTAssertEqual(output.status, 0, "xdotool \(arguments): \(output.stderr)")
            return output.stdout
        }
        func gdbus(_ arguments: [String]) throws -> String {
            let output = try AppProcessTests.run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.unfold.Unfold"] + arguments)
            XCTAssertEqual(output.status, 0, "gdbus \(arguments): \(output.stderr)")
            return output.stdout
        }
        // What the desktop does from the dock or the overview: activate one of
        // the app's actions over D-Bus. Unlike keys, it needs no keyboard focus,
        // which nothing manages under Xvfb once a window closes.
        func activate(_ action: String) throws {
            _ = try gdbus(["--object-path", "/io/github/unfold/Unfold", "--method", "org.gtk.Actions.Activate", action, "[]", "{}"])
        }
        func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
            let deadline = Date().addingTimeInterval(Patience.hang)
            while try !condition() {
                guard Date() < deadline else { return XCTFail("hung: \(what) never came") }
                usleep(200_000)
            }
        }
        func onPage(_ page: String) throws {
            try waitUntil("the app taking the keys that show \(page)") {
                try gdbus(["--object-path", "/io/github/unfold/Unfold/window/1", "--method", "org.gtk.Actions.Describe",
                           "show-page"]).contains("<'\(page)'>")
            }
        }
        func windows() throws -> [String] {
            try xdotool("search", "--sync", "--onlyvisible", "--pid", "\(app.processIdentifier)").split(separator: "\n").map(String.init)
        }

        try onPage("reveal")
        // Reveal: from its first control (Alt+1 puts the focus there), open Collection, then Shapes.
        _ = try xdotool("key", "--delay", "100", "alt+1", "space", "Tab", "space", "alt+2")
        try onPage("native")
        _ = try xdotool("key", "--delay", "100", "space", "Tab", "space", "alt+3")  // Native: its expanders
        try onPage("outline")
        _ = try xdotool("key", "--delay", "100", "Right", "Down", "Right", "Down", "Left", "alt+4")  // Outline by keyboard
        try onPage("collection")
        _ = try xdotool("type", "--delay", "100", "tile")  // Collection: filter, then clear
        _ = try xdotool("key", "--delay", "100", "BackSpace", "Escape", "alt+1")
        try onPage("reveal")
        try activate("new-window")  // a second window, closed with Ctrl+W
        var shown: [String] = []
        try waitUntil("the second window") { shown = try windows(); return shown.count == 2 }
        if let second = shown.first(where: { $0 != window }) {
            _ = try xdotool("windowfocus", "--sync", second)
            _ = try xdotool("key", "ctrl+w")
            try waitUntil("the second window closing") { try windows().count == 1 }
        } else {
            XCTFail("the new window never showed: \(shown)")
        }
        _ = try xdotool("windowfocus", "--sync", window)
        _ = try xdotool("key", "--delay", "100", "alt+1", "space", "alt+2")  // Reveal again: Collection closes
        try onPage("native")
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

    /// GLib's `_static_string` functions keep the pointer they are given for
    /// the life of the process, and a Swift String handed to C is a pointer
    /// for the length of the call: such a quark's name is soon another
    /// object's memory, and GTK reads it as it looks data up by name
    /// (memcheck above found one). No Swift code of ours calls them.
    func testNoSwiftCodeHandsGLibAStringToKeep() throws {
        let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var objects: [String] = []
        for module in ["UnfoldGtk", "UnfoldWidgets", "UnfoldCAPI", "UnfoldApp"] {
            let directory = binDirectory.appendingPathComponent("\(module).build")
            objects += try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".swift.o") }.map { directory.appendingPathComponent($0).path }
        }
        XCTAssertGreaterThan(objects.count, 20, "found the modules' objects in \(binDirectory.path)")
        let nm = try AppProcessTests.run("/usr/bin/nm", ["--undefined-only", "--format=just-symbols"] + objects)
        XCTAssertEqual(nm.status, 0, nm.stderr)
        let symbols = nm.stdout.split(separator: "\n")
        XCTAssertTrue(symbols.contains("g_quark_from_string"), "nm lists what the objects call")
        XCTAssertEqual(symbols.filter { $0.hasSuffix("_static_string") }, [])
    }
}
