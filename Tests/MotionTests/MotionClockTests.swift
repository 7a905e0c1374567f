// SPDX-License-Identifier: LGPL-2.1-or-later
import XCTest
import UnfoldMotion

final class MotionClockTests: XCTestCase {
    func testRealTimeUntilSlowed() {
        let clock = MotionClock()
        XCTAssertEqual(clock.time(at: 5_000_000), 5_000_000)
    }

    func testTenTimesSlowerTakesTenTimesLongerFromTheMomentItIsSet() {
        var clock = MotionClock()
        clock.setSlowdown(10, at: 1_000_000)
        XCTAssertEqual(clock.time(at: 1_000_000), 1_000_000, "no jump when the factor changes")
        XCTAssertEqual(clock.time(at: 3_500_000), 1_250_000, "2.5 s of frames are a quarter second of motion")
        clock.setSlowdown(1, at: 3_500_000)
        XCTAssertEqual(clock.time(at: 3_500_000), 1_250_000, "nor when it is set back")
        XCTAssertEqual(clock.time(at: 3_600_000), 1_350_000)
    }

    /// A reveal's 0.25 s, under slow motion, spreads over 2.5 s of frames and
    /// shows the same curve: each frame a tenth of the step.
    func testAMoveUnderSlowMotionFollowsTheSameCurveTenTimesSlower() {
        let clock = MotionClock(slowdown: 10)
        var value = AnimatedValue(0, fullDuration: 250_000, bounds: 0...1)
        value.animate(to: 1)
        var frames = 0
        var real: Microseconds = 10_000_000
        value.advance(to: clock.time(at: real))
        while value.isAnimating {
            real += 16_667
            frames += 1
            let shown = value.advance(to: clock.time(at: real))
            let elapsed = Double(real - 10_000_000) / 2_500_000
            if value.isAnimating { XCTAssertEqual(shown, TimingCurve.easeInOut.value(at: elapsed), accuracy: 1e-5) }
        }
        XCTAssertEqual(frames, 150, "2.5 s at 60 frames a second")
    }

    func testOnlyFiniteFactorsAboveZeroSlowTheClock() {
        XCTAssertTrue(MotionClock.isValid(10))
        XCTAssertTrue(MotionClock.isValid(0.5))
        XCTAssertFalse(MotionClock.isValid(0))
        XCTAssertFalse(MotionClock.isValid(-2))
        XCTAssertFalse(MotionClock.isValid(.infinity))
        XCTAssertFalse(MotionClock.isValid(.nan))
    }
}
