// SPDX-License-Identifier: LGPL-2.1-or-later
/// One move of an animated value: from `from` to `to` over `duration`,
/// leaving at `velocity` and arriving at rest.
///
/// From rest it is the timing curve itself (the tutorials' ease-in-out). A
/// move that replaces one under way leaves at that move's speed, so neither
/// the value nor its speed jumps where one move hands over to the next: the
/// eased distance has a momentum term added, `velocity × duration × k(s)`
/// with k(s) = s(1 − s)², whose slope is 1 at the start and which is 0, at
/// rest, at the end. (An interrupted GtkRevealer, like Unfold before this,
/// starts its new curve from rest: its speed drops to zero at the reversal.)
///
/// `retargeted` picks the duration so that the move never leaves the bounds
/// it is given (a progress its 0...1, a height its natural one) and never
/// takes longer than a full transition.
public struct MotionPath: Sendable, Equatable {
    public let from: Double
    public let to: Double
    /// Units per microsecond, at the start.
    public let velocity: Double
    public let duration: Microseconds
    public let curve: TimingCurve

    public init(from: Double, to: Double, velocity: Double = 0, duration: Microseconds, curve: TimingCurve = .easeInOut) {
        precondition(duration > 0, "a path takes time; a move of no duration is a jump")
        self.from = from
        self.to = to
        self.velocity = velocity
        self.duration = duration
        self.curve = curve
    }

    /// The value `elapsed` µs into the move (its end from `duration` on).
    public func value(at elapsed: Microseconds) -> Double {
        guard elapsed < duration else { return to }
        let s = Double(max(0, elapsed)) / Double(duration)
        return from + (to - from) * curve.value(at: s) + velocity * Double(duration) * Self.momentum(s)
    }

    /// The speed (units per µs) `elapsed` µs into the move: 0 from its end on.
    public func velocity(at elapsed: Microseconds) -> Double {
        guard elapsed < duration else { return 0 }
        let s = Double(max(0, elapsed)) / Double(duration)
        return (to - from) * curve.slope(at: s) / Double(duration) + velocity * Self.momentumSlope(s)
    }

    /// k(s) = s(1 − s)²: 0 at both ends, slope 1 at the start and 0 at the end.
    static func momentum(_ s: Double) -> Double { s * (1 - s) * (1 - s) }
    static func momentumSlope(_ s: Double) -> Double { (1 - s) * (1 - 3 * s) }
    /// k's largest value (at s = 1/3): how far the momentum carries, per unit
    /// of velocity × duration.
    static let momentumReach = 4.0 / 27

    /// The move from `from`, leaving at `velocity`, to `to`, or nil where
    /// there is nothing to move (already there, at rest).
    ///
    /// From rest a move takes `fullDuration × distance / span`, the tutorials'
    /// timing (half the way, half the time). Leaving at a speed it takes as
    /// long as the distance plus how far that speed carries would, at most
    /// `fullDuration`; and less where a longer move would leave `bounds`
    /// (less time, less distance carried: the speed at the start is kept).
    public static func retargeted(from: Double, velocity: Double, to: Double, fullDuration: Microseconds, span: Double,
                                  curve: TimingCurve = .easeInOut, bounds: ClosedRange<Double>? = nil) -> MotionPath? {
        func duration(_ distance: Double) -> Microseconds {
            Microseconds((Double(fullDuration) * min(1, distance / span)).rounded())
        }
        let carried = abs(velocity) * Double(fullDuration) * momentumReach
        return fitted(from: from, velocity: velocity, to: to, duration: duration(abs(to - from) + carried),
                      fromRest: duration(abs(to - from)), curve: curve, bounds: bounds)
    }

    /// The move from `from`, leaving at `velocity`, to `to` over `duration`
    /// (less where it would leave `bounds`); nil where there is nothing to move.
    public static func settling(from: Double, velocity: Double, to: Double, duration: Microseconds,
                                curve: TimingCurve = .easeInOut, bounds: ClosedRange<Double>? = nil) -> MotionPath? {
        fitted(from: from, velocity: velocity, to: to, duration: duration, fromRest: duration, curve: curve, bounds: bounds)
    }

    private static func fitted(from: Double, velocity: Double, to: Double, duration: Microseconds, fromRest: Microseconds,
                               curve: TimingCurve, bounds: ClosedRange<Double>?) -> MotionPath? {
        guard from != to || velocity != 0 else { return nil }
        var duration = duration
        guard duration > 0 else { return nil }
        guard velocity != 0, let bounds else { return MotionPath(from: from, to: to, velocity: velocity, duration: duration, curve: curve) }
        // Shorter moves carry the speed less far: the longest that stays inside.
        while duration > 1 {
            let path = MotionPath(from: from, to: to, velocity: velocity, duration: duration, curve: curve)
            if path.staysWithin(bounds) { return path }
            duration = Microseconds(Double(duration) * 0.8)
        }
        // No room at all (at a bound, heading out of it): from rest.
        return from != to && fromRest > 0 ? MotionPath(from: from, to: to, duration: fromRest, curve: curve) : nil
    }

    /// Whether every value of the move lies in `bounds`: its lowest and
    /// highest values, found on a grid and then refined between the grid's
    /// neighbours (an extreme can lie between two grid points, as the dip of
    /// a short move just after it starts does).
    func staysWithin(_ bounds: ClosedRange<Double>) -> Bool {
        let tolerance = 1e-12 * max(1, abs(from), abs(to))
        let (lowest, highest) = extremes()
        return lowest >= bounds.lowerBound - tolerance && highest <= bounds.upperBound + tolerance
    }

    /// The path's lowest and highest values.
    func extremes() -> (lowest: Double, highest: Double) {
        let steps = 256
        func at(_ s: Double) -> Double {
            from + (to - from) * curve.value(at: s) + velocity * Double(duration) * Self.momentum(s)
        }
        let grid = (0...steps).map { at(Double($0) / Double(steps)) }
        func refined(_ index: Int, _ better: (Double, Double) -> Bool) -> Double {
            // Golden-section search on the grid cell on either side.
            var low = Double(max(index - 1, 0)) / Double(steps), high = Double(min(index + 1, steps)) / Double(steps)
            let ratio = (5.0.squareRoot() - 1) / 2
            for _ in 0..<60 {
                let a = high - ratio * (high - low), b = low + ratio * (high - low)
                if better(at(a), at(b)) { high = b } else { low = a }
            }
            return at((low + high) / 2)
        }
        let lowestIndex = grid.indices.min { grid[$0] < grid[$1] }!
        let highestIndex = grid.indices.max { grid[$0] < grid[$1] }!
        return (min(grid[lowestIndex], refined(lowestIndex, <)), max(grid[highestIndex], refined(highestIndex, >)))
    }
}
