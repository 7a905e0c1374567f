// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldCore

/// Measurements wait longer than tests: a million labels take a while.
let benchTimeout = 30.0

/// The work of each frame a window's frame clock paints: the main thread's CPU
/// time from "before-paint" to "after-paint", which covers update (tick
/// callbacks), layout, snapshot and rendering (the cairo renderer draws on this
/// thread). CPU time, not wall time: on a shared machine, time spent waiting
/// for a core is someone else's.
@MainActor
final class FrameProbe {
    private var started: Double?
    private(set) var frameWork: [Double] = []   // ms of CPU
    /// The thread's CPU clock (ms) as each frame began.
    private(set) var frameStarts: [Double] = []
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
            onSignal(clock, "before-paint") { [unowned self] in
                self.started = threadCPUMilliseconds()
                self.frameStarts.append(self.started!)
            },
            onSignal(clock, "after-paint") { [unowned self] in
                self.frames += 1
                if let started = self.started { self.frameWork.append(threadCPUMilliseconds() - started) }
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
        }, timeout: benchTimeout)
        return awaitedAt ?? g_get_monotonic_time()
    }

    /// People's keys land anywhere between two frames. Before its i-th key each
    /// contestant waits for a frame, then the same fraction of a 60 Hz period
    /// (ten fractions, spread over the keys): no one is timed only from just
    /// after a frame, and everyone from the same moments.
    func waitForKeyMoment(_ index: Int) {
        gtk_widget_queue_draw(window)
        let frameEnd = nextFrame()
        let offset = (index * 7 % 10) * 16_667 / 10
        iterate(until: { g_get_monotonic_time() >= frameEnd + offset }, timeout: 1)
    }

    /// Runs the loop until the window has painted nothing for `quiet`
    /// seconds. A scrolled window shown for the first time fades its
    /// overlay scrollbar in, then out two seconds later, a frame at a time
    /// for about three seconds: frames of its own that would otherwise be
    /// counted as the first list's, and widen what each of them redraws to
    /// the scrollbar's edge.
    func waitUntilStill(quiet: Double = 1.6) {
        var lastFrames = frames
        var stillSince = g_get_monotonic_time()
        iterate(until: {
            if frames != lastFrames { lastFrames = frames; stillSince = g_get_monotonic_time() }
            return Double(g_get_monotonic_time() - stillSince) >= quiet * 1_000_000
        }, timeout: benchTimeout)
    }

    func reset() { frameWork = []; frameStarts = []; frames = 0 }
    func stop() { connections.forEach { $0.disconnect() } }

    /// Asks for a frame and waits for it: where a measure starts from a
    /// frame's end. (Waiting for the next frame without asking would wait for
    /// nothing after a change GTK paints in one frame, until the timeout.)
    func syncToFrame() {
        gtk_widget_queue_draw(window)
        _ = nextFrame()
    }

    /// Runs the loop until one more frame is painted; returns when (µs).
    func nextFrame() -> Int {
        let target = frames + 1
        sleepingInLoop(until: { frames >= target }, timeout: benchTimeout)
        return g_get_monotonic_time()
    }
}

/// Runs the main loop until `condition` holds, sleeping in it between
/// events, for a condition only the loop's own dispatch makes true (a frame,
/// an animation's end). `iterate` polls the loop instead (for conditions
/// outside it), and its polling is CPU on this thread: between a change and
/// its frame that would be timed as the lists' work.
@MainActor
func sleepingInLoop(until condition: () -> Bool, timeout: Double) {
    final class Expiry { var passed = false }
    let expiry = Expiry()
    let source = Timeout.after(milliseconds: UInt32(timeout * 1000)) { expiry.passed = true }
    while !condition() && !expiry.passed { g_main_context_iteration(nil, 1) }
    if !expiry.passed { g_source_remove(source) }
}

/// CPU time this thread has used, in milliseconds.
func threadCPUMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}

/// Wall-clock time, read without a system call (the thread's CPU clock is
/// one, of about a microsecond here): for timing many small parts of a
/// measured whole without weighing on it.
func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
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
    /// What a row must show to meet the performance targets.
    enum Target: Codable {
        /// The ratio (ours / GTK's) at most this.
        case ratio(Double)
        /// Our median at most this, in the row's unit.
        case ours(Double)
    }

    var benchmark: String
    var unit: String
    var ours: Summary
    var gtk: Summary
    var gtkWidget: String
    var target: Target?
    var renderer: String?
    var ratio: Double { ours.median / gtk.median }

    init(benchmark: String, unit: String, ours: Summary, gtk: Summary, gtkWidget: String, target: Target? = nil) {
        self.benchmark = benchmark
        self.unit = unit
        self.ours = ours
        self.gtk = gtk
        self.gtkWidget = gtkWidget
        self.target = target
    }

    var met: Bool? {
        switch target {
        case .ratio(let most): ratio <= most
        case .ours(let most): ours.median <= most
        case nil: nil
        }
    }

    /// "≤1.00× met", "≤150 ms missed by 12 %"
    var targetText: String {
        guard let target, let met else { return "" }
        let (limit, value) = switch target {
        case .ratio(let most): (String(format: "≤%.2f×", most), ratio / most)
        case .ours(let most): (String(format: "≤%g %@", most, unit), ours.median / most)
        }
        if met { return "\(limit) met" }
        // A limit of 0 (no more than GTK's) is missed by an amount, not a share.
        guard value.isFinite else { return String(format: "%@ missed by %.3g %@", limit, ours.median, unit) }
        // (A miss under 1 % is said as it is, not rounded up to one.)
        let miss = (value - 1) * 100
        return miss < 1 ? String(format: "%@ missed by %.2g %%", limit, miss) : "\(limit) missed by \(Int(miss.rounded(.up))) %"
    }

    enum CodingKeys: String, CodingKey {
        case benchmark, unit, ours, gtk, gtkWidget = "gtk_widget", target, renderer, ratio, met
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(benchmark, forKey: .benchmark)
        try container.encode(unit, forKey: .unit)
        try container.encode(ours, forKey: .ours)
        try container.encode(gtk, forKey: .gtk)
        try container.encode(gtkWidget, forKey: .gtkWidget)
        try container.encodeIfPresent(target, forKey: .target)
        try container.encodeIfPresent(renderer, forKey: .renderer)
        try container.encode(ratio.isFinite ? ratio : -1, forKey: .ratio)
        try container.encodeIfPresent(met, forKey: .met)
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        benchmark = try container.decode(String.self, forKey: .benchmark)
        unit = try container.decode(String.self, forKey: .unit)
        ours = try container.decode(Summary.self, forKey: .ours)
        gtk = try container.decode(Summary.self, forKey: .gtk)
        gtkWidget = try container.decode(String.self, forKey: .gtkWidget)
        target = try container.decodeIfPresent(Target.self, forKey: .target)
        renderer = try container.decodeIfPresent(String.self, forKey: .renderer)
    }
}

func newWindow(_ child: WidgetPointer, width: Int32 = 600, height: Int32 = 700) -> WidgetPointer {
    let window = gtk_window_new()!
    gtk_window_set_default_size(gCast(window), width, height)
    gtk_window_set_child(gCast(window), child)
    gtk_window_present(gCast(window))
    return window
}

/// Shows `child` in a fresh window, lets it draw, and runs `body` with a probe
/// on its frames; the window goes afterwards.
@MainActor
func inWindow<T>(_ child: WidgetPointer, _ body: (FrameProbe) -> T) -> T {
    let window = newWindow(child)
    defer { gtk_window_destroy(gCast(window)) }
    let probe = FrameProbe(window)
    defer { probe.stop() }
    iterate(until: { probe.frames >= 3 }, timeout: benchTimeout)
    return body(probe)
}

/// GTK's own filtered list: GtkStringList → GtkFilterListModel (incremental)
/// with a case-insensitive substring GtkStringFilter → GtkListView of labels.
@MainActor
struct GtkFilteredList {
    let widget: WidgetPointer
    /// Owned by the model, which the widget owns: valid while the widget lives.
    let filter: OpaquePointer
    let filtered: OpaquePointer

    init(_ collection: LabelCollection) {
        var titles: [UnsafePointer<CChar>?] = collection.records.map { UnsafePointer(strdup($0.title)) } + [nil]
        let strings = gtk_string_list_new(&titles)!
        titles.forEach { free(UnsafeMutablePointer(mutating: $0)) }
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        filter = gtk_string_filter_new(expression)!
        gtk_string_filter_set_ignore_case(filter, 1)
        gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
        filtered = gtk_filter_list_model_new(strings, gCast(UnsafeMutableRawPointer(filter)))!
        gtk_filter_list_model_set_incremental(filtered, 1)
        let list = gtk_list_view_new(gtk_no_selection_new(filtered), ListBench.labelFactory())!
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_child(gCast(widget), list)
    }
}
