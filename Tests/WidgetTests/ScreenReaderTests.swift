// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import UnfoldGtk
import XCTest

/// What GNOME's screen reader says as a person walks the app by keyboard:
/// Orca, with a speech server that says nothing but logs every utterance,
/// over each walk in `Transcripts/LANGUAGE/*.walk`, compared line by line with
/// what the walk says it says (`orca_walk.py`). A change that makes Unfold say
/// less, say more, or say a word for programmers fails here; a change meant
/// to be heard is recorded into the walk with
/// `orca_walk.py record WALK -- APP` (in the test session) and read in review.
/// The `gtk-` walks are the same keys over GTK's own widgets alone
/// (`unfold-reference`): what a GTK 4.8 app says without Unfold.
final class ScreenReaderTests: XCTestCase {
    func testEveryWalkIsHeardAsWritten() throws {
        let transcripts = repositoryRoot.appendingPathComponent("Tests/WidgetTests/Transcripts")
        // (NAME.orca-N.walk is NAME.walk as Orca N words it: orca_walk.py takes it for that Orca.)
        let walks = try FileManager.default.subpathsOfDirectory(atPath: transcripts.path)
            .filter { $0.hasSuffix(".walk") && !$0.contains(".orca-") }.sorted()
        XCTAssertGreaterThanOrEqual(Set(walks.map { $0.split(separator: "/").first! }).count, 2,
                                    "walks in English and in a translated locale: \(walks)")
        let script = repositoryRoot.appendingPathComponent("Tests/WidgetTests/orca_walk.py").path
        let programs = URL(fileURLWithPath: AppProcessTests.executable).deletingLastPathComponent()
        for walk in walks {
            let path = transcripts.appendingPathComponent(walk).path
            // A walk over GTK's own widgets names the program beside the app
            // that shows them ("program: unfold-reference").
            let program = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
                .first { $0.hasPrefix("program:") }
                .map { programs.appendingPathComponent($0.dropFirst("program:".count).trimmingCharacters(in: .whitespaces)).path }
            let heard = try AppProcessTests.run("/usr/bin/python3", [script, OrcaWalks.mode, path, "--", program ?? AppProcessTests.executable],
                                                patience: OrcaWalks.patience, environment: OrcaWalks.environment(launchEnvironment()))
            XCTAssertEqual(heard.status, 0, "\(walk):\n\(heard.stderr)")
            // A walk that passed tells its launches made again (orca_walk.py).
            if heard.status == 0, !heard.stderr.isEmpty { print("\(walk):\n\(heard.stderr)") }
        }
    }

    /// A screen reader's copy of the collection's rows (libatspi's, which
    /// Orca counts and reads) stays the list's own through jumps that make
    /// and drop most rows, a filter that empties the list and one that fills
    /// it again, and the toggle: each row's arrival, move and departure is
    /// told, at its place. Orca said "List with 1 item" for ten after End
    /// then Home, and met rows that were gone after an emptied filter.
    func testAScreenReadersCopyOfTheListKeepsUp() throws {
        let script = repositoryRoot.appendingPathComponent("Tests/WidgetTests/atspi_list_copy.py").path
        let steps = "Tab Tab End Home Page_Down Up shift+Tab shift+Tab type:zz Escape type:9 Tab space Tab End Home"
        let result = try AppProcessTests.run("/usr/bin/python3", [script, "Labels", steps, "--", AppProcessTests.executable,
                                                                  "--page", "collection", "--synthetic", "1000"])
        XCTAssertEqual(result.status, 0, result.stderr + result.stdout)
        XCTAssertTrue(result.stdout.contains("kept up over 16 steps"), result.stdout)
    }

    /// The same for the Outline, a GtkListView over a tree: rows that come as
    /// a group opens (GTK 4.8 tells assistive technologies only of rows
    /// that leave: `Accessibility.tellArrivalWhenShown`), rows that leave
    /// as it closes, and the page left and come back to. GTK 4.18 and 4.24
    /// tell each row as they map it, but libatspi's copy of a GtkListView
    /// over a tree loses a row as a group opens there, in a plain GTK
    /// program as in Unfold (a Python one with a GtkTreeListModel: 3 rows
    /// for 4), and hiding and showing the list again does not mend it: there
    /// the walk keeps to what does not open a group (moves, and the page
    /// left and come back to).
    func testAScreenReadersCopyOfTheOutlineKeepsUp() throws {
        let script = repositoryRoot.appendingPathComponent("Tests/WidgetTests/atspi_list_copy.py").path
        let steps = GTKVersion.mappingShowsEveryWidget
            ? "Down Up End Home alt+1 alt+3 Down alt+1 alt+3 Up"
            : "Right Down Right Down Left Left Up Left Right End Home alt+1 alt+3 Down Right Left"
        let result = try AppProcessTests.run("/usr/bin/python3", [script, "Groups and items", steps, "--", AppProcessTests.executable,
                                                                  "--page", "outline"])
        XCTAssertEqual(result.status, 0, result.stderr + result.stdout)
        let count = steps.split(separator: " ").count
        XCTAssertTrue(result.stdout.contains("kept up over \(count) steps"), result.stdout)
    }

    /// A line a walk marks "? " may go unsaid (Orca says it or not by timing
    /// alone); every other line must be said, in its place, and nothing more.
    func testOnlyAWalksOptionalLinesMayGoUnsaid() throws {
        try checkTheWalkScript("""
            from orca_walk import matches
            walk = ["Reveal page tab.", "? Reveal page tab.", "Native panel."]
            cases = [(["Reveal page tab.", "Reveal page tab.", "Native panel."], True),
                     (["Reveal page tab.", "Native panel."], True),
                     (["Native panel."], False),
                     (["Reveal page tab.", "Native panel.", "Native panel."], False),
                     (["Reveal page tab.", "Collection.", "Native panel."], False),
                     (["Native panel.", "Reveal page tab."], False)]
            wrong = [heard for heard, expected in cases if matches(heard, walk) != expected]
            sys.exit(f"matched wrongly: {wrong}" if wrong else 0)
            """)
    }

    /// A launch is taken as one Orca heard only once Orca has taken a window
    /// as the active one and heard the focus: told of a focus it could not
    /// read, it said the window's name at most (lines as Orca 48 and 51 log
    /// them); a window's activation it dropped as a dead object's is not one.
    func testALaunchIsHeardOnceOrcaHasTheWindowAndTheFocus() throws {
        try checkTheWalkScript("""
            import tempfile
            from orca_walk import heard_whole
            class Log:
                def __init__(self, path): self.log = path
            unfold = ["Unfold"]
            whole = ["Unfold", "Native panel", "Collection collapsed button"]
            cases = [("02:29:18.987273 - FOCUS MANAGER: Active window is [frame: 'Label Collection' (0x7f9a7c72cf00)] focus_manager", [], True),
                     ("10:01:02.000000 - FOCUS MANAGER: Request to set active window to [frame: 'Unfold' (0x7f0)]", unfold, True),
                     ("10:01:02.000000 - FOCUS MANAGER: Request to set active window to [dialog: 'About Unfold' (0x7f0)]", [], True),
                     ("02:29:18.764074 - EVENT MANAGER: window:activate for [DEAD (0x7f9a7c7eb1c0)] in  (0, 0, 0)\\n"
                      "02:29:18.764156 - EVENT MANAGER: Ignoring defunct object: [DEAD (0x7f9a7c7eb1c0)]", [], False),
                     ("10:01:02.000000 - FOCUS MANAGER: Focus and window are unknown", [], False),
                     ("10:01:02.000000 - FOCUS MANAGER: Request to set active window to None", [], False),
                     # The window taken, but the focus in it told too early: Orca 51 said "Unfold" alone.
                     ("05:42:54.497285 - EVENT MANAGER: object:state-changed:focused for [DEAD (0x7fab4c4865c0)] in  () (1, 0, 0)\\n"
                      "05:42:54.543735 - FOCUS MANAGER: Request to set active window to [frame: 'Unfold' (0x7fab4d73dbc0)]", unfold, False),
                     ("04:09:28.400728 - EVENT MANAGER: object:state-changed:focused for [DEAD (0x7f37882fffc0)] in unfold () (1, 0, 0)\\n"
                      "04:09:28.456987 - FOCUS MANAGER: Active window is [frame: 'Unfold' (0x7f377b1638c0)]", [], False),
                     # Told as early, but read all the same (Orca 48 most often).
                     ("05:42:54.497285 - EVENT MANAGER: object:state-changed:focused for [DEAD (0x7fab4c4865c0)] in  () (1, 0, 0)\\n"
                      "05:42:54.543735 - FOCUS MANAGER: Request to set active window to [frame: 'Unfold' (0x7fab4d73dbc0)]", whole, True),
                     # A dead control's focus lost is nothing to hear.
                     ("05:45:00.732505 - EVENT MANAGER: object:state-changed:focused for [DEAD (0x7f0350ec1a00)] in  (0, 0, 0)\\n"
                      "05:45:00.8 - FOCUS MANAGER: Active window is [frame: 'Label Collection' (0x7f03)]", unfold, True)]
            wrong = []
            for text, heard, expected in cases:
                with tempfile.NamedTemporaryFile("w", suffix=".log") as file:
                    file.write("02:29:17.0 - FOCUS MANAGER: Active window is [frame: 'Before' (0x1)]\\n")
                    start = file.tell()
                    file.write(text + "\\n")
                    file.flush()
                    if heard_whole(Log(file.name), start, heard) != expected:
                        wrong.append(text)
            sys.exit(f"read wrongly: {wrong}" if wrong else 0)
            """)
    }

    /// A step is over once Orca has been quiet a moment; what Orca logs on
    /// its own timers (Orca 48 clears a cache every two seconds) is not Orca
    /// at work, and what it logs for an event, a key or speech is.
    func testOrcasOwnTimersAreNotItsWork() throws {
        try checkTheWalkScript("""
            from orca_walk import is_activity
            cases = [("03:40:37.658107 - GENERATOR: Clearing cache.", False),
                     ("02:29:20.905913 - AXCacheManager: Invalidating caches Generator.description Reason: Automatic", False),
                     ("03:40:43.150899 - SCRIPT MANAGER: Active script is: unfold (module=orca.scripts.toolkits.gtk.script)", False),
                     ("02:29:21.002277 - WARNING: Braille initialization failed: BrlAPI connection unavailable.", False),
                     ("                  Is BRLTTY really running?", False),
                     ("03:40:40.634862 - EVENT MANAGER: object:children-changed:remove for [grouping] in unfold", True),
                     ("03:40:35.703536 - SPEECH OUTPUT: 'A toast appeared: Note removed' {'established': False}", True),
                     ("03:40:45.195704 - FOCUS MANAGER: Active window is [frame: 'Label Collection']", True)]
            wrong = [line for line, expected in cases if is_activity(line) != expected]
            sys.exit(f"read wrongly: {wrong}" if wrong else 0)
            """)
    }

    /// A step written with "== or" is heard as one of its transcripts, whole,
    /// and never as a mix of them or as silence.
    func testAStepsOtherTranscriptMayBeHeardInstead() throws {
        try checkTheWalkScript("""
            import tempfile
            from orca_walk import Walk, matches_one_of
            with tempfile.NamedTemporaryFile("w", suffix=".walk") as file:
                file.write("== launch\\n== key ctrl+a\\nhi\\nselected\\n== or\\nentire document selected\\n== key Tab\\nDone.\\n")
                file.flush()
                steps = Walk(file.name).steps
            assert [len(transcripts) for _, _, transcripts, _ in steps] == [1, 2, 1], steps
            walk = steps[1][2]
            cases = [(["hi", "selected"], True),
                     (["entire document selected"], True),
                     (["hi"], False),
                     ([], False),
                     (["hi", "selected", "entire document selected"], False),
                     (["entire document selected", "hi", "selected"], False)]
            wrong = [heard for heard, expected in cases if matches_one_of(heard, walk) != expected]
            sys.exit(f"matched wrongly: {wrong}" if wrong else 0)
            """)
    }

    /// Runs `checks`, Python that imports from `orca_walk.py` and exits
    /// with what it found wrong, if anything: the walk script's own logic.
    private func checkTheWalkScript(_ checks: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = repositoryRoot.appendingPathComponent("Tests/WidgetTests").path
        let result = try AppProcessTests.run("/usr/bin/python3", ["-c", "import sys; sys.path.insert(0, sys.argv[1])\n" + checks, folder],
                                             file: file, line: line)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
    }
}

/// How the tests run `orca_walk.py`: checking each walk against what Orca
/// says, or, with UNFOLD_RECORD_WALKS set, recording what it says, for a
/// new Orca (NAME.orca-N.walk, into the artefacts' `walks` folder, which
/// `meson-wrapper.sh on RELEASE` brings back), to be read and moved beside
/// NAME.walk.
enum OrcaWalks {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["UNFOLD_RECORD_WALKS"] != nil }
    static var mode: String { isRecording ? "record" : "check" }
    /// When a walk has hung: `orca_walk.py` bounds each step itself (a
    /// step's words that never come fail it after its own patience), and a
    /// walk of twenty steps with a launch made again takes minutes.
    static var patience: Double { Patience.hang * 5 }
    /// `base`, where to record to, and where a failed walk leaves Orca's
    /// and the app's logs.
    static func environment(_ base: [String: String]) -> [String: String] {
        var environment = base
        let failures = artifactPath("walk-failures")
        try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        environment["ORCA_WALK_FAILURES_TO"] = failures
        if isRecording {
            let folder = artifactPath("walks")
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            environment["ORCA_WALK_RECORD_TO"] = folder
        }
        return environment
    }
}
