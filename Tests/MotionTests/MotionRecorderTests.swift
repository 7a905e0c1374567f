// SPDX-License-Identifier: LGPL-2.1-or-later
import XCTest
import UnfoldMotion

/// The record a motion plot draws: dots where frames were, the curves they
/// sampled, the reversals, and what its summary counts.
final class MotionRecorderTests: XCTestCase {
    let frame: Microseconds = 16_667
    let full: Microseconds = 250_000

    func revealFrame(_ value: AnimatedValue, at time: Microseconds, source: Int = 1, name: String = "Shapes") -> MotionRecorder.Frame {
        MotionRecorder.Frame(source: source, kind: .reveal, name: name, time: time,
                             values: [.init(name: name, property: "progress", value: value.current, course: value.course, range: 0...1)])
    }

    /// Advances `value` frame by frame from `time` until it rests, recording each frame.
    func run(_ value: inout AnimatedValue, from time: inout Microseconds, into recorder: inout MotionRecorder,
             until stop: (AnimatedValue) -> Bool = { !$0.isAnimating }) {
        repeat {
            value.advance(to: time)
            recorder.record(revealFrame(value, at: time))
            time += frame
        } while !stop(value)
    }

    func testACurveAddsItsMovesToItsConstant() {
        let glide = MotionPath(from: 10, to: 0, duration: 100)
        let fade = MotionPath(from: 0, to: 1, duration: 200)
        let curve = MotionCurve(path: glide, start: 1_000) + (-8) * MotionCurve(path: fade, start: 1_050) + 50
        XCTAssertTrue(curve.isMoving)
        XCTAssertFalse(MotionCurve(constant: 3).isMoving)
        XCTAssertEqual(curve.start, 1_000)
        XCTAssertEqual(curve.end, 1_250)
        XCTAssertEqual(curve.value(at: 0), 60, "before its moves: where they start")
        XCTAssertEqual(curve.value(at: 1_050), 50 + glide.value(at: 50), accuracy: 1e-12)
        XCTAssertEqual(curve.value(at: 2_000), 42, "after them: where they end")
        XCTAssertEqual(curve.velocity(at: 1_100), glide.velocity(at: 100) - 8 * fade.velocity(at: 50), accuracy: 1e-15)
        XCTAssertEqual(curve.velocity(at: 1_010), glide.velocity(at: 10), accuracy: 1e-15, "a move not started adds no speed")
    }

    func testAnExpandIsOneAnimationWithADotPerFrameOnItsCurve() {
        var recorder = MotionRecorder()
        var progress = AnimatedValue(0, fullDuration: full, bounds: 0...1)
        recorder.record(revealFrame(progress, at: 0))
        XCTAssertNil(recorder.latest, "a frame at rest is nobody's motion")
        progress.animate(to: 1)
        var time: Microseconds = 1_000_000
        run(&progress, from: &time, into: &recorder)

        let episode = try! XCTUnwrap(recorder.latest)
        XCTAssertTrue(episode.isSettled)
        XCTAssertEqual(episode.animations.count, 1)
        let animation = episode.animations[0]
        XCTAssertEqual(animation.kind, .reveal)
        XCTAssertEqual(animation.name, "Shapes")
        XCTAssertEqual(animation.start, 1_000_000)
        XCTAssertEqual(animation.end, 1_000_000 + 15 * frame, "the first frame past its end shows it at rest")
        XCTAssertEqual(animation.frameTimes.count, 16)
        XCTAssertEqual(animation.retargetTimes, [])
        let series = animation.series[0]
        XCTAssertEqual(series.property, "progress")
        XCTAssertEqual(series.dots.count, 16)
        XCTAssertEqual(series.courses.count, 1)
        XCTAssertEqual(series.scale, 0...1)
        for dot in series.dots {
            XCTAssertEqual(series.courses[0].curve.value(at: dot.time), dot.value, accuracy: 1e-12, "each frame lies on its curve")
        }
        XCTAssertEqual(series.first, 0)
        XCTAssertEqual(series.last, 1)
    }

    func testAReversalIsMarkedWhereItTurnedWithValueAndSpeedContinuous() {
        var recorder = MotionRecorder()
        var progress = AnimatedValue(0, fullDuration: full, bounds: 0...1)
        progress.animate(to: 1)
        var time: Microseconds = 0
        run(&progress, from: &time, into: &recorder) { $0.current > 0.4 }
        let turnedAt = progress.current
        progress.animate(to: 0)
        run(&progress, from: &time, into: &recorder)

        let animation = try! XCTUnwrap(recorder.latest?.animations.first)
        XCTAssertTrue(animation.isSettled)
        let series = animation.series[0]
        XCTAssertEqual(series.courses.count, 2)
        XCTAssertEqual(series.retargets.count, 1)
        let reversal = series.retargets[0]
        XCTAssertTrue(reversal.isReversal)
        XCTAssertEqual(reversal.value, turnedAt, accuracy: 1e-12, "it turned where it was shown")
        XCTAssertEqual(reversal.time, series.courses[1].from)
        let before = series.courses[0].curve, after = series.courses[1].curve
        XCTAssertEqual(before.value(at: reversal.time), after.value(at: reversal.time), accuracy: 1e-12)
        XCTAssertEqual(before.velocity(at: reversal.time), after.velocity(at: reversal.time), accuracy: 1e-12)
        XCTAssertEqual(series.last, 0)
        XCTAssertEqual(animation.retargetTimes, [reversal.frameTime])
        XCTAssertEqual(reversal.frameTime, reversal.time + frame, "handed over at the frame last shown, seen at the next")
        // Its speed kept, it went on opening a little before it turned: the
        // highest value it showed after the reversal, and no higher.
        let turn = try! XCTUnwrap(series.turn(after: reversal))
        XCTAssertGreaterThan(turn, turnedAt, "it turned past the reversal")
        let highest = series.dots.filter { $0.time >= reversal.time }.map(\.value).max()!
        XCTAssertGreaterThanOrEqual(turn, highest - 1e-9, "no frame went further")
        XCTAssertLessThan(turn - highest, 0.05, "the frames came close to the turn")
    }

    func testARetargetTheSameWayIsNoReversal() {
        var recorder = MotionRecorder()
        var height = AnimatedValue(0, fullDuration: full, span: 100)
        height.animate(to: 50)
        var time: Microseconds = 0
        for _ in 0..<4 {
            height.advance(to: time)
            recorder.record(revealFrame(height, at: time))
            time += frame
        }
        height.animate(to: 100)
        height.advance(to: time)
        recorder.record(revealFrame(height, at: time))
        let series = recorder.latest!.animations[0].series[0]
        XCTAssertEqual(series.retargets.map(\.isReversal), [false])
        XCTAssertNil(series.turn(after: series.retargets[0]), "it never turned round")
    }

    func testEachMotionAfterRestIsANewEpisodeAndOnlyTheLastOnesAreKept() {
        var recorder = MotionRecorder(capacity: 3)
        var progress = AnimatedValue(0, fullDuration: full, bounds: 0...1)
        var time: Microseconds = 0
        for target in [1.0, 0, 1, 0, 1] {
            progress.animate(to: target)
            run(&progress, from: &time, into: &recorder)
            time += 1_000_000
        }
        XCTAssertEqual(recorder.episodes.count, 3)
        XCTAssertEqual(recorder.episodes.map { $0.animations[0].series[0].last }, [1, 0, 1])
        XCTAssertTrue(recorder.episodes.allSatisfy(\.isSettled))
    }

    func testTwoWidgetsMovingTogetherShareAnEpisode() {
        var recorder = MotionRecorder()
        var shapes = AnimatedValue(0, fullDuration: full, bounds: 0...1)
        var colors = AnimatedValue(0, fullDuration: full, bounds: 0...1)
        shapes.animate(to: 1)
        var time: Microseconds = 0
        var started = false
        while shapes.isAnimating || colors.isAnimating || !started {
            if time >= 100_000 && !started {
                colors.animate(to: 1)
                started = true
            }
            shapes.advance(to: time)
            recorder.record(revealFrame(shapes, at: time))
            if started {
                colors.advance(to: time)
                recorder.record(revealFrame(colors, at: time, source: 2, name: "Colors"))
            }
            time += frame
        }
        XCTAssertEqual(recorder.episodes.count, 1)
        XCTAssertEqual(recorder.latest!.animations.map(\.name), ["Shapes", "Colors"])
        XCTAssertEqual(recorder.latest!.start, 0)
        XCTAssertGreaterThan(recorder.latest!.end!, 100_000 + full)
    }

    func testAnAnimationLeftWithoutAFrameAtRestKeepsItsEpisodeOpenUntilOneComes() {
        var recorder = MotionRecorder()
        var progress = AnimatedValue(0, fullDuration: full, bounds: 0...1)
        progress.animate(to: 1)
        progress.advance(to: 0)
        recorder.record(revealFrame(progress, at: 0))
        XCTAssertFalse(recorder.latest!.isSettled)
        XCTAssertEqual(recorder.latest!.expectedEnd, full, "a live plot knows how far the curve goes")
        // Unmapped mid-way, the widget jumps to its end and says so.
        progress.finish()
        recorder.record(revealFrame(progress, at: 40_000))
        XCTAssertTrue(recorder.latest!.isSettled)

        // One that goes mid-way (its window closed) says only that.
        progress.animate(to: 0)
        progress.advance(to: 1_000_000)
        recorder.record(revealFrame(progress, at: 1_000_000))
        XCTAssertFalse(recorder.latest!.isSettled)
        recorder.record(MotionRecorder.gone(source: 1, at: 1_020_000))
        XCTAssertTrue(recorder.latest!.isSettled, "nothing of it moves any more")
        XCTAssertEqual(recorder.episodes.count, 2)
        recorder.record(MotionRecorder.gone(source: 7, at: 1_030_000))
        XCTAssertEqual(recorder.episodes.count, 2, "a widget gone at rest begins nothing")
    }

    // MARK: A list's rows

    typealias Layout = ListLayout<Int>
    let viewport = ListViewport(top: 0, height: 480)

    func listFrame(_ layout: Layout, keys: [Int], at time: Microseconds) -> MotionRecorder.Frame {
        var values: [MotionRecorder.Value] = []
        for frame in layout.frames(viewport, keyAt: { keys[$0] }) {
            let courses = layout.courses(of: frame)
            values.append(.init(name: "\(frame.key)", property: "opacity", value: frame.opacity, course: courses.opacity, range: 0...1))
            values.append(.init(name: "\(frame.key)", property: "y", value: frame.y, course: courses.y))
        }
        values.append(.init(name: "list", property: "height", value: layout.displayedHeight, course: layout.heightCourse))
        return .init(source: 9, kind: .list, name: "list", time: time, values: values)
    }

    /// A filter change, then another one mid-change: every row's place and
    /// opacity at every frame lie on the curves the layout gives for them,
    /// whichever way the row moves (in, out, gliding, reviving).
    func testARowsFramesLieOnItsCoursesThroughAChangeMidChange() {
        var keys = Array(0..<12)
        var layout = Layout(rowHeight: 40, spacing: 8, count: keys.count)
        layout.placed(layout.frames(viewport) { keys[$0] })
        var recorder = MotionRecorder()
        var time: Microseconds = 0
        func change(_ position: Int, removing removed: Int, inserting added: [Int]) {
            keys.replaceSubrange(position..<(position + removed), with: added)
            layout.itemsChanged(at: position, removed: removed, added: added.count, viewport: viewport,
                                keyAt: { keys[$0] }, animated: true)
            layout.placed(layout.frames(viewport) { keys[$0] })
        }
        func advance(frames count: Int) {
            for _ in 0..<count {
                layout.advance(to: time)
                layout.placed(layout.frames(viewport) { keys[$0] })
                let recorded = listFrame(layout, keys: keys, at: time)
                for value in recorded.values {
                    XCTAssertEqual(value.course.value(at: time), value.value, accuracy: 1e-9, "\(value.name) \(value.property) at \(time)")
                }
                recorder.record(recorded)
                time += frame
            }
        }
        change(2, removing: 3, inserting: [20, 21])  // 2, 3, 4 out; 20, 21 in; the rest glide up
        advance(frames: 6)
        change(0, removing: 2, inserting: [3])       // 0, 1 out; 3 back while it fades; 20, 21 glide
        advance(frames: 20)
        XCTAssertFalse(layout.isAnimating)

        let animation = try! XCTUnwrap(recorder.latest?.animations.first)
        XCTAssertTrue(animation.isSettled)
        XCTAssertEqual(animation.kind, .list)
        XCTAssertEqual(animation.retargetTimes.count, 1, "the second change, once")
        XCTAssertEqual(animation.rowsIn, 2, "20 and 21 (3 came back to where it was)")
        XCTAssertEqual(animation.rowsOut, 4, "0, 1, 2 and 4")
        XCTAssertGreaterThan(animation.rowsMoved, 0)
        XCTAssertTrue(animation.series.allSatisfy(\.isSettled), "rows that finished leaving are done")
        let height = try! XCTUnwrap(animation.series.first { $0.property == "height" })
        XCTAssertEqual(height.last, Double(keys.count) * 48 - 8)
    }
}
