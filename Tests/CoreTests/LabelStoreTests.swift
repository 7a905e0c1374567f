// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldCore
import XCTest

/// The collection's compact form: what it answers is what the records say,
/// however the IDs run and whatever script the titles are in.
final class LabelStoreTests: XCTestCase {
    /// An ASCII title is matched through its bytes folded one by one, any other
    /// through a stored folded copy: both must agree with folding the title.
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
