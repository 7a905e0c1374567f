// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldGtk
import Synchronization
import UnfoldApp
import UnfoldCore

/// Measurements the way a user pays for them: each program in its own process
/// (Unfold's real application, GTK's in `unfold-reference`), 760×620 with the
/// same chrome, driven by real key presses (XTest, through xdotool), its whole
/// CPU time counted by the kernel over every thread, its peak memory, and the
/// frames it paints as it reports them on standard output.
///
/// Each program prints, per painted frame (a frame-clock cycle in which it
/// rendered: cycles that only tick or lay out paint nothing):
/// `frame <end µs> <main-thread CPU µs of the frame> <entry text>\t<caption>`.
final class Contestant {
    struct Frame: Sendable {
        let end: Int
        let work: Int
        let entry: String
        let caption: String
    }

    let name: String
    private let process: Process
    /// When the process was started (µs, CLOCK_MONOTONIC as g_get_monotonic_time).
    let startedAt: Int
    private let received = FrameLog()
    private var rendererBox: RendererBox!
    /// The GskRenderer type the program drew with, once it has said.
    var renderer: String? { rendererBox.name.withLock { $0 } }
    private let reader: Thread

    /// Starts `arguments[0]` with the rest, drawing with `renderer`.
    init(_ name: String, _ arguments: [String], renderer: String, configDirectory: URL) throws {
        self.name = name
        process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["GSK_RENDERER"] = renderer
        environment["GDK_BACKEND"] = "x11"
        environment["LC_ALL"] = "C.UTF-8"
        environment["LANGUAGE"] = "C"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["XDG_CONFIG_HOME"] = configDirectory.path
        environment.removeValue(forKey: "G_DEBUG")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let handle = output.fileHandleForReading
        let received = self.received
        let rendererName = RendererBox()
        self.rendererBox = rendererName
        reader = Thread {
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    if let frame = Self.parse(line) {
                        received.frames.withLock { $0.append(frame) }
                    } else if line.hasPrefix("renderer ") {
                        rendererName.name.withLock { $0 = String(line.dropFirst("renderer ".count)) }
                    }
                }
            }
        }
        startedAt = g_get_monotonic_time()
        try process.run()
        reader.start()
    }

    private static func parse(_ line: String) -> Frame? {
        let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0] == "frame", let end = Int(parts[1]), let work = Int(parts[2]) else { return nil }
        let texts = parts.count == 4 ? parts[3].split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false) : []
        return Frame(end: end, work: work, entry: texts.first.map(String.init) ?? "",
                     caption: texts.count > 1 ? String(texts[1]) : "")
    }

    var frames: [Frame] { received.frames.withLock { $0 } }
    var pid: Int32 { process.processIdentifier }

    /// CPU time of every thread of the process so far (ms), as the scheduler counts it.
    func cpuMilliseconds() -> Double {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let nanoseconds = tasks.reduce(0) { sum, task in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
            return sum + (Int(text.split(separator: " ").first ?? "") ?? 0)
        }
        return Double(nanoseconds) / 1_000_000
    }

    /// The process's peak resident memory so far (MB).
    func peakResidentMegabytes() -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let kilobytes = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?
            .split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Double($0) }
        return (kilobytes ?? .nan) / 1024
    }

    /// Waits for its window and puts the pointer in it, so that keys go there
    /// (no window manager: the focus follows the pointer). The pointer rests
    /// on the header bar's title, not on the list: each key pressed through
    /// XTest reaches GTK with a motion, and a scrolled window under the
    /// pointer fades its scrollbar in at each motion, a whole window redrawn
    /// every frame for a second (tens of ms of CPU a frame under llvmpipe)
    /// that is neither program's filtering.
    func waitForWindow() throws {
        let search = try xdotool(["search", "--sync", "--onlyvisible", "--pid", "\(pid)"])
        guard let window = search.split(separator: "\n").first else { throw BenchError("\(name) showed no window") }
        _ = try xdotool(["mousemove", "--window", String(window), "380", "12"])
        _ = try xdotool(["windowfocus", "--sync", String(window)])
    }

    private lazy var keyboard = Result { try XTestKeyboard() }

    /// Puts the characters of `keys` that no key makes on keys of their own
    /// (see `XTestKeyboard.makeKeys`).
    func makeKeys(for keys: [String]) throws {
        try keyboard.get().makeKeys(for: keys)
    }

    /// Presses and releases `key` (an X keysym name, as xdotool takes, or a
    /// character put on a key by `makeKeys`); returns when it was sent (µs).
    @discardableResult
    func press(_ key: String) throws -> Int {
        let keyboard = try keyboard.get()
        let sent = g_get_monotonic_time()
        try keyboard.press(key)
        return sent
    }

    /// Waits until a frame painted after `time` satisfies `condition`; returns it.
    func frame(after time: Int, timeout: Double = 30, where condition: (Frame) -> Bool) -> Frame? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let frame = frames.first(where: { $0.end > time && condition($0) }) { return frame }
            usleep(2_000)
        }
        return nil
    }

    /// Waits until the process has painted no frame for `quiet` seconds.
    func waitUntilIdle(quiet: Double = 0.4, timeout: Double = 30) {
        let deadline = Date().addingTimeInterval(timeout)
        var lastCount = -1
        var stillSince = Date()
        while Date() < deadline {
            let count = frames.count
            if count != lastCount { lastCount = count; stillSince = Date() }
            if Date().timeIntervalSince(stillSince) >= quiet { return }
            usleep(20_000)
        }
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

final class RendererBox: Sendable {
    let name = Mutex<String?>(nil)
}

/// What a contestant's reader thread has read so far.
final class FrameLog: Sendable {
    let frames = Mutex<[Contestant.Frame]>([])
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@discardableResult
func xdotool(_ arguments: [String]) throws -> String {
    try output(of: "/usr/bin/xdotool", arguments)
}

/// What `tool` prints, run with `arguments`; a failure if it fails.
func output(of tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw BenchError("\(URL(fileURLWithPath: tool).lastPathComponent) \(arguments.joined(separator: " ")) failed")
    }
    return text
}

/// Which program plays which side.
struct Programs {
    let app: String
    let reference: String

    init() {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        app = directory.appendingPathComponent("unfold-bench-app").path
        reference = directory.appendingPathComponent("unfold-reference").path
    }

    /// Unfold's real application, with its frames reported (`unfold-bench-app`).
    func ours(_ arguments: [String]) -> [String] { [app] + arguments }
    func gtk(_ arguments: [String]) -> [String] { [reference] + arguments }
}

/// Runs `body` with a fresh contestant, always stopping it.
func with<T>(_ name: String, _ arguments: [String], renderer: String,
             _ body: (Contestant) throws -> T) throws -> T {
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: config.appendingPathComponent("gtk-4.0"), withIntermediateDirectories: true)
    // GTK 4 fades the text cursor in and out on every frame for ten seconds after
    // each key: the same cost for both, but it would drown what is measured.
    try "[Settings]\ngtk-cursor-blink=false\n".write(to: config.appendingPathComponent("gtk-4.0/settings.ini"), atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: config) }
    let contestant = try Contestant(name, arguments, renderer: renderer, configDirectory: config)
    defer { contestant.stop() }
    try contestant.waitForWindow()
    // GTK falls back to cairo where OpenGL does not work: a gl row must be gl's.
    guard contestant.frame(after: 0, timeout: 120, where: { _ in true }) != nil, let drawn = contestant.renderer else {
        throw BenchError("\(name) painted no frame")
    }
    let expected = ["gl": "GskGLRenderer", "cairo": "GskCairoRenderer"][renderer]
    guard drawn == expected else { throw BenchError("\(name) was asked to draw with \(renderer) and drew with \(drawn)") }
    return try body(contestant)
}

enum ProcessBench {
    /// Whole-process CPU (ms) per expand+collapse of the first group, by Space
    /// on its focused header, `runs` times.
    static func reveal(_ arguments: [String], name: String, renderer: String, runs: Int) throws -> [Double] {
        try with(name, arguments, renderer: renderer) { program in
            program.waitUntilIdle(quiet: 0.6)
            return try (0..<runs).map { _ in
                let before = program.cpuMilliseconds()
                let start = g_get_monotonic_time()
                for _ in 0..<2 {
                    try program.press("space")
                    usleep(450_000)  // 250 ms of animation, and what follows it
                }
                program.waitUntilIdle(quiet: 0.25)
                let cpu = program.cpuMilliseconds() - before
                // Two 250 ms animations paint about 30 frames at 60 Hz: a key that
                // toggled nothing paints one or two.
                let frames = program.frames.filter { $0.end > start }.count
                guard frames >= 10 else { throw BenchError("\(name): Space toggled nothing (\(frames) frames painted)") }
                return cpu
            }
        }
    }

    struct Typing {
        /// From spawning to the first frame showing every label counted (ms).
        var load: Double
        var peakResident: Double
        /// Peak resident memory once loaded, before the first key: the
        /// labels' cost without what typing adds (the fonts of the scripts
        /// the filtered rows show, the results kept).
        var peakResidentLoaded: Double
        /// From each key's sending to the first frame whose caption shows the
        /// final count for the entry's new text (ms).
        var keyLatencies: [Double]
        /// Whether a key outlasted the cap: its latency is the cap (a lower
        /// bound) and the keys after it were not typed.
        var cappedKey: String?
        /// Main-thread CPU per frame painted while typing (ms).
        var frameWork: [Double]
    }

    /// Loads a labels file, waits for its window to count every label, then
    /// types `keys` (each after the last one's result showed, at a spread of
    /// moments between frames).
    /// `patience`: how long a key's result may take before the run fails;
    /// `cap`, if given, how long before the key counts as taking that long
    /// (a lower bound) and typing stops (GTK's list takes minutes a key at
    /// ten million labels).
    static func typing(_ arguments: [String], name: String, renderer: String, total: Int, keys: [String],
                       patience: Double = 30, cap: Double? = nil) throws -> Typing {
        try with(name, arguments, renderer: renderer) { program in
            let everything = "\(total) of \(total) labels"
            guard let ready = program.frame(after: 0, timeout: max(120, patience * 4), where: { $0.caption == everything }) else {
                throw BenchError("\(name) never showed \(everything)")
            }
            let peakResidentLoaded = program.peakResidentMegabytes()
            try program.makeKeys(for: keys)
            program.waitUntilIdle()
            var latencies: [Double] = []
            var cappedKey: String?
            var typed = ""
            let typingStarts = g_get_monotonic_time()
            for (index, key) in keys.enumerated() where cappedKey == nil {
                // Land anywhere between two frames: the same offsets for everyone.
                usleep(UInt32(20_000 + (index * 7 % 10) * 1_667))
                if key == "BackSpace" { typed.removeLast() } else { typed += key == "space" ? " " : key }
                let sent = try program.press(key)
                let expected = typed
                guard let shown = program.frame(after: sent, timeout: cap ?? patience,
                                                where: { $0.entry == expected && $0.caption.hasSuffix(" of \(total) labels") })
                else {
                    guard let cap else { throw BenchError("\(name) never showed the count for “\(expected)”") }
                    latencies.append(cap * 1000)
                    cappedKey = key
                    break
                }
                latencies.append(Double(shown.end - sent) / 1000)
                program.waitUntilIdle(quiet: 0.15)
            }
            let work = program.frames.filter { $0.end > typingStarts }.map { Double($0.work) / 1000 }
            return Typing(load: Double(ready.end - program.startedAt) / 1000, peakResident: program.peakResidentMegabytes(),
                          peakResidentLoaded: peakResidentLoaded, keyLatencies: latencies, cappedKey: cappedKey, frameWork: work)
        }
    }

    struct Painting {
        /// Whole-process CPU per painted frame (ms), one value per round.
        var perFrame: [Double]
        var frames: [Double]
        var total: [Double]
        var peakResident: Double
    }

    /// The tutorial's a/b change by keys (a, BackSpace, b, BackSpace), `runs`
    /// times: whole-process CPU, frames painted, and their quotient.
    static func abChange(_ arguments: [String], name: String, renderer: String, runs: Int) throws -> Painting {
        try with(name, arguments, renderer: renderer) { program in
            program.waitUntilIdle(quiet: 0.6)
            var result = Painting(perFrame: [], frames: [], total: [], peakResident: .nan)
            for _ in 0..<runs {
                let before = program.cpuMilliseconds()
                let start = g_get_monotonic_time()
                for key in ["a", "BackSpace", "b", "BackSpace"] {
                    try program.press(key)
                    usleep(400_000)  // 220 ms of animation, and what follows it
                }
                program.waitUntilIdle(quiet: 0.25)
                let cpu = program.cpuMilliseconds() - before
                let frames = program.frames.filter { $0.end > start }.count
                result.total.append(cpu)
                result.frames.append(Double(frames))
                result.perFrame.append(cpu / Double(max(frames, 1)))
            }
            result.peakResident = program.peakResidentMegabytes()
            return result
        }
    }

    /// From spawning to the first frame that counts all `total` labels (ms).
    static func load(_ arguments: [String], name: String, renderer: String, total: Int) throws -> Double {
        try with(name, arguments, renderer: renderer) { program in
            let everything = "\(total) of \(total) labels"
            guard let ready = program.frame(after: 0, timeout: 120, where: { $0.caption == everything }) else {
                throw BenchError("\(name) never showed \(everything)")
            }
            return Double(ready.end - program.startedAt) / 1000
        }
    }

    /// Peak memory of a program showing `arguments` once it has drawn (MB).
    static func baseline(_ arguments: [String], name: String, renderer: String) throws -> Double {
        try with(name, arguments, renderer: renderer) { program in
            program.waitUntilIdle(quiet: 0.6)
            return program.peakResidentMegabytes()
        }
    }
}

extension ProcessBench.Painting {
    /// Several processes' rounds as one (the highest peak of them).
    init(merging parts: [ProcessBench.Painting]) {
        self.init(perFrame: parts.flatMap(\.perFrame), frames: parts.flatMap(\.frames), total: parts.flatMap(\.total),
                  peakResident: parts.map(\.peakResident).max() ?? .nan)
    }
}
