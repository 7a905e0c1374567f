// SPDX-License-Identifier: LGPL-2.1-or-later
import XCTest
import UnfoldMotion

final class AnimatedValueTests: XCTestCase {
    let quarterSecond: Microseconds = 250_000

    func testMoveStartsAtItsFirstFrameAndFollowsTheCurve() {
        var value = AnimatedValue(0, fullDuration: quarterSecond)
        value.animate(to: 1)
        XCTAssertTrue(value.isAnimating)
        // A stale clock (the last frame was long ago) does not skip the animation.
        XCTAssertEqual(value.advance(to: 5_000_000), 0)
        XCTAssertEqual(value.advance(to: 5_062_500), TimingCurve.easeInOut.value(at: 0.25), accuracy: 1e-9)
        XCTAssertEqual(value.advance(to: 5_125_000), 0.5, accuracy: 1e-9)
        XCTAssertTrue(value.isAnimating)
        XCTAssertEqual(value.advance(to: 5_250_000), 1)
        XCTAssertFalse(value.isAnimating)
        XCTAssertEqual(value.current, 1)
    }

    func testAMoveToldWhenItBeganStartsThenNotAtItsFirstFrame() {
        var value = AnimatedValue(0, fullDuration: quarterSecond)
        value.animate(to: 1)
        value.start(at: 1_000_000)
        XCTAssertEqual(value.advance(to: 1_125_000), 0.5, accuracy: 1e-9, "the first frame is already halfway")
        value.start(at: 1_100_000)
        XCTAssertEqual(value.advance(to: 1_125_000), 0.5, accuracy: 1e-9, "a move under way keeps its start")
        XCTAssertEqual(value.advance(to: 1_250_000), 1)
        value.start(at: 2_000_000)
        XCTAssertFalse(value.isAnimating, "a settled value has no move to start")
    }

    func testLateFrameEndsAtTheTarget() {
        var value = AnimatedValue(0, fullDuration: quarterSecond)
        value.animate(to: 1)
        value.advance(to: 0)
        XCTAssertEqual(value.advance(to: 10_000_000), 1)
        XCTAssertFalse(value.isAnimating)
    }

    func testReversalContinuesFromTheValueOnScreenAtItsSpeed() {
        var value = AnimatedValue(0, fullDuration: quarterSecond, bounds: 0...1)
        value.animate(to: 1)
        value.advance(to: 0)
        let shown = value.advance(to: 100_000)
        let speed = value.velocity
        XCTAssertGreaterThan(shown, 0)
        XCTAssertLessThan(shown, 1)
        XCTAssertGreaterThan(speed, 0, "it was opening")

        value.animate(to: 0)
        XCTAssertEqual(value.current, shown, "retargeting must not move the value")
        XCTAssertEqual(value.velocity, speed, accuracy: 1e-9, "nor change its speed")
        // It hands over at the frame it was shown at: the next frame goes on
        // the way it went, slowing, then it comes back.
        let next = value.advance(to: 116_667)
        XCTAssertGreaterThan(next, shown, "still opening a little, as a moving thing does")
        XCTAssertLessThan(value.velocity, speed, "but slower")
        var time: Microseconds = 116_667
        while value.isAnimating {
            time += 16_667
            value.advance(to: time)
            XCTAssertTrue((0...1).contains(value.current))
        }
        XCTAssertEqual(value.current, 0, "it ends where it started")
        XCTAssertLessThanOrEqual(time - 100_000, quarterSecond + 16_667, "in no more than a full transition")
    }

    /// Retargeted at every frame for two seconds, the value stays in its
    /// range, and settles on the last target within a transition.
    func testAStormOfRetargetsStaysInRangeAndSettles() {
        var value = AnimatedValue(0, fullDuration: quarterSecond, bounds: 0...1)
        var time: Microseconds = 0
        var targets: [Double] = [1, 0, 0.5, 1, 0.2]
        for frame in 0..<120 {
            value.animate(to: targets[frame % targets.count])
            time += 16_667
            value.advance(to: time)
            XCTAssertTrue((0...1).contains(value.current), "frame \(frame): \(value.current)")
            if frame % 17 == 0 { targets.reverse() }
        }
        let settleFrom = time
        while value.isAnimating {
            time += 16_667
            value.advance(to: time)
            XCTAssertTrue((0...1).contains(value.current))
        }
        XCTAssertEqual(value.current, value.target)
        XCTAssertLessThanOrEqual(time - settleFrom, quarterSecond + 16_667)
    }

    /// Reversing at any frame never makes a step much bigger than the largest
    /// step of an uninterrupted run at the same frame rate. (A little bigger,
    /// at most: the speed it had going out is turned round within a full
    /// transition, and adds to the way back.)
    func testReversalNeverStepsMuchFurtherThanAnUninterruptedRun() {
        let frame: Microseconds = 16_667
        var uninterrupted = AnimatedValue(0, fullDuration: quarterSecond)
        uninterrupted.animate(to: 1)
        var largestStep = 0.0
        var previous = uninterrupted.advance(to: 0)
        var time: Microseconds = 0
        while uninterrupted.isAnimating {
            time += frame
            let next = uninterrupted.advance(to: time)
            largestStep = max(largestStep, abs(next - previous))
            previous = next
        }

        for reversalFrame in 1..<15 {
            var value = AnimatedValue(0, fullDuration: quarterSecond, bounds: 0...1)
            value.animate(to: 1)
            var time: Microseconds = 0
            var previous = value.advance(to: time)
            for index in 1...60 {
                if index == reversalFrame { value.animate(to: 0) }
                time += frame
                let next = value.advance(to: time)
                XCTAssertLessThanOrEqual(abs(next - previous), largestStep * 1.15,
                                         "reversal at frame \(reversalFrame), frame \(index)")
                previous = next
            }
            XCTAssertEqual(value.current, 0, "reversal at frame \(reversalFrame) ends where it started")
        }
    }

    func testZeroDurationJumps() {
        var value = AnimatedValue(0, fullDuration: 0)
        value.animate(to: 1)
        XCTAssertFalse(value.isAnimating)
        XCTAssertEqual(value.current, 1)
    }

    func testRetargetingToTheCurrentValueDoesNotAnimate() {
        var value = AnimatedValue(1, fullDuration: quarterSecond)
        value.animate(to: 1)
        XCTAssertFalse(value.isAnimating)
        XCTAssertEqual(value.current, 1)
    }

    func testDisabledAnimationsGoStraightToTheTarget() {
        var value = AnimatedValue(0, fullDuration: quarterSecond)
        value.set(1, animated: false)
        XCTAssertFalse(value.isAnimating)
        XCTAssertEqual(value.current, 1)

        // And mid-animation: finishing lands on the target at once.
        value.set(0, animated: true)
        value.advance(to: 0)
        value.advance(to: 50_000)
        value.finish()
        XCTAssertEqual(value.current, 0)
        XCTAssertFalse(value.isAnimating)
    }

    func testSpanScalesDurationForDistancesInPixels() {
        var offset = AnimatedValue(8, fullDuration: 220_000, span: 8)
        offset.animate(to: 4)  // half the span: half the time
        offset.advance(to: 0)
        XCTAssertTrue(offset.isAnimating)
        XCTAssertEqual(offset.advance(to: 110_000), 4)
        XCTAssertFalse(offset.isAnimating)
    }
}
