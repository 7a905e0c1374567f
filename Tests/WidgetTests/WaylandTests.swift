// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import XCTest

/// The app under Wayland as GNOME runs it: GNOME's own compositor, mutter,
/// headless in the test session, keys through its RemoteDesktop interface,
/// pictures through its ScreenCast and PipeWire, what the app says through
/// AT-SPI (`wayland_session.py`). Whatever differs from X11 fails here.
final class WaylandTests: XCTestCase {
    static let script = repositoryRoot.appendingPathComponent("Tests/WidgetTests/wayland_session.py").path

    /// The script's JSON lines, after it ran to its end with status 0.
    func session(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let logs = artifactPath("wayland")
        let output = try AppProcessTests.run("/usr/bin/python3", [Self.script] + arguments + ["--", AppProcessTests.executable],
                                             environment: launchEnvironment(["UNFOLD_WAYLAND_LOGS": logs]),
                                             file: file, line: line)
        XCTAssertEqual(output.status, 0, "wayland_session.py \(arguments.joined(separator: " ")):\n\(output.stderr)",
                       file: file, line: line)
        return try output.stdout.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], file: file, line: line)
        }
    }

    struct Stop: Equatable, CustomStringConvertible {
        var role: String, name: String, path: [Int]
        var description: String { "\(role) “\(name)” \(path)" }
    }

    /// Every page, Tab round its window and Shift+Tab back, with mutter's
    /// keyboard: the same stops, in the same order, as under X11 with the X
    /// server's keyboard, each a named control, and Shift+Tab retraces Tab
    /// (KeyboardWalkTests walks them with every group open, under X11).
    func testEveryPageWalksByKeyboardAsUnderX11() throws {
        for page in ["reveal", "native", "outline", "collection"] {
            // Tab's stops from the first, then the round Tab makes, and
            // Shift+Tab from the round's first stop once round.
            func walk(_ display: String) throws -> (forward: [Stop], round: [Stop], backward: [Stop]) {
                let stops = try session(["walk", display, page])
                func direction(_ name: String, roundOnly: Bool = false) -> [Stop] {
                    stops.filter { $0["direction"] as? String == name && (!roundOnly || $0["round"] as? Bool == true) }.map {
                        Stop(role: $0["role"] as? String ?? "", name: $0["name"] as? String ?? "", path: $0["path"] as? [Int] ?? [])
                    }
                }
                return (direction("forward"), direction("forward", roundOnly: true), direction("backward"))
            }
            let wayland = try walk("wayland"), x11 = try walk("x11")
            XCTAssertEqual(wayland.forward, x11.forward, "\(page): Tab under Wayland and under X11")
            XCTAssertEqual(wayland.backward, x11.backward, "\(page): Shift+Tab under Wayland and under X11")
            // Round the window: the header's tabs (libadwaita 1.2's four
            // stops, 1.4's switcher one), its menu and the page's controls.
            let header = wayland.round.filter { $0.role == "page tab" || $0.name == "Main Menu" }
            XCTAssertTrue(header.contains { $0.role == "page tab" } && header.contains { $0.name == "Main Menu" }
                          && wayland.round.count > header.count,
                          "\(page): the header's tabs, its menu and the page's controls: \(wayland.round)")
            // GTK 4.8's list view takes Tab and Shift+Tab row by row from
            // its cursor row, where it is entered either way: its rows are
            // stops both ways, but not one for one.
            func outsideLists(_ stops: [Stop]) -> [Stop] { stops.filter { $0.role != "list item" } }
            if let first = wayland.round.first {
                XCTAssertEqual(outsideLists(wayland.backward), outsideLists([first] + wayland.round.dropFirst().reversed() + [first]),
                               "\(page): Shift+Tab goes back round through Tab's stops")
            }
            for stop in wayland.forward {
                XCTAssertFalse(stop.name.isEmpty, "\(page): a stop a screen reader cannot name: \(stop)")
            }
        }
    }

    /// A filter typed under Wayland is counted, and the count reaches
    /// assistive technologies.
    func testAFilterTypedIsCountedForAssistiveTechnologies() throws {
        let lines = try session(["filter", "til", "2 of 4 labels"])
        let result = try XCTUnwrap(lines.first)
        let entry = try XCTUnwrap(result["typed into"] as? [String: Any])
        XCTAssertEqual(entry["role"] as? String, "entry", "the collection page opens on its filter")
        XCTAssertEqual(result["said"] as? [String], ["2 of 4 labels"], "the count, and no other")
    }

    /// The reveal, opened and closed by keyboard under Wayland: with
    /// animations on, the row below moves through intermediate places in the
    /// frames mutter paints, steadily one way; with GNOME's enable-animations
    /// turned off in GSettings while the app runs, it jumps, and with it on
    /// again, it moves again.
    func testTheRevealMovesInPaintedFramesAndFollowsGSettingsLive() throws {
        let folder = artifactPath("wayland-reveal")
        let toggles = try session(["reveal", folder])
        XCTAssertEqual(toggles.count, 6, "open and close, animations on, off, on")
        for toggle in toggles {
            let animations = try XCTUnwrap(toggle["animations"] as? Bool), opened = try XCTUnwrap(toggle["opened"] as? Bool)
            let places = try XCTUnwrap(toggle["places"] as? [Int], "the row below is on every frame: \(toggle)")
            let after = try XCTUnwrap(toggle["after"] as? Int)
            let what = "\(opened ? "opening" : "closing") with animations \(animations ? "on" : "off"): \(places)"
            let start = try XCTUnwrap(places.first), end = try XCTUnwrap(places.last)
            XCTAssertEqual(end, after, "the recording got to the end: \(what)")
            XCTAssertEqual(opened ? end > start : end < start, true, "the row below moved the right way: \(what)")
            let between = places.filter { min(start, end) < $0 && $0 < max(start, end) }
            if animations {
                XCTAssertGreaterThanOrEqual(Set(between).count, 3, "intermediate places: \(what)")
                XCTAssertEqual(places, opened ? places.sorted() : places.sorted(by: >), "steadily one way: \(what)")
            } else {
                XCTAssertEqual(between, [], "no intermediate place: \(what)")
            }
        }
    }
}
