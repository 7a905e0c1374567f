// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import XCTest

/// Every kind of labels file a user can name, through the real binary: each
/// has a stated outcome, and errors reach the terminal of the launch that
/// made them, with its exit status.
final class LabelsFileMatrixTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-matrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8], in folder: URL? = nil) -> String {
        let path = (folder ?? directory).appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "wrote \(name)")
        return path
    }

    @discardableResult
    func write(_ name: String, _ text: String, in folder: URL? = nil) -> String { write(name, Array(text.utf8), in: folder) }

    /// The captions and row names of every window now.
    static func captions(_ nodes: [AppProcessTests.Node]) -> [String] {
        nodes.filter { $0.role == "label" && ($0.name.contains(" labels") || $0.name.contains("…")) }.map(\.name)
    }

    static func rows(_ nodes: [AppProcessTests.Node]) -> [String] {
        nodes.filter { $0.role == "list item" }.map(\.name)
    }

    /// Runs the app with `arguments` from `directory` as the only instance, waits
    /// for the rows `expected`, and ends it.
    func assertShows(_ expected: [String], _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let app = try AppProcessTests.launch(arguments, directory: directory)
        defer { AppProcessTests.stop(app) }
        let nodes = try AppProcessTests.waitForTree { Self.rows($0) == expected }
        XCTAssertEqual(Self.rows(nodes), expected, "\(arguments)", file: file, line: line)
        XCTAssertEqual(AppProcessTests.stderr(of: app), "", file: file, line: line)
    }

    /// Runs the app and expects it to end at once with `status` and `message`, showing no window.
    func assertFails(_ arguments: [String], status: Int32 = 1, saying message: String,
                     environment: [String: String] = launchEnvironment(),
                     file: StaticString = #filePath, line: UInt = #line) throws {
        let output = try AppProcessTests.run(AppProcessTests.executable, arguments, directory: directory, environment: environment)
        XCTAssertEqual(output.status, status, "\(arguments): \(output.stderr)", file: file, line: line)
        XCTAssertEqual(output.stderr, "unfold: \(message)\n", file: file, line: line)
    }

    func testWhatSpreadsheetsAndEditorsWrite() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        write("bom.json", bom + Array(#"[{"id": 1, "title": "Café", "category": "tile"}]"#.utf8))
        try assertShows(["Café, Tile"], ["--labels", "bom.json"])
        write("export.tsv", bom + Array("id\ttitle\tcategory\r\n1\tTile A\ttile\r\n2\tDot A\tdot\r\n".utf8))
        try assertShows(["Tile A, Tile", "Dot A, Dot"], ["--labels", "export.tsv"])
    }

    /// Spreadsheet exports: quoted fields, old Mac line ends, categories as the app writes them.
    func testWhatSpreadsheetsExport() throws {
        write("quoted.tsv", "\"id\"\t\"title\"\t\"category\"\r1\t\"Bonaire, Sint Eustatius and Saba\"\tTile\r2\t\"Côte d\"\"Ivoire\"\t\"Dot\"\r")
        try assertShows(["Bonaire, Sint Eustatius and Saba, Tile", "Côte d\"Ivoire, Dot"], ["--labels", "quoted.tsv"])
    }

    func testMistakesAreSaidInWords() throws {
        try assertFails(["--labels", directory.path], saying: "\(directory.path): is a folder, not a labels file")
        write("one.json", #"{"id": 1, "title": "A", "category": "tile"}"#)
        try assertFails(["--labels", "one.json"],
                        saying: "one.json:1:1: this is one JSON object; a labels file holds an array of them: [{…}, {…}]")
        write("commas.csv", "1,Tile A,tile\n")
        try assertFails(["--labels", "commas.csv"], saying: "commas.csv:1:1: expected 3 tab-separated fields (id, title, category), found 1: fields are separated by tabs, not commas or semicolons")
        try assertFails(["--labels", "nowhere/missing.tsv"], saying: "nowhere/missing.tsv: no such file")
        write("blank.json", #"[{"id": 1, "title": "", "category": "tile"}]"#)
        try assertFails(["--labels", "blank.json"], saying: "blank.json:1:21: this label's title is empty")
        write("nul.tsv", [0x31, 0x09, 0x41, 0x00, 0x42, 0x09] + Array("tile\n".utf8))
        try assertFails(["--labels", "nul.tsv"], saying: "nul.tsv:1:4: holds a NUL byte (byte offset 3): it is not a text file")
        try assertFails(["--labels", "/dev/zero"], saying: "/dev/zero:1:1: holds a NUL byte (byte offset 0): it is not a text file")
    }

    /// A bad file is said in the user's language, as a bad option is: the
    /// place as editors read it, the problem translated, whether the launch
    /// failed opening the path or loading it with its window up.
    func testBadFilesAreSaidInTheUsersLanguage() throws {
        write("syntax.json", #"[{"id": 1, "title": "A" "category": "tile"}]"#)
        write("category.tsv", "1\tA\ttile\n2\tB\tsquare\n")
        write("duplicate.tsv", "5\tA\ttile\n5\tB\tdot\n")
        write("latin1.tsv", Array("1\tCaf".utf8) + [0xE9] + Array("\ttile\n".utf8))
        write("quote.tsv", "1\t\"Hi\" there\ttile\n")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder"), withIntermediateDirectories: false)
        let expected: [(locale: String, messages: [(file: String, message: String)])] = [
            ("fr_FR.UTF-8", [
                ("syntax.json", "syntax.json:1:25: « , » ou « } » attendu dans un libellé"),
                ("category.tsv", "category.tsv:2:5: catégorie inconnue « square » : « tile » ou « dot » attendu"),
                ("duplicate.tsv", "duplicate.tsv:2:1: identifiant de libellé 5 en double : d’abord ligne 1, colonne 1, puis ligne 2, colonne 1"),
                ("latin1.tsv", "latin1.tsv:1:6: UTF-8 non valide à la position d’octet 5 : un fichier de libellés doit être enregistré en UTF-8"),
                ("folder", "folder: est un dossier, pas un fichier de libellés"),
                ("missing.tsv", "missing.tsv: fichier introuvable"),
                ("quote.tsv", #"quote.tsv:1:6: du texte suit le guillemet qui termine ce champ entre guillemets : entre guillemets, un guillemet s’écrit deux fois ("""Hi"" there" se lit "Hi" there)"#),
            ]),
            ("pl_PL.UTF-8", [
                ("syntax.json", "syntax.json:1:25: oczekiwano „,” lub „}” w etykiecie"),
                ("category.tsv", "category.tsv:2:5: nieznana kategoria „square”: oczekiwano „tile” lub „dot”"),
                ("duplicate.tsv", "duplicate.tsv:2:1: powtórzony identyfikator etykiety 5: najpierw w wierszu 1, kolumnie 1, ponownie w wierszu 2, kolumnie 1"),
                ("latin1.tsv", "latin1.tsv:1:6: nieprawidłowy UTF-8 (przesunięcie w bajtach: 5): plik etykiet trzeba zapisać w UTF-8"),
                ("folder", "folder: jest folderem, a nie plikiem etykiet"),
                ("missing.tsv", "missing.tsv: nie ma takiego pliku"),
                ("quote.tsv", #"quote.tsv:1:6: po znaku cudzysłowu, który kończy to pole w cudzysłowie, jest jeszcze tekst: wewnątrz cudzysłowu znak cudzysłowu zapisuje się podwójnie ("""Hi"" there" oznacza "Hi" there)"#),
            ]),
            ("pt_BR.UTF-8", [
                ("syntax.json", "syntax.json:1:25: era esperado “,” ou “}” num rótulo"),
                ("category.tsv", "category.tsv:2:5: categoria desconhecida “square”: era esperado “tile” ou “dot”"),
                ("duplicate.tsv", "duplicate.tsv:2:1: ID de rótulo 5 duplicado: primeiro na linha 1, coluna 1, de novo na linha 2, coluna 1"),
                ("latin1.tsv", "latin1.tsv:1:6: UTF-8 inválido na posição de byte 5: um arquivo de rótulos deve ser salvo em UTF-8"),
                ("folder", "folder: é uma pasta, não um arquivo de rótulos"),
                ("missing.tsv", "missing.tsv: arquivo não encontrado"),
                ("quote.tsv", #"quote.tsv:1:6: há texto depois das aspas que fecham este campo entre aspas: dentro das aspas, cada aspa é escrita duas vezes ("""Hi"" there" é lido como "Hi" there)"#),
            ]),
        ]
        for (locale, messages) in expected {
            for (file, message) in messages {
                try assertFails(["--labels", file], saying: message, environment: launchEnvironment(["LC_ALL": locale]))
            }
        }
    }

    /// `--labels <(command)`, as a shell passes it.
    func testAPipe() throws {
        let app = try Children.start("/bin/bash", ["-c", #"exec "$0" --labels <(printf '7\tPiped\tdot\n')"#, AppProcessTests.executable],
                                     environment: launchEnvironment())
        defer { AppProcessTests.stop(app) }
        _ = try AppProcessTests.waitForTree { Self.rows($0) == ["Piped, Dot"] }
    }

    /// A FIFO with no writer: the window comes at once and says it waits; the
    /// labels show when the writer comes. The filter, where the keyboard is,
    /// says it too, by stage, to a screen reader.
    func testAFIFOWhoseWriterComesLate() throws {
        XCTAssertEqual(mkfifo(directory.appendingPathComponent("fifo").path, 0o600), 0)
        let app = try AppProcessTests.launch(["--labels", "fifo"], directory: directory)
        defer { AppProcessTests.stop(app) }
        func filterSays(_ words: String) -> (AppProcessTests.Node) -> Bool {
            { $0.name == "Filter labels" && $0.description == words }
        }
        _ = try AppProcessTests.waitForTree {
            Self.captions($0).contains("Waiting for labels from fifo…") && $0.contains(where: filterSays("Waiting for labels from fifo…"))
        }
        let writer = try XCTUnwrap(FileHandle(forWritingAtPath: directory.appendingPathComponent("fifo").path))
        // Part of it: the caption says how much has come.
        writer.write(Data("1\tFirst\ttile\n".utf8))
        writer.write(Data((2...9_000).map { "\($0)\tRow \($0)\tdot\n" }.joined().utf8))
        _ = try AppProcessTests.waitForTree {
            Self.captions($0).contains { $0.hasPrefix("Reading labels from fifo… ") } && $0.contains(where: filterSays("Loading labels from fifo…"))
        }
        try writer.close()
        _ = try AppProcessTests.waitForTree { Self.captions($0).contains("9000 of 9000 labels") && $0.contains(where: filterSays("9000 of 9000 labels")) }
        XCTAssertTrue(app.isRunning, "the app stays, showing the labels")
    }

    /// Generated labels come the same way: the window first, saying how far
    /// the making has got, then the labels.
    func testManyGeneratedLabelsShowTheWindowFirst() throws {
        let app = try AppProcessTests.launch(["--synthetic", "2000000"], directory: directory)
        defer { AppProcessTests.stop(app) }
        let loading = try AppProcessTests.waitForTree { Self.captions($0).contains { $0.hasPrefix("Loading labels from 2000000 generated labels… ") } }
        XCTAssertFalse(Self.captions(loading).contains { $0.hasSuffix(" of 2000000 labels") }, "the window came before the labels")
        _ = try AppProcessTests.waitForTree { Self.captions($0).contains("2000000 of 2000000 labels") }
        XCTAssertEqual(AppProcessTests.stderr(of: app), "")
    }

    /// A writer that stops half-way through a label: the launch ends with
    /// where the file ends, and no window stays.
    func testAFileCutShort() throws {
        XCTAssertEqual(mkfifo(directory.appendingPathComponent("cut").path, 0o600), 0)
        let app = try AppProcessTests.launch(["--labels", "cut"], directory: directory)
        defer { AppProcessTests.stop(app) }
        let writer = try XCTUnwrap(FileHandle(forWritingAtPath: directory.appendingPathComponent("cut").path))
        writer.write(Data(#"[{"id": 1, "title": "Whole", "category": "tile"}, {"id": 2, "tit"#.utf8))
        try writer.close()
        XCTAssertTrue(AppProcessTests.waitForExit(app), "a bad file ends the run")
        XCTAssertEqual(app.terminationStatus, 1)
        XCTAssertEqual(AppProcessTests.stderr(of: app), "unfold: cut:1:65: the file ends inside a string\n")
    }

    /// The window closed while the labels load: the load stops, and the launch
    /// ends as any whose window the user closed.
    func testClosingTheWindowWhileItLoads() throws {
        XCTAssertEqual(mkfifo(directory.appendingPathComponent("never").path, 0o600), 0)
        let app = try AppProcessTests.launch(["--labels", "never"], directory: directory)
        defer { AppProcessTests.stop(app) }
        _ = try AppProcessTests.waitForTree { Self.captions($0).contains("Waiting for labels from never…") }
        _ = try AppProcessTests.focusWindow(of: app)
        XCTAssertEqual(try AppProcessTests.run("/usr/bin/xdotool", ["key", "ctrl+w"]).status, 0)
        XCTAssertTrue(AppProcessTests.waitForExit(app), "the writer never came, and the run still ends")
        XCTAssertEqual(app.terminationStatus, 0)
        XCTAssertEqual(AppProcessTests.stderr(of: app), "")
    }

    /// Root reads every file: the check runs as another user, as users do.
    func testAnUnreadableFile() throws {
        let secret = write("secret.tsv", "1\tA\ttile\n")
        XCTAssertEqual(chmod(secret, 0o600), 0)
        XCTAssertEqual(chmod(directory.path, 0o755), 0)
        // The other user may not read this checkout (under /root, say): it gets
        // a copy of the app (its stylesheet and interface are inside it).
        let binary = directory.appendingPathComponent("unfold").path
        try FileManager.default.copyItem(atPath: AppProcessTests.executable, toPath: binary)
        XCTAssertEqual(chmod(binary, 0o755), 0)
        var environment = launchEnvironment()
        // Another user has neither this session bus nor its display's cookie:
        // the app runs as its own instance, on a copy of the cookie.
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
        environment["NO_AT_BRIDGE"] = "1"
        if let cookie = environment["XAUTHORITY"] {
            let copy = write("cookie", Array(try Data(contentsOf: URL(fileURLWithPath: cookie))))
            XCTAssertEqual(chmod(copy, 0o644), 0)
            environment["XAUTHORITY"] = copy
        }
        environment["XDG_CONFIG_HOME"] = directory.path
        environment["HOME"] = directory.path
        let output = try AppProcessTests.run(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "--labels", secret],
            directory: directory, environment: environment)
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertTrue(output.stderr.hasSuffix("unfold: \(secret): cannot be read: permission denied\n"), output.stderr)
    }

    /// A second launch from another directory: its relative path is its own
    /// directory's, its errors are on its own terminal, with its own status.
    func testASecondLaunchFromAnotherDirectory() throws {
        let first = directory.appendingPathComponent("first"), second = directory.appendingPathComponent("second")
        for folder in [first, second] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        write("labels.tsv", "1\tFrom the second directory\ttile\n", in: second)
        write("broken.json", "[{\"id\": 1,", in: second)
        let primary = try AppProcessTests.launch([], directory: first)
        defer { AppProcessTests.stop(primary) }
        _ = try AppProcessTests.waitForTree { AppProcessTests.node("Collection", in: $0) != nil }

        let shown = try AppProcessTests.run(AppProcessTests.executable, ["--labels", "labels.tsv"], directory: second)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shown.stderr, "")
        _ = try AppProcessTests.waitForTree { Self.rows($0) == ["From the second directory, Tile"] }

        let missing = try AppProcessTests.run(AppProcessTests.executable, ["--labels", "missing.tsv"], directory: second)
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "unfold: missing.tsv: no such file\n")
        let broken = try AppProcessTests.run(AppProcessTests.executable, ["--labels", "broken.json"], directory: second)
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(broken.stderr, "unfold: broken.json:1:11: the file ends where a string should be\n")

        // A pipe goes to the running instance too, as the launch's input.
        let piped = try Children.run("/bin/bash", ["-c", #"exec "$0" --labels <(printf '8\tThrough a pipe\tdot\n')"#, AppProcessTests.executable],
                                     environment: launchEnvironment(), directory: second)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        let nodes = try AppProcessTests.waitForTree { Self.rows($0).contains("Through a pipe, Dot") }
        XCTAssertEqual(nodes.filter { $0.role == "frame" }.count, 3, "the first window and one per labels launch")
        XCTAssertTrue(primary.isRunning)
        XCTAssertEqual(AppProcessTests.stderr(of: primary), "", "the other launches' errors are not the first one's")
    }

    /// The README's run command, typed in another directory, finds a relative
    /// path there (the wrapper works in the repository). The wrapper runs from
    /// a copy with a `swift` that only says where the app is: this test runs
    /// inside `swift test`, whose build no other build may wait on.
    /// The README's run command, in a copy of the repository whose `swift`
    /// only says where the built app is (this test runs inside SwiftPM, which
    /// may not be entered twice).
    func runCommand() throws -> (wrapper: URL, environment: [String: String]) {
        let repository = directory.appendingPathComponent("repository"), tools = directory.appendingPathComponent("tools")
        for folder in [repository, tools] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("meson-wrapper.sh"),
                                         to: repository.appendingPathComponent("meson-wrapper.sh"))
        try FileManager.default.createSymbolicLink(at: repository.appendingPathComponent("data"),
                                                   withDestinationURL: repositoryRoot.appendingPathComponent("data"))
        let binDirectory = URL(fileURLWithPath: AppProcessTests.executable).deletingLastPathComponent().path
        let swift = write("swift", "#!/bin/sh\ncase \"$*\" in *--show-bin-path*) echo '\(binDirectory)' ;; esac\n", in: tools)
        XCTAssertEqual(chmod(swift, 0o755), 0)
        var environment = launchEnvironment()
        environment["PATH"] = tools.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return (repository.appendingPathComponent("meson-wrapper.sh"), environment)
    }

    /// `LANGUAGE=xx ./meson-wrapper.sh run` for a language whose code is not
    /// its country's (Hebrew is he_IL, Japanese ja_JP, Swedish sv_SE…) once
    /// ended the command with status 1 and no word: it gets a locale of that
    /// language and runs.
    func testTheRunCommandInLanguagesWhoseCodeIsNotTheirCountrys() throws {
        let (wrapper, base) = try runCommand()
        for language in ["he", "ja", "sv", "fr"] {
            var environment = base
            environment["LANGUAGE"] = language
            environment["LC_ALL"] = nil
            environment["LANG"] = "C.UTF-8"
            let output = try AppProcessTests.run(wrapper.path, ["run", "--version"], environment: environment)
            XCTAssertEqual(output.status, 0, "LANGUAGE=\(language): \(output.stderr)")
            XCTAssertEqual(output.stdout, "unfold 0.1.0\n", "LANGUAGE=\(language)")
            XCTAssertFalse(output.stderr.contains("setlocale"), "LANGUAGE=\(language): \(output.stderr)")
        }
    }

    /// What prints and exits needs no display, even through the run command;
    /// without one, the app says what is wrong with what was typed first.
    func testTheRunCommandPrintsTheVersionWithoutADisplay() throws {
        let (wrapper, environment) = try runCommand()
        var headless = environment
        headless.removeValue(forKey: "DISPLAY")
        headless.removeValue(forKey: "WAYLAND_DISPLAY")
        let version = try AppProcessTests.run(wrapper.path, ["run", "--version"], environment: headless)
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertEqual(version.stdout, "unfold 0.1.0\n")
        // A mistyped option is said as such, display or not; then, that a window needs one.
        let bogus = try AppProcessTests.run(wrapper.path, ["run", "--bogus"], environment: headless)
        XCTAssertEqual(bogus.status, 1)
        XCTAssertTrue(bogus.stderr.contains("unfold: Unknown option --bogus"), bogus.stderr)
        let window = try AppProcessTests.run(wrapper.path, ["run", "--page", "reveal"], environment: headless)
        XCTAssertEqual(window.status, 1)
        XCTAssertTrue(window.stderr.contains("unfold: no display"), window.stderr)
        XCTAssertFalse(window.stderr.contains("WARNING"), window.stderr)
        // A display named that cannot be opened is said in the same words' way, not in GTK's warning.
        let unreachable = try AppProcessTests.run(wrapper.path, ["run", "--page", "reveal"], environment: headless.merging(["DISPLAY": ":4242"]) { $1 })
        XCTAssertEqual(unreachable.status, 1)
        XCTAssertTrue(unreachable.stderr.contains("unfold: cannot open the display :4242"), unreachable.stderr)
        XCTAssertFalse(unreachable.stderr.contains("WARNING"), unreachable.stderr)
    }

    func testTheRunCommandResolvesPathsWhereItIsTyped() throws {
        write("here.tsv", "1\tFrom where it was typed\ttile\n")
        let (wrapper, environment) = try runCommand()
        let run = try Children.start(wrapper.path, ["run", "--labels", "here.tsv"], environment: environment, directory: directory)
        defer { AppProcessTests.stop(run) }
        let nodes = try AppProcessTests.waitForTree { Self.rows($0) == ["From where it was typed, Tile"] }
        XCTAssertTrue(nodes.contains { $0.role == "frame" && $0.name == "here.tsv — Label Collection" }, "the window says which file")
    }

    /// No labels is said as such, whether from a file or generated.
    func testEmptyCollectionsSaySo() throws {
        write("empty.json", "[]")
        for arguments in [["--labels", "empty.json"], ["--synthetic", "0"]] {
            let app = try AppProcessTests.launch(arguments, directory: directory)
            defer { AppProcessTests.stop(app) }
            let nodes = try AppProcessTests.waitForTree { $0.contains { $0.name == "This collection has no labels" } }
            XCTAssertTrue(Self.captions(nodes).contains("0 of 0 labels"), "\(arguments): \(Self.captions(nodes))")
            XCTAssertNil(AppProcessTests.node("No matching labels", in: nodes))
            XCTAssertEqual(Self.rows(nodes), [], "\(arguments): not the tutorial's four")
        }
    }
}
