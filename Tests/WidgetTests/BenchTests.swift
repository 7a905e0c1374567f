import Foundation
import XCTest

/// The benchmark program runs its short mode in every test run, so it cannot rot.
final class BenchTests: XCTestCase {
    func testQuickBenchmarkRunsAndReportsRatios() throws {
        let bench = URL(fileURLWithPath: AppProcessTests.executable).deletingLastPathComponent()
            .appendingPathComponent("unfold-bench").path
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: json) }
        let output = try AppProcessTests.run(bench, ["--quick", "--json", json], timeout: 300)
        XCTAssertEqual(output.status, 0, output.stderr)
        let rows = try JSONDecoder().decode([[String: String]].self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        let names = rows.compactMap { $0["benchmark"] }
        for expected in ["reveal: demo hierarchy, frame work", "filter: 1000 labels, per key", "memory: 10000 labels, peak RSS"] {
            XCTAssertTrue(names.contains { $0.hasPrefix(expected) }, "\(expected) in \(names)")
        }
        for row in rows {
            let ratio = Double(row["ratio"] ?? "") ?? .nan
            XCTAssertTrue(ratio.isFinite && ratio > 0, "\(row)")
        }
        XCTAssertTrue(output.stdout.contains("GtkRevealer") && output.stdout.contains("GtkFilterListModel+GtkListView"))
        XCTAssertEqual(try AppProcessTests.run(bench, ["--bogus"]).status, 2, "unknown options are refused")
    }
}
