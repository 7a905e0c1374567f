// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import UnfoldGtk
import XCTest

/// A person's own labels, from the desktop: notes that outlive a SIGKILL and
/// a label that left the file, Save Notes As…, and files dropped on the
/// window. The real `unfold`, driven by keys and the pointer, read through
/// AT-SPI and from what it writes on disk.
final class YourOwnLabelsTests: XCTestCase {
    typealias App = AppProcessTests

    /// A directory of the test's own, gone with it: its labels files, and an
    /// `XDG_DATA_HOME` where the app keeps notes.
    private func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-own-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("data"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// The notes the app keeps in `data`, read as it writes them (a GLib key
    /// file per labels file): by label ID, from every file there.
    private func keptNotes(in data: URL) -> [Int: String] {
        let folder = data.appendingPathComponent("unfold/notes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var notes: [Int: String] = [:]
        for name in names where name.hasSuffix(".ini") {
            let file = g_key_file_new()!
            defer { g_key_file_free(file) }
            guard g_key_file_load_from_file(file, folder.appendingPathComponent(name).path, UNFOLD_G_KEY_FILE_NONE, nil) != 0 else { continue }
            var count = 0
            guard let keys = g_key_file_get_keys(file, "notes", &count, nil) else { continue }
            defer { g_strfreev(keys) }
            for index in 0..<count {
                guard let key = keys[index], let value = g_key_file_get_string(file, "notes", key, nil) else { continue }
                notes[Int(String(cString: key))!] = String(cString: value)
                g_free(value)
            }
        }
        return notes
    }

    /// Waits (within the tests' patience) for `condition` on what is kept on disk.
    private func waitForNotes(in data: URL, _ what: String, _ condition: ([Int: String]) -> Bool,
                              file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(Patience.hang)
        while !condition(keptNotes(in: data)) && Date() < deadline { usleep(50_000) }
        XCTAssertTrue(condition(keptNotes(in: data)), "\(what); on disk: \(keptNotes(in: data))", file: file, line: line)
    }

    /// Launches the app on a labels file `name` in a scratch folder of the
    /// test's own, holding `contents`, its notes kept beside it.
    private func launch(on name: String, holding contents: String) throws -> (app: Child, labels: URL) {
        let directory = try scratch()
        let labels = directory.appendingPathComponent(name)
        try contents.write(to: labels, atomically: true, encoding: .utf8)
        let app = try App.launch([labels.path], environment: launchEnvironment(["XDG_DATA_HOME": directory.appendingPathComponent("data").path]))
        return (app, labels)
    }

    /// Types `text` into the app's focused widget, once the tree shows the focus there.
    private func type(_ text: String) throws {
        XCTAssertEqual(try App.run("/usr/bin/xdotool", ["type", "--delay", "30", text]).status, 0)
    }

    /// Focuses `app`'s window and types `note` into the first row's note
    /// (`title`'s), by keyboard: the filter, the toggle, then the row; Return
    /// opens its note.
    private func typeNoteOnTheFirstRow(_ note: String, title: String, of app: Child) throws {
        _ = try App.focusWindow(of: app)
        _ = try App.waitForTree { $0.contains { $0.name == "Filter labels" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Tab", "Tab")
        _ = try App.waitForTree { $0.contains { $0.name.hasPrefix("\(title), ") && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Return")
        _ = try App.waitForTree { $0.contains { $0.name == "Note for \(title)" && $0.role == "text" && $0.states.contains("focused") } }
        try type(note)
    }

    /// Waits (within the tests' patience) for `condition` on what `app` has
    /// written to its standard output (where GLib writes debug messages).
    private func waitForOutput(of app: Child, _ what: String, _ condition: () -> Bool,
                               file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(Patience.hang)
        while !condition() && Date() < deadline { usleep(50_000) }
        XCTAssertTrue(condition(), "\(what); the app said: \(app.stdout)", file: file, line: line)
    }

    /// A note typed into a row reaches the disk while the app runs — no quit,
    /// no closed window — so a SIGKILL right after loses nothing the disk
    /// had; the file reopened brings it back on its row. Then the label
    /// leaves the file: its note stays, listed as a note without a label,
    /// until the user removes it there.
    func testNotesOutliveAKillAndALabelThatLeftTheFile() throws {
        let directory = try scratch()
        let data = directory.appendingPathComponent("data")
        let labels = directory.appendingPathComponent("birds.tsv")
        try "1\tWren\tdot\n2\tBumblebee\ttile\n".write(to: labels, atomically: true, encoding: .utf8)
        let environment = launchEnvironment(["XDG_DATA_HOME": data.path])

        let first = try App.launch([labels.path], environment: environment)
        defer { App.stop(first) }
        _ = try App.waitForTree { $0.contains { $0.name == "2 of 2 labels" } }
        try typeNoteOnTheFirstRow("Nests in ivy", title: "Wren", of: first)
        waitForNotes(in: data, "the note is on disk while the app still runs") { $0 == [1: "Nests in ivy"] }
        // No chance to save at the end: the process just stops.
        kill(first.processIdentifier, SIGKILL)
        XCTAssertTrue(App.waitForExit(first))

        let second = try App.launch([labels.path], environment: environment)
        defer { App.stop(second) }
        _ = try App.waitForTree { $0.contains { $0.name == "Wren, Dot, has a note" } }
        _ = try App.focusWindow(of: second)
        _ = try App.waitForTree { $0.contains { $0.name == "Filter labels" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Tab", "Tab", "Return")
        _ = try App.waitForTree { $0.contains { $0.name == "Note for Wren" && $0.text == "Nests in ivy" } }
        try AccessibilityAuditTests.keys("Escape")
        App.stop(second)
        XCTAssertFalse(second.stderr.contains("CRITICAL") || second.stderr.contains("WARNING"), second.stderr)

        // Wren leaves the file; its note stays, said apart, until removed.
        try "2\tBumblebee\ttile\n3\tMoth\tdot\n".write(to: labels, atomically: true, encoding: .utf8)
        let third = try App.launch([labels.path], environment: environment)
        defer { App.stop(third) }
        let nodes = try App.waitForTree { $0.contains { $0.name == "1 note without a label" } }
        XCTAssertFalse(nodes.contains { $0.name.hasPrefix("Wren") }, "Wren is no longer listed")
        // One node says it, once, and nothing around it is named after a type.
        XCTAssertEqual(nodes.filter { $0.name.contains("note without a label") }.map(\.name), ["1 note without a label"])
        XCTAssertEqual(try AccessibilityAuditTests.audit().map { "\($0.where): \($0.problem)" }, [])
        _ = try App.focusWindow(of: third)
        try App.press("1 note without a label")
        _ = try App.waitForTree { $0.contains { $0.name == "Label 1: Nests in ivy" } }
        XCTAssertEqual(try AccessibilityAuditTests.audit().map { "\($0.where): \($0.problem)" }, [], "with its list open")
        try App.press("Remove the note on label 1")
        _ = try App.waitForTree { $0.contains { $0.name == "Note removed" } }
        waitForNotes(in: data, "a note removed by the user is gone from the disk") { $0.isEmpty }
        // Heard, not only seen: the popover and its button went, and the
        // keyboard went to the filter, which says what happened; Ctrl+Z puts
        // the keyboard on the button that came back, which says so. (Left
        // to GTK, the keyboard went to the list and Orca read the whole
        // window again; libadwaita 1.2's toasts are not heard.)
        _ = try App.waitForTree { nodes in
            !nodes.contains { $0.name == "1 note without a label" }
                && nodes.contains { $0.name == "Filter labels" && $0.states.contains("focused") && $0.description == "Note removed; Ctrl+Z puts it back" }
        }
        try AccessibilityAuditTests.keys("ctrl+z")
        _ = try App.waitForTree { $0.contains { $0.name == "1 note without a label" && $0.states.contains("focused") && $0.description == "Note restored" } }
        waitForNotes(in: data, "undone, the note is back on disk") { $0 == [1: "Nests in ivy"] }
        // Said once: the keyboard gone and back, the button is not described.
        try AccessibilityAuditTests.keys("shift+Tab")
        _ = try App.waitForTree { $0.contains { $0.name == "1 note without a label" && !$0.states.contains("focused") && $0.description == nil } }
        // Tab past the list's one Remove leaves the list for its button, as
        // Tab leaves a note's field (GTK kept the keyboard there, in silence).
        try App.press("1 note without a label")
        _ = try App.waitForTree { $0.contains { $0.name == "Remove the note on label 1" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Tab")
        _ = try App.waitForTree { nodes in
            !nodes.contains { $0.name == "Label 1: Nests in ivy" } && nodes.contains { $0.name == "1 note without a label" && $0.states.contains("focused") }
        }
        // Removed for good.
        try App.press("1 note without a label")
        _ = try App.waitForTree { $0.contains { $0.name == "Label 1: Nests in ivy" } }
        try App.press("Remove the note on label 1")
        waitForNotes(in: data, "removed again") { $0.isEmpty }
        _ = try App.waitForTree { !$0.contains { $0.name == "1 note without a label" } }
        // Said once there too: the filter, left (the keyboard is on its
        // text, not on the entry), no longer says it.
        let filterSaysRemoved = { (node: App.Node) in node.name == "Filter labels" && node.description == "Note removed; Ctrl+Z puts it back" }
        _ = try App.waitForTree { $0.contains { filterSaysRemoved($0) && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Tab")
        _ = try App.waitForTree { nodes in
            !nodes.contains(where: filterSaysRemoved) && nodes.contains { $0.name == "Tiles only" && $0.states.contains("focused") }
        }
        App.stop(third)
        XCTAssertFalse(third.stderr.contains("CRITICAL") || third.stderr.contains("WARNING"), third.stderr)
    }

    /// A labels file moved to another folder (and renamed) keeps its notes:
    /// the same file, as its file system says (device and inode), not the
    /// same path. A copy is another file, with notes of its own.
    func testNotesFollowAMovedFile() throws {
        let directory = try scratch()
        let data = directory.appendingPathComponent("data")
        let labels = directory.appendingPathComponent("birds.tsv")
        try "1\tWren\tdot\n2\tBumblebee\ttile\n".write(to: labels, atomically: true, encoding: .utf8)
        let environment = launchEnvironment(["XDG_DATA_HOME": data.path])
        let first = try App.launch([labels.path], environment: environment)
        defer { App.stop(first) }
        try typeNoteOnTheFirstRow("Moved with me", title: "Wren", of: first)
        waitForNotes(in: data, "the note is on disk") { $0 == [1: "Moved with me"] }
        App.stop(first)

        let elsewhere = directory.appendingPathComponent("zwierzęta/ptaki.tsv")
        try FileManager.default.createDirectory(at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: labels, to: elsewhere)
        try FileManager.default.copyItem(at: elsewhere, to: labels)  // a copy where it was: another file
        let second = try App.launch([elsewhere.path], environment: environment)
        defer { App.stop(second) }
        _ = try App.waitForTree { $0.contains { $0.name == "Wren, Dot, has a note" } }
        App.stop(second)
        let third = try App.launch([labels.path], environment: environment)
        defer { App.stop(third) }
        let nodes = try App.waitForTree { $0.contains { $0.name.hasPrefix("Wren, Dot") } }
        XCTAssertTrue(nodes.contains { $0.name == "Wren, Dot" }, "the copy has no note of the original's")
        App.stop(third)
        XCTAssertFalse(second.stderr.contains("CRITICAL") || second.stderr.contains("WARNING"), second.stderr)
    }

    /// A file renamed while it is shown: the window's title and its notes
    /// follow it, and its new versions still show. An editor that keeps a
    /// backup (renames the file away, writes the new one) only saves it.
    /// Deleted, the window says so and keeps the last version; written again,
    /// it shows again. Its notes find it after all that, moved while closed.
    func testAFileRenamedOrDeletedWhileShownIsFollowed() throws {
        let directory = try scratch()
        let data = directory.appendingPathComponent("data")
        let labels = directory.appendingPathComponent("birds.tsv")
        try "1\tWren\tdot\n2\tBumblebee\ttile\n".write(to: labels, atomically: true, encoding: .utf8)
        let environment = launchEnvironment(["XDG_DATA_HOME": data.path, "G_MESSAGES_DEBUG": "Unfold"])
        let app = try App.launch([labels.path], environment: environment)
        defer { App.stop(app) }
        func frame(_ name: String) -> (App.Node) -> Bool { { $0.role == "frame" && $0.name == name } }
        _ = try App.waitForTree { $0.contains(where: frame("birds.tsv — Label Collection")) }

        let renamed = directory.appendingPathComponent("garden birds.tsv")
        XCTAssertEqual(rename(labels.path, renamed.path), 0)
        _ = try App.waitForTree { $0.contains(where: frame("garden birds.tsv — Label Collection")) }
        // A note typed after the rename is kept for the file under its new name.
        try typeNoteOnTheFirstRow("Renamed", title: "Wren", of: app)
        waitForNotes(in: data, "the note is on disk") { $0 == [1: "Renamed"] }
        try AccessibilityAuditTests.keys("Escape")
        // Its new versions, under the new name, show.
        try "1\tWren\tdot\n2\tBumblebee\ttile\n3\tRobin\tdot\n".write(to: renamed, atomically: true, encoding: .utf8)
        _ = try App.waitForTree { $0.contains { $0.name == "Robin, Dot" } }

        // An Emacs or Vim save: the old version renamed to a backup, the new one written.
        XCTAssertEqual(rename(renamed.path, renamed.path + "~"), 0)
        try "1\tWren\tdot\n3\tRobin\tdot\n4\tBarn owl\ttile\n".write(to: renamed, atomically: false, encoding: .utf8)
        _ = try App.waitForTree { $0.contains { $0.name == "Barn owl, Tile" } }
        waitForOutput(of: app, "the file back under its name is a save") { app.stdout.contains("is back: it was saved, not moved") }
        var nodes = try App.waitForTree { $0.contains(where: frame("garden birds.tsv — Label Collection")) }
        XCTAssertFalse(nodes.contains { $0.name.contains("is no longer there") })
        // A slower one (over a second between the two): the file is gone for a
        // while — the backup is never taken for its new name — then shown again.
        XCTAssertEqual(rename(renamed.path, renamed.path + "~"), 0)
        waitForOutput(of: app, "the backup is not followed") { app.stdout.contains("garden birds.tsv left: gone") }
        try "1\tWren\tdot\n3\tRobin\tdot\n4\tBarn owl\ttile\n6\tOwlet\ttile\n".write(to: renamed, atomically: false, encoding: .utf8)
        nodes = try App.waitForTree { $0.contains { $0.name == "Owlet, Tile" } && !$0.contains { $0.name.contains("is no longer there") } }
        XCTAssertTrue(nodes.contains(where: frame("garden birds.tsv — Label Collection")))

        // Deleted: said, and the last version kept; back, shown again.
        try FileManager.default.removeItem(at: renamed)
        nodes = try App.waitForTree { $0.contains { $0.name.contains("garden birds.tsv is no longer there (deleted or moved away)") } }
        XCTAssertTrue(nodes.contains { $0.name == "Barn owl, Tile" }, "the last version is still shown")
        // Heard too (libadwaita 1.2's toasts are not): the control the
        // keyboard is on says it, until the keyboard leaves it.
        let saying = { (node: App.Node) in node.description?.contains("garden birds.tsv is no longer there") == true }
        nodes = try App.waitForTree { $0.contains { saying($0) && $0.states.contains("focused") } }
        let said = try XCTUnwrap(nodes.first(where: saying))
        // Its Close, tabbed to, says what it closes.
        XCTAssertTrue(nodes.contains { $0.name == "Close" && $0.role == "push button" && saying($0) }, "the toast's Close is described")
        try AccessibilityAuditTests.keys("Tab")
        _ = try App.waitForTree { nodes in !nodes.contains { $0.name == said.name && (saying($0) || $0.states.contains("focused")) } }
        try "1\tWren\tdot\n5\tBat\ttile\n".write(to: renamed, atomically: true, encoding: .utf8)
        _ = try App.waitForTree { $0.contains { $0.name == "Bat, Tile" } && !$0.contains { $0.name.contains("is no longer there") } }
        // Back, it is said where the keyboard is (the toast goes unheard).
        let isBack = "2 of 2 labels; garden birds.tsv is back"
        _ = try App.waitForTree { $0.contains { $0.states.contains("focused") && $0.description == isBack } }
        // Gone and back again with the keyboard on the filter, then left and
        // come back to: the filter says its own words again, not the news
        // before the last one.
        let here = "Filter labels"
        func focusedHere(_ saying: @escaping (String) -> Bool) -> ([App.Node]) -> Bool {
            { $0.contains { $0.name == here && $0.states.contains("focused") && saying($0.description ?? "") } }
        }
        try AccessibilityAuditTests.keys("ctrl+f")
        _ = try App.waitForTree(focusedHere { _ in true })
        try FileManager.default.removeItem(at: renamed)
        _ = try App.waitForTree(focusedHere { $0.contains("garden birds.tsv is no longer there") })
        try "1\tWren\tdot\n5\tBat\ttile\n".write(to: renamed, atomically: true, encoding: .utf8)
        _ = try App.waitForTree(focusedHere { $0 == isBack })
        try AccessibilityAuditTests.keys("Tab")
        _ = try App.waitForTree { !$0.contains { $0.name == here && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("shift+Tab")
        nodes = try App.waitForTree(focusedHere { _ in true })
        let own = nodes.first { $0.name == here && $0.states.contains("focused") }?.description ?? ""
        XCTAssertFalse(own.contains("garden birds.tsv"), "back on “\(here)”, it still says the news: “\(own)”")
        // Each new version is another file to the file system (another inode,
        // another modification time): the notes file comes to say the last one.
        func notesRecordTheFileNow() -> Bool {
            var status = stat()
            guard stat(renamed.path, &status) == 0 else { return false }
            let folder = data.appendingPathComponent("unfold/notes")
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { name in
                name.hasSuffix(".ini") && ((try? String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8)) ?? "")
                    .contains("inode=\(status.st_ino)\n")
            }
        }
        waitForOutput(of: app, "the notes file records the file as it is now", notesRecordTheFileNow)
        App.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)

        // Moved while the app is closed, then opened from there: the note is there.
        let moved = directory.appendingPathComponent("moved after its edits.tsv")
        XCTAssertEqual(rename(renamed.path, moved.path), 0)
        let again = try App.launch([moved.path], environment: environment)
        defer { App.stop(again) }
        _ = try App.waitForTree { $0.contains { $0.name == "Wren, Dot, has a note" } }
        App.stop(again)
    }

    /// A small file, read before its window has to show, opens as the
    /// tutorial's labels do: its entry undescribed, so that the focus landing
    /// on it is said once (GTK 4.8 tells a description set before an
    /// accessible is first used again after the focus, and Orca says it
    /// twice); a filter's result is described as it changes.
    func testASmallFileOpensOnAnUndescribedEntry() throws {
        let (app, _) = try launch(on: "moths.tsv", holding: "1\tLuna\ttile\n2\tAtlas\tdot\n")
        defer { App.stop(app) }
        let launched = try App.waitForTree { $0.contains { $0.name == "Filter labels" && $0.states.contains("focused") } }
        let entry = try XCTUnwrap(launched.first { $0.name == "Filter labels" })
        XCTAssertNil(entry.description, "described at launch: \(entry)")
        _ = try App.focusWindow(of: app)
        try type("lu")
        _ = try App.waitForTree { $0.contains { $0.name == "Filter labels" && $0.description == "1 of 2 labels" } }
    }

    /// What changes around the keyboard is said where the keyboard is (GTK
    /// 4.8 has no announcement; Orca says a new description of what it is
    /// on): Escape on a row that clears the filter, the row's label changed
    /// or taken from the file by another program (with the note it leaves
    /// without a label), the heading of those notes as their list opens. A note the
    /// pencil's name already holds is still said on it (Orca drops a
    /// description its name holds).
    func testWhatChangesAroundTheKeyboardIsSaidWhereItIs() throws {
        let (app, labels) = try launch(on: "birds.tsv", holding: "1\tWren\tdot\n2\tRobin\tdot\n3\tBarn owl\ttile\n")
        defer { App.stop(app) }
        _ = try App.waitForTree { $0.contains { $0.name == "Filter labels" && $0.states.contains("focused") } }
        _ = try App.focusWindow(of: app)
        try type("wr")
        _ = try App.waitForTree { $0.contains { $0.name == "Filter labels" && $0.description == "1 of 3 labels" } }
        try AccessibilityAuditTests.keys("Tab", "Tab")
        _ = try App.waitForTree { $0.contains { $0.name == "Wren, Dot" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Escape")
        _ = try App.waitForTree { $0.contains { $0.name == "Wren, Dot" && $0.states.contains("focused") && $0.description == "3 of 3 labels" } }
        // Changed in place by another program, the row the keyboard is on
        // says what it shows now (a focused row's new name goes unheard).
        func focusedRow(_ words: String) -> ([App.Node]) -> Bool {
            { $0.contains { $0.name == words && $0.states.contains("focused") && $0.description == words } }
        }
        try "1\tJenny Wren\ttile\n2\tRobin\tdot\n3\tBarn owl\ttile\n".write(to: labels, atomically: true, encoding: .utf8)
        _ = try App.waitForTree(focusedRow("Jenny Wren, Tile"))
        try "1\tWren\tdot\n2\tRobin\tdot\n3\tBarn owl\ttile\n".write(to: labels, atomically: true, encoding: .utf8)
        _ = try App.waitForTree(focusedRow("Wren, Dot"))
        // A label added, then another taken away, the keyboard still on the
        // row: each count said there, and once the keyboard has left and come
        // back, the row says neither (it has no words of its own).
        try "1\tWren\tdot\n2\tRobin\tdot\n3\tBarn owl\ttile\n4\tSwift\tdot\n".write(to: labels, atomically: true, encoding: .utf8)
        _ = try App.waitForTree { $0.contains { $0.name == "Wren, Dot" && $0.states.contains("focused") && $0.description == "4 of 4 labels" } }
        try "1\tWren\tdot\n2\tRobin\tdot\n3\tBarn owl\ttile\n".write(to: labels, atomically: true, encoding: .utf8)
        _ = try App.waitForTree { $0.contains { $0.name == "Wren, Dot" && $0.states.contains("focused") && $0.description == "3 of 3 labels" } }
        try AccessibilityAuditTests.keys("Down")
        _ = try App.waitForTree { $0.contains { $0.name == "Robin, Dot" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Up")
        let back = try App.waitForTree { $0.contains { $0.name == "Wren, Dot" && $0.states.contains("focused") } }
        let said = back.first { $0.name == "Wren, Dot" && $0.states.contains("focused") }?.description ?? ""
        XCTAssertEqual(said, "", "back on the row, it still says an old count")

        try AccessibilityAuditTests.keys("Return")
        _ = try App.waitForTree { $0.contains { $0.name == "Note for Wren" && $0.states.contains("focused") } }
        try type("wren")
        try AccessibilityAuditTests.keys("Return")
        _ = try App.waitForTree { nodes in
            nodes.contains { $0.name == "Wren, Dot, has a note" && $0.states.contains("focused") }
                && nodes.contains { $0.name == "Edit note for Wren" && $0.description == "Note: wren" }
        }

        try "2\tRobin\tdot\n3\tBarn owl\ttile\n".write(to: labels, atomically: true, encoding: .utf8)
        _ = try App.waitForTree { nodes in
            nodes.contains { $0.states.contains("focused") && $0.description == "2 of 2 labels; 1 note without a label" }
        }
        try App.press("1 note without a label")
        _ = try App.waitForTree { nodes in
            nodes.contains {
                $0.name == "Remove the note on label 1" && $0.states.contains("focused")
                    && $0.description == "These notes are on labels that are no longer in the file. wren"
            }
        }
        App.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// The list, or the empty state's Open…, goes with the keyboard in it
    /// (another program empties the file, then fills it again): the filter
    /// takes the keyboard and says why, rather than GTK dropping it out of
    /// the page in silence.
    func testTheKeyboardStaysOnThePageWhenWhatItIsInGoes() throws {
        let (app, labels) = try launch(on: "birds.tsv", holding: "1\tWren\tdot\n2\tRobin\tdot\n")
        defer { App.stop(app) }
        _ = try App.waitForTree { $0.contains { $0.name == "Filter labels" && $0.states.contains("focused") } }
        _ = try App.focusWindow(of: app)
        try AccessibilityAuditTests.keys("Tab", "Tab")
        _ = try App.waitForTree { $0.contains { $0.name == "Wren, Dot" && $0.states.contains("focused") } }
        try "[]\n".write(to: labels, atomically: true, encoding: .utf8)
        _ = try App.waitForTree { nodes in
            nodes.contains { $0.name == "Filter labels" && $0.states.contains("focused") && $0.description == "This collection has no labels" }
        }
        try AccessibilityAuditTests.keys("Tab", "Tab")
        _ = try App.waitForTree { $0.contains { $0.name == "Open…" && $0.states.contains("focused") } }
        try "1\tWren\tdot\n2\tRobin\tdot\n".write(to: labels, atomically: true, encoding: .utf8)
        _ = try App.waitForTree { nodes in
            nodes.contains { $0.name == "Filter labels" && $0.states.contains("focused") && $0.description == "2 of 2 labels" }
        }
        App.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// A file with no labels says so as it opens, on the filter the
    /// keyboard lands on, as the page shows "This collection has no labels".
    func testAFileWithNoLabelsSaysSoAsItOpens() throws {
        let (app, _) = try launch(on: "none.json", holding: "[]\n")
        defer { App.stop(app) }
        let saysNone = { (node: App.Node) in
            node.name == "Filter labels" && node.states.contains("focused") && node.description == "This collection has no labels"
        }
        _ = try App.waitForTree { $0.contains(where: saysNone) }
        App.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// "Note restored" is said once: a screen reader reads the focused row
    /// again when the keyboard comes back from another window (the
    /// shortcuts, a file chooser), and the row no longer says it then.
    func testNoteRestoredIsSaidOnce() throws {
        let app = try App.launch(["--page", "collection"])
        defer { App.stop(app) }
        let window = try App.focusWindow(of: app)
        _ = try App.waitForTree { $0.contains { $0.name == "Filter labels" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Tab", "Tab")
        _ = try App.waitForTree { $0.contains { $0.name == "Tile A, Tile" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Return")
        _ = try App.waitForTree { $0.contains { $0.name == "Note for Tile A" && $0.states.contains("focused") } }
        try type("hi")
        try AccessibilityAuditTests.keys("Return")
        _ = try App.waitForTree { $0.contains { $0.name == "Tile A, Tile, has a note" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Return")
        _ = try App.waitForTree { $0.contains { $0.name == "Note for Tile A" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("ctrl+a", "BackSpace", "Return")
        _ = try App.waitForTree { $0.contains { $0.name == "Tile A, Tile" && $0.description == "Note removed; Ctrl+Z puts it back" } }
        try AccessibilityAuditTests.keys("ctrl+z")
        _ = try App.waitForTree { $0.contains { $0.name == "Tile A, Tile, has a note" && $0.states.contains("focused") && $0.description == "Note restored" } }
        try AccessibilityAuditTests.keys("ctrl+question")
        _ = try App.waitForTree { $0.contains { $0.depth == 1 && $0.name == "Keyboard Shortcuts" } }
        try AccessibilityAuditTests.focusOtherWindow(of: app, than: window)
        _ = try App.waitForTree { $0.contains { $0.name == "Tile A, Tile, has a note" && $0.description == nil } }
        App.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// Save Notes As… by keyboard (Ctrl+Shift+S, the file chooser answered
    /// by keys): the notes with their labels, as TSV, where the name says.
    func testSaveNotesAsWritesThemWithTheirLabels() throws {
        let directory = try scratch()
        let data = directory.appendingPathComponent("data")
        let labels = directory.appendingPathComponent("moths.tsv")
        try "1\tLuna\ttile\n2\tAtlas\tdot\n".write(to: labels, atomically: true, encoding: .utf8)
        let app = try App.launch([labels.path], environment: launchEnvironment(["XDG_DATA_HOME": data.path]))
        defer { App.stop(app) }
        _ = try App.waitForTree { $0.contains { $0.name == "2 of 2 labels" } }
        let windowsAtLaunch = try App.windowPaths("at launch", of: app)
        let window = try App.focusWindow(of: app)
        _ = try App.waitForTree { $0.contains { $0.name == "Filter labels" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Tab", "Tab", "Down")
        _ = try App.waitForTree { $0.contains { $0.name == "Atlas, Dot" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Return")
        _ = try App.waitForTree { $0.contains { $0.name == "Note for Atlas" && $0.states.contains("focused") } }
        try type("Big \"one\"")
        try AccessibilityAuditTests.keys("Return")
        _ = try App.waitForTree { $0.contains { $0.name == "Atlas, Dot, has a note" } }

        let before = Set(try App.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(app.processIdentifier)"]).stdout
            .split(separator: "\n").map(String.init))
        try AccessibilityAuditTests.keys("ctrl+shift+s")
        _ = try App.waitForTree { $0.contains { $0.depth == 1 && $0.name == "Save Notes" } }
        let after = Set(try App.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(app.processIdentifier)"]).stdout
            .split(separator: "\n").map(String.init))
        let chooser = try XCTUnwrap(after.subtracting(before).first, "the chooser's window")
        _ = try App.run("/usr/bin/xdotool", ["windowfocus", "--sync", chooser])
        // The name field has the focus, holding the suggested name, in the
        // labels file's folder (its name is the label of the path bar's last
        // button: GTK 4.8 names the button itself after its type).
        _ = try App.waitForTree { $0.contains { $0.states.contains("focused") && $0.text == "moths notes.tsv" } }
        _ = try App.waitForTree { $0.contains { $0.role == "label" && $0.name == directory.lastPathComponent } }
        let saved = directory.appendingPathComponent("saved notes.tsv")
        try AccessibilityAuditTests.keys("ctrl+a")
        try type(saved.path)
        _ = try App.waitForTree { $0.contains { $0.states.contains("focused") && $0.text == saved.path } }
        try AccessibilityAuditTests.keys("Return")
        _ = try App.waitForTree { $0.contains { $0.name == "Notes saved in saved notes.tsv" } }
        XCTAssertEqual(try String(contentsOf: saved, encoding: .utf8), "id\ttitle\tcategory\tnote\n2\tAtlas\tdot\t\"Big \"\"one\"\"\"\n")
        _ = window
        // The chooser, answered, is let go (see AppProcessTests.testAWindowClosedLeavesNoHiddenWindowBehind).
        XCTAssertEqual(try App.windowPaths("after Save Notes closed", of: app), windowsAtLaunch, "Save Notes stays behind, hidden")
        App.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// A file dragged from another program (a `text/uri-list`, as file
    /// managers offer files) onto the window, with real pointer events: the
    /// window's content is outlined in the accent colour while the drag is
    /// over it, and the file opens in a window of its own.
    func testAFileDroppedOnTheWindowOpens() throws {
        let directory = try scratch()
        let labels = directory.appendingPathComponent("dropped & found.tsv")
        try "1\tKestrel\ttile\n".write(to: labels, atomically: true, encoding: .utf8)
        let uri = try XCTUnwrap(g_filename_to_uri(labels.path, nil, nil))
        defer { g_free(uri) }
        let app = try App.launch(["--page", "collection"], environment: launchEnvironment(["XDG_DATA_HOME": directory.appendingPathComponent("data").path]))
        defer { App.stop(app) }
        let appWindow = try App.focusWindow(of: app)
        _ = try App.waitForTree { $0.contains { $0.name == "Filter labels" } }
        let sourceScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("drag_source.py").path
        let source = try Children.start("/usr/bin/python3", [sourceScript, String(cString: uri)], environment: launchEnvironment())
        defer { source.end() }
        let search = try App.run("/usr/bin/xdotool", ["search", "--sync", "--onlyvisible", "--name", "Unfold test drag source"])
        let sourceWindow = try XCTUnwrap(search.stdout.split(separator: "\n").first.map(String.init), search.stderr)
        // Side by side (no window manager places them): the source at the left.
        _ = try App.run("/usr/bin/xdotool", ["windowmove", "--sync", sourceWindow, "0", "0"])
        _ = try App.run("/usr/bin/xdotool", ["windowmove", "--sync", appWindow, "300", "0"])
        let geometry = try App.run("/usr/bin/xdotool", ["getwindowgeometry", "--shell", appWindow]).stdout
        func value(_ key: String) -> Int { Int(geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }!.dropFirst(key.count + 1))! }
        let (left, top, width, height) = (value("X"), value("Y"), value("WIDTH"), value("HEIGHT"))
        XCTAssertFalse(try accentOutline(left: left, top: top, width: width, height: height), "no outline before the drag")

        // Press on the source, move in steps (GTK starts a drag past a threshold), hover over the window.
        _ = try App.run("/usr/bin/xdotool", ["mousemove", "--sync", "100", "60", "mousedown", "1"])
        for x in stride(from: 110, through: left + width / 2, by: 40) {
            _ = try App.run("/usr/bin/xdotool", ["mousemove", "--sync", String(x), String(min(60 + (x - 100) / 4, top + height / 2))])
        }
        _ = try App.run("/usr/bin/xdotool", ["mousemove", "--sync", String(left + width / 2), String(top + height / 2)])
        // The outline shows once GTK has heard the drag is over the content.
        let deadline = Date().addingTimeInterval(Patience.hang)
        var outlined = false
        while !outlined && Date() < deadline {
            _ = try App.run("/usr/bin/xdotool", ["mousemove_relative", "--", "1", "0"])
            outlined = try accentOutline(left: left, top: top, width: width, height: height)
        }
        XCTAssertTrue(outlined, "the drop area is outlined while a drag is over it")
        _ = try App.run("/usr/bin/xdotool", ["mouseup", "1"])
        let nodes = try App.waitForTree { $0.contains { $0.role == "frame" && $0.name == "dropped & found.tsv — Label Collection" } }
        XCTAssertTrue(nodes.contains { $0.name == "Kestrel, Tile" })
        App.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// The file changes on disk while the window is filtered: an editor's
    /// save (a new file renamed over it) shows its new version, the filter
    /// kept; a writer that pauses half-way with the file open is waited for,
    /// never shown half-read; a version that cannot be read leaves the last
    /// good one shown and says why, until a good one comes.
    func testAFileChangedOnDiskShowsEachWholeNewVersion() throws {
        let directory = try scratch()
        let labels = directory.appendingPathComponent("birds.tsv")
        try "1\tBlackbird\tdot\n2\tBumblebee\ttile\n3\tWren\tdot\n".write(to: labels, atomically: true, encoding: .utf8)
        let environment = launchEnvironment(["XDG_DATA_HOME": directory.appendingPathComponent("data").path,
                                             "G_MESSAGES_DEBUG": "Unfold"])
        let app = try App.launch([labels.path], environment: environment)
        defer { App.stop(app) }
        _ = try App.waitForTree { $0.contains { $0.name == "3 of 3 labels" } }
        _ = try App.focusWindow(of: app)
        _ = try App.waitForTree { $0.contains { $0.name == "Filter labels" && $0.states.contains("focused") } }
        try type("b")
        _ = try App.waitForTree { $0.contains { $0.name == "2 of 3 labels" } }

        // (G_MESSAGES_DEBUG=Unfold: "reloaded PATH: N labels", the file named as
        // it was given, on standard output, where GLib writes debug messages.)
        func reloads() -> [String] {
            app.stdout.split(separator: "\n").filter { $0.contains("reloaded ") && $0.contains("birds.tsv: ") }.map(String.init)
        }

        // An editor's save: the whole new file, renamed over the old one.
        let temporary = directory.appendingPathComponent(".birds.tsv.new")
        try "1\tBlackbird (male)\tdot\n3\tWren\tdot\n4\tBat\ttile\n5\tRobin\tdot\n".write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, labels.path), 0)
        var nodes = try App.waitForTree { $0.contains { $0.name == "3 of 4 labels" } && $0.contains { $0.name == "Robin, Dot" } }
        XCTAssertTrue(nodes.contains { $0.name == "Blackbird (male), Dot" }, "the renamed label, in place")
        XCTAssertTrue(nodes.contains { $0.name == "Filter labels" && $0.text == "b" }, "the filter kept")
        XCTAssertFalse(nodes.contains { $0.name.hasPrefix("Bumblebee") })
        waitForOutput(of: app, "one reload") { reloads().count == 1 }
        XCTAssertTrue(reloads().first?.hasSuffix("birds.tsv: 4 labels") == true, "\(reloads())")

        // A writer that writes a whole first line, then pauses with the file
        // open (longer than GIO's two seconds before it says "done" itself).
        let writer = open(labels.path, O_WRONLY | O_TRUNC)
        XCTAssertGreaterThanOrEqual(writer, 0)
        func write(_ text: String) { _ = text.withCString { Glibc.write(writer, $0, strlen($0)) } }
        write("1\tBlackbird\tdot\n")
        waitForOutput(of: app, "the app waits for the writer") { app.stdout.contains("still open for writing: waiting for its writer") }
        write("3\tWren\tdot\n4\tBat\ttile\n")
        close(writer)
        waitForOutput(of: app, "the whole version shown, once") { reloads().count == 2 }
        XCTAssertTrue(reloads().last?.hasSuffix("birds.tsv: 3 labels") == true, "\(reloads())")
        XCTAssertFalse(reloads().contains { $0.hasSuffix(": 1 labels") }, "never the half-written file")
        nodes = try App.waitForTree { $0.contains { $0.name == "2 of 3 labels" } && $0.contains { $0.name == "Blackbird, Dot" } }
        XCTAssertTrue(nodes.contains { $0.name == "Bat, Tile" })

        // A version that cannot be read: the last good one stays, and the window says why.
        try "1\tBlackbird\n".write(to: labels, atomically: true, encoding: .utf8)
        nodes = try App.waitForTree { $0.contains { $0.name.contains("birds.tsv:1:") && $0.name.contains("last version that could be read") } }
        XCTAssertTrue(nodes.contains { $0.name == "Bat, Tile" }, "the last good version is still shown")
        try "1\tBlackbird\tdot\n6\tBarn owl\ttile\n".write(to: labels, atomically: true, encoding: .utf8)
        // A good version takes the message away (its toast leaves as toasts do, animated).
        _ = try App.waitForTree { $0.contains { $0.name == "Barn owl, Tile" } && !$0.contains { $0.name.contains("last version that could be read") } }
        App.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// Whether the middle row of the window's pixels, on screen now, crosses
    /// a line of libadwaita's accent blue (#3584e4) near either edge: the
    /// inset outline of a drop target.
    private func accentOutline(left: Int, top: Int, width: Int, height: Int) throws -> Bool {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-row-\(UUID().uuidString).rgb")
        defer { try? FileManager.default.removeItem(at: file) }
        let shot = try App.run("/usr/bin/import", ["-window", "root", "-crop", "\(width)x1+\(left)+\(top + height / 2)",
                                                   "-depth", "8", "rgb:" + file.path])
        XCTAssertEqual(shot.status, 0, shot.stderr)
        let bytes = Array((try? Data(contentsOf: file)) ?? Data())
        guard bytes.count >= width * 3 else { return false }
        func isAccent(_ x: Int) -> Bool {
            abs(Int(bytes[x * 3]) - 0x35) < 12 && abs(Int(bytes[x * 3 + 1]) - 0x84) < 12 && abs(Int(bytes[x * 3 + 2]) - 0xe4) < 12
        }
        return (0..<min(8, width)).contains(where: isAccent) && (max(0, width - 8)..<width).contains(where: isAccent)
    }
}
