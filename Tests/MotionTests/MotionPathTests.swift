// SPDX-License-Identifier: LGPL-2.1-or-later
import XCTest
import UnfoldMotion

/// Retargeting keeps the value and its speed (issue: motion you can study):
/// checked over a dense grid of interruption points, targets and speeds.
final class MotionPathTests: XCTestCase {
    let full: Microseconds = 250_000

    /// Value and speed of `path` at `elapsed`, and just after (for a finite difference).
    func speed(of path: MotionPath, at elapsed: Microseconds) -> Double {
        let step: Microseconds = 10
        return (path.value(at: elapsed + step) - path.value(at: elapsed)) / Double(step)
    }

    func testFromRestItIsTheTutorialsCurveExactly() throws {
        let path = try XCTUnwrap(MotionPath.retargeted(from: 0, velocity: 0, to: 1, fullDuration: full, span: 1))
        XCTAssertEqual(path.duration, full)
        for step in 0...100 {
            let elapsed = full * Microseconds(step) / 100
            XCTAssertEqual(path.value(at: elapsed), TimingCurve.easeInOut.value(at: Double(step) / 100), accuracy: 1e-12)
        }
        let half = try XCTUnwrap(MotionPath.retargeted(from: 0.25, velocity: 0, to: 0.75, fullDuration: full, span: 1))
        XCTAssertEqual(half.duration, full / 2, "half the way, half the time")
        XCTAssertNil(MotionPath.retargeted(from: 0.5, velocity: 0, to: 0.5, fullDuration: full, span: 1), "nothing to move")
    }

    func testTheSlopeIsTheCurvesDerivative() {
        let curve = TimingCurve.easeInOut
        for step in 1..<100 {
            let t = Double(step) / 100, h = 1e-6
            XCTAssertEqual(curve.slope(at: t), (curve.value(at: t + h) - curve.value(at: t - h)) / (2 * h), accuracy: 1e-4, "at \(t)")
        }
        XCTAssertEqual(curve.slope(at: 0), 0)
        XCTAssertEqual(curve.slope(at: 1), 0)
        XCTAssertEqual(TimingCurve.linear.slope(at: 0.3), 1, accuracy: 1e-9)
    }

    /// An expand interrupted at each point of its way and sent to each of
    /// several targets: the new move starts at the old one's value and speed,
    /// ends at rest on its target, stays in 0...1 and takes at most 0.25 s.
    func testAnInterruptedMoveKeepsValueAndSpeedAndStaysInItsRange() throws {
        let expand = try XCTUnwrap(MotionPath.retargeted(from: 0, velocity: 0, to: 1, fullDuration: full, span: 1))
        for step in 1..<200 {
            let at = full * Microseconds(step) / 200
            let value = expand.value(at: at), velocity = expand.velocity(at: at)
            XCTAssertEqual(velocity, speed(of: expand, at: at), accuracy: 1e-7, "the expand's speed at \(at) µs")
            for target in [0.0, 0.3, 1.0, value] {
                let move = try XCTUnwrap(MotionPath.retargeted(from: value, velocity: velocity, to: target, fullDuration: full,
                                                               span: 1, bounds: 0...1), "interrupted at \(at) µs toward \(target)")
                let context = "interrupted at \(at) µs (value \(value), speed \(velocity)/µs) toward \(target)"
                XCTAssertEqual(move.value(at: 0), value, accuracy: 1e-12, "no jump in value: \(context)")
                XCTAssertEqual(move.velocity(at: 0), velocity, accuracy: 1e-12, "no jump in speed: \(context)")
                XCTAssertEqual(speed(of: move, at: 0), velocity, accuracy: 1e-6, "the path moves at that speed: \(context)")
                XCTAssertLessThanOrEqual(move.duration, full, "no longer than a full transition: \(context)")
                XCTAssertEqual(move.value(at: move.duration), target, "ends on the target: \(context)")
                XCTAssertEqual(move.velocity(at: move.duration - 1), 0, accuracy: 1e-7, "at rest: \(context)")
                for sample in 0...500 {
                    let shown = move.value(at: move.duration * Microseconds(sample) / 500)
                    XCTAssertTrue((-1e-12...(1 + 1e-12)).contains(shown), "\(shown) leaves 0...1: \(context)")
                }
            }
        }
    }

    /// Any speed, either way, from anywhere in range.
    func testAnySpeedFromAnywhereStaysInRangeAndSettles() throws {
        for from in stride(from: 0.0, through: 1.0, by: 0.05) {
            for speed in (-5...5).map({ Double($0) * 0.000004 }) {  // up to 20 spans a second
                for target in [0.0, 0.5, 1.0] {
                    let context = "from \(from) at \(speed)/µs toward \(target)"
                    // At a bound, heading out of it, the speed cannot go on: it is dropped.
                    let headingOut = (from == 0 && speed < 0) || (from == 1 && speed > 0)
                    guard let move = MotionPath.retargeted(from: from, velocity: speed, to: target, fullDuration: full,
                                                           span: 1, bounds: 0...1) else {
                        XCTAssertEqual(from, target, "only a value already on its target has no move: \(context)")
                        XCTAssertTrue(speed == 0 || headingOut, "at rest, or with no room to go on: \(context)")
                        continue
                    }
                    XCTAssertLessThanOrEqual(move.duration, full, context)
                    XCTAssertEqual(move.value(at: move.duration), target, context)
                    let samples = (0...400).map { move.value(at: move.duration * Microseconds($0) / 400) }
                    XCTAssertGreaterThanOrEqual(samples.min()!, -1e-12, context)
                    XCTAssertLessThanOrEqual(samples.max()!, 1 + 1e-12, context)
                    XCTAssertEqual(move.velocity(at: 0), headingOut ? 0 : speed, accuracy: 1e-12, "keeps its speed: \(context)")
                }
            }
        }
    }

    /// An offset settling to zero (a row's glide) starts at its speed and
    /// never passes zero.
    func testASettlingOffsetKeepsItsSpeedAndNeverOvershoots() {
        for from in [-80.0, -8, 8, 80] {
            for speed in [-2000.0, -300, 0, 300, 2000] {  // px per second
                var offset = SettlingOffset(duration: 220_000)
                offset.advance(to: 1_000_000)
                offset.restart(from: from, velocity: speed)
                offset.advance(to: 1_000_000)
                XCTAssertEqual(offset.current, from, "no jump")
                XCTAssertEqual(offset.velocity, speed, accuracy: 1e-6, "no jump in speed")
                var time: Microseconds = 1_000_000
                while offset.isAnimating {
                    time += 4_000
                    offset.advance(to: time)
                    XCTAssertTrue(from > 0 ? offset.current >= -1e-9 : offset.current <= 1e-9,
                                  "from \(from) at \(speed) px/s: \(offset.current) passed zero")
                }
                XCTAssertLessThanOrEqual(time - 1_000_000, 220_000 + 4_000, "settles within its duration")
                XCTAssertEqual(offset.current, 0)
            }
        }
    }
}
