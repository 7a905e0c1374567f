// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldApp
import UnfoldCore
import XCTest

/// The messages about a bad labels file, as a class. UnfoldCore makes every
/// one of them from a case of `LabelsFile.Problem.Template` (there is no other
/// way to make a `Problem`), so going through the cases is going through
/// every message the app can print about a file, the ones no test provokes too.
final class LabelsFileMessageTests: XCTestCase {
    func testEveryMessageIsTranslatedInEveryLanguage() throws {
        let languages = try String(contentsOf: repositoryRoot.appendingPathComponent("data/po/LINGUAS"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        XCTAssertFalse(languages.isEmpty)
        let templates = LabelsFile.Problem.Template.allCases
        onMain {
            for language in languages {
                TranslationTests.inLanguage(language) {
                    for template in templates {
                        // gettext hands back the msgid itself for a message its
                        // catalogue lacks, leaves empty or marks fuzzy (and for
                        // one xgettext never saw, not marked with N_).
                        let translation = tr(template.text)
                        XCTAssertNotEqual(translation, template.text, "\(language): \(template) is not translated")
                        XCTAssertEqual(LabelsFile.Problem.Template.placeholders(in: translation), template.placeholders,
                                       "\(language): the translation of \(template) keeps its placeholders: \(translation)")
                    }
                }
            }
        }
    }

    /// What the app prints is the translation filled in, and the place in
    /// front as it is in every language.
    func testAFailureIsTranslatedWithItsPlace() {
        do {
            let collection = try LabelsFile.parse(Array("1\tA\ttile\n2\tB\tsquare\n".utf8), path: "shapes.tsv")
            XCTFail("an unknown category, read as \(collection.count) labels")
        } catch {
            XCTAssertEqual(error.description, "shapes.tsv:2:5: unknown category “square”: expected “tile” or “dot”")
            onMain {
                TranslationTests.inLanguage("fr") {
                    XCTAssertEqual(error.translated, "shapes.tsv:2:5: catégorie inconnue « square » : « tile » ou « dot » attendu")
                }
            }
            XCTAssertEqual(error.translated, error.description, "in English outside the language")
        }
    }
}
