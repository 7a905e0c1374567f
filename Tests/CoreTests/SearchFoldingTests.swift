// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import XCTest
@testable import UnfoldCore

/// The search folding against what shares nothing with it: the rule written
/// again (`fold_reference.py`: Python's Unicode database and case folding,
/// ICU's collation elements) over every character Unicode has and over real
/// multilingual data; and ICU's own collation and string search at primary
/// strength (`search_oracle.py`) over CLDR's names in every language.
final class SearchFoldingTests: XCTestCase {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let reference = testsDirectory.appendingPathComponent("fold_reference.py").path
    static let oracle = testsDirectory.appendingPathComponent("search_oracle.py").path
    static let countryNames = testsDirectory.appendingPathComponent("../Data/country-names.tsv").standardized.path
    static let cldrNames = testsDirectory.appendingPathComponent("../Data/cldr-names.tsv").standardized.path

    /// Runs a script with Debian's Python, the one with python3-icu; its stdout.
    /// (Its input and output are files: a script that stops reading cannot
    /// break a pipe under this process.)
    static func runPython(_ script: String, _ arguments: [String], input: Data? = nil,
                          file: StaticString = #filePath, line: UInt = #line) throws -> String {
        // The reference compares the characters of the table's Unicode version.
        var environment = ProcessInfo.processInfo.environment
        environment["UNFOLD_UNICODE_VERSION"] = SearchFolding.unicodeVersion
        let output = try Children.run("/usr/bin/python3", [script] + arguments, environment: environment, input: input ?? Data(),
                                      file: file, line: line)
        XCTAssertEqual(output.status, 0, output.stderr, file: file, line: line)
        return output.stdout
    }

    static func runReference(_ mode: String, input: Data? = nil) throws -> String {
        try runPython(reference, [mode], input: input)
    }

    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    func testEveryCharacterFoldsAsTheIndependentImplementationSays() throws {
        let lines = try Self.runReference("codepoints").split(separator: "\n")
        XCTAssertTrue(lines.first?.hasPrefix("# unicodedata") ?? false)
        var compared = 0, mismatches: [String] = []
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", omittingEmptySubsequences: false)
            let code = UInt32(parts[0], radix: 16)!
            let expected = parts.count == 1 ? [code] : parts[1].split(separator: " ").map { UInt32($0, radix: 16)! }
            let folded = Self.scalars(SearchFolding.fold(String(Unicode.Scalar(code)!)))
            if folded != expected, mismatches.count < 20 {
                mismatches.append("U+\(parts[0]): \(folded.map { String($0, radix: 16) }) instead of \(expected.map { String($0, radix: 16) })")
            }
            compared += 1
        }
        XCTAssertEqual(mismatches, [])
        XCTAssertGreaterThan(compared, 280_000, "every character assigned in the table's Unicode version")
    }

    func testFoldingIsIdempotentAndWorksScalarByScalar() {
        var random = SplitMix64(seed: 99)
        let assigned = (0..<UInt32(0x110000)).compactMap(Unicode.Scalar.init).filter { $0.properties.generalCategory != .unassigned }
        for code in assigned {
            let once = SearchFolding.fold(String(code))
            XCTAssertEqual(SearchFolding.fold(once), once, "U+\(String(code.value, radix: 16))")
        }
        // A string's fold is its scalars' folds, one after the other.
        for _ in 0..<2_000 {
            let text = String(String.UnicodeScalarView((0..<Int(random.next() % 12)).map { _ in assigned[Int(random.next() % UInt64(assigned.count))] }))
            XCTAssertEqual(SearchFolding.fold(text), text.unicodeScalars.map { SearchFolding.fold(String($0)) }.joined())
        }
    }

    func testTheASCIIShortcutAgreesWithTheTable() {
        for byte in UInt8(0)..<0x80 {
            var viaTable: [UInt8] = []
            SearchFolding.Lookup.shared.append(UInt32(byte), to: &viaTable)
            XCTAssertEqual(SearchFolding.foldedBytes(String(UnicodeScalar(byte))), viaTable, "byte \(byte)")
        }
    }

    /// The collection keeps a title with its other characters folded and its
    /// ASCII as written, and the scan folds its ASCII bytes as it compares:
    /// that is the title's fold only if no character's fold holds a byte the
    /// scan would fold again (a capital, tab to carriage return).
    func testNoCharacterFoldsToBytesTheScanFoldsAgain() {
        var offenders: [String] = []
        for code in UInt32(0x80)..<0x110000 {
            guard let scalar = Unicode.Scalar(code) else { continue }
            let folded = SearchFolding.foldedBytes(String(scalar))
            if folded.contains(where: { SearchFolding.asciiFold[Int($0)] != $0 }) && offenders.count < 10 {
                offenders.append("U+\(String(code, radix: 16)): \(folded)")
            }
        }
        XCTAssertEqual(offenders, [])
    }

    /// Country names in 158 languages, and CLDR's names of languages,
    /// territories and emoji in every language, folded by both implementations.
    func testRealMultilingualTitlesFoldAsTheIndependentImplementationSays() throws {
        for path in [Self.countryNames, Self.cldrNames] {
            let collection = try LabelsFile.load(path: path)
            XCTAssertGreaterThan(collection.count, 20_000, path)
            let titles = collection.records.map(\.title)
            let expected = try Self.runReference("lines", input: Data(titles.joined(separator: "\n").utf8))
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(expected.count, titles.count + 1)  // the last line's newline
            var mismatches: [String] = []
            for (title, folded) in zip(titles, expected) where SearchFolding.fold(title) != folded && mismatches.count < 20 {
                mismatches.append("\(title): \(SearchFolding.fold(title)) instead of \(folded)")
            }
            XCTAssertEqual(mismatches, [], path)
        }
    }

    /// What a user types finds what they mean, in the real data: each query's
    /// result is every title whose fold contains the query's.
    func testQueriesOverRealDataFindEveryWayOfWritingThem() throws {
        let collection = try LabelsFile.load(path: Self.countryNames)
        func count(_ query: String) -> Int { collection.visibleIDs(LabelFilter(query: query)).count }
        func titles(_ query: String) -> [String] {
            collection.visibleIDs(LabelFilter(query: query)).map { collection.record(id: $0)!.title }
        }
        // A no-break space is a space: "St. Lucia" finds "St.\u{A0}Lucia".
        XCTAssertTrue(titles("St. Lucia").contains("St.\u{A0}Lucia; Saint Lucia"))
        XCTAssertEqual(count("St. Lucia"), count("st.\u{A0}lucia"))
        // Hamza forms are marks: "اسبانيا" finds "إسبانيا".
        XCTAssertTrue(titles("اسبانيا").contains("إسبانيا"))
        // The voiced sound mark is a mark: "カ" finds every name with カ or ガ.
        let withKa = collection.records.filter { $0.title.contains("カ") || $0.title.contains("ガ") || $0.title.contains("ｶ") }
        XCTAssertEqual(count("カ"), withKa.count)
        XCTAssertEqual(count("カ"), 33)
        // An apostrophe is an apostrophe, typed or typeset.
        XCTAssertEqual(count("d’Ivoire"), count("d'ivoire"))
        XCTAssertGreaterThan(count("d’Ivoire"), 1)
        // Width: full-width Latin is Latin.
        XCTAssertEqual(count("ＦＲＡＮＣＥ"), count("france"))
        XCTAssertGreaterThan(count("france"), 10)
        // A stroke is an accent: what is typed without it finds the names with it.
        let withStroke = collection.records.filter { $0.title.lowercased().contains("ø") }
        XCTAssertFalse(withStroke.isEmpty)
        for record in withStroke {
            let plain = record.title.lowercased().replacingOccurrences(of: "ø", with: "o")
            XCTAssertTrue(titles(plain).contains(record.title), "\(plain) finds \(record.title)")
        }
    }

    func testTheRuleCaseByCase() {
        func same(_ a: String, _ b: String, _ why: String, line: UInt = #line) {
            XCTAssertEqual(SearchFolding.fold(a), SearchFolding.fold(b), why, line: line)
        }
        func different(_ a: String, _ b: String, _ why: String, line: UInt = #line) {
            XCTAssertNotEqual(SearchFolding.fold(a), SearchFolding.fold(b), why, line: line)
        }
        // Rule 1.
        same("džemal", "Ǆemal", "Ǆ is D, Z and a caron")
        same("ǅ", "dz", "the title-case digraph too")
        same("STRASSE", "straße", "full case folding: ß is ss")
        same("ẞ", "ss", "capital sharp s")
        same("ΣΟΦΟΣ", "σοφος", "final sigma")
        same("ﬁle", "FILE", "ligatures")
        same("İstanbul", "istanbul", "dotted capital I")
        same("ｶﾞ", "カ", "half-width katakana and its voiced mark")
        same("한국", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", "Hangul syllables are their jamo")
        // Rule 2a: a mark with no primary weight is an accent; one with a weight writes a letter.
        same("café", "CAFE\u{301}", "accents and combining accents")
        same("ガ", "カ", "the voiced sound mark")
        same("إسبانيا", "اسبانيا", "hamza")
        same("שָׁלוֹם", "שלום", "Hebrew points")
        same("क़िला", "किला", "the nukta")
        same("ไม่", "ไม้", "Thai tone marks")
        different("दिल", "दल", "a vowel sign writes a vowel: heart is not party")
        different("काम", "कम", "the vowel sign aa")
        different("क्ष", "कष", "the virama")
        different("ดี", "ด", "Thai sara ii")
        different("น้ำ", "นา", "Thai sara am, which NFKD writes as nikhahit and sara aa")
        // Rule 2a: what nobody types and DUCET ignores.
        same("Kata\u{AD}log", "katalog", "soft hyphen")
        same("می\u{200C}خواهم", "میخواهم", "zero-width non-joiner")
        same("\u{200F}שלום\u{200E}", "שלום", "bidi marks")
        same("☺\u{FE0F}", "☺", "variation selectors")
        same("كـتـاب", "كتاب", "tatweel")
        same("ണ്\u{200D}", "ൺ", "the old way of writing a chillu")
        // Rule 2b: a letter DUCET weighs as another of its script, with secondary differences.
        same("Łódź", "lodz", "ł is l")
        same("Ørsted", "orsted", "ø is o")
        same("Đakovo", "dakovo", "đ is d")
        same("Ħamrun", "hamrun", "ħ is h")
        same("Ægir", "aegir", "æ is a and e")
        same("Œuvre", "oeuvre", "œ is o and e")
        same("שלום", "שלומ", "a Hebrew final letter is its letter")
        different("ı", "i", "dotless i is a letter of its own")
        different("þ", "p", "so is thorn")
        different("か", "カ", "hiragana and katakana are different scripts")
        different("١", "1", "so are digits")
        // A letter DUCET weighs as its own, though written with an accent, stays one.
        different("мой", "мои", "й is a letter of its own: mine is not my (plural)")
        same("ЙОГУРТ", "йогурт", "Й is й")
        same("ёлка", "елка", "but ё is е with an accent, as DUCET weighs it")
        same("أحمد", "احمد", "and Arabic's hamza is folded, as Arabic search does")
        // Contractions are out of a per-character rule's reach.
        different("col·lecció", "collecció", "the middle dot stays punctuation")
        // Rule 3.
        same("a\u{2003}b\u{3000}c\td", "a b c d", "every kind of space")
        same("a–b—c‑d", "a-b-c-d", "every kind of dash")
        same("Côte d’Ivoire", "cote d'ivoire", "every kind of apostrophe")
        same("„Ja‚ sagte er‘“ “no” ‟x〝y〞", "\"ja' sagte er'\" \"no\" \"x\"y\"", "every kind of quotation mark")
    }

    // MARK: ICU's search as the oracle

    /// What `search_oracle.py check` says of the fold over the CLDR names.
    struct OracleReport {
        let json: [String: Any]
        let seconds: Double

        var unexplained: [String] { json["unexplained"] as? [String] ?? ["no report"] }
        var unexplainedCount: Int { json["unexplainedCount"] as? Int ?? -1 }
        var deliberate: [String: String] { json["deliberate"] as? [String: String] ?? [:] }
        /// Per script (or "+"-joined scripts): words checked, and the fold's
        /// joins and splits of them that ICU does not make, by why.
        var words: [String: [String: Any]] { json["words"] as? [String: [String: Any]] ?? [:] }
        /// Per script: queries, and the titles only the fold finds a query in, and only ICU, by why.
        var queries: [String: [String: Any]] { json["queries"] as? [String: [String: Any]] ?? [:] }

        static func counts(_ entry: [String: Any], _ key: String) -> [String: Int] { entry[key] as? [String: Int] ?? [:] }

        /// Differences of every script and kind, by why.
        var differences: [String: Int] {
            var total: [String: Int] = [:]
            for entry in words.values { for key in ["joins", "splits"] { total.merge(Self.counts(entry, key), uniquingKeysWith: +) } }
            for entry in queries.values { for key in ["foldOnly", "icuOnly"] { total.merge(Self.counts(entry, key), uniquingKeysWith: +) } }
            return total
        }
    }

    nonisolated(unsafe) static var oracleRun: Result<OracleReport, Error>?

    /// The oracle is asked once for the tests that read it: the run costs
    /// most of their time.
    static func oracleReport() throws -> OracleReport {
        if oracleRun == nil { oracleRun = Result { try runOracle() } }
        return try oracleRun!.get()
    }

    /// Answers the oracle's plan with Unfold's folds and filter results, and
    /// returns its verdict. A script's queries run over a collection of that
    /// script's titles, as ICU searches them.
    static func runOracle() throws -> OracleReport {
        let start = Date()
        let collection = try LabelsFile.load(path: cldrNames)
        var answers: [String] = []
        var byScript: [Substring: LabelCollection] = [:]
        for line in try runPython(oracle, ["plan", cldrNames]).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch fields[0] {
            case "W":
                answers.append("W\t\(fields[1])\t\(SearchFolding.fold(String(fields[1])))")
            case "T":
                byScript[fields[1]] = try LabelCollection(fields[2].split(separator: " ").map { collection.record(id: Int($0)!)! })
            case "Q":
                let query = String(fields[2])
                let found = byScript[fields[1]]!.visibleIDs(LabelFilter(query: query))
                answers.append("Q\t\(fields[1])\t\(query)\t\(SearchFolding.fold(query))\t" + found.map(String.init).joined(separator: " "))
            default:
                XCTFail("the oracle planned \(line)")
            }
        }
        for record in collection.records {
            answers.append("F\t\(record.id)\t\(SearchFolding.fold(record.title))")
        }
        let output = try runPython(oracle, ["check", cldrNames], input: Data(answers.joined(separator: "\n").utf8))
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
        return OracleReport(json: json, seconds: Date().timeIntervalSince(start))
    }

    /// The fold partitions the words of CLDR's names in every script exactly
    /// as ICU's root collator does at primary strength, and finds each sampled
    /// query in the titles ICU's StringSearch finds it in, but for the rule's
    /// deliberate differences, each one defined and counted by the oracle.
    func testTheFoldAgreesWithICUAtPrimaryStrengthOverCLDRNamesInEveryScript() throws {
        let report = try Self.oracleReport()
        XCTAssertEqual(report.unexplainedCount, 0, report.unexplained.joined(separator: "\n"))

        let words = report.words.values.reduce(0) { $0 + ($1["words"] as? Int ?? 0) }
        let queries = report.queries.values.reduce(0) { $0 + ($1["queries"] as? Int ?? 0) }
        let scripts = report.words.filter { !$0.key.contains("+") && ($0.value["words"] as? Int ?? 0) >= 1_000 }
        XCTAssertGreaterThanOrEqual(scripts.count, 25, "every script of the data, each with its words")
        XCTAssertGreaterThanOrEqual(report.queries.count, 30, "queries in every script")

        // Each deliberate difference is needed by the data (else it would
        // hide nothing and should go), and all of them stay exceptions.
        let differences = report.differences
        for name in report.deliberate.keys.sorted() {
            XCTAssertGreaterThan(differences[name] ?? 0, 0, "“\(name)” is a deliberate difference nothing in the data needs")
        }
        XCTAssertFalse(report.deliberate.isEmpty)
        let wordDifferences = report.words.values.reduce(0) { total, entry in
            total + OracleReport.counts(entry, "joins").values.reduce(0, +) + OracleReport.counts(entry, "splits").values.reduce(0, +)
        }
        XCTAssertLessThan(wordDifferences * 500, words, "the deliberate differences are under 0.2 % of the words")

        print("ICU \(report.json["icu"] ?? "?") at primary strength against the fold, \(String(format: "%.1f", report.seconds)) s:"
              + " \(words) distinct words, \(queries) queries")
        for (script, entry) in report.words.sorted(by: { $0.key < $1.key }) {
            let differences = OracleReport.counts(entry, "joins").merging(OracleReport.counts(entry, "splits"), uniquingKeysWith: +)
            let query = report.queries[script].map { " \($0["queries"] ?? 0) queries" } ?? ""
            print("  \(script): \(entry["words"] ?? 0) words\(query)", differences.isEmpty ? "" : "\(differences)")
        }
        for (script, entry) in report.queries.sorted(by: { $0.key < $1.key }) {
            let foldOnly = OracleReport.counts(entry, "foldOnly"), icuOnly = OracleReport.counts(entry, "icuOnly")
            if !foldOnly.isEmpty || !icuOnly.isEmpty { print("  \(script) queries: found by the fold only \(foldOnly), by ICU only \(icuOnly)") }
        }
    }

    /// Over the scripts whose marks write letters, no two words ICU tells
    /// apart at primary strength fold to the same string, with no exception:
    /// a word never meets another because a vowel sign or virama was dropped.
    func testNoWordMeetsAnotherOfItsScriptByALetterTheMarksWrite() throws {
        let report = try Self.oracleReport()
        let scripts = ["Deva", "Beng", "Guru", "Gujr", "Orya", "Taml", "Telu", "Knda", "Mlym", "Sinh",
                       "Thai", "Laoo", "Khmr", "Mymr", "Tibt", "Cakm"]
        for script in scripts {
            let entry = try XCTUnwrap(report.words[script], script)
            XCTAssertGreaterThan(entry["words"] as? Int ?? 0, 500, "\(script) words checked")
            XCTAssertEqual(OracleReport.counts(entry, "joins"), [:], script)
        }
    }
}
