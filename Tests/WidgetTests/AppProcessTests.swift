import Foundation
import XCTest

/// The real `unfold` binary, launched as a desktop user would, read and driven
/// from a second process through AT-SPI.
final class AppProcessTests: XCTestCase {
    /// Set by `./meson-wrapper.sh test`; a development run finds it beside the tests.
    static var executable: String {
        if let path = ProcessInfo.processInfo.environment["UNFOLD_EXECUTABLE"] { return path }
        let testBundle = URL(fileURLWithPath: CommandLine.arguments[0])
        return testBundle.deletingLastPathComponent().appendingPathComponent("unfold").path
    }

    static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("atspi_driver.py").path

    struct Output { var status: Int32; var stdout: String; var stderr: String }

    static func run(_ executable: String, _ arguments: [String], timeout: Double = 20) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = launchEnvironment()
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                      stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    struct Node: Decodable { var depth: Int; var role: String; var name: String; var states: [String] }

    /// The app's accessible tree now, or nil when it is not on the bus yet.
    static func tree() throws -> [Node]? {
        let output = try run("/usr/bin/python3", [driver, "unfold", "dump"])
        guard output.status == 0 else { return nil }
        return try output.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(Node.self, from: Data($0.utf8))
        }
    }

    /// Polls the tree until `condition` holds; returns the last tree seen.
    static func waitForTree(timeout: Double = 10, _ condition: ([Node]) -> Bool) throws -> [Node] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [Node] = []
        repeat {
            if let nodes = try tree() {
                last = nodes
                if condition(nodes) { return nodes }
            }
            usleep(100_000)
        } while Date() < deadline
        XCTFail("the accessible tree never reached the expected state; last seen: \(last.map { "\($0.role) '\($0.name)' \($0.states)" })")
        return last
    }

    static func press(_ name: String) throws {
        XCTAssertEqual(try run("/usr/bin/python3", [driver, "unfold", "press", name]).status, 0, "press \(name)")
    }

    func testUnknownOptionIsReportedWithANonZeroExit() throws {
        let output = try Self.run(Self.executable, ["--no-such-option"])
        XCTAssertNotEqual(output.status, 0)
        XCTAssertTrue(output.stderr.contains("--no-such-option"), "stderr: \(output.stderr)")
    }

    func testHelpListsTheOptions() throws {
        let output = try Self.run(Self.executable, ["--help"])
        XCTAssertEqual(output.status, 0)
        XCTAssertTrue(output.stdout.contains("--reduce-motion"), "stdout: \(output.stdout)")
    }

    func testBadPageNameListsTheValidOnes() throws {
        let output = try Self.run(Self.executable, ["--page", "sideways"])
        XCTAssertNotEqual(output.status, 0)
        XCTAssertTrue(output.stderr.contains("sideways"), output.stderr)
        XCTAssertTrue(output.stderr.contains("reveal, native, outline, collection"), output.stderr)
    }

    func testVersion() throws {
        let output = try Self.run(Self.executable, ["--version"])
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.stdout, "unfold 0.1.0\n")
    }

    /// The page tab that is selected, as assistive technologies see it.
    static func selectedPage(_ nodes: [Node]) -> String? {
        nodes.first { $0.role == "page tab" && $0.states.contains("selected") }?.name
    }

    func testPageOptionOpensEachPageAndASecondLaunchPresentsTheRunningApp() throws {
        let titles = ["reveal": "Reveal", "native": "Native", "outline": "Outline", "collection": "Collection"]
        for (name, title) in titles.sorted(by: { $0.key < $1.key }) {
            let app = Process()
            app.executableURL = URL(fileURLWithPath: Self.executable)
            app.arguments = ["--page", name]
            app.environment = launchEnvironment()
            try app.run()
            _ = try Self.waitForTree { Self.selectedPage($0) == title }
            app.terminate()
            app.waitUntilExit()
        }

        let first = Process()
        first.executableURL = URL(fileURLWithPath: Self.executable)
        first.environment = launchEnvironment()
        let errors = Pipe()
        first.standardError = errors
        try first.run()
        _ = try Self.waitForTree { Self.selectedPage($0) != nil }
        // A second launch hands its command line to the running instance and ends.
        let second = try Self.run(Self.executable, ["--page", "outline"], timeout: 10)
        XCTAssertEqual(second.status, 0, second.stderr)
        let nodes = try Self.waitForTree { Self.selectedPage($0) == "Outline" }
        XCTAssertEqual(nodes.filter { $0.role == "frame" }.count, 1, "still one window")
        XCTAssertTrue(first.isRunning)
        first.terminate()
        first.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertFalse(stderr.contains("WARNING") || stderr.contains("CRITICAL"), stderr)
    }

    func testDisclosureThroughAccessibility() throws {
        for arguments in [[], ["--reduce-motion"]] {
            let app = Process()
            app.executableURL = URL(fileURLWithPath: Self.executable)
            app.arguments = arguments
            app.environment = launchEnvironment()
            let errors = Pipe()
            app.standardError = errors
            try app.run()

            func node(_ name: String, in nodes: [Node]) -> Node? { nodes.first { $0.name == name } }
            func expanded(_ name: String) -> ([Node]) -> Bool {
                { node(name, in: $0)?.states.contains("expanded") == true }
            }

            var nodes = try Self.waitForTree { node("Collection", in: $0) != nil }
            let collection = try XCTUnwrap(node("Collection", in: nodes))
            XCTAssertEqual(collection.role, "push button")
            XCTAssertTrue(collection.states.contains("expandable"))
            XCTAssertFalse(collection.states.contains("expanded"))
            XCTAssertEqual(node("Following item", in: nodes)?.role, "label")
            XCTAssertNil(node("Shapes", in: nodes), "closed content is hidden from accessibility")

            try Self.press("Collection")
            nodes = try Self.waitForTree(expanded("Collection"))
            XCTAssertEqual(node("Shapes", in: nodes)?.role, "push button")
            XCTAssertEqual(node("Palette", in: nodes)?.role, "label")
            XCTAssertNil(node("Circle", in: nodes))

            try Self.press("Shapes")
            nodes = try Self.waitForTree(expanded("Shapes"))
            XCTAssertEqual(node("Circle", in: nodes)?.role, "label")
            XCTAssertEqual(node("Square", in: nodes)?.role, "label")

            try Self.press("Collection")
            nodes = try Self.waitForTree { !expanded("Collection")($0) && node("Shapes", in: $0) == nil }

            app.terminate()
            app.waitUntilExit()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertFalse(stderr.contains("WARNING") || stderr.contains("CRITICAL"), "\(arguments): \(stderr)")
        }
    }
}
