// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldCore
import XCTest

/// The collection's compact form: what it answers is what the records say,
/// however the IDs run and whatever script the titles are in.
final class LabelStoreTests: XCTestCase {
    /// Every title is matched through its searched form (its other characters
    /// folded, its ASCII as written) folded byte by byte as it is compared:
    /// that must agree with folding the title.
    func testMatchingAgreesWithFoldingEveryTitle() throws {
        let titles = ["Tile A", "tab\there", "ÉCOLE d’été", "Straße", "İstanbul", "ǄUNGLA", "ｶﾀｶﾅ", "Ωmega", "café\u{301}",
                      "plain lower", "MiXeD 42", "Côte d'Ivoire", "\u{1F469}\u{200D}\u{1F467} family", "A"]
        let collection = try LabelCollection(titles.enumerated().map { LabelRecord(id: $0.offset, title: $0.element, category: .dot) })
        let queries = ["", "a", "A", "ss", "STRASSE", "i̇stanbul", "istanbul", "dž", "カタ", "ω", "cafe", "ecole d'ete", "tab here",
                       "x", "é", "42", "family", "Tile A!", "mixed 42"]
        for query in queries {
            let needle = SearchFolding.foldedBytes(query)
            for (index, title) in titles.enumerated() {
                let expected = Array(SearchFolding.foldedBytes(title)).firstRange(of: needle) != nil || needle.isEmpty
                XCTAssertEqual(collection.title(index, contains: needle), expected, "“\(title)” contains “\(query)”")
            }
        }
    }

    func testRecordsComeBackAsTheyWentIn() throws {
        var random = SplitMix64(seed: 3)
        let records = (0..<5_000).map { index in
            LabelRecord(id: Int(random.next() % 1_000_000_000) * 10_000 + index, title: "T\(index) ł \(random.next() % 97)",
                        category: random.next() % 2 == 0 ? .tile : .dot)
        }
        let collection = try LabelCollection(records)
        XCTAssertEqual(Array(collection.records), records)
        for record in records.shuffled() {
            XCTAssertEqual(collection.record(id: record.id), record)
        }
        XCTAssertNil(collection.index(ofID: -1))
        XCTAssertNil(collection.index(ofID: Int.max))
    }

    func testIDsThatCountUpOrAscendOrNot() throws {
        func make(_ ids: [Int]) throws -> LabelCollection {
            try LabelCollection(ids.map { LabelRecord(id: $0, title: "t\($0)", category: .tile) })
        }
        let sequential = try make(Array(7...12))
        XCTAssertEqual(sequential.index(ofID: 7), 0)
        XCTAssertEqual(sequential.index(ofID: 12), 5)
        XCTAssertNil(sequential.index(ofID: 13))
        XCTAssertNil(sequential.index(ofID: 6))
        let ascending = try make([-5, 0, 3, 1_000, Int.max])
        XCTAssertEqual(ascending.index(ofID: Int.max), 4)
        XCTAssertNil(ascending.index(ofID: 2))
        let unordered = try make([9, -2, 40, 3])
        XCTAssertEqual([9, -2, 40, 3].map { unordered.index(ofID: $0) }, [0, 1, 2, 3])
        XCTAssertNil(unordered.index(ofID: 4))
        XCTAssertEqual(try make([]).count, 0)
        XCTAssertEqual(try make([Int.min, Int.max]).index(ofID: Int.min), 0, "no overflow at the ends")
    }

    /// The duplicate named is the earliest second occurrence, with the record
    /// it repeats, as a reader going through the file meets it.
    func testTheFirstDuplicateInReadingOrderIsNamed() {
        let ids = [5, 9, 2, 9, 5, 2]
        XCTAssertThrowsError(try LabelCollection(ids.map { LabelRecord(id: $0, title: "t", category: .dot) })) { error in
            let duplicate = error as? LabelCollection.DuplicateID
            XCTAssertEqual(duplicate.map { [$0.id, $0.firstIndex, $0.secondIndex] }, [9, 1, 3])
        }
        XCTAssertThrowsError(try LabelCollection([1, 2, 3, 3].map { LabelRecord(id: $0, title: "t", category: .dot) })) { error in
            let duplicate = error as? LabelCollection.DuplicateID
            XCTAssertEqual(duplicate.map { [$0.id, $0.firstIndex, $0.secondIndex] }, [3, 2, 3])
        }
    }

    /// A title comes back as written from its searched form and what restores
    /// it: folded letters anywhere (first, last, every one), ones that fold to
    /// nothing or to more bytes than they take, runs between them longer than
    /// one byte of LEB128 says, and titles whose every character folds
    /// (Hangul, accents alone), kept whole.
    func testEveryTitleComesBackAsWritten() throws {
        let long = String(repeating: "abcdefghij", count: 30)
        var titles = ["", "É", "é", "Éa", "aÉ", "ÉÉÉ", "e\u{301}", "\u{301}", "\u{301}\u{301}x", "Straße", "STRASSE ẞ",
                      "ﬁne ﬂow", "İstanbul", "Ωmega ωmega", "москва — Москва", "한국어", "한", "a한b", "ǄUNGLA", "ｶﾀｶﾅ",
                      "\u{1F469}\u{200D}\u{1F467}", "tab\there\r\n", "name — \(long) — end", "\(long)É\(long)É",
                      "Łódź", "ŁÓDŹ", "日本語", "عَرَبِيّ", "שָׁלוֹם", "दिल", "ไทย่", "Ǆ\(long)ǅ\(long)ǆ"]
        var random = SplitMix64(seed: 17)
        let pieces = ["a", "A", "é", "É", "\u{301}", "ß", "ẞ", "—", "’", " ", "\t", "한", "ﬁ", "Ω", "ω", "Ł", "ł", "日", long]
        for _ in 0..<2_000 {
            titles.append((0..<Int(random.next() % 9)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        let collection = try LabelCollection(titles.enumerated().map { LabelRecord(id: $0.offset, title: $0.element, category: .tile) })
        for (index, title) in titles.enumerated() {
            XCTAssertEqual(collection.title(at: index).unicodeScalars.map(\.value), title.unicodeScalars.map(\.value), "title \(index)")
        }
    }

    /// The real titles of two files, in every script, read back as the file
    /// writes them (split here by lines and tabs and unquoted, not by the
    /// parser).
    func testRealTitlesInEveryScriptComeBackAsWritten() throws {
        for path in [SearchFoldingTests.countryNames, SearchFoldingTests.cldrNames] {
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
            let titles = lines.map { line in
                let field = line.split(separator: "\t", omittingEmptySubsequences: false)[1]
                // A field that starts with a quote is quoted, its quotes doubled.
                return field.first == "\"" ? field.dropFirst().dropLast().replacingOccurrences(of: "\"\"", with: "\"") : String(field)
            }
            let collection = try LabelsFile.load(path: path)
            XCTAssertEqual(collection.count, titles.count, path)
            let differing = titles.indices.filter { collection.title(at: $0) != titles[$0] }
            XCTAssertEqual(differing.prefix(5).map { "\(titles[$0]) read as \(collection.title(at: $0))" }, [], path)
        }
    }

    /// A title whose fold differs from it only in case or punctuation (a
    /// capital, an em dash, a curly apostrophe) costs a few bytes beyond its
    /// text, not a second copy: Debian's package list ("name — Summary") is
    /// mostly such titles.
    func testATitleFoldedOnlyInCaseOrPunctuationIsNotStoredTwice() throws {
        var random = SplitMix64(seed: 5)
        let words = ["library", "Tools", "GNOME", "for", "the", "Python", "development", "files", "daemon", "it’s"]
        let titles = (0..<20_000).map { index in
            "package-\(index) — " + (0..<6).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        let collection = try LabelCollection(titles.enumerated().map { LabelRecord(id: $0.offset, title: $0.element, category: .dot) })
        let text = titles.reduce(0) { $0 + $1.utf8.count }
        let perLabel = Double(collection.storageBytes - text) / Double(titles.count)
        XCTAssertLessThan(perLabel, 16, "beyond the text: offsets, categories and what restores the em dash and apostrophes")
        XCTAssertEqual(collection.searchedBytes, titles.reduce(0) { $0 + SearchFolding.foldedBytes($1).count },
                       "one searched copy, as long as the fold")
        XCTAssertEqual(collection.title(at: 7), titles[7])
    }

    /// A million generated labels (titles of about 18 bytes) in a few bytes
    /// each beyond their text.
    func testAMillionLabelsTakeLittleMoreThanTheirText() {
        let collection = LabelCollection.synthetic(count: 1_000_000)
        let text = (0..<collection.count).reduce(0) { $0 + collection.title(at: $1).utf8.count }
        let perLabel = Double(collection.storageBytes - text) / 1_000_000
        print("store: \(collection.storageBytes) bytes for \(text) bytes of titles, \(perLabel) bytes per label beyond them")
        XCTAssertLessThan(perLabel, 16, "offsets, categories and the folded copies of the non-ASCII titles")
    }
}
