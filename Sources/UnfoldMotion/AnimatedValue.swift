// SPDX-License-Identifier: LGPL-2.1-or-later
/// Frame-clock time, in microseconds (what `gdk_frame_clock_get_frame_time` returns).
public typealias Microseconds = Int64

/// A value that moves toward a target over time, as a pure function of the
/// timestamps it is given, so that it tests without a display.
///
/// A move covers its distance in `fullDuration × distance / span`: retargeting
/// halfway through reverses from the value on screen and takes half the time,
/// with no jump. A move starts at the first timestamp it is advanced to, which is
/// the first frame after the change — so a stale clock never skips the animation —
/// or when `start(at:)` says it began.
public struct AnimatedValue: Sendable, Equatable {
    /// The value on screen now.
    public private(set) var current: Double
    /// Where the value is going (equal to `current` once settled).
    public private(set) var target: Double
    public let fullDuration: Microseconds
    /// The distance a move of `fullDuration` covers (1 for a progress).
    public let span: Double
    public let curve: TimingCurve

    private var move: Move?

    private struct Move: Sendable, Equatable {
        var from: Double
        var duration: Microseconds
        var start: Microseconds?
    }

    public init(_ value: Double, fullDuration: Microseconds, span: Double = 1, curve: TimingCurve = .easeInOut) {
        precondition(fullDuration >= 0 && span > 0)
        current = value
        target = value
        self.fullDuration = fullDuration
        self.span = span
        self.curve = curve
    }

    public var isAnimating: Bool { move != nil }

    /// Starts moving from the current value toward `newTarget`.
    public mutating func animate(to newTarget: Double) {
        target = newTarget
        let distance = abs(newTarget - current)
        let duration = Microseconds((Double(fullDuration) * distance / span).rounded())
        if duration <= 0 {
            jump(to: newTarget)
        } else {
            move = Move(from: current, duration: duration, start: nil)
        }
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
        guard var move else { return current }
        let start = move.start ?? time
        move.start = start
        let elapsed = Double(max(0, time - start)) / Double(move.duration)
        if elapsed >= 1 {
            finish()
        } else {
            current = move.from + (target - move.from) * curve.value(at: elapsed)
            self.move = move
        }
        return current
    }
}

/// An offset that eases from where it starts to zero over a fixed duration.
/// Restarting mid-way starts from the offset shown then, so nothing jumps.
public struct SettlingOffset: Sendable, Equatable {
    private var from = 0.0
    private var progress: AnimatedValue

    public init(duration: Microseconds) {
        progress = AnimatedValue(1, fullDuration: duration)
    }

    public var current: Double { from * (1 - progress.current) }
    public var isAnimating: Bool { progress.isAnimating }

    public mutating func restart(from offset: Double) {
        from = offset
        progress.jump(to: 0)
        if offset != 0 { progress.animate(to: 1) } else { progress.jump(to: 1) }
    }

    public mutating func finish() { progress.finish() }

    public mutating func advance(to time: Microseconds) { progress.advance(to: time) }

    /// See `AnimatedValue.start(at:)`.
    public mutating func start(at time: Microseconds) { progress.start(at: time) }
}
