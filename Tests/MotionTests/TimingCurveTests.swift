// SPDX-License-Identifier: LGPL-2.1-or-later
import XCTest
import UnfoldMotion

final class TimingCurveTests: XCTestCase {
    let curve = TimingCurve.easeInOut

    func testEndpointsAndClamping() {
        XCTAssertEqual(curve.value(at: 0), 0)
        XCTAssertEqual(curve.value(at: 1), 1)
        XCTAssertEqual(curve.value(at: -0.5), 0)
        XCTAssertEqual(curve.value(at: 1.5), 1)
    }

    func testMonotonic() {
        var previous = 0.0
        for step in 1...1000 {
            let value = curve.value(at: Double(step) / 1000)
            XCTAssertGreaterThanOrEqual(value, previous, "at t = \(Double(step) / 1000)")
            previous = value
        }
    }

    func testSymmetricAboutTheMiddle() {
        for step in 0...100 {
            let t = Double(step) / 100
            XCTAssertEqual(curve.value(at: t) + curve.value(at: 1 - t), 1, accuracy: 1e-6, "at t = \(t)")
        }
        XCTAssertEqual(curve.value(at: 0.5), 0.5, accuracy: 1e-9)
    }

    func testEasesInAndOut() {
        // Slower than linear at the start, faster in the middle.
        XCTAssertLessThan(curve.value(at: 0.1), 0.1)
        XCTAssertGreaterThan(curve.value(at: 0.6), 0.6)
        // Known point of cubic-bezier(0.42, 0, 0.58, 1), as browsers compute it.
        XCTAssertEqual(curve.value(at: 0.25), 0.1291, accuracy: 0.001)
    }

    func testLinearIsIdentity() {
        for step in 0...10 {
            let t = Double(step) / 10
            XCTAssertEqual(TimingCurve.linear.value(at: t), t, accuracy: 1e-9)
        }
    }
}
