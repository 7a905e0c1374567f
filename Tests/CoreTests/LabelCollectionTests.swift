// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
import UnfoldCore

final class LabelCollectionTests: XCTestCase {
    let sample = LabelCollection.sample

    func testTheTutorialsSequence() {
        let steps: [(LabelFilter, [Int])] = [
            (LabelFilter(), [1, 2, 3, 4]),
            (LabelFilter(query: "a"), [1, 2]),
            (LabelFilter(query: "b"), [3, 4]),
            (LabelFilter(query: "", tilesOnly: true), [1, 3]),
            (LabelFilter(query: "z", tilesOnly: true), []),
            (LabelFilter(query: "", tilesOnly: false), [1, 2, 3, 4]),
        ]
        for (filter, expected) in steps {
            XCTAssertEqual(sample.visibleIDs(filter), expected, "\(filter)")
        }
        XCTAssertEqual(sample.records.map(\.id), [1, 2, 3, 4], "filtering never mutates the source")
    }

    func testMatchingIsCaseInsensitive() {
        XCTAssertEqual(sample.visibleIDs(LabelFilter(query: "TILE")), [1, 3])
        XCTAssertEqual(sample.visibleIDs(LabelFilter(query: "dot b")), [4])
    }

    func testAnotherQueryCanListTheSameIDs() {
        // "Tile" then "tile": another query, the same visible IDs (no change for the list).
        XCTAssertEqual(sample.visibleIDs(LabelFilter(query: "Tile")), sample.visibleIDs(LabelFilter(query: "tile")))
    }

    func testDuplicateIDsAreRejectedByName() {
        XCTAssertThrowsError(try LabelCollection([
            LabelRecord(id: 7, title: "One", category: .tile),
            LabelRecord(id: 8, title: "Two", category: .dot),
            LabelRecord(id: 7, title: "Three", category: .dot),
        ])) { error in
            let duplicate = error as? LabelCollection.DuplicateID
            XCTAssertEqual(duplicate?.id, 7)
            XCTAssertEqual(duplicate?.firstIndex, 0)
            XCTAssertEqual(duplicate?.secondIndex, 2)
            XCTAssertTrue("\(error)".contains("7"))
        }
    }

    /// Ids at the ends of what an Int holds, in every order a file can give
    /// them: Int.max has no next id (a wrapping add once took Int.min for
    /// it, and reading its record trapped), and a lookup from Int.min to
    /// Int.max does not wrap either.
    func testIDsAtTheEndsOfTheRange() throws {
        let orders: [[Int]] = [[.max, .min], [.min, .max], [.max - 1, .max], [.min, .min + 1], [.min, .min + 1, .max],
                               [.max - 1, .max, .min], [0, .max, .min]]
        for ids in orders {
            let collection = try LabelCollection(ids.enumerated().map { LabelRecord(id: $1, title: "Label \($0)", category: .tile) })
            XCTAssertEqual((0..<collection.count).map(collection.id(at:)), ids, "\(ids)")
            for (index, id) in ids.enumerated() {
                XCTAssertEqual(collection.index(ofID: id), index, "\(id) in \(ids)")
            }
            for absent in [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max] where !ids.contains(absent) {
                XCTAssertNil(collection.index(ofID: absent), "\(absent) in \(ids)")
            }
        }
        let file = try LabelsFile.parse(Array("9223372036854775807\tMax\ttile\n-9223372036854775808\tMin\tdot\n".utf8))
        XCTAssertEqual(file.records.map(\.title), ["Max", "Min"])
        XCTAssertEqual(file.visibleIDs(LabelFilter(query: "m")), [.max, .min])
    }

    func testLookupByID() {
        XCTAssertEqual(sample.record(id: 3)?.title, "Tile B")
        XCTAssertNil(sample.record(id: 99))
    }
}

final class OutlineTests: XCTestCase {
    func testSampleHierarchyHasUniqueStableIDs() {
        let ids = OutlineNode.allIDs(OutlineNode.sample)
        XCTAssertEqual(ids, [1, 2, 3, 4, 5, 6])
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertEqual(OutlineNode.sample.map(\.title), ["Collection", "Following item"])
        XCTAssertEqual(OutlineNode.sample[0].children.map(\.title), ["Shapes", "Palette"])
        XCTAssertTrue(OutlineNode.sample[0].isExpandable)
        XCTAssertFalse(OutlineNode.sample[1].isExpandable)
    }
}

final class NumberGroupingTests: XCTestCase {
    func testGroupsAsLocalesSay() {
        XCTAssertEqual(NumberGrouping.group(2_538_464, separator: ",", sizes: [3, 3]), "2,538,464")
        XCTAssertEqual(NumberGrouping.group(2_538_464, separator: "\u{202F}", sizes: [3]), "2\u{202F}538\u{202F}464", "the last size repeats")
        XCTAssertEqual(NumberGrouping.group(12_345_678, separator: ",", sizes: [3, 2]), "1,23,45,678", "Indian grouping")
        XCTAssertEqual(NumberGrouping.group(1_234, separator: ".", sizes: []), "1234", "no grouping")
        XCTAssertEqual(NumberGrouping.group(1_234_567, separator: ".", sizes: [3, 127]), "1234.567", "CHAR_MAX ends it")
        XCTAssertEqual(NumberGrouping.group(999, separator: ",", sizes: [3]), "999")
        XCTAssertEqual(NumberGrouping.group(1_000, separator: ",", sizes: [3]), "1,000")
        XCTAssertEqual(NumberGrouping.group(0, separator: ",", sizes: [3]), "0")
        XCTAssertEqual(NumberGrouping.group(-1_000, separator: ",", sizes: [3]), "-1,000")
    }
}
