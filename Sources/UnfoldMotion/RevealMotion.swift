// SPDX-License-Identifier: LGPL-2.1-or-later
/// How much things may move: all the way, without movement (GTK 4.22's
/// reduced motion: a change shows at once and fades), or not at all
/// (animations off).
public enum MotionPreference: Sendable, Equatable {
    case full, reduced, none
}

/// A reveal's motion: the fraction of its child's height it shows, and the
/// child's opacity, as pure functions of the frame times they are given.
///
/// - Full motion: the height eases open and closed, reversible from where it
///   is; the child stays opaque.
/// - Reduced motion: nothing moves. Opening, the whole height is there at
///   once and the child fades in; closing, the child fades out in the height
///   it has, which then goes at once. Reversed midway, the fade turns back
///   from where it is.
/// - None: both at their end at once.
public struct RevealMotion: Sendable, Equatable {
    /// The eased fraction of the child's height shown.
    public private(set) var height: AnimatedValue
    /// The child's opacity.
    public private(set) var opacity: AnimatedValue
    /// Whether the child is asked for (where the motion is going).
    public private(set) var isRevealed = false

    public init(revealed: Bool = false, duration: Microseconds) {
        height = AnimatedValue(revealed ? 1 : 0, fullDuration: duration, bounds: 0...1)
        opacity = AnimatedValue(1, fullDuration: duration, bounds: 0...1)
        isRevealed = revealed
    }

    public var isAnimating: Bool { height.isAnimating || opacity.isAnimating }

    /// Wholly shown: all its height, fully opaque, nothing left to do.
    public var isChildWhollyShown: Bool { isRevealed && height.current == 1 && opacity.current == 1 && !isAnimating }

    /// Whether the child has anything on screen or on its way there.
    public var isChildPresent: Bool { height.current > 0 || height.target > 0 }

    /// Asks for the child (or not), moving as `preference` allows, each move
    /// taking `duration` for the whole way.
    public mutating func reveal(_ revealed: Bool, preference: MotionPreference, duration: Microseconds) {
        isRevealed = revealed
        height.fullDuration = duration
        opacity.fullDuration = duration
        let target: Double = revealed ? 1 : 0
        switch preference {
        case .full:
            opacity.jump(to: 1)
            height.animate(to: target)
        case .none:
            opacity.jump(to: 1)
            height.jump(to: target)
        case .reduced:
            if revealed {
                // From closed, the child starts unseen; a fade-out under way turns back.
                if height.current < 1 { opacity.jump(to: 0) }
                height.jump(to: 1)
                opacity.animate(to: 1)
            } else if height.current == 0 {
                height.jump(to: 0)
            } else {
                // The height stays until the child has faded (see advance).
                height.jump(to: height.current)
                opacity.animate(to: 0)
            }
        }
    }

    /// Advances to frame time `time`.
    public mutating func advance(to time: Microseconds) {
        height.advance(to: time)
        opacity.advance(to: time)
        settleFadedOut()
    }

    /// Both at their end now.
    public mutating func finish() {
        height.finish()
        opacity.finish()
        settleFadedOut()
    }

    /// A child faded out of a closing reveal takes its height with it, and
    /// is opaque again for the next time it shows.
    private mutating func settleFadedOut() {
        guard !isRevealed, !opacity.isAnimating, opacity.current == 0 else { return }
        height.jump(to: 0)
        opacity.jump(to: 1)
    }
}
