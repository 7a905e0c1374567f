// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldMotion

/// Slow motion for every Unfold animation in the process: the one clock their
/// frames are read through (`unfold_set_slowdown`, the app's Slow Motion).
/// At start it runs `UNFOLD_SLOWDOWN × GTK_SLOWDOWN` times slower than the
/// frame clock, so GTK's own slow-motion switch slows Unfold's animations as
/// it slows GTK's.
@MainActor
public enum SlowMotion {
    private static var clock = MotionClock(slowdown: fromEnvironment)

    /// How many times slower than real time the animations run (1: real time).
    /// Set, a move under way goes on from where it is at the new pace.
    public static var slowdown: Double {
        get { clock.slowdown }
        set { clock.setSlowdown(newValue, at: Microseconds(g_get_monotonic_time())) }
    }

    /// The time an animation sees at frame-clock time `frameTime`.
    public static func time(at frameTime: Microseconds) -> Microseconds { clock.time(at: frameTime) }

    private static var fromEnvironment: Double { factor(of: "UNFOLD_SLOWDOWN") * factor(of: "GTK_SLOWDOWN") }

    /// A factor from the environment; a value that is not one is said, and real time kept.
    private static func factor(of variable: String) -> Double {
        guard let raw = getenv(variable) else { return 1 }
        let text = String(cString: raw)
        guard let factor = Double(text), MotionClock.isValid(factor) else {
            unfold_log_warning("\(variable)=\(text) is not a factor above 0 (10 is ten times slower): it is ignored")
            return 1
        }
        return factor
    }
}
