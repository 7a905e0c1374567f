// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldGtk

/// One size of the growth family: the same file opened and typed into by
/// Unfold and by GTK's own list.
struct GrowthPoint {
    let labels: Int
    let ours: ProcessBench.Typing
    let gtk: ProcessBench.Typing

    /// "100k", "3M".
    static func name(_ labels: Int) -> String {
        labels >= 1_000_000 ? "\(labels / 1_000_000)M" : "\(labels / 1000)k"
    }
}

/// The growth family as a picture: three panels side by side (time to a
/// usable window, peak memory, time per key), labels across on a log scale,
/// and up on a log scale too, so that a line's slope is how it grows (a
/// slope of one decade a decade grows as the labels do). Unfold in blue,
/// GTK's list in grey; the key panel's solid lines are medians, its dotted
/// ones the worst key.
enum GrowthPlot {
    static let panelWidth = 400.0, height = 360.0
    static let margin = (left: 64.0, right: 16.0, top: 64.0, bottom: 48.0)

    struct Series {
        let values: [Double]
        let red, green, blue: Double
        let dashed: Bool
        let dotted: Bool
    }

    static func write(_ points: [GrowthPoint], to path: String) throws {
        guard points.count >= 2 else { throw BenchError("a growth plot needs two sizes or more") }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(panelWidth * 3), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        let labels = points.map { Double($0.labels) }
        func ours(_ values: [Double]) -> Series { Series(values: values, red: 0.21, green: 0.52, blue: 0.89, dashed: false, dotted: false) }
        func gtk(_ values: [Double]) -> Series { Series(values: values, red: 0.45, green: 0.45, blue: 0.45, dashed: true, dotted: false) }
        func worst(_ series: Series) -> Series {
            Series(values: series.values, red: series.red, green: series.green, blue: series.blue, dashed: false, dotted: true)
        }
        func median(_ values: [Double]) -> Double { percentile(values, 0.5) }
        func highest(_ values: [Double]) -> Double { values.max() ?? .nan }
        panel(cairo, at: 0, title: "To a usable window (ms)", labels: labels, series: [
            ours(points.map(\.ours.load)), gtk(points.map(\.gtk.load)),
        ])
        panel(cairo, at: 1, title: "Peak memory (MB)", labels: labels, series: [
            ours(points.map(\.ours.peakResident)), gtk(points.map(\.gtk.peakResident)),
        ])
        panel(cairo, at: 2, title: "Key to final count (ms): median, worst dotted", labels: labels, series: [
            ours(points.map { median($0.ours.keyLatencies) }), gtk(points.map { median($0.gtk.keyLatencies) }),
            worst(ours(points.map { highest($0.ours.keyLatencies) })), worst(gtk(points.map { highest($0.gtk.keyLatencies) })),
        ])
        // The legend, once, at the top right.
        cairo_set_font_size(cairo, 12)
        for (index, (name, series)) in [("Unfold", ours([])), ("GtkFilterListModel + GtkListView", gtk([]))].enumerated() {
            let x = panelWidth * 3 - 250, y = 16 + Double(index) * 16
            stroke(cairo, series) {
                cairo_move_to(cairo, x, y - 4)
                cairo_line_to(cairo, x + 24, y - 4)
            }
            cairo_set_source_rgb(cairo, 0.1, 0.1, 0.1)
            cairo_move_to(cairo, x + 30, y)
            cairo_show_text(cairo, name)
        }
        cairo_surface_flush(surface)
        guard cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS else {
            throw BenchError("cannot write the growth plot to \(path)")
        }
    }

    /// Strokes what `path` draws in the series' colour and dashes.
    private static func stroke(_ cairo: OpaquePointer, _ series: Series, _ path: () -> Void) {
        cairo_save(cairo)
        cairo_set_source_rgb(cairo, series.red, series.green, series.blue)
        cairo_set_line_width(cairo, 2)
        if series.dashed || series.dotted {
            var dashes: [Double] = series.dotted ? [2, 4] : [8, 5]
            cairo_set_dash(cairo, &dashes, Int32(dashes.count), 0)
        }
        path()
        cairo_stroke(cairo)
        cairo_restore(cairo)
    }

    private static func panel(_ cairo: OpaquePointer, at index: Int, title: String, labels: [Double], series: [Series]) {
        let left = Double(index) * panelWidth + margin.left
        let width = panelWidth - margin.left - margin.right, plotHeight = height - margin.top - margin.bottom
        let top = margin.top
        let values = series.flatMap(\.values).filter { $0.isFinite && $0 > 0 }
        guard let low = values.min(), let high = values.max() else { return }
        // Whole decades, so that the grid lines are round numbers.
        let yLow = floor(log10(low)), yHigh = max(ceil(log10(high)), yLow + 1)
        let xLow = log10(labels.first!), xHigh = log10(labels.last!)
        func x(_ labels: Double) -> Double { left + (log10(labels) - xLow) / (xHigh - xLow) * width }
        func y(_ value: Double) -> Double { top + plotHeight - (log10(value) - yLow) / (yHigh - yLow) * plotHeight }

        cairo_set_source_rgb(cairo, 0.1, 0.1, 0.1)
        cairo_set_font_size(cairo, 13)
        cairo_move_to(cairo, left, top - 14)
        cairo_show_text(cairo, title)
        // Grid and ticks: a line a decade up, a tick a size across.
        cairo_set_font_size(cairo, 11)
        cairo_set_line_width(cairo, 1)
        for decade in Int(yLow)...Int(yHigh) {
            let value = pow(10, Double(decade)), lineY = y(value).rounded() + 0.5
            cairo_set_source_rgb(cairo, 0.88, 0.88, 0.88)
            cairo_move_to(cairo, left, lineY)
            cairo_line_to(cairo, left + width, lineY)
            cairo_stroke(cairo)
            cairo_set_source_rgb(cairo, 0.3, 0.3, 0.3)
            let text = value >= 1 ? String(Int(value)) : String(value)
            cairo_move_to(cairo, left - 8 - Double(text.count) * 6.5, lineY + 4)
            cairo_show_text(cairo, text)
        }
        for size in labels {
            let tickX = x(size).rounded() + 0.5
            cairo_set_source_rgb(cairo, 0.3, 0.3, 0.3)
            cairo_move_to(cairo, tickX, top + plotHeight)
            cairo_line_to(cairo, tickX, top + plotHeight + 5)
            cairo_stroke(cairo)
            let text = GrowthPoint.name(Int(size))
            cairo_move_to(cairo, tickX - Double(text.count) * 3.2, top + plotHeight + 18)
            cairo_show_text(cairo, text)
        }
        cairo_move_to(cairo, left + width / 2 - 18, top + plotHeight + 38)
        cairo_show_text(cairo, "labels")
        for line in series {
            let drawn = zip(labels, line.values).filter { $0.1.isFinite && $0.1 > 0 }
            guard !drawn.isEmpty else { continue }
            stroke(cairo, line) {
                for (position, (size, value)) in drawn.enumerated() {
                    if position == 0 { cairo_move_to(cairo, x(size), y(value)) } else { cairo_line_to(cairo, x(size), y(value)) }
                }
            }
            // A dot at each size measured.
            cairo_set_source_rgb(cairo, line.red, line.green, line.blue)
            for (size, value) in drawn {
                cairo_arc(cairo, x(size), y(value), 3, 0, 2 * .pi)
                cairo_fill(cairo)
            }
        }
    }
}
