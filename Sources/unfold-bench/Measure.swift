import Foundation
import Gtk

/// Runs the main loop until `condition` holds or `timeout` seconds pass.
@MainActor @discardableResult
func iterate(until condition: () -> Bool, timeout: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        if g_main_context_iteration(nil, 0) == 0 { usleep(200) }
    }
    return true
}

/// The work of each frame a window's frame clock paints: from "before-paint"
/// to "after-paint", which covers update, layout, snapshot and rendering.
@MainActor
final class FrameProbe {
    private var started = 0
    private(set) var frameWork: [Double] = []   // ms
    private(set) var frames = 0
    private var connections: [SignalConnection] = []

    /// Checked at each painted frame; the first frame at which it holds is noted.
    private var awaited: (() -> Bool)?
    private var awaitedAt: Int?

    private let window: WidgetPointer

    init(_ window: WidgetPointer) {
        self.window = window
        let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window)!)
        connections = [
            onSignal(clock, "before-paint") { [unowned self] in self.started = g_get_monotonic_time() },
            onSignal(clock, "after-paint") { [unowned self] in
                self.frames += 1
                if self.started > 0 { self.frameWork.append(Double(g_get_monotonic_time() - self.started) / 1000) }
                if self.awaitedAt == nil, let awaited = self.awaited, awaited() { self.awaitedAt = g_get_monotonic_time() }
            },
        ]
    }

    /// Runs the loop until a painted frame shows `condition` true; returns when
    /// that frame ended (µs). The frame that shows a result is the first frame
    /// painted once the result is in place, whoever puts it there and when.
    func firstFrame(where condition: @escaping () -> Bool) -> Int {
        awaited = condition
        awaitedAt = nil
        defer { awaited = nil }
        // A result that changes nothing visible paints no frame by itself: once it
        // is in place, ask for one, the same for every contestant.
        iterate(until: {
            if awaitedAt == nil, condition() { gtk_widget_queue_draw(window) }
            return awaitedAt != nil
        })
        return awaitedAt ?? g_get_monotonic_time()
    }

    func reset() { frameWork = []; frames = 0 }
    func stop() { connections.forEach { $0.disconnect() } }

    /// Runs the loop until one more frame is painted; returns when (µs).
    func nextFrame() -> Int {
        let target = frames + 1
        iterate(until: { frames >= target })
        return g_get_monotonic_time()
    }
}

/// Median and spread (interquartile range) of samples.
struct Summary: Codable {
    var median: Double
    var q1: Double
    var q3: Double
    var count: Int

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        func at(_ fraction: Double) -> Double {
            sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
        }
        median = at(0.5)
        q1 = at(0.25)
        q3 = at(0.75)
        count = samples.count
    }

    var text: String { String(format: "%.2f [%.2f–%.2f]", median, q1, q3) }
}

/// One row of the report: ours against GTK's own widget, same work, same run.
struct Row: Codable {
    var benchmark: String
    var unit: String
    var ours: Summary
    var gtk: Summary
    var gtkWidget: String
    var ratio: Double { ours.median / gtk.median }
}

func newWindow(_ child: WidgetPointer, width: Int32 = 600, height: Int32 = 700) -> WidgetPointer {
    let window = gtk_window_new()!
    gtk_window_set_default_size(gCast(window), width, height)
    gtk_window_set_child(gCast(window), child)
    gtk_window_present(gCast(window))
    return window
}
