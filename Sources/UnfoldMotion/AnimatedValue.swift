// SPDX-License-Identifier: LGPL-2.1-or-later
/// Frame-clock time, in microseconds (what `gdk_frame_clock_get_frame_time` returns).
public typealias Microseconds = Int64

/// A value that moves toward a target over time, as a pure function of the
/// timestamps it is given, so that it tests without a display.
///
/// A move from rest covers its distance in `fullDuration × distance / span`
/// along the timing curve. Retargeted while it moves, the value goes on from
/// where it is shown *at the speed it has there* (see `MotionPath`): nothing
/// jumps, not even its speed, it comes to rest exactly on the new target,
/// never leaves `bounds`, and takes no longer than `fullDuration`.
///
/// A move from rest starts at the first timestamp it is advanced to, which is
/// the first frame after the change — so a stale clock never skips the
/// animation — or when `start(at:)` says it began. A move that replaces one
/// under way starts at the frame its value and speed were shown at.
public struct AnimatedValue: Sendable, Equatable {
    /// The value on screen now.
    public private(set) var current: Double
    /// Where the value is going (equal to `current` once settled).
    public private(set) var target: Double
    /// How long a move across `span` takes; moves under way keep theirs.
    public var fullDuration: Microseconds {
        didSet { precondition(fullDuration >= 0) }
    }
    /// The distance a move of `fullDuration` covers (1 for a progress).
    public let span: Double
    public let curve: TimingCurve
    /// Where the value may ever be, speed carried over or not (a progress:
    /// 0...1); nil for none.
    public let bounds: ClosedRange<Double>?

    private var move: Move?
    /// The frame time `current` was shown at, once a move has been advanced.
    private var shownAt: Microseconds?

    private struct Move: Sendable, Equatable {
        var path: MotionPath
        var start: Microseconds?
    }

    public init(_ value: Double, fullDuration: Microseconds, span: Double = 1, curve: TimingCurve = .easeInOut,
                bounds: ClosedRange<Double>? = nil) {
        precondition(fullDuration >= 0 && span > 0)
        precondition(bounds.map { $0.contains(value) } ?? true, "a value starts within its bounds")
        current = value
        target = value
        self.fullDuration = fullDuration
        self.span = span
        self.curve = curve
        self.bounds = bounds
    }

    public var isAnimating: Bool { move != nil }

    /// How fast the value changes as shown now, in units per second.
    public var velocity: Double { unitsPerMicrosecond * 1_000_000 }

    private var unitsPerMicrosecond: Double {
        guard let move, let start = move.start, let shownAt else { return 0 }
        return move.path.velocity(at: shownAt - start)
    }

    /// The course the value follows: its move from where it started, or the
    /// value itself at rest (and while a move waits for its first frame).
    public var course: MotionCurve {
        guard let move, let start = move.start else { return MotionCurve(constant: current) }
        return MotionCurve(path: move.path, start: start)
    }

    /// Moves from the value shown toward `newTarget`, at the speed it has.
    public mutating func animate(to newTarget: Double) {
        precondition(bounds.map { $0.contains(newTarget) } ?? true, "a target within the value's bounds")
        let speed = unitsPerMicrosecond
        // A move that is under way hands over at the frame last shown; one that
        // no frame has advanced yet has not left its value: it starts from rest.
        let start = speed != 0 ? shownAt : nil
        target = newTarget
        guard let path = MotionPath.retargeted(from: current, velocity: speed, to: newTarget, fullDuration: fullDuration,
                                               span: span, curve: curve, bounds: bounds) else {
            return jump(to: newTarget)
        }
        move = Move(path: path, start: start)
    }

    /// Animates to `newTarget`, or goes there at once when animations are off
    /// (GTK's `gtk-enable-animations`, the desktop's reduce-motion).
    public mutating func set(_ newTarget: Double, animated: Bool) {
        if animated { animate(to: newTarget) } else { jump(to: newTarget) }
    }

    /// Goes to `newTarget` at once, ending any move.
    public mutating func jump(to newTarget: Double) {
        target = newTarget
        current = newTarget
        move = nil
    }

    /// Ends the current move at its target.
    public mutating func finish() { jump(to: target) }

    /// A move not yet advanced starts at `time` (when the change happened, for
    /// a caller whose first frame after it will not advance it: one that changed
    /// during a frame, after the frame's animations had run).
    public mutating func start(at time: Microseconds) {
        guard move != nil, move!.start == nil else { return }
        move!.start = time
    }

    /// Advances to frame time `time` and returns the value to show then.
    @discardableResult
    public mutating func advance(to time: Microseconds) -> Double {
        shownAt = time
        guard var move else { return current }
        let start = move.start ?? time
        move.start = start
        let elapsed = max(0, time - start)
        if elapsed >= move.path.duration {
            finish()
        } else {
            let value = move.path.value(at: elapsed)
            // (The path was checked on a fine grid; between its points it may
            // stray by a rounding error.)
            current = bounds.map { min(max(value, $0.lowerBound), $0.upperBound) } ?? value
            self.move = move
        }
        return current
    }
}

/// An offset that eases from where it starts to zero over a fixed duration.
/// Restarting mid-way starts from the offset shown then at the speed it has
/// (or one the caller gives), so nothing jumps, and it never overshoots zero.
public struct SettlingOffset: Sendable, Equatable {
    public var duration: Microseconds
    public private(set) var current = 0.0
    private var move: (path: MotionPath, start: Microseconds?)?
    private var shownAt: Microseconds?

    public init(duration: Microseconds) {
        self.duration = duration
    }

    public static func == (lhs: SettlingOffset, rhs: SettlingOffset) -> Bool {
        lhs.duration == rhs.duration && lhs.current == rhs.current && lhs.shownAt == rhs.shownAt
            && lhs.move?.path == rhs.move?.path && lhs.move?.start == rhs.move?.start
    }

    public var isAnimating: Bool { move != nil }

    /// How fast the offset changes as shown now, in units per second.
    public var velocity: Double { unitsPerMicrosecond * 1_000_000 }

    private var unitsPerMicrosecond: Double {
        guard let move, let start = move.start, let shownAt else { return 0 }
        return move.path.velocity(at: shownAt - start)
    }

    /// See `AnimatedValue.course`.
    public var course: MotionCurve {
        guard let (path, start) = move, let start else { return MotionCurve(constant: current) }
        return MotionCurve(path: path, start: start)
    }

    /// Eases from `offset` to zero, leaving at `velocity` (units per second;
    /// the speed it has now when not given).
    public mutating func restart(from offset: Double, velocity: Double? = nil) {
        let speed = velocity.map { $0 / 1_000_000 } ?? unitsPerMicrosecond
        current = offset
        // Never beyond zero: the side of it the offset starts on.
        let side: ClosedRange<Double>? = offset > 0 ? 0...Double.infinity : offset < 0 ? -Double.infinity...0 : nil
        guard duration > 0, let path = MotionPath.settling(from: offset, velocity: speed, to: 0, duration: duration, bounds: side) else {
            current = 0
            move = nil
            return
        }
        // Carrying a speed, it hands over at the frame last shown.
        move = (path, speed != 0 ? shownAt : nil)
    }

    public mutating func finish() {
        current = 0
        move = nil
    }

    public mutating func advance(to time: Microseconds) {
        shownAt = time
        guard let (path, start) = move else { return }
        let begun = start ?? time
        let elapsed = max(0, time - begun)
        if elapsed >= path.duration { return finish() }
        current = path.value(at: elapsed)
        move = (path, begun)
    }

    /// See `AnimatedValue.start(at:)`.
    public mutating func start(at time: Microseconds) {
        guard let (path, start) = move, start == nil else { return }
        move = (path, time)
    }
}
