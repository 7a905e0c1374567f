// SPDX-License-Identifier: LGPL-2.1-or-later
/// The time animations see: the frame clock's, slowed down by a factor (slow
/// motion, to watch a curve; GTK's `GTK_SLOWDOWN`). A change of factor bends
/// the time from the moment it is made, so a move under way neither jumps
/// nor restarts: it goes on, slower or faster, from where it is.
public struct MotionClock: Sendable, Equatable {
    /// How many times slower than real time: 1 is real time.
    public private(set) var slowdown: Double = 1
    /// Where the current factor took over, in real and in motion time.
    private var realAnchor: Microseconds = 0
    private var motionAnchor: Microseconds = 0

    public init(slowdown: Double = 1) {
        precondition(Self.isValid(slowdown), "a slowdown is a finite factor above 0")
        self.slowdown = slowdown
    }

    /// Whether `factor` can slow the clock (finite and above 0; below 1 speeds it up).
    public static func isValid(_ factor: Double) -> Bool { factor.isFinite && factor > 0 }

    /// The motion time at the real (frame clock) time `real`.
    public func time(at real: Microseconds) -> Microseconds {
        motionAnchor + Microseconds((Double(real - realAnchor) / slowdown).rounded())
    }

    /// From real time `now` on, motion runs `factor` times slower than real time.
    public mutating func setSlowdown(_ factor: Double, at now: Microseconds) {
        precondition(Self.isValid(factor), "a slowdown is a finite factor above 0")
        motionAnchor = time(at: now)
        realAnchor = now
        slowdown = factor
    }
}
