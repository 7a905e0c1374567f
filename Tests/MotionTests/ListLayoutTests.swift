// SPDX-License-Identifier: LGPL-2.1-or-later
import XCTest
import UnfoldMotion
import UnfoldCore  // SplitMix64, the tests' seeded generator

/// The list's motion as a model drives it: items-changed (position, removed,
/// added) and the keys of the items in view, nothing else.
final class ListLayoutTests: XCTestCase {
    /// Rows 40 px tall, 8 px apart: a pitch of 48; the view shows ten rows.
    let viewport = ListLayout<Int>.Viewport(top: 0, height: 480)
    let end = ListLayout<Int>.duration

    /// A list model's items, by key, and the changes a GListStore would report.
    struct Model {
        var keys: [Int]
        /// g_list_store_splice: one items-changed over the spliced range.
        mutating func splice(at position: Int, removing removed: Int, inserting added: [Int]) -> (Int, Int, Int) {
            keys.replaceSubrange(position..<(position + removed), with: added)
            return (position, removed, added.count)
        }
    }

    func layout(_ model: Model) -> ListLayout<Int> {
        var layout = ListLayout<Int>(rowHeight: 40, spacing: 8, count: model.keys.count)
        layout.placed(layout.frames(viewport) { model.keys[$0] })
        return layout
    }

    func apply(_ change: (Int, Int, Int), to layout: inout ListLayout<Int>, _ model: Model, animated: Bool = true,
               viewport: ListLayout<Int>.Viewport? = nil) {
        layout.itemsChanged(at: change.0, removed: change.1, added: change.2, viewport: viewport ?? self.viewport,
                            keyAt: { model.keys[$0] }, animated: animated)
        layout.placed(layout.frames(viewport ?? self.viewport) { model.keys[$0] })
    }

    func frames(_ layout: ListLayout<Int>, _ model: Model) -> [ListLayout<Int>.Frame] {
        layout.frames(viewport) { model.keys[$0] }
    }

    func frame(_ layout: ListLayout<Int>, _ model: Model, _ key: Int) -> ListLayout<Int>.Frame? {
        frames(layout, model).first { $0.key == key }
    }

    func testAFilterChangeFadesOutInsertsAndGlidesAsTheTutorialSays() {
        var model = Model(keys: [0, 1, 2, 3])
        var layout = layout(model)
        XCTAssertEqual(frames(layout, model).map(\.y), [0, 48, 96, 144])
        XCTAssertEqual(layout.displayedHeight, 184)

        // A filter that lets 0 and 3 through, then one that lets 3 and 4.
        apply(model.splice(at: 1, removing: 2, inserting: []), to: &layout, model, animated: false)
        apply(model.splice(at: 0, removing: 2, inserting: [3, 4]), to: &layout, model)
        layout.advance(to: 0)
        XCTAssertEqual(frame(layout, model, 0), .init(key: 0, position: nil, y: 0, opacity: 1), "fades where it was")
        XCTAssertEqual(frame(layout, model, 3), .init(key: 3, position: 0, y: 48, opacity: 1), "glides from where it was")
        XCTAssertEqual(frame(layout, model, 4), .init(key: 4, position: 1, y: 48 + 8, opacity: 0), "slides up from 8 px below")
        layout.advance(to: end / 2)
        XCTAssertEqual(frame(layout, model, 0)!.opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(frame(layout, model, 3)!.y, 24, accuracy: 1e-9)
        XCTAssertEqual(frame(layout, model, 4)!.y, 48 + 4, accuracy: 1e-9)
        layout.advance(to: end)
        XCTAssertFalse(layout.isAnimating)
        XCTAssertEqual(frames(layout, model), [.init(key: 3, position: 0, y: 0, opacity: 1), .init(key: 4, position: 1, y: 48, opacity: 1)])
        XCTAssertEqual(layout.animatedRowCount, 0, "rows at rest carry no state")
    }

    /// Reduced motion (GTK 4.22): the same change as above, and nothing moves.
    /// The leaving row fades where it was, the kept row fades in at its new
    /// place, the new one fades in at its own without sliding, the height is
    /// the new one at once; every row is at its place in every frame.
    func testUnderReducedMotionRowsFadeInPlaceAndNothingMoves() {
        var model = Model(keys: [0, 1, 2, 3])
        var layout = layout(model)
        apply(model.splice(at: 1, removing: 2, inserting: []), to: &layout, model, animated: false)
        layout.reducesMotion = true
        apply(model.splice(at: 0, removing: 2, inserting: [3, 4]), to: &layout, model)
        XCTAssertEqual(layout.displayedHeight, layout.targetHeight(), "the height changes at once")
        var fadedIn: [Int: [Double]] = [:]
        for time in stride(from: Microseconds(0), through: end, by: Int(end / 8)) {
            layout.advance(to: time)
            for frame in frames(layout, model) {
                if frame.key == 0 { XCTAssertEqual(frame.y, 0, "the leaving row fades where it was") }
                if let position = frame.position { XCTAssertEqual(frame.y, Double(position) * 48, "row \(frame.key) is at its place") }
                fadedIn[frame.key, default: []].append(frame.opacity)
            }
        }
        XCTAssertEqual(fadedIn[3]?.first, 0, "the kept row, moved, fades in at its new place")
        XCTAssertEqual(fadedIn[4]?.first, 0)
        XCTAssertEqual(fadedIn[4]?.last, 1)
        XCTAssertEqual(fadedIn[0]?.first, 1)
        XCTAssertFalse(layout.isAnimating)
        XCTAssertEqual(frames(layout, model), [.init(key: 3, position: 0, y: 0, opacity: 1), .init(key: 4, position: 1, y: 48, opacity: 1)])
    }

    /// Under reduced motion a row that does not change place is left alone.
    func testUnderReducedMotionARowThatStaysIsNotFaded() {
        var model = Model(keys: [0, 1, 2])
        var layout = layout(model)
        layout.reducesMotion = true
        apply(model.splice(at: 3, removing: 0, inserting: [3]), to: &layout, model)
        layout.advance(to: 0)
        for key in [0, 1, 2] { XCTAssertEqual(frame(layout, model, key)?.opacity, 1, "row \(key) stays as it was") }
        XCTAssertEqual(frame(layout, model, 3)?.opacity, 0)
        XCTAssertEqual(frame(layout, model, 3)?.y, 144, "no slide")
    }

    /// A change told when it happened moves from then: every row's fade and
    /// glide, and the list's height, in the first frame after it.
    func testAChangeStartedAtItsMomentMovesInTheFirstFrameAfterIt() {
        var model = Model(keys: [0, 1, 2, 3])
        var layout = layout(model)
        apply(model.splice(at: 0, removing: 2, inserting: [5]), to: &layout, model)
        layout.startMoves(at: 1_000_000)
        let heightBefore = layout.displayedHeight
        layout.advance(to: 1_000_000 + end / 2)
        XCTAssertEqual(frame(layout, model, 0)!.opacity, 0.5, accuracy: 1e-9, "the removed row is half faded")
        XCTAssertEqual(frame(layout, model, 5)!.opacity, 0.5, accuracy: 1e-9, "the inserted row half in")
        XCTAssertEqual(frame(layout, model, 2)!.y, 96 - (96 - 48) / 2, accuracy: 1e-9, "the kept row half way up")
        XCTAssertLessThan(layout.displayedHeight, heightBefore, "the height on its way down")
        layout.advance(to: 1_000_000 + end)
        XCTAssertFalse(layout.isAnimating)
    }

    /// GListStore's splice that takes an item out and puts the same item
    /// back elsewhere moves its row: a glide, not a fade out and in.
    func testASpliceThatMovesAnItemGlidesItsRow() {
        var model = Model(keys: [10, 11, 12, 13])
        var layout = layout(model)
        apply(model.splice(at: 1, removing: 3, inserting: [12, 13, 11]), to: &layout, model)
        layout.advance(to: 0)
        XCTAssertEqual(frame(layout, model, 11), .init(key: 11, position: 3, y: 48, opacity: 1), "the same row, from its old place")
        XCTAssertFalse(frames(layout, model).contains { $0.isLeaving }, "nothing fades out")
        layout.advance(to: end / 2)
        XCTAssertEqual(frame(layout, model, 11)!.y, 96, accuracy: 1e-9, "half way from 48 to 144")
        layout.advance(to: end)
        XCTAssertEqual(frames(layout, model).map(\.key), [10, 12, 13, 11])
        XCTAssertEqual(frames(layout, model).map(\.y), [0, 48, 96, 144])
    }

    /// A model may say one change as several signals (a filter result's runs,
    /// a remove then an insert): taken together they animate as one, from what
    /// was on screen before the first.
    func testSeveralSignalsAnimateAsOneChange() {
        var model = Model(keys: Array(0..<30))
        var layout = layout(model)
        // Take 2 and 5 away, put 100 first, and move 1 after 3: four signals.
        model.keys = [100, 0, 3, 1, 4] + Array(6..<30)
        let changes: [ListLayout<Int>.Change] = [
            .init(position: 2, removed: 1, added: 0), .init(position: 4, removed: 1, added: 0),
            .init(position: 0, removed: 0, added: 1), .init(position: 2, removed: 1, added: 0),
            .init(position: 3, removed: 0, added: 1),
        ]
        layout.itemsChanged(changes, viewport: viewport, keyAt: { model.keys[$0] }, animated: true)
        layout.placed(frames(layout, model))
        layout.advance(to: 0)
        XCTAssertEqual(frame(layout, model, 2), .init(key: 2, position: nil, y: 96, opacity: 1), "gone: fades where it was")
        XCTAssertEqual(frame(layout, model, 5), .init(key: 5, position: nil, y: 240, opacity: 1))
        XCTAssertEqual(frame(layout, model, 100), .init(key: 100, position: 0, y: 8, opacity: 0), "new: slides up from 8 px below")
        XCTAssertEqual(frame(layout, model, 1), .init(key: 1, position: 3, y: 48, opacity: 1),
                       "taken away by one signal and put back by another: the same row, from its old place")
        XCTAssertEqual(frame(layout, model, 6), .init(key: 6, position: 5, y: 288, opacity: 1), "shifted: glides")
        XCTAssertEqual(frame(layout, model, 10), .init(key: 10, position: 9, y: 480, opacity: 1),
                       "from below the view: glides in from its edge")
        layout.advance(to: end)
        XCTAssertFalse(layout.isAnimating)
        XCTAssertEqual(frames(layout, model).map(\.key), Array(model.keys.prefix(10)))
    }

    func testAnItemThatComesBackWhileItFadesRevivesFromWhereItIs() {
        var model = Model(keys: [0, 1, 2])
        var layout = layout(model)
        apply(model.splice(at: 1, removing: 1, inserting: []), to: &layout, model)
        layout.advance(to: 0)
        layout.advance(to: end / 2)
        let fading = frame(layout, model, 1)!
        XCTAssertTrue(fading.isLeaving)
        apply(model.splice(at: 1, removing: 0, inserting: [1]), to: &layout, model)
        let revived = frames(layout, model).filter { $0.key == 1 }
        XCTAssertEqual(revived.count, 1, "one row, not a second")
        XCTAssertEqual(revived[0].opacity, fading.opacity, accuracy: 1e-9, "from its opacity")
        XCTAssertEqual(revived[0].y, fading.y, accuracy: 1e-9, "from its place")
        layout.advance(to: end + 1)
        layout.advance(to: 2 * end + 1)
        XCTAssertEqual(frames(layout, model), [.init(key: 0, position: 0, y: 0, opacity: 1), .init(key: 1, position: 1, y: 48, opacity: 1),
                                               .init(key: 2, position: 2, y: 96, opacity: 1)])
    }

    /// Rows below a change shift by arithmetic, found without a key lookup;
    /// rows that come into view glide in from the viewport's edge.
    func testRowsBelowAChangeShiftAndRowsFromFarAwayGlideInFromTheEdge() {
        var model = Model(keys: Array(0..<100))
        var layout = layout(model)
        apply(model.splice(at: 0, removing: 20, inserting: []), to: &layout, model)
        layout.advance(to: 0)
        // Item 20 was at 960, far below the view: it comes in from the bottom edge.
        XCTAssertEqual(frame(layout, model, 20)!.y, 480, accuracy: 1e-9)
        XCTAssertEqual(frame(layout, model, 0)?.isLeaving, true)
        layout.advance(to: end)
        XCTAssertEqual(frame(layout, model, 20), .init(key: 20, position: 0, y: 0, opacity: 1))
    }

    func testAMillionItemsCostWhatIsOnScreen() {
        var model = Model(keys: Array(0..<1_000_000))
        var layout = layout(model)
        var asked = 0
        let change = model.splice(at: 5, removing: 500_000, inserting: Array(2_000_000..<2_400_000))
        layout.itemsChanged(at: change.0, removed: change.1, added: change.2, viewport: viewport,
                            keyAt: { asked += 1; return model.keys[$0] }, animated: true)
        XCTAssertLessThanOrEqual(asked, 20, "keys asked only for the items in view")
        XCTAssertLessThanOrEqual(layout.animatedRowCount, 20, "motion only for rows on screen")
        XCTAssertEqual(layout.count, 900_000)
        XCTAssertEqual(layout.targetHeight(), 900_000 * 48 - 8)
    }

    /// Bringing a row into view moves the view as little as shows it whole,
    /// and a view with no height yet is not moved at all: a row "shown" in
    /// it would scroll the list's first row off its top (as a list focused
    /// before its first allocation did, 20 px down at every start).
    func testARowIsBroughtIntoViewByTheLeastScrollAndNeverIntoAnEmptyView() {
        let layout = layout(Model(keys: Array(0..<100)))
        XCTAssertNil(layout.topShowing(0, from: viewport), "the first row shows whole at the top")
        XCTAssertNil(layout.topShowing(9, from: viewport), "the tenth row ends at 472, within 480")
        XCTAssertEqual(layout.topShowing(10, from: viewport), 10 * 48 + 40 - 480, "a row below: its bottom at the view's")
        XCTAssertEqual(layout.topShowing(3, from: .init(top: 200, height: 480)), 144, "a row above: its top at the view's")
        XCTAssertEqual(layout.topShowing(4, from: .init(top: 200, height: 480)), 192, "a row cut at the top is shown whole")
        for position in [0, 1, 50] {
            XCTAssertNil(layout.topShowing(position, from: .init(top: 0, height: 0)), "no view yet: row \(position)")
        }
        XCTAssertNil(layout.topShowing(0, from: .init(top: 0, height: 30)), "a view lower than a row shows its top")
        XCTAssertEqual(layout.topShowing(2, from: .init(top: 0, height: 30)), 96, "a view lower than a row shows its top")
    }

    func testWithoutAnimationEverythingIsAtOnce() {
        var model = Model(keys: [0, 1, 2, 3])
        var layout = layout(model)
        apply(model.splice(at: 0, removing: 2, inserting: [7]), to: &layout, model, animated: false)
        XCTAssertFalse(layout.isAnimating)
        XCTAssertEqual(frames(layout, model).map(\.key), [7, 2, 3])
        XCTAssertEqual(frames(layout, model).map(\.y), [0, 48, 96])
    }

    /// Whatever changes come, at whatever moments, once the motion ends the
    /// rows are exactly where a list without animation puts them.
    func testRandomChangesSettleToTheStaticLayout() {
        var random = SplitMix64(seed: 20_261_201)
        for _ in 0..<200 {
            var model = Model(keys: Array(0..<Int.random(in: 0...30, using: &random)))
            var layout = layout(model)
            var nextKey = 1_000
            var time: Microseconds = 0
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let position = Int.random(in: 0...model.keys.count, using: &random)
                let removed = Int.random(in: 0...(model.keys.count - position), using: &random)
                var added: [Int] = []
                for _ in 0..<Int.random(in: 0...6, using: &random) {
                    // New items, or items from the list taken back (a move).
                    if Bool.random(using: &random), let old = model.keys[position..<(position + removed)].randomElement(using: &random),
                       !added.contains(old) {
                        added.append(old)
                    } else {
                        added.append(nextKey)
                        nextKey += 1
                    }
                }
                let top = Double(Int.random(in: 0...4, using: &random) * 48)
                let view = ListLayout<Int>.Viewport(top: top, height: 480)
                apply(model.splice(at: position, removing: removed, inserting: added), to: &layout, model, viewport: view)
                time += Microseconds.random(in: 0...end, using: &random)
                layout.advance(to: time)
                layout.placed(layout.frames(view) { model.keys[$0] })
                for frame in layout.frames(view, keyAt: { model.keys[$0] }) {
                    XCTAssertTrue((0...1).contains(frame.opacity))
                }
            }
            layout.advance(to: time + end + 1)
            layout.advance(to: time + 2 * end + 2)
            XCTAssertFalse(layout.isAnimating)
            let settled = frames(layout, model)
            XCTAssertEqual(settled.map(\.key), Array(model.keys.prefix(10)))
            XCTAssertEqual(settled.map(\.y), (0..<min(10, model.keys.count)).map { Double($0) * 48 })
            XCTAssertEqual(layout.displayedHeight, model.keys.isEmpty ? 0 : Double(model.keys.count) * 48 - 8)
        }
    }

    /// A change in the middle of a motion: every row on screen goes on from
    /// where it is at the speed it has — the one that glides on to a new
    /// place, the one that fades out where it is (coasting to rest), the one
    /// whose item comes back — and the list's height too.
    func testAChangeMidMotionKeepsEveryRowsSpeed() {
        var model = Model(keys: Array(0..<8))
        var layout = layout(model)
        // Three rows in at the top: the others glide down.
        apply(model.splice(at: 0, removing: 0, inserting: [100, 101, 102]), to: &layout, model)
        let frame: Microseconds = 16_667
        var time: Microseconds = 0
        layout.advance(to: time)
        for _ in 0..<5 {
            time += frame
            layout.advance(to: time)
        }
        /// Each row's y and the list's height, shown at `at` of `layout`.
        func shown(_ layout: ListLayout<Int>, at: Microseconds) -> (rows: [Int: Double], height: Double) {
            var copy = layout
            copy.advance(to: at)
            return (Dictionary(uniqueKeysWithValues: frames(copy, model).map { ($0.key, $0.y) }), copy.displayedHeight)
        }
        let step: Microseconds = 100
        let before = shown(layout, at: time - step), now = shown(layout, at: time)
        XCTAssertNotEqual(before.rows[2], now.rows[2], "row 2 is gliding")

        // Row 2 leaves, 100 goes back out, and 3 more rows come in at the top.
        _ = model.splice(at: 5, removing: 1, inserting: [])  // row 2 (at 5 now) leaves
        apply((5, 1, 0), to: &layout, model)
        apply(model.splice(at: 0, removing: 1, inserting: [200, 201, 202]), to: &layout, model)
        let after = shown(layout, at: time + step)
        for key in [1, 2, 3, 4, 101, 102] {
            let speedBefore = (now.rows[key]! - before.rows[key]!) / Double(step)
            let speedAfter = (after.rows[key]! - shown(layout, at: time).rows[key]!) / Double(step)
            XCTAssertEqual(shown(layout, at: time).rows[key]!, now.rows[key]!, accuracy: 1e-6, "row \(key) does not jump")
            XCTAssertEqual(speedAfter, speedBefore, accuracy: 2e-5, "row \(key) goes on at its speed (px/µs)")
        }
        let heightSpeedBefore = (now.height - before.height) / Double(step)
        let heightSpeedAfter = (after.height - shown(layout, at: time).height) / Double(step)
        XCTAssertEqual(heightSpeedAfter, heightSpeedBefore, accuracy: 2e-5, "the height goes on at its speed")
        // The row that left coasts on the way it went, slowing, and never
        // comes back (it rests where its speed carried it).
        let leavingSpeed = (now.rows[2]! - before.rows[2]!) / Double(step)
        var path: [Double] = []
        for sample in stride(from: time, through: time + end, by: 10_000) {
            if let y = shown(layout, at: sample).rows[2] { path.append(y) }
        }
        XCTAssertGreaterThan(path.count, 5, "it is drawn while it fades")
        XCTAssertTrue(zip(path, path.dropFirst()).allSatisfy { leavingSpeed > 0 ? $1 >= $0 - 1e-9 : $1 <= $0 + 1e-9 },
                      "the leaving row only slows, never turns back: \(path)")
        // And everything comes to rest where the model says, within a transition.
        layout.advance(to: time)
        layout.advance(to: time + end)
        XCTAssertFalse(layout.isAnimating)
        XCTAssertEqual(frames(layout, model).filter { !$0.isLeaving }.map(\.y), (0..<frames(layout, model).count).map { Double($0) * 48 })
    }
}
