// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import UnfoldGtk
@testable import UnfoldApp
import UnfoldCore
import XCTest

/// The repository's root, where meson-wrapper.sh and data/ are.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// Translations, read the way the app reads them.
final class TranslationTests: GtkTestCase {
    /// Runs `body` with the app's messages in `language`. glibc ignores LANGUAGE
    /// under the C locale, so a real one is selected for the while (the test
    /// command generates it).
    @MainActor
    static func inLanguage(_ language: String, _ body: () -> Void) {
        let locale = ProcessInfo.processInfo.environment["UNFOLD_TEST_LOCALE"] ?? "en_US.UTF-8"
        guard setlocale(LC_ALL, locale) != nil else {
            return XCTFail("the locale \(locale) is missing; ./meson-wrapper.sh test generates it")
        }
        setenv("LANGUAGE", language, 1)
        bindtextdomain(Localization.domain, Localization.localeDirectory)
        bind_textdomain_codeset(Localization.domain, "UTF-8")
        defer {
            unsetenv("LANGUAGE")
            setlocale(LC_ALL, "C")
        }
        body()
    }

    @MainActor
    static func collection(ofSize size: Int) -> LabelCollection {
        try! LabelCollection((1...size).map { LabelRecord(id: $0, title: "Tile \($0)", category: .tile) })
    }

    func testPolishCaptionUsesAllThreePluralForms() {
        onMain {
            TranslationTests.inLanguage("pl") {
                let expected = [1: "1 etykieta z 1", 2: "2 etykiety z 2", 5: "5 etykiet z 5",
                                12: "12 etykiet z 12", 22: "22 etykiety z 22", 25: "25 etykiet z 25"]
                for (size, caption) in expected.sorted(by: { $0.key < $1.key }) {
                    let page = CollectionPage(collection: TranslationTests.collection(ofSize: size))
                    XCTAssertEqual(captionText(page), caption)
                    g_object_ref_sink(UnsafeMutableRawPointer(page.widget))
                    g_object_unref(UnsafeMutableRawPointer(page.widget))
                }
            }
        }
    }

    func testFrenchToggleAndEmptyState() {
        onMain {
            TranslationTests.inLanguage("fr") {
                let page = CollectionPage()
                XCTAssertEqual(String(cString: gtk_check_button_get_label(gCast(page.tilesOnlyToggle))), "Tuiles uniquement")
                XCTAssertEqual(captionText(page), "4 libellés sur 4")
                XCTAssertEqual(Page.collection.windowTitle, "Collection de libellés")
                g_object_ref_sink(UnsafeMutableRawPointer(page.widget))
                g_object_unref(UnsafeMutableRawPointer(page.widget))
            }
            XCTAssertEqual(tr("Tiles only"), "Tiles only", "back in English")
        }
    }

    func testBrazilianPortugueseAndTheSampleDataStaysAsItIs() {
        onMain {
            TranslationTests.inLanguage("pt_BR") {
                XCTAssertEqual(tr("No matching labels"), "Nenhum rótulo correspondente")
                let page = CollectionPage()
                XCTAssertEqual(captionText(page), "4 rótulos de 4")
                XCTAssertEqual(LabelCollection.sample.records.map(\.title), ["Tile A", "Dot A", "Tile B", "Dot B"])
                g_object_ref_sink(UnsafeMutableRawPointer(page.widget))
                g_object_unref(UnsafeMutableRawPointer(page.widget))
            }
        }
    }

    /// Counts are written as the locale writes numbers.
    func testCountsAreGroupedAsTheLocaleSays() {
        onMain {
            TranslationTests.inLanguage("en") {
                let page = CollectionPage(collection: .synthetic(count: 12_345))
                XCTAssertEqual(captionText(page), "12,345 of 12,345 labels")
                g_object_ref_sink(UnsafeMutableRawPointer(page.widget))
                g_object_unref(UnsafeMutableRawPointer(page.widget))
            }
        }
    }

    /// The demo words marked for translation are the demo's own.
    func testTheDemoDataIsTranslatable() {
        onMain {
            func titles(_ nodes: [OutlineNode]) -> [String] { nodes.flatMap { [$0.title] + titles($0.children) } }
            XCTAssertEqual(Set(SampleData.hierarchyWords), Set(titles(OutlineNode.sample)))
            XCTAssertEqual(SampleData.labelWords, LabelCollection.sample.records.map(\.title))
            TranslationTests.inLanguage("fr") {
                XCTAssertFalse(titles(SampleData.hierarchy).contains("Following item"), "the French demo is French")
                XCTAssertEqual(SampleData.labels.records.map(\.id), [1, 2, 3, 4], "with the same IDs")
            }
        }
    }

    /// Every catalogue passes msgfmt --check and translates every message of the template.
    func testCataloguesAreValidAndComplete() throws {
        let po = repositoryRoot.appendingPathComponent("data/po")
        let languages = try String(contentsOf: po.appendingPathComponent("LINGUAS"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        XCTAssertEqual(languages, ["fr", "pl", "pt_BR"])
        for language in languages {
            let output = try AppProcessTests.run("/usr/bin/msgfmt", ["--check", "--statistics", "-o", "/dev/null",
                                                                     po.appendingPathComponent("\(language).po").path])
            XCTAssertEqual(output.status, 0, output.stderr)
            XCTAssertFalse(output.stderr.contains("untranslated") || output.stderr.contains("fuzzy"), "\(language): \(output.stderr)")
            let merged = try AppProcessTests.run("/usr/bin/msgcmp", [po.appendingPathComponent("\(language).po").path,
                                                                     po.appendingPathComponent("unfold.pot").path])
            XCTAssertEqual(merged.status, 0, "\(language) covers the template: \(merged.stderr)")
        }
    }
}

/// What meson.build installs, as a packager gets it. `./meson-wrapper.sh test`
/// runs meson's cycle before the tests (setup with buildtype debug and prefix
/// /usr, compile, meson test, `meson install --destdir`) and names the prefix
/// inside that destdir in `UNFOLD_MESON_DESTDIR` (DESTDIR/usr).
final class InstallTests: XCTestCase {
    static let id = "io.github.unfold.Unfold"

    /// Every file meson installs under the prefix, and nothing else: no
    /// stylesheet (it is in the binary's GResource), no build leftovers.
    static let expectedFiles = [
        "bin/unfold",
        "share/applications/\(id).desktop",
        "share/icons/hicolor/scalable/apps/\(id).svg",
        "share/icons/hicolor/48x48/apps/\(id).png",
        "share/icons/hicolor/symbolic/apps/\(id)-symbolic.svg",
        "share/locale/fr/LC_MESSAGES/unfold.mo",
        "share/locale/pl/LC_MESSAGES/unfold.mo",
        "share/locale/pt_BR/LC_MESSAGES/unfold.mo",
        "share/metainfo/\(id).metainfo.xml",
    ] + libraryFiles

    /// libunfold-1, where GTK's and libadwaita's files live (meson's libdir
    /// for prefix /usr on Debian is multiarch: lib/x86_64-linux-gnu).
    static let libdir = "lib/" + InstallTests.multiarchTriplet
    static let libraryFiles = [
        "\(libdir)/libunfold-1.so.0",
        "\(libdir)/libunfold-1.so",
        "\(libdir)/pkgconfig/unfold-1.pc",
        "\(libdir)/girepository-1.0/Unfold-1.typelib",
        "share/gir-1.0/Unfold-1.gir",
        "share/vala/vapi/unfold-1.vapi",
        "share/vala/vapi/unfold-1.deps",
    ] + ["unfold.h", "unfold-chevron.h", "unfold-list-row.h", "unfold-list-view.h", "unfold-main.h", "unfold-reveal.h", "unfold-reveal-group.h", "unfold-version.h"]
        .map { "include/unfold-1/" + $0 }

    /// The machine's multiarch triplet, as gcc names it.
    static let multiarchTriplet: String = {
        let output = try? Children.run("/usr/bin/gcc", ["-dumpmachine"])
        return output?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
    }()

    /// The installed prefix; when the test command did not install one, the
    /// test fails (it is never skipped).
    func installedPrefix() throws -> URL { try Self.installedPrefix() }

    static func installedPrefix() throws -> URL {
        let path = try XCTUnwrap(ProcessInfo.processInfo.environment["UNFOLD_MESON_DESTDIR"].flatMap { $0.isEmpty ? nil : $0 }, """
            UNFOLD_MESON_DESTDIR is not set: run the tests with ./meson-wrapper.sh test, which installs meson's \
            build with `meson install --destdir DIR` (prefix /usr) and sets it to DIR/usr \
            (or: ./meson-wrapper.sh meson-check --destdir DIR, then UNFOLD_MESON_DESTDIR=DIR/usr)
            """)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return try XCTUnwrap(nil as URL?, "UNFOLD_MESON_DESTDIR=\(path) is not a directory")
        }
        return URL(fileURLWithPath: path)
    }

    /// `UnfoldApplication.version`, which meson's `version` test holds equal to meson.build's.
    static var version: String { MainActor.assumeIsolated { UnfoldApplication.version } }

    /// Everything under `root` that is not a directory, plus every empty
    /// directory (with a trailing "/"), relative to `root`, sorted.
    static func tree(_ root: URL) throws -> [String] {
        let manager = FileManager.default
        return try manager.subpathsOfDirectory(atPath: root.path).compactMap { path -> String? in
            let full = root.appendingPathComponent(path).path
            guard try manager.attributesOfItem(atPath: full)[.type] as? FileAttributeType == .typeDirectory else { return path }
            return try manager.contentsOfDirectory(atPath: full).isEmpty ? path + "/" : nil
        }.sorted()
    }

    /// The reference manual gi-docgen makes (the test command turns it on):
    /// its pages are many, these must be among them.
    static let manual = "share/doc/unfold-1/"
    static let manualPages = ["index.html", "class.Reveal.html", "class.RevealGroup.html", "class.Chevron.html", "class.ListView.html",
                              "property.Reveal.reveal-child.html", "motion.html", "getting-started.html", "unfold-1.devhelp2"]

    func testInstallsExactlyTheExpectedFiles() throws {
        let prefix = try installedPrefix()
        let everything = try InstallTests.tree(prefix)
        let manual = Set(everything.filter { $0.hasPrefix(Self.manual) })
        for page in Self.manualPages { XCTAssertTrue(manual.contains(Self.manual + page), "the manual has \(page)") }
        let installed = everything.filter { !$0.hasPrefix(Self.manual) }
        let missing = Set(InstallTests.expectedFiles).subtracting(installed).sorted()
        let extra = Set(installed).subtracting(InstallTests.expectedFiles).sorted()
        XCTAssertEqual(installed, InstallTests.expectedFiles.sorted(), "missing: \(missing); not expected: \(extra)")

        let manager = FileManager.default
        // The development name points to the library, as GTK's does.
        XCTAssertEqual(try manager.destinationOfSymbolicLink(atPath: prefix.appendingPathComponent("\(Self.libdir)/libunfold-1.so").path),
                       "libunfold-1.so.0")
        for path in installed where !path.hasSuffix("/") && path != "\(Self.libdir)/libunfold-1.so" {
            let attributes = try manager.attributesOfItem(atPath: prefix.appendingPathComponent(path).path)
            XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular, "\(path) is a regular file")
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
            if path == "bin/unfold" || path == "\(Self.libdir)/libunfold-1.so.0" {
                XCTAssertEqual(mode & 0o111, 0o111, "bin/unfold is executable by everyone (mode \(String(mode, radix: 8)))")
            } else {
                XCTAssertEqual(mode & 0o111, 0, "\(path) is data, not executable (mode \(String(mode, radix: 8)))")
            }
            XCTAssertEqual(mode & 0o444, 0o444, "\(path) is readable by everyone (mode \(String(mode, radix: 8)))")
        }
        XCTAssertTrue(manager.isExecutableFile(atPath: prefix.appendingPathComponent("bin/unfold").path))
    }

    func testDesktopEntryValidatesWithItsTranslations() throws {
        let desktop = try installedPrefix().appendingPathComponent("share/applications/\(InstallTests.id).desktop").path
        let validation = try AppProcessTests.run("/usr/bin/desktop-file-validate", [desktop])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr)
        XCTAssertEqual(validation.stdout + validation.stderr, "", "no warning nor hint")

        let lines = try String(contentsOfFile: desktop, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("Comment[fr]=Dépliage animé et collections filtrées"), "French merged: \(lines)")
        XCTAssertTrue(lines.contains("GenericName[fr]=Démonstration de dépliage et de collections"), "French merged")
        for language in ["fr", "pl", "pt_BR"] {
            XCTAssertTrue(lines.contains { $0.hasPrefix("Comment[\(language)]=") }, "\(language) merged")
        }
        XCTAssertTrue(lines.contains("Comment=Animated disclosure and filtered collections"), "the English stays")
        XCTAssertTrue(lines.contains("Icon=\(InstallTests.id)"))
        // "Open With Unfold" for labels files, each file given to the app as an argument.
        XCTAssertTrue(lines.contains("Exec=unfold %F"))
        XCTAssertTrue(lines.contains("MimeType=text/tab-separated-values;application/json;"))
    }

    func testMetainfoValidatesWithItsTranslations() throws {
        let prefix = try installedPrefix()
        let metainfo = prefix.appendingPathComponent("share/metainfo/\(InstallTests.id).metainfo.xml").path
        let validation = try AppProcessTests.run("/usr/bin/appstreamcli", ["validate", "--no-net", metainfo])
        XCTAssertEqual(validation.status, 0, validation.stdout + validation.stderr)

        let text = try String(contentsOfFile: metainfo, encoding: .utf8)
        XCTAssertTrue(text.contains("<summary xml:lang=\"fr\">Dépliage animé et collections filtrées</summary>"),
                      "French summary merged")
        XCTAssertTrue(text.contains("<p xml:lang=\"fr\">Unfold montre, côte à côte,"), "French description merged")
        XCTAssertTrue(text.contains("<caption xml:lang=\"fr\">La collection de libellés filtrée</caption>"),
                      "French screenshot caption merged")
        for language in ["fr", "pl", "pt_BR"] {
            XCTAssertTrue(text.contains("<summary xml:lang=\"\(language)\">"), "\(language) merged")
        }
        XCTAssertTrue(text.contains("<launchable type=\"desktop-id\">\(InstallTests.id).desktop</launchable>"),
                      "launches the installed desktop entry")
        XCTAssertTrue(text.contains("<release version=\"\(InstallTests.version)\""), "this version is released")
    }

    /// The installed binary runs, and finds its installed catalogues
    /// (../share/locale beside it): it starts in Polish.
    func testInstalledBinaryRunsInPolish() throws {
        let binary = try installedPrefix().appendingPathComponent("bin/unfold").path
        let version = try AppProcessTests.run(binary, ["--version"])
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertEqual(version.stdout, "unfold \(InstallTests.version)\n")

        var environment = launchEnvironment(["LC_ALL": "pl_PL.UTF-8"])
        environment["UNFOLD_LOCALE_DIR"] = nil  // its own catalogues, nobody else's
        let app = try Children.start(binary, ["--page", "collection"], environment: environment)
        defer { app.end() }
        let nodes = try AppProcessTests.waitForTree { $0.contains { $0.name == "Tylko kafelki" } }
        XCTAssertTrue(nodes.contains { $0.role == "check box" && $0.name == "Tylko kafelki" }, "installed Polish catalogue")
        XCTAssertTrue(nodes.contains { $0.name == "4 etykiety z 4" })
        app.end()
        XCTAssertFalse(app.stderr.contains("WARNING") || app.stderr.contains("CRITICAL"), app.stderr)
    }
}

/// A right-to-left locale, seen on screen: the real binary under Hebrew.
final class RightToLeftTests: GtkTestCase {
    func testLayoutMirrorsUnderARightToLeftLanguage() throws {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-rtl-\(getpid()).png").path
        // Real locales, as a desktop sets them (LANGUAGE alone, under an English
        // LC_MESSAGES, hid that the Hebrew locale itself was laid out left to right).
        for (locale, mirrored) in [("he_IL.UTF-8", true), ("fr_FR.UTF-8", false)] {
            let language = String(locale.prefix(2))
            let app = try AppProcessTests.launch(environment: launchEnvironment(["LC_ALL": locale]))
            defer { AppProcessTests.stop(app) }
            _ = try AppProcessTests.waitForTree { $0.contains { $0.role == "push button" && $0.name == "Collection" } }
            let search = try AppProcessTests.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", "\(app.processIdentifier)"])
            let window = try XCTUnwrap(search.stdout.split(separator: "\n").last.map(String.init), search.stderr)
            XCTAssertEqual(try AppProcessTests.run("/usr/bin/import", ["-window", window, shot]).status, 0)

            try onMain {
                let texture = try XCTUnwrap(gdk_texture_new_from_filename(shot, nil))
                defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
                let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
                var pixels = [UInt8](repeating: 0, count: width * height * 4)
                pixels.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
                // The first row of the page (the Collection header), below the header bar:
                // where its chevron and title sit tells the direction.
                let rows = 60..<110
                func ink(_ columns: Range<Int>) -> Int {
                    var count = 0
                    for y in rows { for x in columns {
                        let i = (y * width + x) * 4
                        if Int(pixels[i]) + Int(pixels[i + 1]) + Int(pixels[i + 2]) < 3 * 100 { count += 1 }
                    } }
                    return count
                }
                let left = ink(0..<(width / 3)), right = ink((2 * width / 3)..<width)
                if mirrored {
                    XCTAssertGreaterThan(right, 20, "\(language): the header sits on the right")
                    XCTAssertEqual(left, 0, "\(language): nothing on the left")
                } else {
                    XCTAssertGreaterThan(left, 20, "\(language): the header sits on the left")
                    XCTAssertEqual(right, 0, "\(language): nothing on the right")
                }
            }
        }
    }
}
