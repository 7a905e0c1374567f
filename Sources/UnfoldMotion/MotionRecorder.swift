// SPDX-License-Identifier: LGPL-2.1-or-later
/// What moved in the last animations, frame by frame, and the exact curves
/// the frames sampled: what a motion plot draws and its summary says.
///
/// Widgets report each frame they draw while they move (`record`); the
/// frames of everything that moves from one moment of rest to the next make
/// an *episode*. Each animating widget's part of it is an `Animation` (a
/// reveal, a list), made of the values it moves (`Series`: a progress, a
/// row's opacity or place, a height), each with a dot per frame, the curves
/// it followed and where it was retargeted (a reversal, a change mid-change).
/// Values that never moved in the episode are not kept.
public struct MotionRecorder: Sendable {
    /// What kind of widget an animation is.
    public enum Kind: Sendable, Equatable { case reveal, list }

    /// One value a widget showed at one frame, and the course it was on.
    public struct Value: Sendable {
        public let name: String
        public let property: String
        public let value: Double
        public let course: MotionCurve
        /// The value's whole range where it has one (a progress's or an
        /// opacity's 0...1); nil: the plot scales it to what it covered.
        public let range: ClosedRange<Double>?

        public init(name: String, property: String, value: Double, course: MotionCurve, range: ClosedRange<Double>? = nil) {
            self.name = name
            self.property = property
            self.value = value
            self.course = course
            self.range = range
        }
    }

    /// One widget's frame: every value it moves, at one motion time.
    public struct Frame: Sendable {
        /// Tells one widget from another (two windows' lists may share a name).
        public let source: Int
        public let kind: Kind
        /// The reveal's group title, the list's name.
        public let name: String
        public let time: Microseconds
        public let values: [Value]

        public init(source: Int, kind: Kind, name: String, time: Microseconds, values: [Value]) {
            self.source = source
            self.kind = kind
            self.name = name
            self.time = time
            self.values = values
        }
    }

    /// What a widget that goes while it moves reports: nothing of it moves
    /// any more. (Its kind and name matter only to a frame that begins an
    /// animation, which one with no values never does.)
    public static func gone(source: Int, at time: Microseconds) -> Frame {
        Frame(source: source, kind: .reveal, name: "", time: time, values: [])
    }

    public struct Dot: Sendable, Equatable {
        public let time: Microseconds
        public let value: Double
    }

    /// Where a value's course was replaced while it moved.
    public struct Retarget: Sendable, Equatable {
        /// Where the new course took over (the last frame shown, for one that
        /// kept the speed).
        public let time: Microseconds
        /// The first frame that showed the new course.
        public let frameTime: Microseconds
        public let value: Double
        /// Whether it turned back: it was moving one way and now heads the other.
        public let isReversal: Bool
    }

    public struct Series: Sendable {
        public let name: String
        public let property: String
        public let range: ClosedRange<Double>?
        public fileprivate(set) var dots: [Dot] = []
        /// The curves followed, each from its time until the next one's.
        public fileprivate(set) var courses: [(from: Microseconds, curve: MotionCurve)] = []
        public fileprivate(set) var retargets: [Retarget] = []
        public fileprivate(set) var isSettled = false

        /// The value where the first move started, and where the last one ends.
        public var first: Double? { courses.first.map { $0.curve.value(at: $0.from) } ?? dots.first?.value }
        public var last: Double? { courses.last.map { $0.curve.value(at: $0.curve.end ?? $0.from) } ?? dots.last?.value }

        /// The span its values lie in: its range, or what its frames and
        /// curves covered (nil where that is a single value: it never moved).
        public var scale: ClosedRange<Double>? {
            if let range { return range }
            var values = dots.map(\.value)
            for (index, course) in courses.enumerated() {
                let until = index + 1 < courses.count ? courses[index + 1].from : (course.curve.end ?? course.from)
                values += MotionRecorder.samples(of: course.curve, from: course.from, to: until, count: 32).map(\.value)
            }
            guard let low = values.min(), let high = values.max(), high > low else { return nil }
            return low...high
        }

        /// Where a value that reversed at `retarget` turned round. It keeps
        /// the speed it had (see docs/motion.md), so it goes on the way it
        /// went, slowing, and turns past the point of the reversal: the
        /// furthest its new course takes it that way. Nil for a retarget that
        /// was no reversal.
        public func turn(after retarget: Retarget) -> Double? {
            guard retarget.isReversal, let index = courses.firstIndex(where: { $0.from == retarget.time }) else { return nil }
            let course = courses[index]
            let until = index + 1 < courses.count ? courses[index + 1].from : (course.curve.end ?? course.from)
            let values = MotionRecorder.samples(of: course.curve, from: course.from, to: until, count: 512).map(\.value)
            let heading = course.curve.value(at: course.curve.end ?? until) - retarget.value
            return heading > 0 ? values.min() : values.max()
        }

        /// How a plot shows it: the values at its bottom (0) and top (1) —
        /// its range (a progress, an opacity: up is shown, down is hidden),
        /// or where its motion started and where it ends (a place, a height:
        /// every move rises from 0 to 1, whichever way it goes on screen); for
        /// one that came back where it started, what it covered. Nil for a
        /// value that never moved.
        public var axis: (bottom: Double, top: Double)? {
            if let range { return (range.lowerBound, range.upperBound) }
            if let first, let last, first != last { return (first, last) }
            return scale.map { ($0.lowerBound, $0.upperBound) }
        }

        /// `value` as a fraction of `axis`.
        public func fraction(_ value: Double) -> Double? {
            axis.map { (value - $0.bottom) / ($0.top - $0.bottom) }
        }
    }

    public struct Animation: Sendable {
        public let source: Int
        public let kind: Kind
        public let name: String
        public fileprivate(set) var series: [Series] = []
        fileprivate var seriesIndex: [SeriesKey: Int] = [:]
        /// The motion times of its frames, while it moved (its last frame
        /// shows it at rest).
        public fileprivate(set) var frameTimes: [Microseconds] = []
        public fileprivate(set) var isSettled = false

        /// When its first move started (its first frame, or the moment before
        /// it that a change started at).
        public var start: Microseconds? {
            let starts = series.compactMap { $0.courses.first?.from }
            return starts.min() ?? frameTimes.first
        }

        /// Its last frame.
        public var end: Microseconds? { frameTimes.last }

        /// When its moves end as they stand (a live animation's end to come).
        public var expectedEnd: Microseconds? {
            let ends = series.compactMap { $0.courses.last?.curve.end }
            return ([end].compactMap { $0 } + ends).max()
        }

        /// The frames that showed it retargeted (each once, however many of
        /// its values changed course there).
        public var retargetTimes: [Microseconds] {
            Array(Set(series.flatMap { $0.retargets.map(\.frameTime) })).sorted()
        }

        /// A list's rows that came in (faded up from nothing), went out (faded
        /// to nothing) and moved (only changed place).
        public var rowsIn: Int { opacitySeries.filter { ($0.first ?? 1) < ($0.last ?? 0) }.count }
        public var rowsOut: Int { opacitySeries.filter { ($0.first ?? 0) > ($0.last ?? 1) }.count }
        public var rowsMoved: Int {
            let fading = Set(opacitySeries.map(\.name))
            return series.filter { $0.property == "y" && !fading.contains($0.name) }.count
        }

        private var opacitySeries: [Series] { series.filter { $0.property == "opacity" } }
    }

    fileprivate struct SeriesKey: Hashable, Sendable {
        let name: String
        let property: String
    }

    /// Everything that moved from one moment of rest to the next.
    public struct Episode: Sendable {
        public fileprivate(set) var animations: [Animation] = []
        /// Whether nothing in it moves any more.
        public var isSettled: Bool { animations.allSatisfy(\.isSettled) }
        public var start: Microseconds? { animations.compactMap(\.start).min() }
        public var end: Microseconds? { animations.compactMap(\.end).max() }
        public var expectedEnd: Microseconds? { animations.compactMap(\.expectedEnd).max() }
    }

    /// How many episodes are kept, the latest last.
    public let capacity: Int
    public private(set) var episodes: [Episode] = []

    public init(capacity: Int = 8) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    public var latest: Episode? { episodes.last }

    public mutating func clear() { episodes.removeAll() }

    /// Takes one widget's frame. A frame in which something moves, at a
    /// moment nothing else was moving, begins a new episode; a frame in which
    /// nothing moves any more settles its widget's animation.
    public mutating func record(_ frame: Frame) {
        let moving = frame.values.contains { $0.course.isMoving }
        if episodes.last?.isSettled ?? true {
            // Frames at rest outside an episode are nobody's motion.
            guard moving else { return }
            episodes.append(Episode())
            if episodes.count > capacity { episodes.removeFirst(episodes.count - capacity) }
        }
        var episode = episodes.removeLast()
        defer { episodes.append(episode) }
        let index: Int
        if let found = episode.animations.firstIndex(where: { $0.source == frame.source }) {
            index = found
        } else {
            guard moving else { return }
            index = episode.animations.count
            episode.animations.append(Animation(source: frame.source, kind: frame.kind, name: frame.name))
        }
        var animation = episode.animations[index]
        if animation.isSettled && !moving { return }
        animation.frameTimes.append(frame.time)
        animation.isSettled = !moving
        var seen = Set<Int>()
        for value in frame.values {
            let key = SeriesKey(name: value.name, property: value.property)
            var seriesIndex = animation.seriesIndex[key]
            if seriesIndex == nil {
                // A value that has not moved in this episode is not part of it.
                guard value.course.isMoving else { continue }
                seriesIndex = animation.series.count
                animation.seriesIndex[key] = seriesIndex
                animation.series.append(Series(name: value.name, property: value.property, range: value.range))
            }
            seen.insert(seriesIndex!)
            Self.add(value, at: frame.time, to: &animation.series[seriesIndex!])
        }
        // A value its widget no longer shows (a row that finished leaving) is done.
        for seriesIndex in animation.series.indices where !seen.contains(seriesIndex) {
            animation.series[seriesIndex].isSettled = true
        }
        episode.animations[index] = animation
    }

    private static func add(_ value: Value, at time: Microseconds, to series: inout Series) {
        series.dots.append(Dot(time: time, value: value.value))
        series.isSettled = !value.course.isMoving
        guard value.course.isMoving, value.course != series.courses.last?.curve else { return }
        // A move within it that ended is folded into its constant: the same course.
        if let previous = series.courses.last?.curve, previous.agrees(with: value.course, from: time) { return }
        // A new course: it took over where it starts (the last frame shown,
        // for a move that replaced one under way).
        let from = value.course.terms.map(\.start).max()!
        if let previous = series.courses.last, !previous.curve.isAtRest(at: from) {
            let at = value.course.value(at: from)
            let before = previous.curve.velocity(at: from)
            let heading = value.course.value(at: value.course.end!) - at
            series.retargets.append(Retarget(time: from, frameTime: time, value: at, isReversal: before * heading < 0))
        }
        series.courses.append((from, value.course))
    }

    /// `count + 1` points of `curve` evenly from `from` to `to`.
    public static func samples(of curve: MotionCurve, from: Microseconds, to: Microseconds, count: Int) -> [Dot] {
        guard to > from, count > 0 else { return [Dot(time: from, value: curve.value(at: from))] }
        return (0...count).map { step in
            let time = from + Microseconds((Double(to - from) * Double(step) / Double(count)).rounded())
            return Dot(time: time, value: curve.value(at: time))
        }
    }
}

extension MotionCurve {
    /// Whether `other` takes the same course as this one from `time` on.
    func agrees(with other: MotionCurve, from time: Microseconds) -> Bool {
        let until = max(end ?? time, other.end ?? time)
        let scale = max(1, abs(value(at: time)), abs(value(at: until)))
        return MotionRecorder.samples(of: self, from: time, to: until, count: 16)
            .allSatisfy { abs(other.value(at: $0.time) - $0.value) <= 1e-9 * scale }
    }

    /// Whether nothing moves it at `time` (before its moves or after them).
    func isAtRest(at time: Microseconds) -> Bool {
        guard let start, let end else { return true }
        return time < start || time >= end
    }
}
