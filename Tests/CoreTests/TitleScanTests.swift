// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import UnfoldCore

/// The scan that searches a collection's titles as one stretch of bytes
/// (`TitleScan`) against the match rule itself (`LabelFilter.matches` on a
/// record, which folds the title and looks for the needle in it).
final class TitleScanTests: XCTestCase {
    /// Titles made to trip a byte scan: a needle at a title's very start and
    /// end, across two titles' bytes, in capitals and control spaces, next to
    /// and inside non-ASCII text (whose fold is stored, and may be empty),
    /// and empty titles; lengths around the 16-byte block.
    static func awkwardCollection(count: Int, seed: UInt64) -> LabelCollection {
        var random = SplitMix64(seed: seed)
        let pieces = ["a", "A", "ab", "AB", "b", "ba", "é", "É", "e\u{301}", "ß", "ss", " ", "\t", "\n", "x", "Straße",
                      "\u{301}", "İ", "i", "ﬁ", "fi", "日本", "-", "aaaaaaaaaaaaaaaa", "AbAbAbAbAbAbAbAbA", ""]
        var builder = LabelCollection.Builder()
        for id in 0..<count {
            let length = Int(random.next() % 7)
            let title = (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            builder.append(id: id, title: title, category: random.next() % 3 == 0 ? .tile : .dot)
        }
        return try! LabelCollection(builder)
    }

    func testAScanFindsExactlyTheTitlesTheMatchRuleDoes() {
        let collection = Self.awkwardCollection(count: 4_000, seed: 11)
        let queries = ["a", "A", "ab", "ba", "aba", "bab", "b a", "a\tb", "é", "e", "ss", "ß", "strasse", "i", "İ", "fi",
                       "ﬁ", "日", "本日", "aaaaaaaaaaaaaaaaa", "abababababababababab", "x-", " ", "-", "zz", "a a", "ab ab"]
        for query in queries {
            for tilesOnly in [false, true] {
                let filter = LabelFilter(query: query, tilesOnly: tilesOnly)
                let expected = collection.records.indices.filter { filter.matches(collection.records[$0]) }
                var session = FilterSession(collection: collection)
                let found = session.visibleIndices(filter)
                XCTAssertTrue(found == expected, "“\(query)”, tiles only: \(tilesOnly): "
                              + "found wrongly \(Array(Set(found).subtracting(expected).sorted().prefix(5))), "
                              + "missed \(Array(Set(expected).subtracting(found).sorted().prefix(5)))")
            }
        }
    }

    /// The scan over a run of labels, wherever the run starts and ends (a
    /// worker's step ends anywhere): the runs' results joined are the whole's.
    func testRunsOfAnyLengthJoinToTheWholeResult() {
        let collection = Self.awkwardCollection(count: 1_500, seed: 12)
        var random = SplitMix64(seed: 13)
        for query in ["a", "ab", "é", "ss", "aaaaaaaaaaaaaaaaa"] {
            let filter = LabelFilter(query: query)
            let expected = collection.records.indices.filter { filter.matches(collection.records[$0]) }
            var session = FilterSession(collection: collection)
            var pass = session.start(filter)
            while !pass.isDone { pass.run(upTo: 1 + Int(random.next() % 40)) }
            XCTAssertTrue(session.finish(pass) == expected, "“\(query)”: joined runs differ from the whole")
        }
    }

    /// A deletion scans only between the results it keeps: each such gap is
    /// a run of its own.
    func testAWiderQueryScansBetweenWhatItKeeps() {
        let collection = Self.awkwardCollection(count: 3_000, seed: 14)
        var session = FilterSession(collection: collection)
        _ = session.visibleIndices(LabelFilter(query: "ab"))
        let wider = LabelFilter(query: "a")
        let expected = collection.records.indices.filter { wider.matches(collection.records[$0]) }
        XCTAssertTrue(session.visibleIndices(wider) == expected, "“a” after “ab” differs from “a” alone")
    }
}
