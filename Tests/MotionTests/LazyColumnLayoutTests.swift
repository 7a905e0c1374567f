// SPDX-License-Identifier: LGPL-2.1-or-later
import XCTest
@testable import UnfoldMotion
import UnfoldCore  // SplitMix64, the tests' seeded generator

final class LazyColumnLayoutTests: XCTestCase {
    /// Rows 40 px tall, 8 px apart: a pitch of 48.
    let viewport = LazyColumnLayout.Viewport(top: 0, height: 480)  // ten rows
    let end = LazyColumnLayout.duration

    func settled(_ order: [Int]) -> LazyColumnLayout {
        var layout = LazyColumnLayout(rowHeight: 40, spacing: 8)
        layout.update(to: order, viewport: viewport, animated: false)
        return layout
    }

    func frame(_ layout: LazyColumnLayout, _ key: Int, _ viewport: LazyColumnLayout.Viewport? = nil) -> LazyColumnLayout.Frame? {
        layout.frames(viewport ?? self.viewport).first { $0.id == key }
    }

    func testSmallListsAnimateAsTheTutorialSays() {
        var layout = settled([0, 1, 2, 3])
        XCTAssertEqual(layout.frames(viewport).map(\.y), [0, 48, 96, 144])
        XCTAssertEqual(layout.displayedHeight, 184)

        // "a" -> "b": [0, 1] (shown) swapped for [2, 3].
        layout.update(to: [0, 1], viewport: viewport, animated: false)
        let change = layout.update(to: [2, 3], viewport: viewport, animated: true)
        XCTAssertEqual(change.map { Set($0.removed) }, [0, 1], "two removals…")
        XCTAssertEqual(change.map { Set($0.inserted) }, [2, 3], "…and two insertions, for the same count")
        layout.advance(to: 0)
        XCTAssertEqual(frame(layout, 0), .init(id: 0, y: 0, opacity: 1, isLeaving: true), "fades where it was")
        XCTAssertEqual(frame(layout, 2), .init(id: 2, y: 8, opacity: 0, isLeaving: false), "slides up from 8 px below")
        layout.advance(to: end / 2)
        XCTAssertEqual(frame(layout, 0)!.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(frame(layout, 3)!.y, 48 + 4, accuracy: 1e-9)
        layout.advance(to: end)
        XCTAssertFalse(layout.isAnimating)
        XCTAssertEqual(layout.frames(viewport), [.init(id: 2, y: 0, opacity: 1, isLeaving: false), .init(id: 3, y: 48, opacity: 1, isLeaving: false)])
        XCTAssertEqual(layout.animatedRowCount, 0, "rows at rest carry no state")
    }

    func testUnchangedOrderStartsNothing() {
        var layout = settled([0, 5, 9])
        XCTAssertNil(layout.update(to: [0, 5, 9], viewport: viewport, animated: true))
        XCTAssertFalse(layout.isAnimating)
    }

    func testRowsThatStayGlideAndALeavingRowComesBackFromItsOpacity() {
        var layout = settled([0, 1, 2])
        layout.update(to: [0, 2], viewport: viewport, animated: true)
        layout.advance(to: 0)
        layout.advance(to: end / 2)
        XCTAssertEqual(frame(layout, 2)!.y, 72, accuracy: 1e-9, "half way from 96 to 48")
        let fading = frame(layout, 1)!
        layout.update(to: [0, 1, 2], viewport: viewport, animated: true)
        XCTAssertEqual(frame(layout, 1)!.opacity, fading.opacity, accuracy: 1e-9, "the same row, from where it is")
        XCTAssertEqual(frame(layout, 1)!.y, fading.y, accuracy: 1e-9)
        XCTAssertEqual(frame(layout, 2)!.y, 72, accuracy: 1e-9, "no jump")
        layout.advance(to: end + 1)
        layout.advance(to: 3 * end)
        XCTAssertEqual(layout.frames(viewport).map(\.y), [0, 48, 96])
    }

    /// A row never seen (inserted, then the list changed again before any frame)
    /// has no place to glide from: it slides in at its place.
    func testRowNotYetVisibleDoesNotGlideFromItsOldPlace() {
        var layout = settled([0, 1])
        layout.update(to: [0, 1, 2, 3], viewport: viewport, animated: true)
        layout.update(to: [2, 3], viewport: viewport, animated: true)
        layout.advance(to: 0)
        XCTAssertEqual(frame(layout, 2), .init(id: 2, y: 8, opacity: 0, isLeaving: false))
        XCTAssertEqual(frame(layout, 3), .init(id: 3, y: 48 + 8, opacity: 0, isLeaving: false))
    }

    func testAMillionRowsCostOnlyWhatIsOnScreen() {
        let all = Array(0..<1_000_000)
        var layout = settled(all)
        XCTAssertEqual(layout.displayedHeight, 1_000_000 * 48 - 8)
        let deep = LazyColumnLayout.Viewport(top: 24_000_000, height: 480)
        XCTAssertEqual(layout.frames(deep).map(\.id), Array(500_000..<500_010))

        // Every other row goes: those on screen fade, the rest glide up.
        let odd = all.filter { $0 % 2 == 1 }
        layout.update(to: odd, viewport: deep, animated: true)
        XCTAssertLessThanOrEqual(layout.animatedRowCount, 40, "animation state is bounded by the viewport")
        XCTAssertLessThanOrEqual(layout.frames(deep).count, 40, "and so are the rows that must exist")
        layout.advance(to: 0)
        layout.advance(to: end)
        XCTAssertFalse(layout.isAnimating)
        XCTAssertEqual(layout.animatedRowCount, 0)
        XCTAssertEqual(layout.displayedHeight, 500_000 * 48 - 8, "the scroll range follows the filtered count")
        let middle = LazyColumnLayout.Viewport(top: 12_000_000, height: 480)  // the list is half as long now
        XCTAssertEqual(layout.frames(middle).map(\.id), Array(odd[250_000..<250_010]))
    }

    func testRowsFromFarAwayGlideInFromTheViewportsEdge() {
        var layout = settled(Array(0..<10_000))
        // Remove the first 5,000: row 5,000 moves from far below to the top.
        layout.update(to: Array(5_000..<10_000), viewport: viewport, animated: true)
        layout.advance(to: 0)
        let arriving = frame(layout, 5_000)!
        XCTAssertEqual(arriving.y, viewport.top + viewport.height, accuracy: 1e-9, "enters at the bottom edge, not 240,000 px away")
        XCTAssertEqual(arriving.opacity, 1)
        layout.advance(to: end)
        XCTAssertEqual(frame(layout, 5_000)!.y, 0)
    }

    func testScrollingDuringAnimationShowsTheRowsOfTheNewViewport() {
        var layout = settled(Array(0..<1_000))
        layout.update(to: Array(0..<1_000).filter { $0 != 3 }, viewport: viewport, animated: true)
        layout.advance(to: 0)
        let scrolled = LazyColumnLayout.Viewport(top: 4_800, height: 480)
        let ids = layout.frames(scrolled).filter { !$0.isLeaving && $0.y >= 4_800 && $0.y < 5_280 }.map(\.id)
        XCTAssertEqual(ids, Array(101..<111), "the rows now at 100…109 are drawn")
    }

    func testWithoutAnimationEverythingIsAtOnce() {
        var layout = settled(Array(0..<100))
        layout.update(to: [3, 50, 99], viewport: viewport, animated: false)
        XCTAssertFalse(layout.isAnimating)
        XCTAssertEqual(layout.frames(viewport).map(\.y), [0, 48, 96])
        XCTAssertEqual(layout.animatedRowCount, 0)
    }

    func testRandomChangesSettleToTheStaticLayout() {
        var random = SplitMix64(seed: 99)
        var layout = settled(Array(0..<5_000))
        var time: Microseconds = 0
        var view = viewport
        for _ in 0..<300 {
            let keep = random.next() % 5 + 1
            let order = (0..<5_000).filter { UInt64($0) % keep == 0 || random.next() % 7 == 0 }
            view.top = Double(random.next() % 2_000) * 48
            layout.update(to: order, viewport: view, animated: true)
            time += Microseconds(random.next() % 40_000)
            layout.advance(to: time)
            // Two viewports' worth at most: what was on screen and what comes onto it.
            XCTAssertLessThanOrEqual(layout.animatedRowCount, 2 * 11, "bounded by the viewport")
        }
        layout.advance(to: time + end)
        layout.advance(to: time + 2 * end)
        XCTAssertFalse(layout.isAnimating)
        let range = layout.visibleRange(view)
        XCTAssertEqual(layout.frames(view), range.map { .init(id: layout.order[$0], y: Double($0) * 48, opacity: 1, isLeaving: false) })
    }
}
