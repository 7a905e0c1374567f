// SPDX-License-Identifier: LGPL-2.1-or-later
import Glibc
import UnfoldGtk
import UnfoldMotion

/// Every animated value of every Unfold widget at every frame, as CSV
/// (`time_us,widget,property,value`), written as it goes so that a run
/// stopped at any moment leaves a whole file to plot or check: the app's
/// `--motion-trace FILE`, or `UNFOLD_MOTION_TRACE=FILE` for any program that
/// uses the library.
///
/// `time_us` is the frame clock's time of the frame (µs); `widget` a reveal
/// group's title, or the text of a list row's item; `property` one of
/// `progress` (a reveal's eased fraction), `rotation` (a chevron's angle, in
/// degrees), `opacity` and `y` (a row's, in pixels from the list's top) and
/// `height` (a list's).
@MainActor
public enum MotionTrace {
    public static let header = "time_us,widget,property,value"

    private static var file: UnsafeMutablePointer<FILE>?
    private static var checkedEnvironment = false

    /// The frame being drawn: what the values recorded now are stamped with.
    static var frameTime: Microseconds = 0
    /// Whether an animation is advancing to `frameTime` now: what is recorded
    /// outside one (a chevron turned by a jump) is no frame of a motion.
    static var isInFrame = false

    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Writes from now on to `path` (made anew), or stops writing with nil.
    public static func start(path: String?) throws(Failure) {
        checkedEnvironment = true
        if let file { fclose(file) }
        file = nil
        guard let path else { return }
        guard let opened = fopen(path, "w") else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        file = opened
        fputs(header + "\n", opened)
        fflush(opened)
    }

    /// Whether values are being written (the environment's file opened on first use).
    public static var isOn: Bool {
        if !checkedEnvironment {
            checkedEnvironment = true
            if let path = getenv("UNFOLD_MOTION_TRACE").map({ String(cString: $0) }), !path.isEmpty {
                do { try start(path: path) } catch {
                    unfold_log_warning("UNFOLD_MOTION_TRACE: \(error): no motion trace is written")
                }
            }
        }
        return file != nil
    }

    /// Receives every frame of every Unfold widget that moves, with the
    /// exact curves its values follow (the app's motion plot); while nil,
    /// widgets build none.
    public static var frameObserver: ((MotionRecorder.Frame) -> Void)?

    /// Hands `frame` to the observer, if there is one (built only then).
    static func observe(_ frame: @autoclosure () -> MotionRecorder.Frame) {
        frameObserver?(frame())
    }

    /// The motion time now, for a report made outside a frame.
    static var motionTimeNow: Microseconds { SlowMotion.time(at: Microseconds(g_get_monotonic_time())) }

    static func record(_ widget: String, _ property: String, _ value: Double) {
        guard isInFrame, isOn, let file else { return }
        fputs("\(frameTime),\(field(widget)),\(property),\(value)\n", file)
        fflush(file)
    }

    /// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
