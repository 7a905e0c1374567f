// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
import UnfoldCore

/// A filter result said as a list model's `items-changed`: the signals turn
/// the old result into the new one, exactly where a view shows it.
final class ResultChangeTests: XCTestCase {
    /// The changes between two results written as lists, in a collection a
    /// little larger than either needs (so that its last word is part-used).
    static func changes(from old: [Int], to new: [Int], exactAround window: Range<Int>) -> [ResultChange] {
        let capacity = (old + new).max().map { $0 + 1 + $0 % 7 } ?? 3
        return ResultChange.changes(from: LabelSet(capacity: capacity, positions: old),
                                    to: LabelSet(capacity: capacity, positions: new), exactAround: window)
    }

    /// What a GListModel's user sees: each change applied in turn.
    func applying(_ changes: [ResultChange], to old: [Int], new: [Int]) -> [Int] {
        var list = old
        for change in changes {
            XCTAssertLessThanOrEqual(change.position + change.removed, list.count, "a change beyond the list")
            guard change.position + change.removed <= list.count else { return list }
            // The inserted items are the new result's at those places, as the model gives them.
            list.replaceSubrange(change.position..<(change.position + change.removed),
                                 with: new[change.position..<(change.position + change.added)])
        }
        return list
    }

    /// Where an old item is after the changes, by their arithmetic alone; nil
    /// if a change replaced it.
    func position(after changes: [ResultChange], of position: Int) -> Int? {
        var position = position
        for change in changes where position >= change.position {
            guard position >= change.position + change.removed else { return nil }
            position += change.added - change.removed
        }
        return position
    }

    func testASmallFilterChangeIsSaidRunByRun() {
        let changes = Self.changes(from: [0, 1, 2, 3], to: [0, 3, 4], exactAround: 0..<4)
        XCTAssertEqual(changes, [.init(position: 1, removed: 2, added: 0), .init(position: 2, removed: 0, added: 1)])
        XCTAssertEqual(applying(changes, to: [0, 1, 2, 3], new: [0, 3, 4]), [0, 3, 4])
    }

    func testTheSameResultIsNoChange() {
        XCTAssertEqual(Self.changes(from: [1, 5, 9], to: [1, 5, 9], exactAround: 0..<3), [])
        XCTAssertEqual(Self.changes(from: [], to: [], exactAround: 0..<10), [])
    }

    func testOutsideTheWindowAChangeIsOneReplacement() {
        let old = Array(0..<1_000_000), new = old.filter { $0 % 3 != 0 }
        // A view at the top shows the first 20 items.
        let changes = Self.changes(from: old, to: new, exactAround: 0..<20)
        XCTAssertEqual(applying(changes, to: old, new: new), new)
        XCTAssertLessThanOrEqual(changes.count, 20 + 1, "a run per shown item, and one for the rest")
        XCTAssertEqual(changes.last, .init(position: 13, removed: 1_000_000 - 20, added: new.count - 13))
    }

    /// Random results and windows: the changes always make the new result,
    /// every item of the window that stays is found by arithmetic (it glides,
    /// never fades out and back), and the signals are bounded by the window.
    func testRandomResultsAreExactInTheWindow() {
        var random = SplitMix64(seed: 20)
        for round in 0..<2_000 {
            let universe = Int.random(in: 0...60, using: &random)
            let oldDensity = Double.random(in: 0...1, using: &random), newDensity = Double.random(in: 0...1, using: &random)
            let old = (0..<universe).filter { _ in Double.random(in: 0..<1, using: &random) < oldDensity }
            let new = (0..<universe).filter { _ in Double.random(in: 0..<1, using: &random) < newDensity }
            let start = Int.random(in: 0...max(0, old.count), using: &random)
            let window = start..<min(old.count, start + Int.random(in: 0...12, using: &random))
            let changes = Self.changes(from: old, to: new, exactAround: window)
            XCTAssertEqual(applying(changes, to: old, new: new), new, "round \(round): \(old) → \(new) around \(window)")
            XCTAssertLessThanOrEqual(changes.count, window.count + 3, "round \(round)")
            for oldPosition in window {
                guard let newPosition = new.firstIndex(of: old[oldPosition]) else { continue }
                XCTAssertEqual(position(after: changes, of: oldPosition), newPosition,
                               "round \(round): \(old[oldPosition]) stays, at \(newPosition)")
            }
        }
    }
}
