// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import XCTest

/// The run owns its display, its session bus and its accessibility bus, so
/// that two runs on one machine, or a run beside the user's own session (an
/// Unfold open on their desktop), never reach each other's apps.
/// `./meson-wrapper.sh test` makes the session; these check what it made.
final class TestSessionTests: XCTestCase {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The session's directory, made for this run by the test command.
    static func session() throws -> String {
        try XCTUnwrap(environment["UNFOLD_TEST_SESSION"], "run the tests with ./meson-wrapper.sh test: it makes their session")
    }

    /// The chain of parents of `pid`, up to the first process.
    static func ancestors(of pid: Int32) -> [Int32] {
        var chain: [Int32] = []
        var current = pid
        while current > 1, let status = try? String(contentsOfFile: "/proc/\(current)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("PPid:") }),
              let parent = Int32(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    func testEveryPerUserDirectoryIsTheRunsOwn() throws {
        let session = try Self.session()
        for name in ["XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"] {
            let directory = try XCTUnwrap(Self.environment[name], "\(name) is set")
            XCTAssertTrue(directory.hasPrefix(session + "/"), "\(name) \(directory) is inside the run's session \(session)")
        }
        var status = stat()
        XCTAssertEqual(stat(Self.environment["XDG_RUNTIME_DIR"]!, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o700, "the runtime directory is private, as the XDG spec asks")
        XCTAssertEqual(status.st_uid, getuid())
    }

    /// The accessibility bus the apps register on is the one whose socket is in
    /// this run's runtime directory: no other session can be listening on it.
    func testTheAccessibilityBusIsTheRunsOwn() throws {
        let output = try AppProcessTests.run("/usr/bin/gdbus", [
            "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus",
            "--method", "org.a11y.Bus.GetAddress"])
        XCTAssertEqual(output.status, 0, output.stderr)
        let runtime = try XCTUnwrap(Self.environment["XDG_RUNTIME_DIR"])
        XCTAssertTrue(output.stdout.contains("unix:path=\(runtime)/"), "the accessibility bus \(output.stdout) lives in \(runtime)")
    }

    /// The session bus's daemon and the display's server were started by this
    /// run's test command, not found lying around.
    func testTheSessionBusAndTheDisplayAreTheRunsOwn() throws {
        let command = try XCTUnwrap(Self.environment["UNFOLD_TEST_COMMAND_PID"].flatMap(Int32.init), "the test command says who it is")
        let daemon = try AppProcessTests.run("/usr/bin/gdbus", [
            "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.freedesktop.DBus"])
        XCTAssertEqual(daemon.status, 0, daemon.stderr)
        // "(uint32 1234,)"
        let digits = daemon.stdout.split { !$0.isNumber }.compactMap { Int32($0) }.filter { $0 > 32 }
        let busPID = try XCTUnwrap(digits.first, daemon.stdout)
        XCTAssertTrue(Self.ancestors(of: busPID).contains(command), "the session bus (pid \(busPID)) is the test command's")

        let server = try XCTUnwrap(Self.environment["UNFOLD_TEST_XVFB_PID"].flatMap(Int32.init))
        XCTAssertTrue(Self.ancestors(of: server).contains(command), "Xvfb (pid \(server)) is the test command's")
        let display = try XCTUnwrap(Self.environment["DISPLAY"])
        let arguments = try String(contentsOfFile: "/proc/\(server)/cmdline", encoding: .utf8).split(separator: "\0")
        XCTAssertTrue(arguments.first?.hasSuffix("Xvfb") == true, "\(arguments)")
        // The server holds the display's listening socket: one of its open
        // descriptors is the socket /proc/net/unix names after the display.
        let number = display.dropFirst().prefix { $0.isNumber }
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(server)/fd")
        let sockets = Set(descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(server)/fd/\($0)") }
            .filter { $0.hasPrefix("socket:[") }.map { String($0.dropFirst(8).dropLast()) })
        let listening = try String(contentsOfFile: "/proc/net/unix", encoding: .utf8).split(separator: "\n").filter {
            let fields = $0.split(separator: " ")
            return fields.count >= 8 && fields[7].hasSuffix("/tmp/.X11-unix/X\(number)") && sockets.contains(String(fields[6]))
        }
        XCTAssertFalse(listening.isEmpty, "DISPLAY \(display) is served by the run's Xvfb (pid \(server))")
    }
}

/// Every process a test starts is gone when its test ends, pass or fail; one
/// that hangs fails its test and is killed, rather than holding up the run.
final class ChildProcessTests: XCTestCase {
    static func isAlive(_ pid: Int32) -> Bool {
        // A zombie has ended; only its exit status is left to collect.
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        return !(status.split(separator: ")").last?.hasPrefix(" Z") ?? true)
    }

    func testChildrenStillRunningWhenTheirTestEndsAreEnded() throws {
        let child = try Children.start("/bin/sleep", ["1000"])
        XCTAssertTrue(Self.isAlive(child.processIdentifier))
        // What the observer does at the end of every test.
        Children.endAll()
        XCTAssertFalse(Self.isAlive(child.processIdentifier), "the child outlived its test")
        XCTAssertTrue(Children.running.isEmpty)
    }

    func testAChildThatIgnoresTerminationIsKilled() throws {
        let child = try Children.start("/bin/sh", ["-c", "trap '' TERM; echo ready; while :; do sleep 1; done"])
        // Its trap is set once it says so.
        while !child.stdout.contains("ready") { usleep(10_000) }
        child.end()
        XCTAssertFalse(Self.isAlive(child.processIdentifier))
        XCTAssertEqual(child.terminationReason, .uncaughtSignal)
    }

    func testAHungChildFailsItsTestAndIsKilled() throws {
        var told: [String] = []
        let usual = Children.reportHang
        Children.reportHang = { message, _, _ in told.append(message) }
        defer { Children.reportHang = usual }
        let output = try Children.run("/bin/sleep", ["1000"], patience: 0.2)
        XCTAssertEqual(told.count, 1, "the hang is told, once")
        XCTAssertTrue(told.first?.contains("“sleep 1000”") == true && told.first?.contains("hung") == true, "\(told)")
        XCTAssertNotEqual(output.status, 0, "killed, not finished")
        XCTAssertTrue(Children.running.isEmpty)
        // One that ends in time is no hang.
        told = []
        XCTAssertEqual(try Children.run("/bin/true").status, 0)
        XCTAssertEqual(told, [])
    }

    /// A child's output goes to files of its own, never to the runner's
    /// stdout: a straggler cannot hold the runner's pipe open.
    func testAChildsOutputIsItsOwn() throws {
        let child = try Children.start("/bin/sh", ["-c", "echo out; echo err >&2; ls -l /proc/self/fd/1 /proc/self/fd/2"])
        child.waitForExit()
        XCTAssertTrue(child.stdout.hasPrefix("out\n"))
        XCTAssertEqual(child.stderr, "err\n")
        let targets = child.stdout.split(separator: "\n").dropFirst().compactMap { $0.components(separatedBy: " -> ").last }
        XCTAssertEqual(targets.count, 2)
        XCTAssertTrue(targets.allSatisfy { $0.contains("unfold-test-child-") }, "\(targets)")
    }

    /// The kernel ends a child when the test runner dies (setpriv's
    /// parent-death signal): seen from a child whose parent is killed.
    func testAChildDiesWithItsParent() throws {
        // A shell stands in for the runner: it starts a child the same way, says
        // the child's pid, and is killed.
        let script = "/usr/bin/setpriv --pdeathsig KILL -- /bin/sleep 1000 & echo $!; wait"
        let parent = try Children.start("/bin/sh", ["-c", script])
        var grandchild: Int32?
        while grandchild == nil, parent.isRunning { grandchild = Int32(parent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)); usleep(10_000) }
        let pid = try XCTUnwrap(grandchild)
        XCTAssertTrue(Self.isAlive(pid))
        kill(parent.processIdentifier, SIGKILL)
        parent.waitForExit()
        // The signal comes as its parent goes: wait for it to land, not a time.
        var waited = 0
        while Self.isAlive(pid), waited < 100_000 { usleep(1_000); waited += 1 }
        XCTAssertFalse(Self.isAlive(pid), "the child outlived its parent")
    }
}
