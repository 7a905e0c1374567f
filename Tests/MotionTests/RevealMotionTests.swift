// SPDX-License-Identifier: LGPL-2.1-or-later
import XCTest
import UnfoldMotion

final class RevealMotionTests: XCTestCase {
    let duration: Microseconds = 250_000

    /// Full motion: the height eases; the child is never faded.
    func testFullMotionGrowsTheHeightWithAnOpaqueChild() {
        var motion = RevealMotion(duration: duration)
        motion.reveal(true, preference: .full, duration: duration)
        motion.advance(to: 1_000_000)
        motion.advance(to: 1_125_000)
        XCTAssertEqual(motion.height.current, 0.5, accuracy: 1e-9)
        XCTAssertEqual(motion.opacity.current, 1)
        motion.advance(to: 1_250_000)
        XCTAssertTrue(motion.isChildWhollyShown)
    }

    /// Reduced motion, opening: the whole height at once, the child fading in.
    func testReducedMotionOpensAtItsHeightAndFadesTheChildIn() {
        var motion = RevealMotion(duration: duration)
        motion.reveal(true, preference: .reduced, duration: duration)
        XCTAssertEqual(motion.height.current, 1, "the layout changes at once")
        XCTAssertFalse(motion.height.isAnimating, "nothing moves")
        XCTAssertEqual(motion.opacity.current, 0)
        motion.advance(to: 1_000_000)
        motion.advance(to: 1_125_000)
        XCTAssertEqual(motion.height.current, 1)
        XCTAssertEqual(motion.opacity.current, 0.5, accuracy: 1e-9, "halfway faded in")
        XCTAssertFalse(motion.isChildWhollyShown)
        motion.advance(to: 1_250_000)
        XCTAssertTrue(motion.isChildWhollyShown)
    }

    /// Reduced motion, closing: the child fades out in its height, which then goes at once.
    func testReducedMotionFadesTheChildOutThenDropsTheHeight() {
        var motion = RevealMotion(revealed: true, duration: duration)
        motion.reveal(false, preference: .reduced, duration: duration)
        motion.advance(to: 2_000_000)
        motion.advance(to: 2_125_000)
        XCTAssertEqual(motion.height.current, 1, "the height holds while the child fades")
        XCTAssertEqual(motion.opacity.current, 0.5, accuracy: 1e-9)
        XCTAssertTrue(motion.isChildPresent)
        motion.advance(to: 2_250_000)
        XCTAssertEqual(motion.height.current, 0, "then goes at once")
        XCTAssertFalse(motion.isAnimating)
        XCTAssertFalse(motion.isChildPresent)
        XCTAssertEqual(motion.opacity.current, 1, "opaque again for the next time")
    }

    /// Reversed midway, the fade turns back from where it is, at the speed it
    /// had (it goes on down a little, then up, once); the height never moves.
    func testReducedMotionReversedMidwayTurnsTheFadeBack() {
        var motion = RevealMotion(revealed: true, duration: duration)
        motion.reveal(false, preference: .reduced, duration: duration)
        motion.advance(to: 0)
        motion.advance(to: 125_000)
        let faded = motion.opacity.current
        motion.reveal(true, preference: .reduced, duration: duration)
        XCTAssertEqual(motion.opacity.current, faded, "no jump back to opaque or to nothing")
        XCTAssertEqual(motion.height.current, 1)
        var values = [faded]
        for time in stride(from: Microseconds(141_667), through: 500_000, by: 16_667) {
            motion.advance(to: time)
            XCTAssertEqual(motion.height.current, 1, "the height never moves")
            values.append(motion.opacity.current)
        }
        let steps = zip(values, values.dropFirst()).map { $1 - $0 }.filter { abs($0) > 1e-9 }
        let turns = zip(steps, steps.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        XCTAssertEqual(turns, 1, "down, then up: \(values)")
        XCTAssertLessThan(abs(values[1] - faded), 0.1, "the first frame after the turn is near where it was")
        XCTAssertTrue(motion.isChildWhollyShown)
    }

    /// The setting changed midway: a reveal growing in full motion, asked to
    /// close under reduced motion, fades out in the height it had reached.
    func testAFullMoveTakenOverByReducedMotionFadesFromWhereItIs() {
        var motion = RevealMotion(duration: duration)
        motion.reveal(true, preference: .full, duration: duration)
        motion.advance(to: 0)
        motion.advance(to: 125_000)
        motion.reveal(false, preference: .reduced, duration: duration)
        XCTAssertEqual(motion.height.current, 0.5, accuracy: 1e-9)
        XCTAssertFalse(motion.height.isAnimating, "it stops growing")
        motion.advance(to: 141_667)
        motion.advance(to: 400_000)
        XCTAssertEqual(motion.height.current, 0)
        XCTAssertFalse(motion.isAnimating)
    }

    /// No motion: everything at its end at once.
    func testNoMotionIsAtItsEndAtOnce() {
        var motion = RevealMotion(duration: duration)
        motion.reveal(true, preference: .none, duration: duration)
        XCTAssertFalse(motion.isAnimating)
        XCTAssertTrue(motion.isChildWhollyShown)
        motion.reveal(false, preference: .none, duration: duration)
        XCTAssertEqual(motion.height.current, 0)
        XCTAssertFalse(motion.isChildPresent)
    }
}
