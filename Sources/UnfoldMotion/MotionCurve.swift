// SPDX-License-Identifier: LGPL-2.1-or-later
/// The exact course of a value on screen over time, as the moves that drive
/// it define it: a constant plus each move's path, weighted, from the moment
/// it started. Frames sample it; a plot draws it whole, behind the frames.
///
/// A row's place, for one, is its slot plus its glide plus what is left of its
/// 8 px slide: one curve with two moves in it.
public struct MotionCurve: Sendable, Equatable {
    public struct Term: Sendable, Equatable {
        public let path: MotionPath
        /// The motion time the path started at.
        public let start: Microseconds
        public let weight: Double
    }

    public let base: Double
    public let terms: [Term]

    /// A value at rest.
    public init(constant: Double) {
        base = constant
        terms = []
    }

    /// `path` from `start` on.
    public init(path: MotionPath, start: Microseconds) {
        base = 0
        terms = [Term(path: path, start: start, weight: 1)]
    }

    private init(base: Double, terms: [Term]) {
        self.base = base
        self.terms = terms
    }

    /// Whether anything moves it (from some time on; a curve whose moves have
    /// all ended is still moving by this, it is the course they set).
    public var isMoving: Bool { !terms.isEmpty }

    /// The value at motion time `time` (before a move's start, its start value).
    public func value(at time: Microseconds) -> Double {
        terms.reduce(base) { $0 + $1.weight * $1.path.value(at: max(0, time - $1.start)) }
    }

    /// The speed at `time`, in units per µs.
    public func velocity(at time: Microseconds) -> Double {
        terms.reduce(0) { $0 + ($1.start <= time ? $1.weight * $1.path.velocity(at: time - $1.start) : 0) }
    }

    /// When the first move started (nil at rest).
    public var start: Microseconds? { terms.map(\.start).min() }
    /// When the last move ends, at rest from then on (nil at rest).
    public var end: Microseconds? { terms.map { $0.start + $0.path.duration }.max() }

    public static func + (lhs: MotionCurve, rhs: MotionCurve) -> MotionCurve {
        MotionCurve(base: lhs.base + rhs.base, terms: lhs.terms + rhs.terms)
    }

    public static func + (lhs: MotionCurve, rhs: Double) -> MotionCurve {
        MotionCurve(base: lhs.base + rhs, terms: lhs.terms)
    }

    public static func * (factor: Double, curve: MotionCurve) -> MotionCurve {
        MotionCurve(base: factor * curve.base,
                    terms: curve.terms.map { Term(path: $0.path, start: $0.start, weight: factor * $0.weight) })
    }
}
