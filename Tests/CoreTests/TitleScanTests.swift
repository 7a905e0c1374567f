// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import UnfoldCore
import CUnfoldScan

/// The scan that searches a collection's titles as one stretch of bytes
/// (`TitleScan`) against the match rule itself (`LabelFilter.matches` on a
/// record, which folds the title and looks for the needle in it).
final class TitleScanTests: XCTestCase {
    /// Titles made to trip a byte scan: a needle at a title's very start and
    /// end, across two titles' bytes, in capitals and control spaces, next to
    /// and inside non-ASCII text (stored folded, and perhaps folded to nothing),
    /// and empty titles; lengths around the 16-byte block.
    static func awkwardCollection(count: Int, seed: UInt64) -> LabelCollection {
        var random = SplitMix64(seed: seed)
        let pieces = ["a", "A", "ab", "AB", "b", "ba", "é", "É", "e\u{301}", "ß", "ss", " ", "\t", "\n", "x", "Straße",
                      "\u{301}", "İ", "i", "ﬁ", "fi", "日本", "-", "aaaaaaaaaaaaaaaa", "AbAbAbAbAbAbAbAbA", ""]
        // First, titles no random draw is sure to make: empty, and marks alone
        // (a title whose fold is empty).
        let fixed = ["", "\u{301}", "\u{301}\u{301}", "\u{301}a", "a\u{301}", "A"]
        var builder = LabelCollection.Builder()
        for id in 0..<count {
            let length = Int(random.next() % 7)
            let title = id < fixed.count ? fixed[id]
                : (0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            builder.append(id: id, title: title, category: random.next() % 3 == 0 ? .tile : .dot)
        }
        return try! LabelCollection(builder)
    }

    /// Where most labels hold the needle, the scan reads them one at a time:
    /// a label whose end and the next one's start make the needle between
    /// them, a label too short for it, one holding it only past sixteen
    /// bytes, a label that is not ASCII (stored folded), each among thousands
    /// that match, and again in a stretch where few do.
    func testWhereMostLabelsMatchEachIsReadAlone() {
        var random = SplitMix64(seed: 21)
        let matching = ["ab", "xab", "AB", "zzzzzzzzzzzzzzzzzzzab", "zzzzzzzzzzzzzzzab", "Ab é", "aab", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzab"]
        let tricky = ["a", "b", "bzz", "zza", "", "é", "zzzzzzzzzzzzzzzza", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzza", "ba"]
        var builder = LabelCollection.Builder()
        for id in 0..<6_000 {
            // Dense for the first 4,000 labels, sparse after.
            let dense = id < 4_000
            let pool = dense ? (random.next() % 4 == 0 ? tricky : matching) : (random.next() % 20 == 0 ? matching : tricky)
            builder.append(id: id, title: pool[Int(random.next() % UInt64(pool.count))], category: id % 2 == 0 ? .tile : .dot)
        }
        assertScansFindWhatTheRuleDoes(in: try! LabelCollection(builder), for: ["ab", "a", "b", "zab", "zzzzzzzzzzzzzzzzab", "ab é", "é"])
    }

    /// Each query, from a fresh session, with AVX2 and with SSE2 alone: the
    /// labels the match rule lets through, no more, no fewer.
    private func assertScansFindWhatTheRuleDoes(in collection: LabelCollection, for queries: [String],
                                                file: StaticString = #filePath, line: UInt = #line) {
        defer { unfold_scan_allow_avx2(1) }
        for query in queries {
            for avx2: Int32 in [1, 0] {
                unfold_scan_allow_avx2(avx2)
                let filter = LabelFilter(query: query)
                let expected = collection.records.indices.filter { filter.matches(collection.records[$0]) }
                var session = FilterSession(collection: collection)
                let found = Array(session.visibleIndices(filter))
                XCTAssertTrue(found == expected, "“\(query)”, AVX2: \(avx2): found wrongly "
                              + "\(Array(Set(found).subtracting(expected).sorted().prefix(5))), "
                              + "missed \(Array(Set(expected).subtracting(found).sorted().prefix(5)))", file: file, line: line)
            }
        }
    }

    /// Read label by label, a label's candidates are bits of a map: a
    /// title longer than a word of it (64 bytes), the needle on either side
    /// of a word's edge or at its title's very end, and groups whose titles
    /// outgrow the map (a quarter of a megabyte), read as a stretch instead.
    func testLongTitlesWhereMostMatchAreFoundWhereverTheNeedleLies() {
        var random = SplitMix64(seed: 31)
        var builder = LabelCollection.Builder()
        for id in 0..<5_000 {
            // Short titles first, then titles long enough that a group of
            // 1,024 outgrows the map; nine in ten hold "ab" (or "aXb").
            let length = id < 2_500 ? 60 + Int(random.next() % 140) : 200 + Int(random.next() % 200)
            var title = [Character](repeating: "z", count: length)
            let kind = random.next() % 10
            let at = Int(random.next() % UInt64(length - 2))
            if kind < 9 { title[at] = "a"; title[at + 1] = "b" }
            if kind == 0 { title[length - 2] = "a"; title[length - 1] = "B" }
            if kind == 1 { title[at + 1] = "x"; title[at + 2] = "b" }
            if kind == 9 { title[0] = "b"; title[length - 1] = "a" }  // the ends of "ab", apart
            builder.append(id: id, title: (random.next() % 7 == 0 ? "é" : "") + String(title), category: .dot)
        }
        assertScansFindWhatTheRuleDoes(in: try! LabelCollection(builder), for: [
            "ab", "a", "b", "axb", "zab", "abz", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzza",
        ])
    }

    /// Read label by label, a needle of three bytes is compared whole in
    /// the blocks, and a label holds it if any bit of its map is set: each
    /// label's first 112 bits are read at once, the rest only if those are
    /// clear. So the needle at every place of titles of every length up to
    /// past that, in a run where most labels hold it, with capitals, a tab
    /// for a space (not compared in the blocks), three bytes of one
    /// character, and a title's end and the next one's start making it.
    /// Where titles are short on average, a label's first 56 are read at
    /// once: so again with three short titles after each.
    func testANeedleOfThreeBytesIsFoundAtEveryPlaceOfTitlesOfEveryLength() {
        for (needle, written) in [("lib", "LiB"), ("—", "—"), ("a-b", "a-b"), ("a b", "a\tb")] {
            for shortBetween in [false, true] {
                assertScansFindWhatTheRuleDoes(in: Self.everyPlace(of: written, shortBetween: shortBetween),
                                               for: [needle, String(needle.prefix(2))])
            }
        }
    }

    /// Titles of `written` at every place, and titles that almost hold it.
    private static func everyPlace(of written: String, shortBetween: Bool) -> LabelCollection {
        var builder = LabelCollection.Builder()
        var id = 0
        func add(_ title: String) {
            builder.append(id: id, title: title, category: id % 3 == 0 ? .tile : .dot)
            id += 1
        }
        for length in 3...130 {
            for place in 0...(length - 3) {
                let filler = String(repeating: "z", count: length - 3)
                let index = filler.index(filler.startIndex, offsetBy: place)
                add(String(filler[..<index]) + written + String(filler[index...]))
                if shortBetween { ["z" + written, written, "zz"].forEach(add) }
            }
            // Three of each length that do not hold it, though its ends
            // are there, or its first character ends one and the rest starts the next.
            let parts = Array(written)
            let ends = String(repeating: "z", count: max(0, length - 2))
            add(String(parts[0]) + ends + String(parts[parts.count - 1]))
            add(String(repeating: "z", count: length - 1) + String(parts[0]))
            add(String(parts[1...]) + String(repeating: "z", count: length - 2))
        }
        return try! LabelCollection(builder)
    }

    /// With 32-byte blocks where the processor has AVX2, and with 16-byte
    /// ones (SSE2), which the same machine must find the same.
    func testAScanFindsExactlyTheTitlesTheMatchRuleDoes() {
        let collection = Self.awkwardCollection(count: 4_000, seed: 11)
        let queries = ["a", "A", "ab", "ba", "aba", "bab", "b a", "a\tb", "é", "e", "ss", "ß", "strasse", "i", "İ", "fi",
                       "ﬁ", "日", "本日", "aaaaaaaaaaaaaaaaa", "abababababababababab", "x-", " ", "-", "zz", "a a", "ab ab",
                       "a ", " a", "- ", "1", "Z"]
        defer { unfold_scan_allow_avx2(1) }
        for (query, avx2) in queries.flatMap({ query -> [(String, Int32)] in [(query, 1), (query, 0)] }) {
            unfold_scan_allow_avx2(avx2)
            for tilesOnly in [false, true] {
                let filter = LabelFilter(query: query, tilesOnly: tilesOnly)
                let expected = collection.records.indices.filter { filter.matches(collection.records[$0]) }
                var session = FilterSession(collection: collection)
                let found = Array(session.visibleIndices(filter))
                XCTAssertTrue(found == expected, "“\(query)”, tiles only: \(tilesOnly), AVX2: \(avx2): "
                              + "found wrongly \(Array(Set(found).subtracting(expected).sorted().prefix(5))), "
                              + "missed \(Array(Set(expected).subtracting(found).sorted().prefix(5)))")
            }
        }
    }

    /// Every way a session comes to a result (a scan, a refinement of the
    /// last result title by title, a deletion that scans between what it
    /// keeps, a result remembered), as a person types each query and deletes
    /// it again, over the same awkward titles: each result is the rule's.
    func testTypingAndDeletingFindsWhatTheMatchRuleDoes() {
        let collection = Self.awkwardCollection(count: 2_000, seed: 15)
        var session = FilterSession(collection: collection)
        for query in ["abab", "strasse", "e\u{301}a", "a b", "\u{301}a", "ﬁss"] {
            let typed = (1...query.count).map { String(query.prefix($0)) }
            for text in typed + typed.reversed().dropFirst() + [""] {
                for tilesOnly in [false, true] {
                    let filter = LabelFilter(query: text, tilesOnly: tilesOnly)
                    let expected = collection.records.indices.filter { filter.matches(collection.records[$0]) }
                    let found = Array(session.visibleIndices(filter))
                    XCTAssertTrue(found == expected, "“\(text)”, tiles only: \(tilesOnly), typing “\(query)”: found wrongly "
                                  + "\(Array(Set(found).subtracting(expected).sorted().prefix(5))), "
                                  + "missed \(Array(Set(expected).subtracting(found).sorted().prefix(5)))")
                }
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
            XCTAssertTrue(Array(session.finish(pass)) == expected, "“\(query)”: joined runs differ from the whole")
        }
    }

    /// A title of marks alone folds to nothing: no query finds it, and none
    /// may crash on it, whichever way the search comes to it (a refinement
    /// tests each title of the last result on its own).
    func testATitleWhoseFoldIsEmptyIsFoundByNothing() throws {
        let collection = try LabelCollection([LabelRecord(id: 1, title: "\u{301}\u{301}", category: .tile),
                                              LabelRecord(id: 2, title: "a", category: .dot)])
        XCTAssertEqual(SearchFolding.foldedBytes("\u{301}\u{301}"), [], "the title's fold is empty")
        var session = FilterSession(collection: collection)
        XCTAssertEqual(Array(session.visibleIndices(LabelFilter(query: ""))), [0, 1])
        XCTAssertEqual(Array(session.visibleIndices(LabelFilter(query: "a"))), [1], "refined from everything")
        var fresh = FilterSession(collection: collection)
        XCTAssertEqual(Array(fresh.visibleIndices(LabelFilter(query: "a"))), [1], "scanned")
        XCTAssertEqual(Array(fresh.visibleIndices(LabelFilter(query: "\u{301}"))), [0, 1], "a query of marks alone is empty")
    }

    /// A deletion after a refinement reads the titles again, and finds what
    /// the longer query found among the rest.
    func testAWiderQueryAfterANarrowerFindsTheRuleFiltersResult() {
        let collection = Self.awkwardCollection(count: 3_000, seed: 14)
        var session = FilterSession(collection: collection)
        _ = session.visibleIndices(LabelFilter(query: "ab"))
        let wider = LabelFilter(query: "a")
        let expected = collection.records.indices.filter { wider.matches(collection.records[$0]) }
        XCTAssertTrue(Array(session.visibleIndices(wider)) == expected, "“a” after “ab” differs from “a” alone")
    }
}

