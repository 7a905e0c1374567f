import XCTest
import UnfoldCore

final class ColumnTransitionTests: XCTestCase {
    /// Rows 40 px tall, 8 px apart.
    let rowHeight: (Int) -> Double = { _ in 40 }
    let half: Microseconds = ColumnTransition.duration / 2

    func settled(_ ids: [Int]) -> ColumnTransition {
        var column = ColumnTransition(spacing: 8)
        column.update(to: ids, animated: false, height: rowHeight)
        return column
    }

    func frame(_ column: ColumnTransition, _ id: Int) -> ColumnTransition.Frame? {
        column.frames(height: rowHeight).first { $0.id == id }
    }

    func testUnchangedIDsStartNothing() {
        var column = settled([1, 2])
        XCTAssertNil(column.update(to: [1, 2], animated: true, height: rowHeight))
        XCTAssertFalse(column.isAnimating)
    }

    func testInsertedRowFadesInSlidingUpFromBelow() {
        var column = settled([1])
        XCTAssertEqual(column.update(to: [1, 2], animated: true, height: rowHeight)?.inserted, [2])
        column.advance(to: 0)
        XCTAssertEqual(frame(column, 2), .init(id: 2, y: 48 + 8, opacity: 0, isLeaving: false))
        column.advance(to: half)
        let middle = frame(column, 2)!
        XCTAssertEqual(middle.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(middle.y, 48 + 4, accuracy: 1e-9)
        column.advance(to: 2 * half)
        XCTAssertEqual(frame(column, 2), .init(id: 2, y: 48, opacity: 1, isLeaving: false))
        XCTAssertFalse(column.isAnimating)
    }

    func testRemovedRowFadesWhereItWasThenLeaves() {
        var column = settled([1, 2, 3])
        column.update(to: [1, 3], animated: true, height: rowHeight)
        XCTAssertEqual(column.presentIDs, [2, 1, 3])
        column.advance(to: 0)
        column.advance(to: half)
        XCTAssertEqual(frame(column, 2)?.y, 48, "it stays where it was")
        XCTAssertEqual(frame(column, 2)?.opacity ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(frame(column, 2)?.isLeaving, true)
        // Row 3 glides up into the gap; the column's height eases down.
        XCTAssertEqual(frame(column, 3)?.y ?? 0, 72, accuracy: 1e-9)
        XCTAssertEqual(column.displayedHeight(height: rowHeight), 112, accuracy: 1e-9)
        XCTAssertEqual(column.advance(to: 2 * half), [2])
        XCTAssertEqual(column.presentIDs, [1, 3])
        XCTAssertEqual(frame(column, 3)?.y, 48)
        XCTAssertEqual(column.displayedHeight(height: rowHeight), 88)
    }

    func testRowMatchingAgainWhileLeavingFadesBackFromItsOpacity() {
        var column = settled([1, 2])
        column.update(to: [1], animated: true, height: rowHeight)
        column.advance(to: 0)
        column.advance(to: half)
        let fading = frame(column, 2)!
        column.update(to: [1, 2], animated: true, height: rowHeight)
        XCTAssertEqual(column.presentIDs, [1, 2], "the same row, not a second one")
        XCTAssertEqual(frame(column, 2)!.opacity, fading.opacity, accuracy: 1e-9)
        XCTAssertEqual(frame(column, 2)!.y, fading.y, accuracy: 1e-9, "no jump")
        column.advance(to: half + 1)
        column.advance(to: 10 * half)
        XCTAssertEqual(frame(column, 2), .init(id: 2, y: 48, opacity: 1, isLeaving: false))
    }

    /// A row that was never visible (inserted, then the list changed again before
    /// any frame) has no position to glide from: it slides in at its place.
    func testRowNotYetVisibleDoesNotGlideFromItsOldPlace() {
        var column = settled([1, 2])
        column.update(to: [1, 2, 3, 4], animated: true, height: rowHeight)
        column.update(to: [3, 4], animated: true, height: rowHeight)
        column.advance(to: 0)
        XCTAssertEqual(frame(column, 3), .init(id: 3, y: ColumnTransition.insertionSlide, opacity: 0, isLeaving: false))
        XCTAssertEqual(frame(column, 4), .init(id: 4, y: 48 + ColumnTransition.insertionSlide, opacity: 0, isLeaving: false))
    }

    func testInterruptedGlideContinuesFromWhereTheRowIsShown() {
        var column = settled([1, 2, 3])
        column.update(to: [3], animated: true, height: rowHeight)
        column.advance(to: 0)
        column.advance(to: half)
        let shown = frame(column, 3)!.y
        XCTAssertEqual(shown, 48, accuracy: 1e-9)
        column.update(to: [2, 3], animated: true, height: rowHeight)
        XCTAssertEqual(frame(column, 3)!.y, shown, accuracy: 1e-9)
    }

    func testRapidChangesSettleToOneRowPerVisibleIDInOrder() {
        var generator = SystemRandomNumberGenerator()
        var column = settled([1, 2, 3, 4])
        var time: Microseconds = 0
        for _ in 0..<500 {
            let ids = [1, 2, 3, 4, 5, 6].filter { _ in Bool.random(using: &generator) }.shuffled(using: &generator)
            column.update(to: ids, animated: true, height: rowHeight)
            time += Microseconds.random(in: 0...40_000, using: &generator)
            column.advance(to: time)
        }
        let last = column.visibleIDs
        column.advance(to: time + ColumnTransition.duration)
        column.advance(to: time + 2 * ColumnTransition.duration)
        XCTAssertFalse(column.isAnimating)
        XCTAssertEqual(column.presentIDs, last)
        XCTAssertEqual(column.frames(height: rowHeight).map(\.y), last.indices.map { Double($0) * 48 })
        XCTAssertEqual(column.frames(height: rowHeight).map(\.opacity), last.map { _ in 1 })
    }

    func testWithoutAnimationChangesAreImmediate() {
        var column = settled([1, 2, 3, 4])
        column.update(to: [3, 4], animated: false, height: rowHeight)
        XCTAssertFalse(column.isAnimating)
        XCTAssertEqual(column.presentIDs, [3, 4])
        XCTAssertEqual(column.frames(height: rowHeight).map(\.y), [0, 48])
    }
}
