import Foundation
import XCTest
@testable import UnfoldCore

/// The search folding against an implementation that shares nothing with it
/// (`fold_reference.py`: Python's Unicode database and case folding, ICU's
/// collation elements), over every character Unicode has and over real
/// multilingual data.
final class SearchFoldingTests: XCTestCase {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let reference = testsDirectory.appendingPathComponent("fold_reference.py").path
    static let countryNames = testsDirectory.appendingPathComponent("../Data/country-names.tsv").standardized.path
    static let cldrNames = testsDirectory.appendingPathComponent("../Data/cldr-names.tsv").standardized.path

    /// Runs a script with Debian's Python, the one with python3-icu; its stdout.
    /// The script reads all its input before it writes, so writing first cannot block.
    static func runPython(_ script: String, _ arguments: [String], input: Data? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        return String(decoding: data, as: UTF8.self)
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
        XCTAssertGreaterThan(compared, 280_000, "every character assigned in the reference's Unicode version")
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
        // Contractions are out of a per-character rule's reach.
        same("й", "и", "the breve is an accent everywhere else")
        different("col·lecció", "collecció", "the middle dot stays punctuation")
        // Rule 3.
        same("a\u{2003}b\u{3000}c\td", "a b c d", "every kind of space")
        same("a–b—c‑d", "a-b-c-d", "every kind of dash")
        same("Côte d’Ivoire", "cote d'ivoire", "every kind of apostrophe")
    }
}
