// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import XCTest

/// The real binary in every locale the machine has, as a person whose desktop
/// speaks that language meets it: laid out in the language's direction, GTK's
/// own words (the window buttons) in the language wherever Debian translates
/// GTK into it, and Unfold's words translated where Unfold is — whether or not
/// Unfold has a catalogue for the language. What each locale should look like
/// comes from outside GTK and Unfold (`locale_facts.py`: ICU's likely script
/// and its direction, Debian's gtk40 catalogue).
final class LocaleTests: XCTestCase {
    /// The locales the test command generates: right to left, CJK, and the
    /// languages Unfold is translated into.
    static let required = ["ar_EG", "de_DE", "fr_FR", "he_IL", "ja_JP", "pl_PL", "pt_BR"]
    static let facts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("locale_facts.py").path
    static let linguas = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../data/po/LINGUAS").standardized.path

    struct Facts: Decodable {
        var rtl: Bool
        /// GTK's words for the window buttons in the locale; nil where GTK has no catalogue for it.
        var gtk: [String: String]?
    }

    /// Every UTF-8 locale `locale -a` lists but C's.
    static func machineLocales() throws -> [String] {
        let output = try AppProcessTests.run("/usr/bin/locale", ["-a"])
        XCTAssertEqual(output.status, 0, output.stderr)
        return output.stdout.split(separator: "\n").map(String.init)
            .filter { $0.lowercased().hasSuffix(".utf8") && !$0.hasPrefix("C.") }
    }

    func testEveryLocaleIsLaidOutInItsDirectionAndGTKSpeaksItsLanguage() throws {
        let locales = try Self.machineLocales()
        for name in Self.required {
            XCTAssertTrue(locales.contains { $0.hasPrefix(name + ".") }, "\(name) is generated (./meson-wrapper.sh test does it)")
        }
        let translated = Set(try String(contentsOfFile: Self.linguas, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") })
        // Where Unfold finds no catalogue at all: as in a language it is not translated into.
        let noCatalogues = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-no-catalogues-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: noCatalogues, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: noCatalogues) }

        var checked = 0
        for locale in locales.sorted() {
            let output = try AppProcessTests.run("/usr/bin/python3", [Self.facts, locale, "Minimize", "Close"])
            XCTAssertEqual(output.status, 0, output.stderr)
            let facts = try JSONDecoder().decode(Facts.self, from: Data(output.stdout.utf8))
            let language = String(locale.prefix { $0 != "." })
            let unfoldSpeaksIt = translated.contains(language) || translated.contains(String(language.prefix { $0 != "_" }))
            for withCatalogue in unfoldSpeaksIt ? [true, false] : [false] {
                var environment = launchEnvironment(["LC_ALL": locale])
                if !withCatalogue { environment["UNFOLD_LOCALE_DIR"] = noCatalogues.path }
                try check(locale, facts, unfoldTranslated: withCatalogue, environment: environment)
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, Self.required.count + 3, "every required locale, and Unfold's languages twice")
    }

    private func check(_ locale: String, _ facts: Facts, unfoldTranslated: Bool,
                       environment: [String: String]) throws {
        let label = "\(locale), \(unfoldTranslated ? "with" : "without") Unfold's catalogue"
        let app = try AppProcessTests.launch(["--page", "collection"], environment: environment)
        defer { AppProcessTests.stop(app) }
        let close = facts.gtk?["Close"] ?? "Close"
        let nodes = try AppProcessTests.waitForTree(places: true) { nodes in
            nodes.filter { $0.role == "page tab" }.count == 4 && nodes.contains { $0.role == "check box" }
                && nodes.contains { $0.role == "push button" && $0.name == close }
        }
        let tabs = nodes.filter { $0.role == "page tab" }
        guard tabs.count == 4, let first = tabs.first?.x, let last = tabs.last?.x else {
            return XCTFail("\(label): the four page tabs, placed: \(tabs)")
        }
        // The tabs come in reading order: the first page's is on the reading side.
        if facts.rtl {
            XCTAssertGreaterThan(first, last, "\(label): right to left, the first page's tab is rightmost")
        } else {
            XCTAssertLessThan(first, last, "\(label): left to right, the first page's tab is leftmost")
        }
        // GTK's window buttons end the header bar: at the right, or at the left when mirrored.
        let frame = nodes.first { $0.role == "frame" }
        if let button = nodes.first(where: { $0.role == "push button" && $0.name == close }),
           let x = button.x, let width = frame?.width {
            if facts.rtl {
                XCTAssertLessThan(x, width / 2, "\(label): the close button is on the left")
            } else {
                XCTAssertGreaterThan(x, width / 2, "\(label): the close button is on the right")
            }
        } else {
            XCTFail("\(label): no close button named “\(close)”, GTK's word for it here")
        }
        if let words = facts.gtk {
            for (english, word) in words {
                XCTAssertTrue(nodes.contains { $0.role == "push button" && $0.name == word },
                              "\(label): GTK's “\(english)” button is “\(word)”; buttons: \(nodes.filter { $0.role == "push button" }.map(\.name))")
            }
        }
        let toggle = nodes.first { $0.role == "check box" }?.name
        if unfoldTranslated {
            XCTAssertNotEqual(toggle, "Tiles only", "\(label): Unfold's own words are translated")
        } else {
            XCTAssertEqual(toggle, "Tiles only", "\(label): Unfold's own words stay English")
        }
        XCTAssertFalse(app.stderr.contains("WARNING") || app.stderr.contains("CRITICAL"), "\(label): \(app.stderr)")
    }
}
