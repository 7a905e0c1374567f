// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// How long a test waits for something that must happen before it calls the
/// wait a hang. A hang is a failure, never a measurement: the figure is far
/// beyond what anything takes on a loaded two-core machine, so reaching it
/// means the thing will never come. `UNFOLD_TEST_PATIENCE` multiplies it (for
/// a machine slower still, or a debugger).
public enum Patience {
    public static let factor: Double = {
        guard let text = ProcessInfo.processInfo.environment["UNFOLD_TEST_PATIENCE"] else { return 1 }
        guard let value = Double(text), value > 0 else {
            fatalError("UNFOLD_TEST_PATIENCE must be a positive number, not “\(text)”")
        }
        return value
    }()

    /// For anything that takes a second or two when all is well.
    public static var hang: Double { 180 * factor }
}

/// A process a test started: its output goes to files of its own (never to
/// the test runner's stdout or stderr, which a straggler would hold open,
/// and never to a pipe, which a chatty child would fill and block on), it is
/// killed if the test runner dies (the kernel's parent-death signal), and it
/// is ended when the test that started it ends, pass or fail.
public final class Child: @unchecked Sendable {
    public let process: Process
    public let executable: String
    public let arguments: [String]
    private let outputFile: URL
    private let errorFile: URL

    fileprivate init(process: Process, executable: String, arguments: [String], outputFile: URL, errorFile: URL) {
        self.process = process
        self.executable = executable
        self.arguments = arguments
        self.outputFile = outputFile
        self.errorFile = errorFile
    }

    public var processIdentifier: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }
    public var terminationStatus: Int32 { process.terminationStatus }
    public var terminationReason: Process.TerminationReason { process.terminationReason }

    /// What it has written on stdout so far.
    public var stdout: String { Self.contents(of: outputFile) }
    /// What it has written on stderr so far.
    public var stderr: String { Self.contents(of: errorFile) }

    private static func contents(of file: URL) -> String {
        (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Waits for it to exit by itself, calling `whileWaiting` between looks (a
    /// test that runs GTK in its own process turns the main loop there).
    /// Returns false after `patience` seconds: it hung; the caller decides
    /// whether that fails its test (`waitForExit(…)` does) or is what it expected.
    public func exits(within patience: Double = Patience.hang, whileWaiting: () -> Void = {}) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        while process.isRunning {
            if Date() > deadline { return false }
            whileWaiting()
            usleep(2_000)
        }
        process.waitUntilExit()
        return true
    }

    /// Waits for it to exit by itself; a child that does not is a hang, which
    /// fails the test, and is killed.
    public func waitForExit(within patience: Double = Patience.hang, whileWaiting: () -> Void = {},
                            file: StaticString = #filePath, line: UInt = #line) {
        guard !exits(within: patience, whileWaiting: whileWaiting) else { return }
        end()
        Children.reportHang("\(description) hung: still running after \(Int(patience)) s; killed", file, line)
    }

    /// Ends it if it still runs: SIGTERM, and SIGKILL if it has not gone a
    /// while later (a process stuck in a loop ignores nothing, but one stuck
    /// in a handler might). Returns once it is gone and reaped.
    public func end() {
        guard process.isRunning else {
            process.waitUntilExit()
            return
        }
        kill(process.processIdentifier, SIGTERM)
        if !exits(within: 10 * Patience.factor) {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    public var description: String {
        "“\(([URL(fileURLWithPath: executable).lastPathComponent] + arguments).joined(separator: " "))” (pid \(process.processIdentifier))"
    }

    fileprivate func removeFiles() {
        try? FileManager.default.removeItem(at: outputFile)
        try? FileManager.default.removeItem(at: errorFile)
    }
}

/// Starting processes from tests, and making sure none outlives its test.
public enum Children {
    /// How a hang is told: as a failure of the test that waited. (The tests
    /// of this very rule listen here instead.)
    nonisolated(unsafe) public static var reportHang: (_ message: String, _ file: StaticString, _ line: UInt) -> Void = {
        XCTFail($0, file: $1, line: $2)
    }

    /// Starts `executable`. Its stdin is `input` (written to a file it reads),
    /// or nothing.
    public static func start(_ executable: String, _ arguments: [String] = [],
                             environment: [String: String]? = nil, directory: URL? = nil,
                             input: Data? = nil) throws -> Child {
        Reaper.install()
        let scratch = FileManager.default.temporaryDirectory
        let name = "unfold-test-child-\(UUID().uuidString)"
        let outputFile = scratch.appendingPathComponent(name + ".out")
        let errorFile = scratch.appendingPathComponent(name + ".err")
        for file in [outputFile, errorFile] {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
        }
        let process = Process()
        // setpriv asks the kernel to kill the child when this process dies,
        // then becomes the child itself (same pid): a crashed or killed test
        // runner leaves nothing behind.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--pdeathsig", "KILL", "--", executable] + arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        var handles = [try FileHandle(forWritingTo: outputFile), try FileHandle(forWritingTo: errorFile)]
        process.standardOutput = handles[0]
        process.standardError = handles[1]
        let inputFile = scratch.appendingPathComponent(name + ".in")
        if let input {
            try input.write(to: inputFile)
            handles.append(try FileHandle(forReadingFrom: inputFile))
            process.standardInput = handles[2]
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        // The child has its own copies: this process's would only pile up, one
        // set per child, and the input stays readable once its name is gone.
        defer {
            for handle in handles { try? handle.close() }
            try? FileManager.default.removeItem(at: inputFile)
        }
        let child = Child(process: process, executable: executable, arguments: arguments,
                          outputFile: outputFile, errorFile: errorFile)
        try process.run()
        live.withLock { $0.append(child) }
        return child
    }

    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `executable` to its end and returns what it said. One that does
    /// not end within `patience` seconds has hung: the test fails, and the
    /// child is killed.
    public static func run(_ executable: String, _ arguments: [String] = [],
                           environment: [String: String]? = nil, directory: URL? = nil, input: Data? = nil,
                           patience: Double = Patience.hang, whileWaiting: () -> Void = {},
                           file: StaticString = #filePath, line: UInt = #line) throws -> Output {
        let child = try start(executable, arguments, environment: environment, directory: directory, input: input)
        child.waitForExit(within: patience, whileWaiting: whileWaiting, file: file, line: line)
        let output = Output(status: child.terminationStatus, stdout: child.stdout, stderr: child.stderr)
        forget(child)
        return output
    }

    /// Ends every child still running; at the end of each test.
    public static func endAll() {
        let children = live.withLock { children in
            defer { children.removeAll() }
            return children
        }
        for child in children {
            child.end()
            child.removeFiles()
        }
    }

    /// The children still to be ended, oldest first.
    public static var running: [Child] { live.withLock { $0.filter(\.isRunning) } }

    private static func forget(_ child: Child) {
        live.withLock { $0.removeAll { $0 === child } }
        child.removeFiles()
    }

    private static let live = Locked<[Child]>([])
}

/// Ends the children of each test as the test ends, whatever its outcome.
private final class Reaper: NSObject, XCTestObservation {
    nonisolated(unsafe) private static var installed = false

    static func install() {
        guard !installed else { return }
        installed = true
        XCTestObservationCenter.shared.addTestObserver(Reaper())
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        Children.endAll()
    }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
