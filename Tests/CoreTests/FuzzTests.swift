// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import LabelsFileProperties
import XCTest

/// The labels-file parser against libFuzzer, in every test run, and every input
/// the fuzzer ever kept replayed as a regression test.
final class FuzzTests: XCTestCase {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")
    static let corpus = fuzzDirectory.appendingPathComponent("labels-corpus")

    /// Seeds, and every finding under a `found-` name: each one once broke a
    /// property, and must hold forever after.
    func testEveryKeptInputHolds() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        XCTAssertGreaterThan(names.count, 10)
        XCTAssertTrue(names.contains { $0.hasPrefix("found-") }, "findings are kept as regression inputs")
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            XCTAssertNil(labelsFileViolation(bytes), name)
        }
    }

    /// `./meson-wrapper.sh test` builds the fuzzer with `-sanitize=fuzzer,address`
    /// and names it in UNFOLD_FUZZER.
    func testTheFuzzerFindsNothing() throws {
        guard let fuzzer = ProcessInfo.processInfo.environment["UNFOLD_FUZZER"] else {
            return XCTFail("UNFOLD_FUZZER is not set: run the tests with ./meson-wrapper.sh test, which builds the fuzzer")
        }
        let seconds = Int(ProcessInfo.processInfo.environment["UNFOLD_FUZZ_SECONDS"] ?? "") ?? 45
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-fuzz-\(UUID().uuidString)")
        let newInputs = scratch.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: newInputs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"  // ASan reports the crash; Swift's backtracer trips over it
        // New inputs go to the scratch directory first: the kept corpus is only read.
        let fuzz = try Children.run(fuzzer, [
            "-max_total_time=\(seconds)", "-print_final_stats=1", "-close_fd_mask=1",
            "-dict=\(Self.fuzzDirectory.appendingPathComponent("labels.dict").path)",
            "-artifact_prefix=\(scratch.path)/", newInputs.path, Self.corpus.path,
        ], environment: environment, patience: Double(seconds) + Patience.hang)
        let output = fuzz.stderr + fuzz.stdout

        let artifacts = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter {
            $0.hasPrefix("crash-") || $0.hasPrefix("leak-") || $0.hasPrefix("timeout-") || $0.hasPrefix("oom-")
        }
        for artifact in artifacts {
            let bytes = try Data(contentsOf: scratch.appendingPathComponent(artifact))
            let kept = Self.corpus.appendingPathComponent("found-\(artifact)")
            try? bytes.write(to: kept)
            XCTFail("""
                the fuzzer found \(artifact) (\(bytes.count) bytes, base64 \(bytes.base64EncodedString())); \
                it is now \(kept.path): fix the parser and commit it as a regression input
                """)
        }
        XCTAssertEqual(fuzz.status, 0, String(output.suffix(4000)))

        // "#415467  DONE  cov: 770 ft: 2841 corp: 230/10632b ..." then "Done 415467 runs in 41 second(s)".
        let done = output.split(separator: "\n").last { $0.contains("DONE") }
        XCTAssertNotNil(done, "libFuzzer printed no final line:\n\(output.suffix(2000))")
        let runs = output.split(separator: "\n").last { $0.hasPrefix("Done ") }
        print("fuzzer: \(runs ?? "?"); final: \(done.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") } ?? "?")")
    }
}
