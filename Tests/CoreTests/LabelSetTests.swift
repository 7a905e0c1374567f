// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
import UnfoldCore

/// A filter's result as bits, read as the ascending list of positions it
/// stands for: every reading agrees with that list, across word edges and
/// at the collection's end.
final class LabelSetTests: XCTestCase {
    func testItReadsAsItsAscendingPositions() {
        var random = SplitMix64(seed: 31)
        for round in 0..<500 {
            let capacity = Int(random.next() % 300)
            let density = Double(random.next() % 101) / 100
            let positions = (0..<capacity).filter { _ in Double(random.next() % 1_000) / 1_000 < density }
            let set = LabelSet(capacity: capacity, positions: positions.shuffled(using: &random))
            XCTAssertEqual(Array(set), positions, "round \(round): iterated")
            XCTAssertEqual(set.count, positions.count)
            XCTAssertEqual(set.indices.map { set[$0] }, positions, "round \(round): each found by its index")
            for position in -1...capacity {
                XCTAssertEqual(set.contains(position), positions.contains(position))
                XCTAssertEqual(set.rank(position), positions.filter { $0 < position }.count, "round \(round): rank of \(position)")
                XCTAssertEqual(Array(IteratorSequence(set.members(from: position))), positions.filter { $0 >= position })
            }
        }
    }

    func testAllAndNoneAreWholeWordsAndAPart() {
        for capacity in [0, 1, 63, 64, 65, 127, 128, 1_000] {
            XCTAssertEqual(Array(LabelSet(all: capacity)), Array(0..<capacity))
            XCTAssertEqual(LabelSet(none: capacity).count, 0)
            XCTAssertEqual(LabelSet(all: capacity), LabelSet(capacity: capacity, positions: 0..<capacity))
        }
    }

    /// The common ends of two results, found a word at a time, are the
    /// elements equal at the same place from the start and from each end.
    func testCommonEndsAreTheListsCommonEnds() {
        var random = SplitMix64(seed: 32)
        for round in 0..<2_000 {
            let capacity = Int(random.next() % 200)
            let old = (0..<capacity).filter { _ in random.next() % 3 != 0 }
            var new = old
            // A few changes somewhere in the middle.
            for _ in 0..<Int(random.next() % 4) where capacity > 0 {
                let position = Int(random.next() % UInt64(capacity))
                if let index = new.firstIndex(of: position) { new.remove(at: index) } else { new = (new + [position]).sorted() }
            }
            let a = LabelSet(capacity: capacity, positions: old), b = LabelSet(capacity: capacity, positions: new)
            var prefix = 0
            while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            XCTAssertEqual(a.commonPrefixCount(with: b), prefix, "round \(round): \(old) → \(new)")
            XCTAssertEqual(a.commonSuffixCount(with: b), old == new ? old.count : suffix, "round \(round): \(old) → \(new)")
            XCTAssertEqual(a == b, old == new)
        }
    }

    /// Ten million labels: a result of every one costs bits, not a list of
    /// eighty megabytes.
    func testTenMillionLabelsTakeUnderTwoMegabytes() {
        let all = LabelSet(all: 10_000_000)
        XCTAssertEqual(all.count, 10_000_000)
        XCTAssertEqual(all[9_999_999], 9_999_999)
        XCTAssertEqual(all.rank(5_000_000), 5_000_000)
        XCTAssertLessThan(all.storageBytes, 2_000_000)
    }
}
