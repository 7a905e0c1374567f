// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import XCTest

/// The benchmark program runs its short mode in every test run, so it cannot rot.
final class BenchTests: XCTestCase {
    func testQuickBenchmarkRunsAndReportsRatios() throws {
        let bench = URL(fileURLWithPath: AppProcessTests.executable).deletingLastPathComponent()
            .appendingPathComponent("unfold-bench").path
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).json").path
        let plot = FileManager.default.temporaryDirectory.appendingPathComponent("growth-\(UUID().uuidString).png").path
        defer {
            try? FileManager.default.removeItem(atPath: json)
            try? FileManager.default.removeItem(atPath: plot)
        }
        let output = try AppProcessTests.run(bench, ["--quick", "--json", json, "--plot", plot], patience: 30 * 60 * Patience.factor)
        XCTAssertEqual(output.status, 0, output.stderr)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [[String: Any]])
        // Every row, under each of GTK's renderers, each drawn with the renderer asked for.
        for renderer in ["gl", "cairo"] {
            let names = rows.filter { $0["renderer"] as? String == renderer }.compactMap { $0["benchmark"] as? String }
            for expected in ["reveal: demo hierarchy, frame work", "reveal: demo hierarchy, whole process per expand+collapse",
                             "collection: a/b change, whole process per painted frame", "filter: 1000 labels, per key",
                             "labels: 20k from TSV, to a usable window", "labels: 20k from JSON, peak RSS",
                             "labels: 20k, worst key to final count", "labels: 20k, 95th-percentile frame work typing",
                             "memory: baseline, 4 labels, peak RSS", "memory: per label over the baseline (TSV)",
                             "memory: 10000 labels, peak RSS", "scan: 100k labels, a query read through",
                             "scan: 100k labels, bytes read per ms"] {
                XCTAssertTrue(names.contains { $0.hasPrefix(expected) }, "\(expected) under \(renderer) in \(names)")
            }
        }
        // The growth family under GL only, the scripts family under both
        // (cairo is what Unfold draws with on this machine's software
        // OpenGL), and the growth plot: three panels of 400 by 360 pixels.
        let growth = rows.filter { ["growth: ", "scripts: "].contains(where: ($0["benchmark"] as? String ?? "").hasPrefix) }
        let family = { (prefix: String) in
            Set(growth.filter { ($0["benchmark"] as? String ?? "").hasPrefix(prefix) }.compactMap { $0["renderer"] as? String })
        }
        XCTAssertEqual(family("growth: "), ["gl"])
        XCTAssertEqual(family("scripts: "), ["gl", "cairo"])
        for expected in ["growth: 2k labels, to a usable window", "growth: 20k labels, peak RSS", "growth: 20k labels, median key",
                         "growth: 2k labels, 95th-percentile key", "growth: 20k labels, worst key", "growth: 20k labels from JSON, peak RSS",
                         "scripts: ASCII, 20k labels, bytes per label beyond the text and its fold", "scripts: every script (CLDR), 20k labels, peak RSS",
                         "scripts: ASCII, 20k labels, bytes per label beyond the text", "scripts: every script (CLDR), 20k labels, worst key"] {
            XCTAssertTrue(growth.contains { $0["benchmark"] as? String == expected }, "\(expected) in \(growth)")
        }
        let png = try Data(contentsOf: URL(fileURLWithPath: plot))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
        // The header's width and height, big-endian, after "IHDR".
        XCTAssertEqual(png.count > 24 ? Array(png[16..<24]) : [], [0, 0, 0x04, 0xB0, 0, 0, 0x01, 0x68], "1200 by 360 pixels")
        for row in rows {
            let ratio = row["ratio"] as? Double ?? .nan
            XCTAssertTrue(ratio.isFinite && ratio > 0, "\(row)")
            // A row with a target says whether it is met.
            XCTAssertEqual(row["target"] != nil, row["met"] is Bool, "\(row)")
        }
        XCTAssertTrue(rows.contains { $0["target"] != nil })
        XCTAssertTrue(output.stdout.contains("GtkRevealer + CSS chevron") && output.stdout.contains("GtkFilterListModel+GtkListView"))
        XCTAssertEqual(try AppProcessTests.run(bench, ["--bogus"]).status, 2, "unknown options are refused")
        XCTAssertEqual(try AppProcessTests.run(bench, ["--renderer", "vulkan"]).status, 2, "only GTK 4.8's gl and cairo")
    }
}
