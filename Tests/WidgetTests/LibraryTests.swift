// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import XCTest

/// libunfold-1 as its users meet it: from the tree meson installed (the
/// test command installs it into a DESTDIR, `UNFOLD_MESON_DESTDIR`), never
/// the build tree. C programs are built with `pkg-config --cflags --libs
/// unfold-1` and run with only `LD_LIBRARY_PATH` pointing into the prefix;
/// Python reads the typelib with only `GI_TYPELIB_PATH` set besides.
final class LibraryTests: XCTestCase {
    static let sources = repositoryRoot.appendingPathComponent("Tests")

    var prefix: URL!
    var libdir: URL { prefix.appendingPathComponent(InstallTests.libdir) }
    var scratch: URL!

    override func setUpWithError() throws {
        prefix = try InstallTests.installedPrefix()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        // (No scratch directory when there was no installed tree to test.)
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    /// The environment a user's program runs in: the test session's display
    /// and buses, the installed prefix found through the loader's and
    /// GObject introspection's paths and nothing else of the repository.
    var userEnvironment: [String: String] {
        launchEnvironment([
            "LD_LIBRARY_PATH": libdir.path,
            "GI_TYPELIB_PATH": libdir.appendingPathComponent("girepository-1.0").path,
            "PKG_CONFIG_PATH": libdir.appendingPathComponent("pkgconfig").path,
        ])
    }

    /// Builds the C program `source` as its README says: cc, pkg-config.
    func buildC(_ source: URL) throws -> String {
        let flags = try Children.run("/usr/bin/pkg-config", ["--cflags", "--libs", "unfold-1"], environment: userEnvironment)
        XCTAssertEqual(flags.status, 0, flags.stderr)
        let output = scratch.appendingPathComponent(source.deletingPathExtension().lastPathComponent).path
        let arguments = ["-Wall", "-Werror", source.path, "-o", output]
            + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        let compiled = try Children.run("/usr/bin/cc", arguments, environment: userEnvironment)
        XCTAssertEqual(compiled.status, 0, "cc \(arguments.joined(separator: " ")):\n\(compiled.stderr)")
        return output
    }

    func testTheLibraryExportsOnlyItsAPIAndCarriesItsRuntime() throws {
        let library = libdir.appendingPathComponent("libunfold-1.so.0").path
        let dynamic = try Children.run("/usr/bin/readelf", ["-d", library])
        XCTAssertTrue(dynamic.stdout.contains("Library soname: [libunfold-1.so.0]"), dynamic.stdout)
        // The Swift runtime is linked in: nothing of the toolchain is loaded.
        for line in dynamic.stdout.split(separator: "\n") where line.contains("(NEEDED)") {
            XCTAssertFalse(line.contains("swift") || line.contains("Foundation") || line.contains("dispatch"), String(line))
        }
        XCTAssertFalse(dynamic.stdout.contains("/opt/swift"), "no path into the toolchain: \(dynamic.stdout)")
        let symbols = try Children.run("/usr/bin/nm", ["-D", "--defined-only", library])
        XCTAssertEqual(symbols.status, 0, symbols.stderr)
        let exported = symbols.stdout.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[1].first?.isUppercase == true else { return nil }  // global only
            return String(fields[2].split(separator: "@").first!)
        }
        XCTAssertTrue(exported.contains("unfold_reveal_new"), "\(exported)")
        XCTAssertEqual(exported.filter { !$0.hasPrefix("unfold_") && $0 != "UNFOLD_1" }, [], "only unfold_* is exported")
    }

    /// Types, properties, a .ui file swapping GtkRevealer for UnfoldReveal,
    /// the motion through notify, criticals for a caller's mistakes: GLib's
    /// own test framework (Tests/Library/check-api.c), from C.
    func testTheCAPIHoldsItsContract() throws {
        let program = try buildC(Self.sources.appendingPathComponent("Library/check-api.c"))
        let run = try Children.run(program, [], environment: userEnvironment)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("ok 15 "), run.stdout)
        print(run.stdout.split(separator: "\n").filter { $0.hasPrefix("# ") && $0.contains("progress") }.joined(separator: "\n"))
    }

    /// A list bound to a GListStore through a thousand random changes, then
    /// destroyed, under valgrind's memcheck: nothing definitely lost and no
    /// memory error, but the libraries' own that Tests/Leaks/gtk-stack.supp
    /// names (check-api's churn test also proves no row widget stays alive).
    func testTheListUnderMemcheckLosesNothing() throws {
        let program = try buildC(Self.sources.appendingPathComponent("Library/check-api.c"))
        let log = scratch.appendingPathComponent("memcheck.log")
        var environment = userEnvironment
        // Cairo, not GL under llvmpipe: what memcheck is to look at is ours.
        environment["GSK_RENDERER"] = "cairo"
        environment["G_SLICE"] = "always-malloc"
        environment["CHECK_API_CHANGES"] = "1000"
        let run = try Children.run("/usr/bin/valgrind", [
            "--tool=memcheck", "--leak-check=full", "--show-leak-kinds=definite",
            "--errors-for-leak-kinds=definite", "--num-callers=40", "--error-exitcode=99",
            "--suppressions=\(MemcheckTests.suppressions)", "--log-file=\(log.path)",
            program, "-p", "/unfold/list-view/churn",
        ], environment: environment)
        let report = (try? String(contentsOf: log, encoding: .utf8)) ?? "(no log)"
        XCTAssertEqual(run.status, 0, "\(run.stdout)\(run.stderr)\n\(report)")
        XCTAssertTrue(run.stdout.contains("ok 1 /unfold/list-view/churn"), run.stdout)
        XCTAssertTrue(report.contains("definitely lost: 0 bytes") || !report.contains("definitely lost:"), report)
        XCTAssertTrue(report.contains("ERROR SUMMARY: 0 errors"), report)
    }

    /// The C example (Tests/Examples/c/hierarchy.c) opens its groups and its
    /// reveal once drawn and prints the reveal's motion: at least five
    /// distinct steps between closed and open, then wholly revealed, once.
    func testTheCExampleShowsTheMotion() throws {
        let program = try buildC(Self.sources.appendingPathComponent("Examples/c/hierarchy.c"))
        let example = try Children.start(program, ["--open"], environment: userEnvironment)
        defer { example.end() }
        XCTAssertTrue(Self.wait { example.stdout.contains("child-revealed true") || !example.isRunning },
                      "the example never said its reveal was open: \(example.stdout) \(example.stderr)")
        let lines = example.stdout.split(separator: "\n")
        let steps = Set(lines.filter { $0.hasPrefix("progress ") }.compactMap { Double($0.dropFirst("progress ".count)) })
        XCTAssertGreaterThanOrEqual(steps.filter { $0 > 0 && $0 < 1 }.count, 5, example.stdout)
        XCTAssertEqual(lines.filter { $0 == "child-revealed true" }.count, 1, example.stdout)
        XCTAssertEqual(lines.last(where: { $0.hasPrefix("progress ") }), "progress 1.000")
        XCTAssertTrue(example.isRunning, "the example is still open: \(example.stderr)")
    }

    /// The GIR names every function of the headers, and through the typelib
    /// every class has exactly the properties the library registers, with
    /// their types and flags (Tests/Library/check_gir.py).
    func testTheGIRAgreesWithTheHeadersAndTheLibrary() throws {
        let run = try Children.run("/usr/bin/python3", [Self.sources.appendingPathComponent("Library/check_gir.py").path, prefix.path],
                                   environment: userEnvironment)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("ok: "), run.stdout + run.stderr)
        print("check_gir.py: \(run.stdout)")
    }

    /// GTK's "Words" demo in Python with Unfold's list (Tests/Examples/python/
    /// words.py), over Debian's 100,000 English words: typed into as a
    /// person would, in a real window, its removed rows fade where they were,
    /// its kept rows pass between their places, and it ends showing exactly
    /// GtkFilterListModel's items in order (Tests/Library/words_check.py).
    func testThePythonWordsExampleAnimatesGtksFilter() throws {
        let run = try Children.run("/usr/bin/python3", [Self.sources.appendingPathComponent("Library/words_check.py").path,
                                                        "/usr/share/dict/words"], environment: userEnvironment)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("ok: "), run.stdout + run.stderr)
        print("words_check.py: \(run.stdout)")
    }

    /// The same example as a person who cannot see it meets it: walked by
    /// keyboard under Orca (Tests/Library/words.walk), its filter says its
    /// name and Tab never stops on an empty, unnamed pane.
    func testThePythonWordsExampleIsHeardAsWritten() throws {
        let words = scratch.appendingPathComponent("three-words.txt")
        try "apple\nbanana\ncherry\n".write(to: words, atomically: true, encoding: .utf8)
        let walk = Self.sources.appendingPathComponent("Library/words.walk").path
        let heard = try Children.run("/usr/bin/python3", [Self.sources.appendingPathComponent("WidgetTests/orca_walk.py").path, OrcaWalks.mode, walk, "--",
                                                          "/usr/bin/python3", Self.sources.appendingPathComponent("Examples/python/words.py").path, words.path],
                                     environment: OrcaWalks.environment(userEnvironment), patience: OrcaWalks.patience)
        XCTAssertEqual(heard.status, 0, heard.stdout + heard.stderr)
        if heard.status == 0, !heard.stderr.isEmpty { print(heard.stderr) }  // launches made again
    }

    /// The JavaScript and Vala examples (Tests/Examples/gjs, vala), the same
    /// hierarchy through the typelib and the VAPI: each opens everything once
    /// drawn and ends when its reveal says it is wholly open.
    func testTheGJSAndValaExamplesRun() throws {
        let gjs = try Children.run("/usr/bin/gjs", ["-m", Self.sources.appendingPathComponent("Examples/gjs/hierarchy.js").path, "--open"],
                                   environment: userEnvironment)
        XCTAssertEqual(gjs.status, 0, gjs.stderr)
        XCTAssertEqual(gjs.stdout, "child-revealed true\n", gjs.stderr)

        let program = scratch.appendingPathComponent("hierarchy-vala").path
        let vapis = prefix.appendingPathComponent("share/vala/vapi").path
        // As GCC 14 compiles by default: a callback the VAPI gives another
        // C type than the header's is an error, not a warning.
        let compiled = try Children.run("/usr/bin/valac", ["--vapidir", vapis, "--pkg", "gtk4", "--pkg", "unfold-1",
                                                           "-X", "-Werror=incompatible-pointer-types",
                                                           Self.sources.appendingPathComponent("Examples/vala/hierarchy.vala").path,
                                                           "-o", program], environment: userEnvironment, directory: scratch)
        XCTAssertEqual(compiled.status, 0, compiled.stdout + compiled.stderr)
        let vala = try Children.run(program, ["--open"], environment: userEnvironment)
        XCTAssertEqual(vala.status, 0, vala.stderr)
        XCTAssertEqual(vala.stdout, "child-revealed true\n", vala.stderr)
    }

    /// Waits for `condition`, checking every 20 ms; false if it has not held
    /// after Patience.hang (it hung).
    static func wait(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(Patience.hang)
        while !condition() {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }
}
