// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
@testable import UnfoldApp
import UnfoldGtk
import XCTest

/// The real `unfold` binary, launched as a desktop user would, read and driven
/// from a second process through AT-SPI.
final class AppProcessTests: XCTestCase {
    /// Set by `./meson-wrapper.sh test`; a development run finds it beside the tests.
    static var executable: String {
        if let path = ProcessInfo.processInfo.environment["UNFOLD_EXECUTABLE"] { return path }
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0])
        return testBundle.deletingLastPathComponent().appendingPathComponent("unfold").path
    }

    static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("atspi_driver.py").path

    typealias Output = Children.Output

    /// Runs `executable` to its end (see `Children.run`: one still running
    /// after `patience` seconds has hung, fails the test and is killed).
    static func run(_ executable: String, _ arguments: [String], patience: Double = Patience.hang,
                    directory: URL? = nil, environment: [String: String] = launchEnvironment(), input: Data? = nil,
                    file: StaticString = #filePath, line: UInt = #line) throws -> Output {
        try Children.run(executable, arguments, environment: environment, directory: directory, input: input,
                         patience: patience, file: file, line: line)
    }

    struct Node: Decodable {
        var depth: Int; var role: String; var name: String; var states: [String]
        /// What an editable text holds (nil for others).
        var text: String?
        /// Its accessible description, if it has one.
        var description: String?
        /// Where it is in its window, in pixels (nil for what has no place on screen).
        var x: Int?; var y: Int?; var width: Int?; var height: Int?
    }

    /// The app's accessible tree now, or nil when it is not on the bus yet;
    /// with `places`, where each node is in its window.
    static func tree(places: Bool = false) throws -> [Node]? {
        let output = try run("/usr/bin/python3", [driver, "unfold", "dump"] + (places ? ["--places"] : []))
        guard output.status == 0 else { return nil }
        return try output.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(Node.self, from: Data($0.utf8))
        }
    }

    /// Polls the tree until `condition` holds; returns the last tree seen. A
    /// tree that never gets there within `patience` seconds fails the test.
    @discardableResult
    static func waitForTree(patience: Double = Patience.hang, places: Bool = false,
                            file: StaticString = #filePath, line: UInt = #line,
                            _ condition: ([Node]) -> Bool) throws -> [Node] {
        let deadline = Date().addingTimeInterval(patience)
        var last: [Node] = []
        repeat {
            if let nodes = try tree(places: places) {
                last = nodes
                if condition(nodes) { return nodes }
            }
            usleep(100_000)
        } while Date() < deadline
        XCTFail("the accessible tree never reached the expected state; last seen: \(last.map { "\($0.role) '\($0.name)' \($0.states)" })",
                file: file, line: line)
        return last
    }

    /// The first accessible named `name` that is not a page switcher's tab
    /// (the tabs are named after the pages, whose contents may share a name).
    static func node(_ name: String, in nodes: [Node]) -> Node? { nodes.first { $0.name == name && $0.role != "page tab" } }

    /// A tree condition: the node named `name` says it is expanded.
    static func expanded(_ name: String) -> ([Node]) -> Bool {
        { node(name, in: $0)?.states.contains("expanded") == true }
    }

    /// Finds `app`'s window, waiting for it to show, and gives it X keyboard
    /// focus (there is no window manager under Xvfb). Returns its X id.
    static func focusWindow(of app: Child, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let search = try run("/usr/bin/xdotool", ["search", "--sync", "--onlyvisible", "--pid", "\(app.processIdentifier)"],
                             file: file, line: line)
        let window = try XCTUnwrap(search.stdout.split(separator: "\n").first.map(String.init), "no window: \(search.stderr)",
                                   file: file, line: line)
        XCTAssertEqual(try run("/usr/bin/xdotool", ["windowfocus", "--sync", window]).status, 0, file: file, line: line)
        return window
    }

    /// Starts the app with `arguments` in `directory`. It ends with the test
    /// at the latest; `stop` ends it sooner.
    static func launch(_ arguments: [String] = [], directory: URL? = nil,
                       environment: [String: String] = launchEnvironment()) throws -> Child {
        try Children.start(executable, arguments, environment: environment, directory: directory)
    }

    /// What a process started by `launch` has written on stderr so far.
    static func stderr(of app: Child) -> String { app.stderr }

    /// Ends `app` if it still runs and waits for it.
    static func stop(_ app: Child) { app.end() }

    /// Waits for `app` to exit by itself; false if it still runs after `timeout` seconds.
    static func waitForExit(_ app: Child, timeout: Double = Patience.hang) -> Bool { app.exits(within: timeout) }

    /// A directory of the test's own, gone when the test ends.
    func scratchDirectory(_ purpose: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-\(purpose)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    static func press(_ name: String) throws {
        XCTAssertEqual(try run("/usr/bin/python3", [driver, "unfold", "press", name]).status, 0, "press \(name)")
    }

    /// `./meson-wrapper.sh docs`'s script, on the app under test: it drives an
    /// expand, a reversal and a filter change ten times slower, and writes
    /// each one's frame strip and Motion Plot; what the plot said of each is
    /// what happened.
    func testTheDocsFiguresAreMadeFromTheRealApp() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let script = repositoryRoot.appendingPathComponent("data/docs/make-motion-figures.py").path
        let result = try Self.run("/usr/bin/python3", [script, Self.executable, output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let said = Dictionary(uniqueKeysWithValues: result.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: ":", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1].dropFirst())) : nil
        })
        XCTAssertNotNil(said["expand"]?.wholeMatch(of: #/Reveal “Collection”: \d+ frames over 25\d ms/#), result.stdout)
        XCTAssertNotNil(said["reversal"]?.wholeMatch(of: #/Reveal “Collection”: \d+ frames over \d+ ms, reversed at \d+ %, turned at \d+ %/#),
                        result.stdout)
        XCTAssertNotNil(said["filter"]?.wholeMatch(of: #/List “Label Collection”: \d+ frames over 2\d\d ms, rows: 0 in, 2 out, \d+ moved/#),
                        result.stdout)
        for name in ["expand", "reversal", "filter"] {
            for kind in ["frames", "plot"] {
                let path = output.appendingPathComponent("motion-\(name)-\(kind).png").path
                let size = try AppProcessTests.run("/usr/bin/identify", ["-format", "%w %h", path])
                XCTAssertEqual(size.status, 0, "\(path): \(size.stderr)")
                let sides = size.stdout.split(separator: " ").compactMap { Int($0) }
                XCTAssertTrue(sides.count == 2 && sides[0] > 300 && sides[1] > 100, "\(path) is \(size.stdout)")
            }
        }
    }

    func testUnknownOptionIsReportedWithANonZeroExit() throws {
        let output = try Self.run(Self.executable, ["--no-such-option"])
        XCTAssertEqual(output.status, 1)
        XCTAssertEqual(output.stderr, "unfold: Unknown option --no-such-option (unfold --help lists the options)\n")
        let missing = try Self.run(Self.executable, ["--page"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "unfold: Missing argument for --page (unfold --help lists the options)\n")
    }

    /// `./meson-wrapper.sh --help` is the list of its commands, from its
    /// first words (not the file's licence line), on stdout with status 0;
    /// a command it does not have gets the list and status 2.
    func testTheWrapperListsItsCommands() throws {
        let wrapper = repositoryRoot.appendingPathComponent("meson-wrapper.sh").path
        for asked in ["--help", "-h", "help"] {
            let help = try Self.run("/bin/bash", [wrapper, asked])
            XCTAssertEqual(help.status, 0, asked)
            XCTAssertTrue(help.stdout.hasPrefix("Unfold's one entry point"), help.stdout)
            XCTAssertTrue(help.stdout.contains("./meson-wrapper.sh run ") && help.stdout.contains("./meson-wrapper.sh test "), help.stdout)
            XCTAssertEqual(help.stderr, "", asked)
        }
        let unknown = try Self.run("/bin/bash", [wrapper, "tset"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("Unfold's one entry point") && unknown.stderr.hasSuffix("meson-wrapper: unknown command: tset\n"),
                      unknown.stderr)
    }

    func testHelpListsTheOptions() throws {
        let output = try Self.run(Self.executable, ["--help"])
        XCTAssertEqual(output.status, 0)
        XCTAssertTrue(output.stdout.contains("--reduce-motion"), "stdout: \(output.stdout)")
        XCTAssertTrue(output.stdout.contains("unfold [OPTION…] [FILE…]"), "the usage says files may follow: \(output.stdout)")
        // What a labels file must hold, after the options.
        let rules = try XCTUnwrap(output.stdout.range(of: "A labels FILE is TSV"), output.stdout)
        XCTAssertGreaterThan(rules.lowerBound, try XCTUnwrap(output.stdout.range(of: "--synthetic")).lowerBound)
        for rule in ["“id”, “title” and “category”", "a whole number no other label has", "a category is tile or dot"] {
            XCTAssertTrue(output.stdout.contains(rule), "--help says \(rule): \(output.stdout)")
        }
    }

    func testBadPageNameListsTheValidOnes() throws {
        let output = try Self.run(Self.executable, ["--page", "sideways"])
        XCTAssertNotEqual(output.status, 0)
        XCTAssertTrue(output.stderr.contains("sideways"), output.stderr)
        XCTAssertTrue(output.stderr.contains("reveal, native, outline, collection"), output.stderr)
    }

    func testVersion() throws {
        let output = try Self.run(Self.executable, ["--version"])
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stdout, "unfold 0.1.0\n")
    }

    func testBadLabelsGetAClearMessageAndANonZeroExit() throws {
        let directory = try scratchDirectory("labels")
        func file(_ name: String, _ bytes: [UInt8]) -> String {
            let path = directory.appendingPathComponent(name).path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "wrote \(name)")
            return path
        }
        let duplicateBytes = Array(#"[{"id": 4, "title": "A", "category": "tile"}, {"id": 4, "title": "B", "category": "dot"}]"#.utf8)
        let duplicate = file("duplicate.json", duplicateBytes)
        let cases: [([String], String)] = [
            (["--labels", directory.appendingPathComponent("missing.json").path], "missing.json: no such file"),
            (["--labels", file("empty.json", [])], "the file is empty"),
            (["--labels", file("broken.json", Array("[{\"id\": 1,".utf8))], "broken.json:1:11: the file ends where a string should be"),
            (["--labels", file("broken.tsv", Array("1\tA\ttile\n2\tB".utf8))], "broken.tsv:2:1: expected 3 tab-separated fields"),
            (["--labels", duplicate], "duplicate label ID 4: first at line 1, column 2, again at line 1, column 47"),
            (["--labels", file("category.tsv", Array("1\tA\tsquare".utf8))], "unknown category “square”"),
            (["--labels", file("latin1.tsv", [0x31, 0x09, 0x43, 0x61, 0x66, 0xE9, 0x09, 0x74, 0x69, 0x6C, 0x65])],
             "invalid UTF-8 at byte offset 5: a labels file must be saved as UTF-8"),
        ]
        // Options that make no sense end the run with status 1, as GLib's own option errors do.
        let usage: [([String], String)] = [
            (["--synthetic", "-1"], "--synthetic needs a whole number of 0 or more, not “-1”"),
            (["--synthetic", "lots"], "--synthetic needs a whole number of 0 or more, not “lots”"),
            (["--synthetic", "99999999999999999999"], "--synthetic 99999999999999999999 is more labels than Unfold makes (at most 100000000)"),
            // A number Int holds, whose labels memory does not.
            (["--synthetic", "3000000000"], "--synthetic 3000000000 is more labels than Unfold makes (at most 100000000)"),
            (["--synthetic", "3", "--labels", duplicate], "either --labels or --synthetic"),
            (["--labels", ""], "--labels needs the name of a labels file (or - for standard input)"),
            (["--slow-motion", "0"], "--slow-motion needs a factor from 0.1 to 1000 (10 is ten times slower), not “0”"),
            (["--slow-motion", "slowly"], "--slow-motion needs a factor from 0.1 to 1000 (10 is ten times slower), not “slowly”"),
            (["--slow-motion", "nan"], "not “nan”"),
            (["--slow-motion", "1e9"], "not “1e9”"),
            (["--motion-trace", ""], "--motion-trace needs the name of a file to write"),
            (["--motion-trace", directory.appendingPathComponent("no-such-folder/trace.csv").path],
             "no-such-folder/trace.csv: No such file or directory"),
            // Named alone, as the desktop's "Open With" names files.
            ([directory.appendingPathComponent("missing.tsv").path], "missing.tsv: no such file"),
            // "-" is many programs' standard input; Unfold's is --labels -.
            (["-"], "unfold: -: no such file (to read labels from standard input, use --labels -)"),
        ]
        for (arguments, message) in cases + usage {
            let output = try Self.run(Self.executable, arguments)
            XCTAssertEqual(output.status, 1, "\(arguments): \(output.stderr)")
            XCTAssertTrue(output.stderr.contains(message), "\(arguments): \(output.stderr)")
            XCTAssertFalse(output.stderr.contains("Fatal") || output.stderr.contains("CRITICAL"), output.stderr)
        }
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: duplicate))), duplicateBytes, "the labels file is never modified")
    }

    /// Every option given twice is refused in words, as is a pair that
    /// contradicts itself, instead of the last one silently winning; by this
    /// launch, before any running instance hears of it.
    func testRepeatedOrConflictingOptionsAreRefusedInWords() throws {
        let labels = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-\(UUID().uuidString).tsv")
        try "1\tOne\ttile\n".write(to: labels, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: labels) }
        // A value each option takes, good on its own.
        let trace = labels.path + ".csv"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let good = ["page": "outline", "labels": labels.path, "synthetic": "3", "slow-motion": "10", "motion-trace": trace]
        let options = MainActor.assumeIsolated { CommandLineOptions.all }
        XCTAssertEqual(Set(options.filter { $0.kind != .flag }.map(\.name)), Set(good.keys), "a value for every option that takes one")
        var refusals: [([String], String)] = []
        for option in options {
            let once = option.kind == .flag ? ["--\(option.name)"] : ["--\(option.name)", good[option.name]!]
            let spelledOtherwise = option.kind == .flag ? ["--\(option.name)"] : ["--\(option.name)=\(good[option.name]!)"]
            refusals.append((once + once, "--\(option.name) is given twice"))
            refusals.append((once + ["--reduce-motion"].filter { _ in option.name != "reduce-motion" } + spelledOtherwise,
                             "--\(option.name) is given twice"))
        }
        refusals.append((["--labels", labels.path, "--labels", "/elsewhere.json"],
                         "--labels is given twice, as “\(labels.path)” and as “/elsewhere.json”: it takes one file (name several without --labels"))
        refusals.append((["--synthetic", "3", "--labels", labels.path], "use either --labels or --synthetic, not both"))
        refusals.append((["--reduce-motion", "--slow-motion", "10"], "use either --reduce-motion or --slow-motion, not both"))
        for (arguments, message) in refusals {
            let output = try Self.run(Self.executable, arguments)
            XCTAssertEqual(output.status, 1, "\(arguments): \(output.stderr)")
            XCTAssertTrue(output.stderr.hasPrefix("unfold: ") && output.stderr.contains(message), "\(arguments): \(output.stderr)")
            XCTAssertEqual(output.stdout, "", "\(arguments): nothing else is done")
        }
        // With an instance running, the second launch is refused by itself: the
        // running window stays as it was.
        let running = try Self.launch(["--page", "reveal"])
        defer { Self.stop(running) }
        try Self.waitForTree { Self.selectedPage($0) == "Reveal" }
        let refused = try Self.run(Self.executable, ["--page", "outline", "--page", "native"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--page is given twice, as “outline” and as “native”"), refused.stderr)
        let accepted = try Self.run(Self.executable, ["--page", "collection"])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        let nodes = try Self.waitForTree { Self.selectedPage($0) == "Collection" }
        XCTAssertEqual(nodes.filter { $0.role == "frame" }.count, 1)
    }

    func testLabelsFromAFileAreShown() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-\(UUID().uuidString).tsv").path
        try "10\tŻółw\ttile\n20\tCafé crème\tdot\n30\tStraße\ttile\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let app = try Self.launch(["--labels", path])
        defer { Self.stop(app) }
        let nodes = try Self.waitForTree { $0.contains { $0.name == "3 of 3 labels" } }
        for name in ["Żółw, Tile", "Café crème, Dot", "Straße, Tile"] {
            XCTAssertTrue(nodes.contains { $0.name == name }, "row \(name)")
        }
        XCTAssertEqual(Self.selectedPage(nodes), "Collection", "a labels file opens on the collection")
        // Titled by the file's own name, not the path that led to it.
        let name = URL(fileURLWithPath: path).lastPathComponent
        XCTAssertTrue(nodes.contains { $0.role == "frame" && $0.name == "\(name) — Label Collection" },
                      "\(nodes.filter { $0.role == "frame" }.map(\.name))")
    }

    /// The app's windows as a screen reader asks for them over the
    /// accessibility bus, by index: each shown one, and the one GTK gives
    /// for an index past them (as for a screen reader whose count went stale
    /// when a window closed).
    struct WindowPaths: Decodable, Equatable {
        let shown: [String]
        let past: String
    }

    static func windowPaths(_ moment: String, of app: Child, file: StaticString = #filePath, line: UInt = #line) throws -> WindowPaths {
        let answer = try run("/usr/bin/python3", [driver, "unfold", "windows"], file: file, line: line)
        XCTAssertEqual(answer.status, 0, "\(moment): \(answer.stderr)\n\(app.stderr)", file: file, line: line)
        return try JSONDecoder().decode(WindowPaths.self, from: Data(answer.stdout.utf8))
    }

    /// GTK 4.8 answers a screen reader that asks for a window past those
    /// shown with the last window it keeps, shown or not: a hidden one has
    /// no path once it is unrealized, and GTK raises a critical (a test's
    /// AT-SPI walk met it as Save Notes closed). So a window closed must
    /// stay nowhere behind: past the shown windows is what was there at
    /// launch (the window the app joined the accessibility bus with, whose
    /// accessible stays realized), not the Open… chooser, which its
    /// answer's handler once kept for good. (Save Notes As…, which holds
    /// its chooser the same way, is checked where it saves.)
    func testAWindowClosedLeavesNoHiddenWindowBehind() throws {
        let directory = try scratchDirectory("windows")
        let labels = directory.appendingPathComponent("moths.tsv")
        try "1\tAtlas\tdot\n".write(to: labels, atomically: true, encoding: .utf8)
        let app = try Self.launch(["--page", "reveal", labels.path])
        defer { Self.stop(app) }
        _ = try Self.waitForTree { Self.node("Collection", in: $0) != nil }
        let atLaunch = try Self.windowPaths("at launch", of: app)
        for attempt in 1...2 {
            let call = try Self.run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.unfold.Unfold", "--object-path",
                                                       "/io/github/unfold/Unfold", "--method", "org.gtk.Actions.Activate", "open", "[]", "{}"])
            XCTAssertEqual(call.status, 0, call.stderr)
            _ = try Self.waitForTree { $0.contains { $0.depth == 1 && $0.name == "Open Labels" } }
            // Cancelled through the accessibility bus, which leaves the X
            // focus where the next test expects to find it. (GTK 4.8 names
            // the chooser's button by its mnemonic and its text, both.)
            try Self.press("_Cancel Cancel")
            _ = try Self.waitForTree { !$0.contains { $0.depth == 1 && $0.name == "Open Labels" } }
            XCTAssertEqual(try Self.windowPaths("after Open Labels closed", of: app), atLaunch, "Open Labels stays behind, hidden (\(attempt))")
        }
        XCTAssertFalse(app.stderr.contains("CRITICAL"), app.stderr)
    }

    /// Files named alone, as the desktop entry's `Exec=unfold %F` names them,
    /// each in a window of its own; one that cannot be read is said, with a
    /// non-zero exit, and the others still open.
    func testEachFileNamedOpensInAWindowOfItsOwn() throws {
        let directory = try scratchDirectory("files")
        try "1\tŻółw\ttile\n".write(to: directory.appendingPathComponent("a.tsv"), atomically: true, encoding: .utf8)
        try #"[{"id": 7, "title": "Café", "category": "dot"}]"#.write(to: directory.appendingPathComponent("b.json"),
                                                                       atomically: true, encoding: .utf8)
        // The desktop entry's command, its %F the files (relative to the
        // directory the launch is made in).
        let entry = try String(contentsOf: repositoryRoot.appendingPathComponent("data/io.github.unfold.Unfold.desktop.in"), encoding: .utf8)
        let exec = try XCTUnwrap(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst("Exec=".count)
        let words = exec.split(separator: " ").flatMap { $0 == "%F" ? ["a.tsv", "b.json", "gone.tsv"] : [String($0)] }
        XCTAssertEqual(words.first, "unfold")
        let app = try Children.start(Self.executable, Array(words.dropFirst()), environment: launchEnvironment(), directory: directory)
        defer { Self.stop(app) }
        let nodes = try Self.waitForTree { $0.filter { $0.role == "frame" }.count == 2 && $0.contains { $0.name == "Café, Dot" } }
        XCTAssertEqual(Set(nodes.filter { $0.role == "frame" }.map(\.name)),
                       ["a.tsv — Label Collection", "b.json — Label Collection"])
        XCTAssertTrue(nodes.contains { $0.name == "Żółw, Tile" })
        // A second launch's files open in the running instance, which says the second's problems on its terminal.
        try "2\tStraße\tdot\n".write(to: directory.appendingPathComponent("c.tsv"), atomically: true, encoding: .utf8)
        let second = try Self.run(Self.executable, ["c.tsv", "gone.json"], directory: directory)
        XCTAssertEqual(second.status, 1, second.stderr)
        XCTAssertTrue(second.stderr.contains("gone.json: no such file"), second.stderr)
        _ = try Self.waitForTree { $0.filter { $0.role == "frame" }.count == 3 && $0.contains { $0.name == "Straße, Dot" } }
        XCTAssertTrue(app.stderr.contains("gone.tsv: no such file"), app.stderr)
        // A file a window shows already is not opened twice, however it is named: its window comes forward.
        let again = try Self.run(Self.executable, ["./a.tsv"], directory: directory)
        XCTAssertEqual(again.status, 0, again.stderr)
        // Beside one that cannot be opened, the launch still fails, though the other's window came forward at once.
        let againAndGone = try Self.run(Self.executable, ["gone.tsv", "a.tsv"], directory: directory)
        XCTAssertEqual(againAndGone.status, 1, againAndGone.stderr)
        XCTAssertTrue(againAndGone.stderr.contains("gone.tsv: no such file"), againAndGone.stderr)
        let afterAgain = try Self.waitForTree { $0.contains { $0.role == "frame" && $0.name == "a.tsv — Label Collection" && $0.states.contains("active") } }
        XCTAssertEqual(afterAgain.filter { $0.role == "frame" }.count, 3, "no window of its own for a file shown already")
        // On another page, the window still says which file it is for.
        let outline = try Self.run(Self.executable, ["--page", "outline", "a.tsv"], directory: directory)
        XCTAssertEqual(outline.status, 0, outline.stderr)
        _ = try Self.waitForTree { $0.contains { $0.role == "frame" && $0.name == "a.tsv — Unfold" && $0.states.contains("active") } }
        Self.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// A file opened from the desktop (a double click, "Open With Unfold")
    /// has no terminal anyone reads: what is wrong with it is said in a
    /// window as well. Launched by GIO from a desktop entry, as GNOME Shell
    /// and Files launch: a file that cannot be found, alone, opens the
    /// app's window to say so; with Unfold running, a file that turns out
    /// bad once read is said in the window in use. From a terminal, as
    /// before, it is said there, with no window (the tests above).
    func testAFileTheDesktopCannotOpenIsSaidInAWindow() throws {
        let directory = try scratchDirectory("desktop")
        try "1\tLuna\ttile\n".write(to: directory.appendingPathComponent("moths.tsv"), atomically: true, encoding: .utf8)
        try "1\tLuna\ttile\n1\tAtlas\tdot\n".write(to: directory.appendingPathComponent("twice.tsv"), atomically: true, encoding: .utf8)
        // The entry's command writes the process's id (GIO names the process
        // it starts; exec keeps the id), so the test can end what it started.
        let pids = directory.appendingPathComponent("pids")
        let entry = directory.appendingPathComponent("unfold-under-test.desktop")
        try """
            [Desktop Entry]
            Type=Application
            Name=Unfold under test
            Exec=/bin/sh -c 'echo $$ >> "\(pids.path)"; exec "\(Self.executable)" "$@"' unfold %F

            """.write(to: entry, atomically: true, encoding: .utf8)
        func started() -> [pid_t] {
            ((try? String(contentsOf: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
        }
        defer { for pid in started() { kill(pid, SIGTERM) } }
        func openFromTheDesktop(_ file: String) throws {
            let launch = try Self.run("/usr/bin/gio", ["launch", entry.path, directory.appendingPathComponent(file).path])
            XCTAssertEqual(launch.status, 0, launch.stderr)
        }

        try openFromTheDesktop("gone.tsv")
        _ = try Self.waitForTree { nodes in
            nodes.contains { $0.role == "frame" && $0.name == "Unfold" } && nodes.contains { $0.name.hasSuffix("gone.tsv: no such file") }
        }
        XCTAssertEqual(started().count, 1)
        for pid in started() { kill(pid, SIGTERM) }
        // Gone when its name on the session bus is free for the next instance.
        let deadline = Date().addingTimeInterval(Patience.hang)
        while try Self.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                              "--method", "org.freedesktop.DBus.NameHasOwner", "io.github.unfold.Unfold"]).stdout != "(false,)\n" {
            guard Date() < deadline else { return XCTFail("the instance the desktop started never ended") }
            usleep(100_000)
        }

        let app = try Self.launch([directory.appendingPathComponent("moths.tsv").path])
        defer { Self.stop(app) }
        _ = try Self.waitForTree { $0.contains { $0.name == "Luna, Tile" } }
        try openFromTheDesktop("twice.tsv")
        let nodes = try Self.waitForTree { $0.contains { $0.name.hasSuffix("twice.tsv:2:1: duplicate label ID 1: first at line 1, column 1, again at line 2, column 1") } }
        XCTAssertEqual(nodes.filter { $0.role == "frame" }.map(\.name), ["moths.tsv — Label Collection"], "said in the window in use")
        Self.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// Open… by keyboard: Ctrl+O, the file chooser found and answered through
    /// the accessibility tree and the keys; the file opens in a window of its
    /// own and is remembered in recently-used.xbel, where GNOME's recent lists
    /// read it, and the main menu's Open Recent opens it again. A file that
    /// turns out bad is said in the window it was opened from, in the
    /// terminal's words, and is not remembered.
    func testOpenByKeyboardOpensAWindowAndRemembersTheFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-open-\(UUID().uuidString)")
        let data = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("birds & bees.tsv")
        try "1\tWren\tdot\n2\tBumblebee\ttile\n".write(to: good, atomically: true, encoding: .utf8)
        let bad = directory.appendingPathComponent("bad.tsv")
        try "1\tWren\n".write(to: bad, atomically: true, encoding: .utf8)
        let app = try Self.launch([], environment: launchEnvironment(["XDG_DATA_HOME": data.path]))
        defer { Self.stop(app) }
        _ = try Self.waitForTree { Self.selectedPage($0) != nil }
        let window = try Self.focusWindow(of: app)

        func windows() throws -> Set<String> {
            Set(try Self.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(app.processIdentifier)"]).stdout
                .split(separator: "\n").map(String.init))
        }
        func open(_ file: URL) throws {
            _ = try Self.run("/usr/bin/xdotool", ["windowfocus", "--sync", window])
            let before = try windows()
            try AccessibilityAuditTests.keys("ctrl+o")
            // (GTK 4.8's own chooser, without a portal: a window of the app's.)
            _ = try Self.waitForTree { $0.contains { $0.depth == 1 && $0.name == "Open Labels" } }
            let chooser = try XCTUnwrap(try windows().subtracting(before).first, "the chooser's window")
            _ = try Self.run("/usr/bin/xdotool", ["windowfocus", "--sync", chooser])
            // The chooser's location entry takes a typed path.
            try AccessibilityAuditTests.keys("ctrl+l")
            _ = try Self.waitForTree { $0.contains { $0.role == "text" && $0.states.contains("focused") } }
            XCTAssertEqual(try Self.run("/usr/bin/xdotool", ["type", "--delay", "20", file.path]).status, 0)
            // Return once the entry holds the whole path (the chooser completes
            // what is typed as it goes, and may still be at it).
            _ = try Self.waitForTree { $0.contains { $0.states.contains("focused") && $0.text == file.path } }
            try AccessibilityAuditTests.keys("Return")
            _ = try Self.waitForTree { !$0.contains { $0.depth == 1 && $0.name == "Open Labels" } }
        }
        try open(good)
        let nodes = try Self.waitForTree { $0.contains { $0.role == "frame" && $0.name == "birds & bees.tsv — Label Collection" } }
        XCTAssertTrue(nodes.contains { $0.name == "Bumblebee, Tile" }, "its labels")
        let recent = data.appendingPathComponent("recently-used.xbel")
        let glibURI = try XCTUnwrap(g_filename_to_uri(good.path, nil, nil))
        let uri = String(cString: glibURI)
        g_free(glibURI)
        // Read as GNOME's recent lists read it: GLib's bookmark file.
        func remembered() -> Bool {
            let bookmarks = g_bookmark_file_new()
            defer { g_bookmark_file_free(bookmarks) }
            return g_bookmark_file_load_from_file(bookmarks, recent.path, nil) != 0
                && g_bookmark_file_has_item(bookmarks, uri) != 0
                && g_bookmark_file_has_application(bookmarks, uri, "unfold", nil) != 0
                && g_bookmark_file_has_group(bookmarks, uri, "unfold-labels", nil) != 0
        }
        let deadline = Date().addingTimeInterval(Patience.hang)
        while !remembered() && Date() < deadline { usleep(100_000) }
        XCTAssertTrue(remembered(), "\(uri), opened by unfold, in \(recent.path)")

        try open(bad)
        _ = try Self.waitForTree { $0.contains { $0.name.contains("bad.tsv:1:") && $0.name.contains("expected 3 tab-separated fields") } }

        // The main menu's Open Recent (from the first window) lists it, and not
        // the bad one; choosing it brings its window forward rather than
        // opening it twice.
        func openRecentMenu() throws {
            _ = try Self.run("/usr/bin/xdotool", ["windowfocus", "--sync", window])
            _ = try Self.waitForTree { $0.contains { $0.role == "frame" && !$0.name.hasPrefix("birds") && $0.states.contains("active") } }
            try AccessibilityAuditTests.keys("F10")
            try Self.press("Open Recent")
        }
        try openRecentMenu()
        let menu = try Self.waitForTree { $0.contains { $0.role == "menu item" && $0.name == "birds & bees.tsv" } }
        XCTAssertFalse(menu.contains { $0.role == "menu item" && $0.name == "bad.tsv" }, "a file that did not open is not recent")
        try Self.press("birds & bees.tsv")
        let shown = try Self.waitForTree { $0.contains { $0.role == "frame" && $0.name == "birds & bees.tsv — Label Collection" && $0.states.contains("active") } }
        XCTAssertEqual(shown.filter { $0.role == "frame" && $0.name == "birds & bees.tsv — Label Collection" }.count, 1, "one window per file")

        // A recent file deleted since leaves the menu when it next opens.
        try FileManager.default.removeItem(at: good)
        try openRecentMenu()
        let emptied = try Self.waitForTree { $0.contains { $0.role == "menu item" && $0.name == "No Recent Files" } }
        XCTAssertFalse(emptied.contains { $0.role == "menu item" && $0.name == "birds & bees.tsv" }, "a deleted file is not listed")
        Self.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// An empty collection's status page offers Open…, a Tab stop after the
    /// filter's, which shows the file chooser; the main menu has it too. (A
    /// filter that matches nothing offers no Open, and is no stop:
    /// `KeyboardWalkTests.testTheLabelListByKeyboard`.)
    func testTheEmptyCollectionAndTheMainMenuOfferOpen() throws {
        let directory = try scratchDirectory("empty")
        let empty = directory.appendingPathComponent("empty.json")
        try "[]".write(to: empty, atomically: true, encoding: .utf8)
        let app = try Self.launch([empty.path])
        defer { Self.stop(app) }
        let nodes = try Self.waitForTree { $0.contains { $0.name == "This collection has no labels" } }
        XCTAssertTrue(nodes.contains { $0.role == "push button" && $0.name == "Open…" && $0.states.contains("visible") },
                      "the status page's Open… button")
        // By keyboard: the filter, the toggle, then the button.
        _ = try Self.focusWindow(of: app)
        _ = try Self.waitForTree { $0.contains { $0.name == "Filter labels" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Tab")
        _ = try Self.waitForTree { $0.contains { $0.name == "Tiles only" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Tab")
        _ = try Self.waitForTree { $0.contains { $0.name == "Open…" && $0.states.contains("focused") } }
        try AccessibilityAuditTests.keys("Return")
        _ = try Self.waitForTree { $0.contains { $0.depth == 1 && $0.name == "Open Labels" } }
        try AccessibilityAuditTests.keys("Escape")
        _ = try Self.waitForTree { !$0.contains { $0.depth == 1 && $0.name == "Open Labels" } }
        try AccessibilityAuditTests.keys("F10")
        _ = try Self.waitForTree { $0.contains { $0.role == "menu item" && $0.name == "Open…" } }
        Self.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// The page tab that is selected, as assistive technologies see it.
    static func selectedPage(_ nodes: [Node]) -> String? {
        nodes.first { $0.role == "page tab" && $0.states.contains("selected") }?.name
    }

    func testPageOptionOpensEachPageAndASecondLaunchPresentsTheRunningApp() throws {
        let titles = ["reveal": "Reveal", "native": "Native", "outline": "Outline", "collection": "Collection"]
        for (name, title) in titles.sorted(by: { $0.key < $1.key }) {
            // A page's name written as its title is the page too.
            let app = try Self.launch(["--page", name == "outline" ? title : name])
            _ = try Self.waitForTree { Self.selectedPage($0) == title }
            Self.stop(app)
        }

        let first = try Self.launch()
        _ = try Self.waitForTree { Self.selectedPage($0) != nil }
        // A second launch hands its command line to the running instance and ends.
        let second = try Self.run(Self.executable, ["--page", "outline"])
        XCTAssertEqual(second.status, 0, second.stderr)
        let nodes = try Self.waitForTree { Self.selectedPage($0) == "Outline" }
        XCTAssertEqual(nodes.filter { $0.role == "frame" }.count, 1, "still one window")
        // How the running Unfold moves is its own: a later launch that would
        // change it is refused, says why, and leaves no trace file behind.
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-refused-\(UUID().uuidString).csv").path
        for (arguments, words) in [(["--slow-motion", "10"], "--slow-motion works only as Unfold starts"),
                                   (["--reduce-motion"], "--reduce-motion works only as Unfold starts"),
                                   (["--motion-trace", trace], "--motion-trace works only as Unfold starts")] {
            let refused = try Self.run(Self.executable, arguments + ["--page", "reveal"])
            XCTAssertEqual(refused.status, 1, "\(arguments)")
            XCTAssertTrue(refused.stderr.contains("unfold: \(words), and Unfold is already running"), refused.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: trace), "no trace file")
        XCTAssertEqual(Self.selectedPage(try Self.waitForTree { _ in true }), "Outline", "nothing else of those launches happened")
        XCTAssertTrue(first.isRunning)
        Self.stop(first)
        XCTAssertFalse(first.stderr.contains("WARNING") || first.stderr.contains("CRITICAL"), first.stderr)
    }

    func testDisclosureThroughAccessibility() throws {
        for arguments in [[], ["--reduce-motion"]] {
            let app = try Self.launch(arguments)
            var nodes = try Self.waitForTree { Self.node("Collection", in: $0) != nil }
            let collection = try XCTUnwrap(Self.node("Collection", in: nodes))
            XCTAssertEqual(collection.role, "push button")
            XCTAssertTrue(collection.states.contains("expandable"))
            XCTAssertFalse(collection.states.contains("expanded"))
            XCTAssertEqual(Self.node("Following item", in: nodes)?.role, "label")
            XCTAssertNil(Self.node("Shapes", in: nodes), "closed content is hidden from accessibility")

            try Self.press("Collection")
            nodes = try Self.waitForTree(Self.expanded("Collection"))
            XCTAssertEqual(Self.node("Shapes", in: nodes)?.role, "push button")
            XCTAssertEqual(Self.node("Palette", in: nodes)?.role, "label")
            XCTAssertNil(Self.node("Circle", in: nodes))

            try Self.press("Shapes")
            nodes = try Self.waitForTree(Self.expanded("Shapes"))
            XCTAssertEqual(Self.node("Circle", in: nodes)?.role, "label")
            XCTAssertEqual(Self.node("Square", in: nodes)?.role, "label")

            try Self.press("Collection")
            nodes = try Self.waitForTree { !Self.expanded("Collection")($0) && Self.node("Shapes", in: $0) == nil }

            Self.stop(app)
            XCTAssertFalse(app.stderr.contains("WARNING") || app.stderr.contains("CRITICAL"), "\(arguments): \(app.stderr)")
        }
    }

    /// A normal session on every page, by keyboard and by assistive technology,
    /// ending with Ctrl+Q: the app exits cleanly and says nothing on stderr.
    /// Across the narrow-window breakpoint and back, with animations on and
    /// off (libadwaita's switcher bar and squeezer once warned on every resize
    /// with them off).
    /// The app, and the bench's copy of it, do without Foundation, which would
    /// cost every process about 9 MB (and ICU's data) for a few conveniences.
    func testTheAppDoesNotLoadFoundation() throws {
        let directory = URL(fileURLWithPath: Self.executable).deletingLastPathComponent()
        for program in [Self.executable, directory.appendingPathComponent("unfold-bench-app").path] {
            let libraries = try Self.run("/usr/bin/ldd", [program])
            XCTAssertEqual(libraries.status, 0, libraries.stderr)
            XCTAssertTrue(libraries.stdout.contains("libgtk-4"), "ldd lists what \(program) loads")
            let foundation = libraries.stdout.split(separator: "\n").filter { $0.contains("Foundation") || $0.contains("icu") }
            XCTAssertEqual(foundation, [], "\(program) loads Foundation")
        }
    }

    /// Every icon the app shows, its window's icon included, has a bitmap at
    /// its size: none falls back to the SVG renderer, which costs a process
    /// 7 MB (librsvg and libxml2) for as long as it runs. The Native page is
    /// the exception, and is made only when shown: libadwaita 1.2's
    /// AdwExpanderRow draws its arrow from an SVG in libadwaita itself.
    func testShowingThePagesLoadsNoSVGRenderer() throws {
        let app = try Self.launch()
        defer { Self.stop(app) }
        _ = try Self.focusWindow(of: app)
        for (key, page) in [("alt+3", "Outline"), ("alt+4", "Collection"), ("alt+1", "Reveal")] {
            XCTAssertEqual(try Self.run("/usr/bin/xdotool", ["key", key]).status, 0)
            _ = try Self.waitForTree { Self.selectedPage($0) == page }
        }
        let maps = try String(contentsOfFile: "/proc/\(app.processIdentifier)/maps", encoding: .utf8)
        let svgLibraries = Set(maps.split(separator: "\n").compactMap { $0.split(separator: " ").last }
            .filter { $0.contains("librsvg") || $0.contains("pixbufloader-svg") }.map(String.init))
        XCTAssertEqual(svgLibraries, [], "an icon shown was drawn from an SVG file")
    }

    func testResizingAcrossTheBreakpointPrintsNoWarning() throws {
        for arguments in [[], ["--reduce-motion"]] {
            let app = try Self.launch(arguments)
            defer { Self.stop(app) }
            _ = try Self.waitForTree { Self.node("Collection", in: $0) != nil }
            let window = try Self.focusWindow(of: app)
            for width in [360, 1000, 360, 760] {
                XCTAssertEqual(try Self.run("/usr/bin/xdotool", ["windowsize", "--sync", window, "\(width)", "600"]).status, 0)
                // The window has taken the width (and laid itself out for it) before
                // the next. (Its frame is the X window less the client-side
                // decorations' margins, a few pixels.)
                try Self.waitForTree(places: true) { nodes in
                    nodes.contains { $0.role == "frame" && abs(($0.width ?? 0) - width) <= 20 }
                }
            }
            _ = try Self.waitForTree { $0.filter { $0.role == "page tab list" }.count == 1 }
            let stderr = Self.stderr(of: app)
            XCTAssertFalse(stderr.contains("WARNING") || stderr.contains("CRITICAL"), "\(arguments): \(stderr)")
        }
    }

    /// A title too long for its row ellipsizes, and its tooltip shows it
    /// within the screen, however long and whatever it is made of: a title of
    /// one word twenty thousand letters long once gave a tooltip one line
    /// wide, off both sides of the screen. Hovered with the real pointer.
    func testATooltipOfAnyTitleFitsOnTheScreen() throws {
        let labels = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-long-\(UUID().uuidString).tsv")
        let word = String(repeating: "x", count: 20_000)
        try "1\t\(word)\ttile\n2\tShort\tdot\n".write(to: labels, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: labels) }
        let app = try Self.launch([labels.path])
        defer { Self.stop(app) }
        let window = try Self.focusWindow(of: app)
        // (The row shows, and names, the title's first thousand characters.)
        func isTitle(_ node: Node) -> Bool { node.role == "label" && node.name.hasPrefix(word.prefix(1_000)) && node.width != nil }
        let title = try XCTUnwrap(try Self.waitForTree(places: true) { $0.contains(where: isTitle) }.first(where: isTitle))
        let screen = try Self.run("/usr/bin/xdotool", ["getdisplaygeometry"]).stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        XCTAssertEqual(screen.count, 2)
        let windowsBefore = Set(try Self.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(app.processIdentifier)"]).stdout.split(separator: "\n"))
        // Onto the title, then a pixel on: a tooltip waits for the pointer to move over its widget.
        let (x, y) = ((title.x ?? 0) + 20, (title.y ?? 0) + (title.height ?? 0) / 2)
        for step in 0..<2 {
            XCTAssertEqual(try Self.run("/usr/bin/xdotool", ["mousemove", "--window", window, "\(x + step)", "\(y)"]).status, 0)
        }
        var tooltip: Substring?
        let deadline = Date().addingTimeInterval(Patience.hang)
        while tooltip == nil && Date() < deadline {
            usleep(100_000)
            let now = try Self.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(app.processIdentifier)"]).stdout.split(separator: "\n")
            tooltip = now.first { !windowsBefore.contains($0) }
        }
        let shown = try XCTUnwrap(tooltip, "no tooltip showed")
        let geometry = try Self.run("/usr/bin/xdotool", ["getwindowgeometry", "--shell", String(shown)]).stdout
        let values = Dictionary(uniqueKeysWithValues: geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=")
            return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? -1) : nil
        })
        let (left, top, width, height) = (values["X"] ?? -1, values["Y"] ?? -1, values["WIDTH"] ?? .max, values["HEIGHT"] ?? .max)
        XCTAssertTrue(left >= 0 && left + width <= screen[0], "the tooltip is \(width) wide at \(left), on a screen \(screen[0]) wide")
        XCTAssertTrue(top >= 0 && top + height <= screen[1], "the tooltip is \(height) high at \(top), on a screen \(screen[1]) high")
        Self.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// A file's problem is said in a toast that wraps within the window,
    /// however narrow, and widens again with the window: libadwaita 1.2 lays
    /// a toast's title out at its natural width, and at 370 pixels one ran
    /// out of its toast and off the window's side, over the close button.
    func testAToastFitsTheWindowAtAnyWidth() throws {
        let directory = try scratchDirectory("toast")
        let labels = directory.appendingPathComponent("zones.tsv")
        try (1...40).map { "\($0)\tZone \($0)\t\($0 % 2 == 0 ? "tile" : "dot")\n" }.joined().write(to: labels, atomically: true, encoding: .utf8)
        let app = try Self.launch([labels.path])
        defer { Self.stop(app) }
        let window = try Self.focusWindow(of: app)
        _ = try Self.waitForTree { $0.contains { $0.name == "40 of 40 labels" } }
        func toast(fitting width: Int) throws -> [Node] {
            XCTAssertEqual(try Self.run("/usr/bin/xdotool", ["windowsize", "--sync", window, "\(width)", "600"]).status, 0)
            return try Self.waitForTree(places: true) { nodes in
                guard let frame = nodes.first(where: { $0.role == "frame" }), abs((frame.width ?? 0) - width) <= 20,
                      let toast = nodes.first(where: { $0.role != "label" && $0.name.contains("zones.tsv:41:1: expected 3 tab-separated fields") }),
                      let title = nodes.first(where: { $0.role == "label" && $0.name.contains("zones.tsv:41:1: expected 3 tab-separated fields") })
                else { return false }
                // The toast within the window, its title within the toast (and
                // so clear of the close button beside it, whose accessible place
                // GTK 4.8 gives off from where it is drawn).
                return (toast.x ?? -1) >= 0 && (toast.x ?? 0) + (toast.width ?? .max) <= width
                    && (title.x ?? -1) >= toast.x ?? 0 && (title.x ?? 0) + (title.width ?? .max) <= (toast.x ?? 0) + (toast.width ?? 0)
            }
        }
        XCTAssertEqual(try Self.run("/usr/bin/xdotool", ["windowsize", "--sync", window, "370", "600"]).status, 0)
        let appending = try FileHandle(forWritingTo: labels)
        try appending.seekToEnd()
        try appending.write(contentsOf: Data("garbage\n".utf8))
        try appending.close()
        let narrow = try toast(fitting: 370)
        let wide = try toast(fitting: 1000)
        let lines = { (nodes: [Node]) in nodes.first { $0.role == "label" && $0.name.contains("zones.tsv:41:1") }?.height ?? 0 }
        XCTAssertLessThan(lines(wide), lines(narrow), "fewer lines in a wider window")
        _ = try toast(fitting: 360)
        Self.stop(app)
        XCTAssertFalse(app.stderr.contains("CRITICAL") || app.stderr.contains("WARNING"), app.stderr)
    }

    /// A tooltip says a text of any length in twenty lines or so: the rest
    /// is cut, and says it was.
    func testATooltipsTextIsCutAfterItsLimit() {
        XCTAssertEqual(Widgets.tooltipText("A note"), "A note")
        let limit = String(repeating: "ż", count: Widgets.tooltipLimit)
        XCTAssertEqual(Widgets.tooltipText(limit), limit, "as long as the limit")
        XCTAssertEqual(Widgets.tooltipText(limit + "ab"), limit + "…")
    }

    func testANormalRunOnEveryPagePrintsNoWarning() throws {
        let app = try Self.launch()
        defer { Self.stop(app) }

        func keys(_ names: String...) throws {
            for name in names {
                XCTAssertEqual(try Self.run("/usr/bin/xdotool", ["key", "--delay", "30", name]).status, 0, name)
            }
        }

        // Reveal: open, open nested, close, as a screen reader user would.
        _ = try Self.waitForTree { Self.node("Collection", in: $0) != nil }
        _ = try Self.focusWindow(of: app)
        try Self.press("Collection")
        _ = try Self.waitForTree(Self.expanded("Collection"))
        try Self.press("Shapes")
        _ = try Self.waitForTree(Self.expanded("Shapes"))
        try Self.press("Collection")
        _ = try Self.waitForTree { !Self.expanded("Collection")($0) }

        // Native: its expanders by keyboard.
        try keys("alt+2")
        _ = try Self.waitForTree { Self.selectedPage($0) == "Native" }
        try keys("Tab", "space", "Tab", "space", "shift+Tab", "space")

        // Outline: open and walk the tree by keyboard.
        try keys("alt+3")
        _ = try Self.waitForTree { Self.selectedPage($0) == "Outline" }
        try keys("Right", "Down", "Right", "Down", "Down", "Left", "Up", "Left")

        // Collection: type a query, toggle tiles only, clear; a second window; the shortcuts.
        try keys("alt+4")
        _ = try Self.waitForTree { Self.selectedPage($0) == "Collection" }
        XCTAssertEqual(try Self.run("/usr/bin/xdotool", ["type", "--delay", "40", "til"]).status, 0)
        _ = try Self.waitForTree { $0.contains { $0.name == "2 of 4 labels" } }
        try keys("Escape", "ctrl+n")
        _ = try Self.waitForTree { $0.filter { $0.role == "frame" }.count == 2 }
        try keys("ctrl+w")
        _ = try Self.waitForTree { $0.filter { $0.role == "frame" }.count == 1 }
        try keys("F1")
        _ = try Self.waitForTree { $0.filter { $0.role == "frame" || $0.role == "dialog" }.count == 2 }
        try keys("Escape")
        _ = try Self.waitForTree { $0.filter { $0.role == "frame" || $0.role == "dialog" }.count == 1 }
        try keys("alt+1", "ctrl+q")

        XCTAssertTrue(app.exits(), "Ctrl+Q quits")
        XCTAssertEqual(app.terminationReason, .exit)
        XCTAssertEqual(app.terminationStatus, 0)
        let stderr = app.stderr
        XCTAssertFalse(stderr.contains("WARNING") || stderr.contains("CRITICAL") || stderr.contains("Fatal"), stderr)
        XCTAssertEqual(stderr, "", "a normal run prints nothing on stderr")
    }
}
