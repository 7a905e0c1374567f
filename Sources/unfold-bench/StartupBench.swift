// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldApp
import UnfoldCore

/// From building a page to its first painted frame, in a fresh window: each of
/// ours against GTK's counterpart showing the same thing.
@MainActor
enum StartupBench {
    static func firstFrame(_ build: () -> WidgetPointer) -> Double {
        let start = g_get_monotonic_time()
        let window = newWindow(build())
        defer { gtk_window_destroy(gCast(window)) }
        let probe = FrameProbe(window)
        defer { probe.stop() }
        iterate(until: { probe.frames >= 1 }, timeout: benchTimeout)
        return Double(g_get_monotonic_time() - start) / 1000
    }

    /// Our custom reveal page against the same hierarchy in GtkExpanders.
    static func reveal(runs: Int) -> (ours: [Double], gtk: [Double]) {
        ((0..<runs).map { _ in firstFrame { RevealPage().widget } },
         (0..<runs).map { _ in firstFrame { NativePage().widget } })
    }

    /// Our outline page (GtkListView over our tree model, which remembers open
    /// nodes) against the same hierarchy in GtkExpanders.
    static func outline(runs: Int) -> (ours: [Double], gtk: [Double]) {
        ((0..<runs).map { _ in firstFrame { OutlinePage().widget } },
         (0..<runs).map { _ in firstFrame { NativePage().widget } })
    }

    /// Our collection page against GTK's filtered list view, for `labels` labels.
    static func collection(labels: Int, runs: Int) -> (ours: [Double], gtk: [Double]) {
        let collection = LabelCollection.synthetic(count: labels)
        return ((0..<runs).map { _ in firstFrame { CollectionPage(collection: collection).widget } },
                (0..<runs).map { _ in firstFrame { GtkFilteredList(collection).widget } })
    }
}
