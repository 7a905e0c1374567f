// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
@testable import UnfoldApp
import UnfoldGtk
import XCTest

/// News as a screen reader hears it from the app, on each side of the GTK
/// line: where GTK announces (`gtk_accessible_announce`, GTK 4.14) the
/// filter's result, a removed note and its return are announced, and no
/// description says them too; on GTK 4.8, which has no announcement, the
/// control the keyboard is on is described with them, and nothing is
/// announced. A toast is libadwaita's to announce from 1.6 (the app says
/// nothing more then); before, the app says its words.
final class AnnouncementTests: XCTestCase {
    /// One piece of news, as `atspi_driver.py listen` prints it.
    struct News: Decodable, CustomStringConvertible {
        var announced: String?
        var described: String?
        var `as`: String?

        var description: String {
            if let announced { return "announced “\(announced)”" }
            return "“\(described ?? "")” described as “\(self.as ?? "")”"
        }
    }

    /// What the listener has heard so far.
    private static func heard(_ listener: Child) -> [News] {
        listener.stdout.split(separator: "\n").compactMap { try? JSONDecoder().decode(News.self, from: Data($0.utf8)) }
            .filter { $0.announced != nil || $0.described != nil }
    }

    /// Waits (within the tests' patience) until the listener has heard
    /// `words` said as news, the way this GTK says news; returns all it heard.
    @discardableResult
    private static func waitToHear(_ what: String, in listener: Child, file: StaticString = #filePath, line: UInt = #line,
                                   _ said: (News) -> Bool) -> [News] {
        let deadline = Date().addingTimeInterval(Patience.hang)
        while !heard(listener).contains(where: said) && Date() < deadline { usleep(50_000) }
        let all = heard(listener)
        XCTAssertTrue(all.contains(where: said), "never heard \(what); heard: \(all)", file: file, line: line)
        return all
    }

    /// News `words`, said this GTK's way: announced (4.14), or the control
    /// named `control` described with it (4.8).
    private static func says(_ words: String, on control: String) -> (News) -> Bool {
        Accessibility.announces ? { $0.announced == words } : { $0.described == control && $0.as == words }
    }

    func testNewsIsAnnouncedWhereGTKAnnouncesAndDescribedWhereItCannot() throws {
        try AccessibilityAuditTests.withAScreenReaderListening { try hearTheCollectionPage() }
    }

    private func hearTheCollectionPage() throws {
        let app = try AppProcessTests.launch(["--page", "collection"])
        defer { AppProcessTests.stop(app) }
        _ = try AppProcessTests.waitForTree { $0.contains { $0.name == "Filter labels" && $0.states.contains("focused") } }
        _ = try AppProcessTests.focusWindow(of: app)
        let listener = try Children.start("/usr/bin/python3", [AppProcessTests.driver, "unfold", "listen"], environment: launchEnvironment())
        defer { listener.end() }
        let deadline = Date().addingTimeInterval(Patience.hang)
        while !listener.stdout.contains("listening") && listener.isRunning && Date() < deadline { usleep(50_000) }
        XCTAssertTrue(listener.stdout.contains("listening"), "the listener did not start: \(listener.stderr)")

        // The filter's result, on the filter.
        XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["type", "--delay", "40", "zzz"]).status, 0)
        Self.waitToHear("the empty result", in: listener, Self.says("No matching labels", on: "Filter labels"))
        try AccessibilityAuditTests.keys("Escape")
        Self.waitToHear("every label back", in: listener, Self.says("4 of 4 labels", on: "Filter labels"))

        // A note written, then emptied: removed, with a toast to undo it.
        try AccessibilityAuditTests.keys("Tab", "Tab", "Return")
        _ = try AppProcessTests.waitForTree { $0.contains { $0.role == "text" && $0.name == "Note for Tile A" } }
        XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["type", "--delay", "40", "x"]).status, 0)
        try AccessibilityAuditTests.keys("Return", "Return", "ctrl+a", "BackSpace", "Return")
        let removed = "Note removed; Ctrl+Z puts it back"
        if Adwaita.announcesToasts {
            Self.waitToHear("libadwaita's toast", in: listener) { $0.announced?.contains("Note removed") == true }
        } else {
            Self.waitToHear("the removal", in: listener, Self.says(removed, on: "Tile A, Tile"))
        }
        // Put back: said on the row the keyboard goes back to.
        _ = try AppProcessTests.waitForTree { $0.contains { $0.role == "push button" && $0.name == "Undo" } }
        try AccessibilityAuditTests.keys("ctrl+z")
        let all = Self.waitToHear("the note back", in: listener, Self.says("Note restored", on: "Tile A, Tile, has a note"))

        // Said one way only.
        if Accessibility.announces {
            let announced = Set(all.compactMap(\.announced))
            XCTAssertEqual(all.filter { $0.described != nil && announced.contains($0.as ?? "") }.map(\.description), [],
                           "news announced is not described too")
            if Adwaita.announcesToasts {
                XCTAssertFalse(announced.contains(removed), "libadwaita announces the toast; the app does not say it again")
            }
        } else {
            XCTAssertEqual(all.compactMap(\.announced), [], "GTK \(gtk_get_minor_version()) announces nothing")
        }
    }
}
