import Foundation
import XCTest
@testable import UnfoldCore

/// The search folding against an implementation that shares nothing with it
/// (`fold_reference.py`: Python's Unicode database and case folding), over
/// every character Unicode has and over real multilingual data.
final class SearchFoldingTests: XCTestCase {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let reference = testsDirectory.appendingPathComponent("fold_reference.py").path
    static let countryNames = testsDirectory.appendingPathComponent("../Data/country-names.tsv").standardized.path

    /// Runs the reference implementation; its stdout.
    static func runReference(_ mode: String, input: Data? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", reference, mode]
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

    /// Country names in 158 languages, folded by both implementations.
    func testRealMultilingualTitlesFoldAsTheIndependentImplementationSays() throws {
        let collection = try LabelsFile.load(path: Self.countryNames)
        XCTAssertEqual(collection.count, 24_712)
        let titles = collection.records.map(\.title)
        let expected = try Self.runReference("lines", input: Data(titles.joined(separator: "\n").utf8))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(expected.count, titles.count + 1)  // the last line's newline
        for (title, folded) in zip(titles, expected) {
            XCTAssertEqual(SearchFolding.fold(title), folded, title)
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
    }

    func testTheRuleCaseByCase() {
        func same(_ a: String, _ b: String, _ why: String, line: UInt = #line) {
            XCTAssertEqual(SearchFolding.fold(a), SearchFolding.fold(b), why, line: line)
        }
        same("džemal", "Ǆemal", "Ǆ is D, Z and a caron")
        same("ǅ", "dz", "the title-case digraph too")
        same("STRASSE", "straße", "full case folding: ß is ss")
        same("ẞ", "ss", "capital sharp s")
        same("ΣΟΦΟΣ", "σοφος", "final sigma")
        same("ﬁle", "FILE", "ligatures")
        same("café", "CAFE\u{301}", "accents and combining accents")
        same("İstanbul", "istanbul", "dotted capital I")
        same("ｶﾞ", "カ", "half-width katakana and its voiced mark")
        same("한국", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", "Hangul syllables are their jamo")
        same("a\u{2003}b\u{3000}c\td", "a b c d", "every kind of space")
        same("a–b—c‑d", "a-b-c-d", "every kind of dash")
        same("Côte d’Ivoire", "cote d'ivoire", "every kind of apostrophe")
        XCTAssertNotEqual(SearchFolding.fold("ı"), SearchFolding.fold("i"), "dotless i is a letter of its own")
        XCTAssertNotEqual(SearchFolding.fold("Ø"), SearchFolding.fold("O"), "so is Ø")
    }
}
