// SPDX-License-Identifier: LGPL-2.1-or-later
/// A CSS-style cubic Bézier timing curve through (0, 0) and (1, 1).
///
/// `easeInOut` is the curve SwiftUI's `.easeInOut` and CSS's `ease-in-out` use,
/// which is what the tutorials ask for.
public struct TimingCurve: Sendable, Equatable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2),
                     "a timing curve's x control points must lie in 0...1 so that time maps to one value")
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)
    public static let linear = TimingCurve(0, 0, 1, 1)

    /// The eased value at linear time `t`, clamped to 0...1.
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        return Self.coordinate(parameter(forX: t), y1, y2)
    }

    /// How fast the eased value changes at linear time `t` (d value / d t): 0
    /// outside 0...1, and at both ends of a curve that eases in and out.
    public func slope(at t: Double) -> Double {
        guard t > 0 && t < 1 else { return 0 }
        let s = parameter(forX: t)
        let dx = Self.slope(s, x1, x2)
        // Where x stands still (an x control point at 0 or 1, at an end), y's
        // slope over x's is the limit of the next parameter's.
        guard dx > 1e-12 else { return Self.slope(s, y1, y2) / max(dx, 1e-12) }
        return Self.slope(s, y1, y2) / dx
    }

    /// B(s) for one axis of a Bézier from 0 to 1 with control points c1, c2.
    private static func coordinate(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * s * c1 + 3 * inverse * s * s * c2 + s * s * s
    }

    private static func slope(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let inverse = 1 - s
        return 3 * inverse * inverse * c1 + 6 * inverse * s * (c2 - c1) + 3 * s * s * (1 - c2)
    }

    /// Solves x(s) = x. x(s) is monotonic for control points in 0...1, so Newton's
    /// method from s = x converges quickly; bisection takes over where the slope is flat.
    private func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, x1, x2) - x
            if abs(error) < 1e-9 { return s }
            let d = Self.slope(s, x1, x2)
            if abs(d) < 1e-6 { break }
            s -= error / d
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let current = Self.coordinate(s, x1, x2)
            if abs(current - x) < 1e-12 { break }
            if current < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
