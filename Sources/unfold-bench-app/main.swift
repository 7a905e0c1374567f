// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import UnfoldGtk
import UnfoldApp
import UnfoldCore
import UnfoldMotion

let status = MainActor.assumeIsolated { runApplicationForBench(Array(CommandLine.arguments.dropFirst())) }
exit(status)

/// `unfold-bench-app [--groups N] [unfold's options]`: Unfold's application,
/// as the `unfold` binary runs it, whose windows open at 760×620 and report
/// their frames for unfold-bench's `Contestant`. With `--groups N` the
/// disclosure pages show N copies of the tutorial's hierarchy.
///
/// Like `unfold`, it does without Foundation (unfold-bench has it): what it
/// costs is what the app costs.
@MainActor
func runApplicationForBench(_ arguments: [String]) -> Int32 {
    var arguments = arguments
    var copies = 1
    if arguments.first == "--groups", arguments.count >= 2, let count = Int(arguments[1]), count >= 1 {
        copies = count
        arguments.removeFirst(2)
    }
    Localization.setUp()
    let application = UnfoldApplication(unique: false)
    if copies > 1 {
        application.hierarchy = (0..<copies).flatMap { copy in OutlineNode.sample.map { $0.renumbered(by: copy * 100) } }
    }
    application.onWindowOpened = { window in
        gtk_window_set_default_size(gCast(window.window), 760, 620)
        FrameReporter.attach(to: window)
    }
    return application.run(arguments: ["unfold"] + arguments)
}

extension OutlineNode {
    /// The same tree with every ID moved by `offset` (copies of one tree stay unique).
    func renumbered(by offset: Int) -> OutlineNode {
        OutlineNode(id: id + offset, title: title, children: children.map { $0.renumbered(by: offset) })
    }
}

/// Prints a line per painted frame of a window, as `Contestant` reads them:
/// a frame-clock cycle in which a surface was rendered. (Cycles run for
/// animations' ticks and layout too; one that renders nothing paints no frame.)
@MainActor
enum FrameReporter {
    private static var started = 0
    private static var toldRenderer = false
    private static var connections: [SignalConnection] = []
    private static var hooked = false
    private static let empty: UnsafePointer<CChar> = UnsafePointer(strdup("")!)
    /// Standard output, as a stream of its own (written on the main thread only).
    nonisolated(unsafe) private static let output = fdopen(1, "w")!
    /// Surfaces rendered since the frame clock's last before-paint, counted by
    /// an emission hook: a C function, which cannot hop to the main actor
    /// (it runs on the main thread, as the frame clock does).
    nonisolated(unsafe) private static var rendersThisCycle = 0

    static func attach(to window: MainWindow) {
        onSignal(window.window, "realize") {
            if !hooked {
                g_signal_add_emission_hook(g_signal_lookup("render", gdk_surface_get_type()), 0, { _, _, _, _ in
                    FrameReporter.rendersThisCycle += 1
                    return 1  // stay hooked
                }, nil, nil)
                hooked = true
            }
            let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window.window)!)
            connections.append(onSignal(clock, "before-paint") {
                started = threadCPUMicroseconds()
                rendersThisCycle = 0
            })
            connections.append(onSignal(clock, "after-paint") {
                guard rendersThisCycle > 0 else { return }
                if !toldRenderer, let renderer = gtk_native_get_renderer(OpaquePointer(window.window)) {
                    fputs("renderer \(typeName(of: UnsafeMutablePointer<GObject>(renderer)))\n", output)
                    toldRenderer = true
                }
                // The collection's filter and caption, once that page is made
                // (asking for the page would make it). Written as the C
                // reference writes its line, so that neither side's count of
                // CPU pays more for being watched.
                let work = threadCPUMicroseconds() - started
                var entry: UnsafePointer<CChar> = Self.empty, caption: UnsafePointer<CChar> = Self.empty
                if window.isMade(.collection) {
                    entry = gtk_editable_get_text(gCast(window.collectionPage.searchEntry))
                    caption = gtk_label_get_text(gCast(window.collectionPage.caption))
                }
                _ = withVaList([g_get_monotonic_time(), work, entry, caption]) { vfprintf(output, "frame %ld %ld %s\t%s\n", $0) }
                fflush(output)
            })
        }
    }

    private static func threadCPUMicroseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return now.tv_sec * 1_000_000 + now.tv_nsec / 1000
    }
}
