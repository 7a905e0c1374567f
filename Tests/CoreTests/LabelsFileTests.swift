// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import UnfoldCore

final class LabelsFileTests: XCTestCase {
    func parse(_ text: String) throws -> LabelCollection {
        try LabelsFile.parse(Array(text.utf8), path: "labels")
    }

    func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        failure(bytes: Array(text.utf8), file: file, line: line)
    }

    func failure(bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let collection = try LabelsFile.parse(bytes, path: "labels")
            XCTFail("parsed \(collection.count) labels", file: file, line: line)
            return ""
        } catch {
            return error.description
        }
    }

    func testJSON() throws {
        let collection = try parse(#"""
        [
          {"id": 1, "title": "Tile A", "category": "tile"},
          {"title": "Dot \"A\" \u00e9\ud83d\ude00", "category": "dot", "id": -2}
        ]
        """#)
        XCTAssertEqual(Array(collection.records), [
            LabelRecord(id: 1, title: "Tile A", category: .tile),
            LabelRecord(id: -2, title: "Dot \"A\" é😀", category: .dot),
        ])
        XCTAssertEqual(try parse("[]").count, 0, "[] is an empty collection")
    }

    func testTSV() throws {
        let collection = try parse("1\tTile A\ttile\r\n2\tDot, with comma\tdot\n\n3\tŻółw 🐢\ttile")
        XCTAssertEqual(collection.records.map(\.title), ["Tile A", "Dot, with comma", "Żółw 🐢"])
        XCTAssertEqual(collection.records.map(\.category), [.tile, .dot, .tile])
    }

    func testErrorsSayWhatAndWhere() {
        XCTAssertEqual(failure(""), "labels: the file is empty: it holds no labels (write [] for an empty collection)")
        XCTAssertEqual(failure("  \n "), "labels: the file is empty: it holds no labels (write [] for an empty collection)")
        XCTAssertEqual(failure("[\n  {\"id\": 1, \"title\": \"A\" \"category\": \"tile\"}]"),
                       "labels:2:26: expected “,” or “}” in a label")
        XCTAssertEqual(failure("[{\"id\": 1.5, \"title\": \"A\", \"category\": \"tile\"}]"),
                       "labels:1:9: an id must be a whole number")
        XCTAssertEqual(failure("[{\"id\": 99999999999999999999, \"title\": \"A\", \"category\": \"tile\"}]"),
                       "labels:1:9: the id 99999999999999999999 is too large")
        XCTAssertEqual(failure("[{\"id\": 1, \"title\": \"A\", \"category\": \"square\"}]"),
                       "labels:1:38: unknown category “square”: expected “tile” or “dot”")
        XCTAssertEqual(failure("[{\"id\": 1, \"title\": \"A\"}]"), "labels:1:2: this label has no “category”")
        XCTAssertEqual(failure("[{\"id\": 1, \"id\": 2}]"), "labels:1:12: “id” appears twice in one label")
        XCTAssertEqual(failure("[{\"id\": 1, \"name\": \"A\"}]"), "labels:1:12: unknown field “name”: a label has id, title and category")
        XCTAssertEqual(failure("[{\"id\": 1, \"title\": \"A\", \"category\": \"tile\"}"),
                       "labels:1:45: the file ends inside the array: expected “,” or “]”")
        XCTAssertEqual(failure("[] trailing"), "labels:1:4: unexpected content after the array")
        XCTAssertEqual(failure("[{\"id\": 1, \"title\": \"a\u{01}b\", \"category\": \"tile\"}]"),
                       "labels:1:23: a control character inside a string must be escaped")
        XCTAssertEqual(failure("[{\"id\": 1, \"title\": \"\\ud800\", \"category\": \"tile\"}]"),
                       "labels:1:22: a lone UTF-16 surrogate in \\u escapes")
        XCTAssertEqual(failure("1\tTile A\n2\tDot A\tdot"), "labels:1:1: expected 3 tab-separated fields (id, title, category), found 2")
        XCTAssertEqual(failure("1\tA\ttile\nx\tTile A\ttile"), "labels:2:1: the id “x” is not a whole number")
        XCTAssertEqual(failure("1\tTile A\ttile\n2\tDot A\tDots"), "labels:2:9: unknown category “Dots”: expected “tile” or “dot”")
    }

    func testWhatSpreadsheetsAndEditorsWriteIsRead() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let json = try LabelsFile.parse(bom + Array(#"[{"id": 1, "title": "Tile A", "category": "tile"}]"#.utf8))
        XCTAssertEqual(json.records.map(\.title), ["Tile A"], "a byte-order mark before JSON")
        let tsv = try LabelsFile.parse(bom + Array("7\tTile A\ttile\r\n".utf8))
        XCTAssertEqual(tsv.records.map(\.id), [7], "a byte-order mark before TSV")
        for header in ["id\ttitle\tcategory", "ID\tTitle\tCategory"] {
            XCTAssertEqual(try parse("\(header)\r\n1\tTile A\ttile\r\n2\tDot A\tdot\r\n").records.map(\.id), [1, 2], header)
        }
        XCTAssertEqual(try LabelsFile.parse(bom + Array("id\ttitle\tcategory\n3\tX\tdot".utf8)).records.map(\.id), [3])
        XCTAssertEqual(failure(bytes: bom + Array("1\tA\n".utf8)),
                       "labels:1:1: expected 3 tab-separated fields (id, title, category), found 2", "columns start after the mark")
    }

    /// What spreadsheets, old Macs and hand-written files put in TSV.
    func testSpreadsheetQuotesLineEndsAndCategories() throws {
        let quoted = try parse("\"id\"\t\"title\"\t\"category\"\n1\t\"Bonaire, Sint Eustatius and Saba\"\ttile\n2\t\"Côte d\"\"Ivoire\"\t\"dot\"\n")
        XCTAssertEqual(quoted.records.map(\.title), ["Bonaire, Sint Eustatius and Saba", "Côte d\"Ivoire"])
        XCTAssertEqual(try parse("1\tA\ttile\r2\tB\tdot\r").records.map(\.id), [1, 2], "lines ended by CR alone")
        XCTAssertEqual(try parse("1\tA\tTile\n2\tB\t DOT ").records.map(\.category), [.tile, .dot], "categories in any case")
        XCTAssertEqual(try parse(#"[{"id": 1, "title": "A", "category": "Dot"}]"#).records.map(\.category), [.dot])
    }

    /// A field that starts with a quote is quoted, spreadsheet style, in each
    /// of the three columns: a quote never closed, or closed before the field
    /// ends, is an error at that quote, never a title that keeps its quotes.
    func testAFieldThatStartsWithAQuoteIsAQuotedField() throws {
        let unclosed = "this field starts with a quote that is never closed: end it with a quote, or, to keep the quote as text, double it and quote the whole field (\"\"\"Hi\"\" there\" is \"Hi\" there)"
        let textAfter = "text follows the quote that ends this quoted field: inside quotes, a quote is written twice (\"\"\"Hi\"\" there\" is \"Hi\" there)"
        XCTAssertEqual(failure("1\t\"unterminated\ttile\n"), "labels:1:3: \(unclosed)")
        XCTAssertEqual(failure("1\tA\ttile\n2\t\"unterminated\ttile\n"), "labels:2:3: \(unclosed)", "on the usual line's fast path too")
        XCTAssertEqual(failure("1\t\"ends doubled\"\"\ttile"), "labels:1:3: \(unclosed)", "a doubled quote is text, not the end")
        XCTAssertEqual(failure("1\t\"\ttile"), "labels:1:3: \(unclosed)", "a quote alone")
        XCTAssertEqual(failure("1\t\"Hello\" she said\ttile"), "labels:1:9: \(textAfter)")
        XCTAssertEqual(failure("1\t\"not \"quoted\"\ttile"), "labels:1:8: \(textAfter)", "a lone quote inside")
        XCTAssertEqual(failure("1\tA\ttile\n2\tB\t\"dot"), "labels:2:5: \(unclosed)", "in the category")
        XCTAssertEqual(failure("1\tA\ttile\n\"2\tB\tdot"), "labels:2:1: \(unclosed)", "in the id")
        XCTAssertEqual(failure("\"id\ttitle\tcategory\n1\tA\ttile"), "labels:1:1: \(unclosed)",
                       "a header whose quote is not closed is no header")
        XCTAssertEqual(failure("1\t\"A\" \ttile"), "labels:1:5: \(textAfter)", "not even a space after the closing quote")
        XCTAssertEqual(failure("1\t\"a\nb\"\ttile\n"), "labels:1:3: \(unclosed)",
                       "a cell with a line break, as spreadsheets write it: said at its quote, not as a short line")

        let quoted = try parse("\"7\"\t\"Côte d\"\"Ivoire\"\t\"dot\"\n8\t\"\"\"\"\ttile\n9\t\"\"\"Hi\"\" there\"\t\"Tile\"\r\n")
        XCTAssertEqual(Array(quoted.records), [
            LabelRecord(id: 7, title: "Côte d\"Ivoire", category: .dot),
            LabelRecord(id: 8, title: "\"", category: .tile),
            LabelRecord(id: 9, title: "\"Hi\" there", category: .tile),
        ])
        XCTAssertEqual(try parse("1\ta \"b\" c\ttile\n2\t \"x\tdot").records.map(\.title), ["a \"b\" c", " \"x"],
                       "a quote after the start is text, as in spreadsheets")
    }

    /// What `tsv` writes, `parse` reads back, whatever quotes the titles hold.
    func testTSVWritesQuotesAsItReadsThem() throws {
        // A quote with a combining mark after it is one Swift Character but
        // still a quote to the reader: the fuzzer found a writer that missed it.
        let records = ["\"unterminated", "\"", "\"\"", "\"Hi\" there", "a\"b", "ends with \"", " \"spaced",
                       "\"\u{301}accent", "\"caf\"\u{8E9} \"quoted"].enumerated().map {
            LabelRecord(id: $0.offset + 1, title: $0.element, category: .tile)
        }
        let tsv = try XCTUnwrap(LabelsFile.tsv(records))
        XCTAssertEqual(Array(try parse(tsv).records), records, tsv)
    }

    /// A title is something to show and to name a row by.
    func testTitlesMustHoldText() {
        XCTAssertEqual(failure(#"[{"id": 1, "title": "", "category": "tile"}]"#), "labels:1:21: this label's title is empty")
        XCTAssertEqual(failure("1\t  \ttile"), "labels:1:3: this label's title is empty")
        XCTAssertEqual(failure(#"[{"id": 1, "title": "a\u0000b", "category": "tile"}]"#),
                       "labels:1:21: a title cannot hold a NUL character (U+0000)")
    }

    func testMistakesGetAHintInWords() {
        XCTAssertEqual(failure(#"{"id": 1, "title": "Tile A", "category": "tile"}"#),
                       "labels:1:1: this is one JSON object; a labels file holds an array of them: [{…}, {…}]")
        XCTAssertEqual(failure("1,Tile A,tile\n"),
                       "labels:1:1: expected 3 tab-separated fields (id, title, category), found 1: fields are separated by tabs, not commas or semicolons")
        XCTAssertEqual(failure("Number\tName\tKind\n1\tTile A\ttile"),
                       "labels:1:1: the id “Number” is not a whole number (a header line must be “id<TAB>title<TAB>category”)")
        XCTAssertEqual(failure("1\tA\ttile\nid\ttitle\tcategory"), "labels:2:1: the id “id” is not a whole number",
                       "a header is only the first line")
        XCTAssertEqual(failure("9223372036854775808\tA\ttile"), "labels:1:1: the id 9223372036854775808 is too large")
        XCTAssertEqual(failure("-9223372036854775809\tA\ttile"), "labels:1:1: the id -9223372036854775809 is too small")
        XCTAssertEqual(failure("[{\"id\": -99999999999999999999, \"title\": \"A\", \"category\": \"tile\"}]"),
                       "labels:1:9: the id -99999999999999999999 is too small")
        // JSON has -0 (it is 0), and no leading zero after a minus either.
        XCTAssertEqual(try? LabelsFile.parse(Array("[{\"id\": -0, \"title\": \"A\", \"category\": \"tile\"}]".utf8)).records.map(\.id), [0])
        XCTAssertEqual(failure("[{\"id\": -01, \"title\": \"A\", \"category\": \"tile\"}]"), "labels:1:9: JSON numbers have no leading zeros")
        XCTAssertEqual(failure(bytes: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("1\tA\ttile".utf8)),
                       "labels:1:1: the id “\\u{FEFF}1” is not a whole number (a header line must be “id<TAB>title<TAB>category”)",
                       "what cannot be seen is written out")
        do {
            _ = try LabelsFile.parse(Array("// labels\n[]".utf8), path: "mine.json")
            XCTFail("a comment in JSON")
        } catch {
            XCTAssertEqual(error.description, "mine.json:1:1: a JSON labels file is an array, starting with “[” (JSON has no comments)")
        }
        XCTAssertEqual(failure(bytes: [0xFF, 0xFE] + Array("1\tA\ttile".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
                       "labels: the file is in UTF-16; save it as UTF-8 (in a spreadsheet: “Unicode (UTF-8)”)")
    }

    func testALongParseReportsProgressAndCanBeStopped() throws {
        let bytes = Array(LabelsFile.json(LabelCollection.synthetic(count: 50_000).records).utf8)
        var fractions: [Double] = []
        XCTAssertEqual(try LabelsFile.parse(bytes, progress: { fractions.append($0) }).count, 50_000)
        XCTAssertGreaterThanOrEqual(fractions.count, 10)
        XCTAssertEqual(fractions, fractions.sorted(), "progress only grows")
        XCTAssertTrue(fractions.allSatisfy { (0...1).contains($0) })
        var asked = 0
        XCTAssertThrowsError(try LabelsFile.parse(bytes, isCancelled: { asked += 1; return asked > 3 })) {
            XCTAssertEqual("\($0)", "<labels>: \(LabelsFile.stopped)")
        }
        XCTAssertEqual(asked, 4, "it stops at the first checkpoint after being told")
    }

    func testDuplicateIDNamesItAndBothPlaces() {
        XCTAssertEqual(failure("[\n{\"id\": 7, \"title\": \"A\", \"category\": \"tile\"},\n{\"id\": 8, \"title\": \"B\", \"category\": \"dot\"},\n  {\"id\": 7, \"title\": \"C\", \"category\": \"dot\"}\n]"),
                       "labels:4:3: duplicate label ID 7: first at line 2, column 1, again at line 4, column 3")
        XCTAssertEqual(failure("5\tA\ttile\n5\tB\tdot"), "labels:2:1: duplicate label ID 5: first at line 1, column 1, again at line 2, column 1")
    }

    /// A failure keeps its problem as a template and values, for the app to
    /// say in the user's language (UnfoldCore has no gettext); in English it
    /// reads as it always has.
    func testAProblemIsATemplateTheAppTranslates() throws {
        let failure: LabelsFile.Failure
        do throws(LabelsFile.Failure) {
            let collection = try LabelsFile.parse(Array("1\tA\t{column}\n".utf8), path: "labels")
            return XCTFail("an unknown category, read as \(collection.count) labels")
        } catch {
            failure = error
        }
        XCTAssertEqual(failure.message.template, .unknownCategory)
        XCTAssertEqual(failure.message.values, ["category": "{column}"])
        XCTAssertEqual(failure.description, "labels:1:5: unknown category “{column}”: expected “tile” or “dot”",
                       "a value that reads like a placeholder is not filled in")
        let french = [LabelsFile.Problem.Template.unknownCategory.text: "catégorie inconnue « {category} » ({column} : rien)"]
        XCTAssertEqual(failure.description(translatedBy: { french[$0] ?? $0 }),
                       "labels:1:5: catégorie inconnue « {column} » ({column} : rien)",
                       "the place stays in front; a placeholder with no value stays as it is")
        XCTAssertEqual(LabelsFile.Problem.Template.oneJSONObject.placeholders, [], "[{…}, {…}] is text")
        XCTAssertEqual(LabelsFile.Problem.Template.duplicateID.placeholders, ["id", "first_line", "first_column", "line", "column"])
        let texts = LabelsFile.Problem.Template.allCases.map(\.text)
        XCTAssertEqual(Set(texts).count, texts.count, "one template per message: each is one msgid")
    }

    func testInvalidUTF8IsReportedByByteOffset() {
        var bytes = Array("[{\"id\": 1, \"title\": \"ok".utf8)
        bytes += [0xC3, 0x28]  // a lead byte followed by no continuation
        bytes += Array("\", \"category\": \"tile\"}]".utf8)
        XCTAssertEqual(failure(bytes: bytes), "labels:1:24: invalid UTF-8 at byte offset 23: a labels file must be saved as UTF-8")
        XCTAssertEqual(LabelsFile.firstInvalidUTF8([0xE0, 0x80, 0x80]), 0, "overlong")
        XCTAssertEqual(LabelsFile.firstInvalidUTF8([0xED, 0xA0, 0x80]), 0, "a surrogate")
        XCTAssertEqual(LabelsFile.firstInvalidUTF8([0x41, 0xF4, 0x90, 0x80, 0x80]), 1, "beyond U+10FFFF")
        XCTAssertNil(LabelsFile.firstInvalidUTF8(Array("é😀ż".utf8)))
        // ASCII is passed eight bytes at a time: a bad byte at any place of a
        // run, and a good sequence split across two words, are told right.
        for length in 0..<20 {
            for place in 0...length {
                var text = [UInt8](repeating: 0x61, count: length)
                text.insert(0xFF, at: place)
                XCTAssertEqual(LabelsFile.firstInvalidUTF8(text), place, "a bad byte at \(place) of \(length + 1)")
                var good = [UInt8](repeating: 0x61, count: length)
                good.insert(contentsOf: Array("😀".utf8), at: place)
                XCTAssertNil(LabelsFile.firstInvalidUTF8(good), "😀 at \(place) of \(length + 4)")
                good.removeLast(good.count - place - 2)  // a sequence cut short at the end
                XCTAssertEqual(LabelsFile.firstInvalidUTF8(good), place, "😀 cut short at \(place)")
            }
        }
    }

    func testFilesAreOnlyReadAndMissingOnesAreNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.json").path
        XCTAssertThrowsError(try LabelsFile.load(path: missing)) { XCTAssertEqual("\($0)", "\(missing): no such file") }

        let file = directory.appendingPathComponent("labels.json")
        let text = #"[{"id": 1, "title": "Tile A", "category": "tile"}]"#
        try text.write(to: file, atomically: true, encoding: .utf8)
        let before = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        XCTAssertEqual(try LabelsFile.load(path: file.path).count, 1)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), text)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date, before)
        if getuid() != 0 {  // root reads anything
            chmod(file.path, 0)
            XCTAssertThrowsError(try LabelsFile.load(path: file.path)) { XCTAssertTrue("\($0)".contains("cannot be read")) }
        }
    }

    func testWrittenFilesReadBackWhateverTheTitlesHold() throws {
        let records = try LabelCollection([
            LabelRecord(id: -3, title: "quote \" backslash \\ slash /", category: .tile),
            LabelRecord(id: 0, title: "tab\tnewline\nreturn\r bell\u{7} del\u{7F}", category: .dot),
            LabelRecord(id: Int.max, title: "👩‍👩‍👧 e\u{301} שלום", category: .tile),
        ]).records.map { $0 }
        XCTAssertEqual(Array(try parse(LabelsFile.json(records)).records), records)
        XCTAssertNil(LabelsFile.tsv(records), "TSV cannot hold a tab or a line break in a title")
        XCTAssertEqual(Array(try parse(XCTUnwrap(LabelsFile.tsv([records[0], records[2]]))).records), [records[0], records[2]])
        let quotes = try LabelCollection([LabelRecord(id: 1, title: "\"Quoted\" at the start", category: .tile),
                                          LabelRecord(id: 2, title: "\"", category: .dot),
                                          LabelRecord(id: 3, title: "ends with a \"quote\"", category: .dot)]).records
        XCTAssertEqual(try parse(XCTUnwrap(LabelsFile.tsv(quotes))).records, quotes, "quotes a spreadsheet would take for its own")
        XCTAssertNil(LabelsFile.tsv([]), "a blank TSV file is an error, not an empty collection")
        XCTAssertEqual(Array(try parse(LabelsFile.json([])).records), [])
    }

    func testUnicodeEscapesAreExactlyFourHexDigits() {
        for escape in [#"\u+0e9"#, #"\u-0e9"#, #"\u0e9"#, #"\u 0e9"#, #"\u00g9"#] {
            XCTAssertThrowsError(try parse(#"[{"id": 1, "title": "caf\#(escape)", "category": "tile"}]"#), escape) {
                XCTAssertTrue("\($0)".contains("four hexadecimal digits"), "\($0)")
            }
        }
        XCTAssertEqual(try parse(#"[{"id": 1, "title": "caf\u00E9", "category": "tile"}]"#).records.first?.title, "café")
    }

    func testAHundredThousandRecordsRoundTrip() throws {
        let original = LabelCollection.synthetic(count: 100_000, seed: 7)
        let json = LabelsFile.json(original.records)
        let tsv = try XCTUnwrap(LabelsFile.tsv(original.records))
        let start = Date()
        XCTAssertEqual(try parse(json).records, original.records)
        XCTAssertEqual(try parse(tsv).records, original.records)
        print("parsed 2 × 100,000 labels (JSON and TSV) in \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
    }
}

final class SearchTests: XCTestCase {
    func collection(_ titles: [String]) -> LabelCollection {
        try! LabelCollection(titles.enumerated().map { LabelRecord(id: $0.offset + 1, title: $0.element, category: .tile) })
    }

    func testMatchingIsAsAUserExpects() {
        let labels = collection(["Café crème", "Cafe\u{301} noir", "Straße 9", "İstanbul", "ISTANBUL", "ＡＢＣ wide",
                                 "👩‍👩‍👧 family", "Tile A", "ﬁle", "Ørsted", "naïve"])
        func ids(_ query: String) -> [Int] { labels.visibleIDs(LabelFilter(query: query)) }
        XCTAssertEqual(ids("cafe"), [1, 2], "accents and combining marks")
        XCTAssertEqual(ids("CAFÉ"), [1, 2])
        XCTAssertEqual(ids("STRASSE"), [3], "ß is ss")
        XCTAssertEqual(ids("straße"), [3])
        XCTAssertEqual(ids("istanbul"), [4, 5], "dotted capital I")
        XCTAssertEqual(ids("abc"), [6], "full-width letters")
        XCTAssertEqual(ids("👩‍👩‍👧"), [7], "emoji and ZWJ sequences")
        XCTAssertEqual(ids("FILE"), [9], "ligatures")
        XCTAssertEqual(ids("naive"), [11])
        XCTAssertEqual(ids("orsted"), [10], "Ø is O with a stroke, which DUCET weighs as an accent")
        XCTAssertEqual(ids("\u{0}"), [], "control characters match nothing")
    }

    /// The made-up labels never contradict themselves: a title naming a
    /// category is in it (Tiles only shows no "Dot"), and both kinds of
    /// every other title are there.
    func testSyntheticTitlesAgreeWithTheirCategories() {
        let records = LabelCollection.synthetic(count: 20_000).records
        let tiles = records.filter { $0.category == .tile }, dots = records.filter { $0.category == .dot }
        XCTAssertFalse(tiles.contains { $0.title.contains(" Dot ") }, "a tile called a dot")
        XCTAssertFalse(dots.contains { $0.title.contains(" Tile ") }, "a dot called a tile")
        XCTAssertTrue(tiles.contains { $0.title.contains(" Tile ") } && dots.contains { $0.title.contains(" Dot ") })
        XCTAssertTrue(tiles.contains { $0.title.contains(" Chip ") } && dots.contains { $0.title.contains(" Chip ") })
    }

    /// A 64 KB paste matches what holds it, and nothing shorter. (How fast is
    /// the benchmark's to say, not a test's: a time limit here would only
    /// measure the machine.)
    func testLongQueriesMatchWhatHoldsThem() throws {
        let query = String(repeating: "Amber Tile ", count: 6_000)  // 66 KB pasted
        XCTAssertEqual(LabelCollection.synthetic(count: 10_000).visibleIDs(LabelFilter(query: query)), [])
        let holding = try LabelsFile.parse(Array("1\tx \(query.uppercased()) y\ttile\n2\t\(query.dropLast(2))\tdot\n".utf8))
        XCTAssertEqual(holding.visibleIDs(LabelFilter(query: query)), [1])
    }

    /// A stricter query refines the last result: when it left few labels,
    /// each is tested; when it left many, every title is read again (one
    /// stretch costs less than many titles searched one by one), and only
    /// the last result's labels can pass.
    func testNarrowingRefinesThePreviousResult() {
        let labels = LabelCollection.synthetic(count: 20_000, seed: 3)
        let few = 20_000 / FilterPass.membersTestedOneByOne
        var session = FilterSession(collection: labels)
        let a = session.visibleIDs(LabelFilter(query: "a"))
        XCTAssertEqual(session.examined, 20_000)
        XCTAssertGreaterThan(a.count, few, "(most labels have an a)")
        let am = session.visibleIDs(LabelFilter(query: "am"))
        XCTAssertEqual(session.examined, 20_000, "many left: read again")
        XCTAssertEqual(am, labels.visibleIDs(LabelFilter(query: "am")))
        let amber = session.visibleIDs(LabelFilter(query: "amber t"))
        XCTAssertLessThanOrEqual(amber.count, few, "(few are amber tiles)")
        let narrow = session.visibleIDs(LabelFilter(query: "amber t", tilesOnly: true))
        XCTAssertEqual(session.examined, amber.count, "“Tiles only” tests the few left")
        XCTAssertEqual(narrow, labels.visibleIDs(LabelFilter(query: "amber t", tilesOnly: true)))
        _ = session.visibleIDs(LabelFilter(query: "a"))
        XCTAssertEqual(session.examined, 0, "deleting what was typed goes back to a recent result")
        _ = session.visibleIDs(LabelFilter(query: "b"))
        XCTAssertEqual(session.examined, 20_000, "a new, wider query rescans")
    }

    func testRefinementAlwaysAgreesWithAFullScan() {
        let labels = LabelCollection.synthetic(count: 3_000, seed: 11)
        var session = FilterSession(collection: labels)
        var random = SplitMix64(seed: 5)
        let pieces = ["a", "m", "b", "er", " ", "1", "ti", "é", "SS", "İ", "ł"]
        var query = ""
        for _ in 0..<400 {
            switch random.next() % 4 {
            case 0: query = ""
            case 1: if !query.isEmpty { query.removeLast() }
            default: query += pieces[Int(random.next() % UInt64(pieces.count))]
            }
            let filter = LabelFilter(query: query, tilesOnly: random.next() % 3 == 0)
            XCTAssertEqual(session.visibleIDs(filter), labels.records.filter(filter.matches).map(\.id), "\(filter)")
        }
    }

    func testAPassRunInStepsFindsWhatOnePassFinds() {
        let labels = LabelCollection.synthetic(count: 10_000, seed: 8)
        var session = FilterSession(collection: labels)
        let filter = LabelFilter(query: "ar", tilesOnly: true)
        var pass = session.start(filter)
        XCTAssertEqual(pass.total, 10_000)
        var steps = 0
        while !pass.isDone {
            pass.run(upTo: 777)
            steps += 1
        }
        XCTAssertEqual(steps, 13)
        XCTAssertEqual(Array(session.finish(pass)), labels.records.indices.filter { filter.matches(labels.records[$0]) })
        XCTAssertEqual(session.cachedIndices(filter), pass.result)

        // The finished result is what the next, narrower pass refines.
        let narrower = LabelFilter(query: "ark", tilesOnly: true)
        var refinement = session.start(narrower)
        XCTAssertEqual(refinement.total, pass.result.count <= 10_000 / FilterPass.membersTestedOneByOne ? pass.result.count : 10_000)
        while !refinement.isDone { refinement.run(upTo: 333) }
        XCTAssertEqual(Array(refinement.result), labels.records.indices.filter { narrower.matches(labels.records[$0]) })
    }

    func testSyntheticCollectionsAreDeterministic() {
        let first = LabelCollection.synthetic(count: 1_000, seed: 42)
        XCTAssertEqual(first.records, LabelCollection.synthetic(count: 1_000, seed: 42).records)
        XCTAssertNotEqual(first.records, LabelCollection.synthetic(count: 1_000, seed: 43).records)
        XCTAssertEqual(first.records.map(\.id), Array(1...1_000))
        XCTAssertEqual(LabelCollection.synthetic(count: 0).count, 0)
        XCTAssertTrue(first.records.contains { $0.category == .tile } && first.records.contains { $0.category == .dot })
    }
}
