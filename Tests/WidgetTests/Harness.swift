// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldApp
import XCTest

/// GTK runs on the main thread; XCTest on Linux runs test methods there too but
/// cannot run `@MainActor` test methods, so each test wraps its body in this.
func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}

/// A test of real widgets: GTK is up, animations are on, and whatever a test
/// changes of GTK's global state (the animations setting, the text direction)
/// is put back afterwards.
class GtkTestCase: XCTestCase {
    override func setUp() {
        onMain {
            TestDisplay.ensureInitialized()
            AnimationSettings.setAnimationsEnabled(true)
        }
    }

    override func tearDown() {
        onMain {
            AnimationSettings.setAnimationsEnabled(true)
            gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR)
        }
        // What a test leaves queued (a frame, an idle) is GTK's to finish
        // within it: a warning logged then is that test's.
        onMain { turnMainLoop() }
        let warnings = LoggedWarnings.take()
        XCTAssert(warnings.isEmpty, "GLib logged, during this test:\n" + warnings.joined(separator: "\n"))
    }
}

@MainActor
enum TestDisplay {
    private static var initialized = false

    /// Initialises GTK once for the whole test process. A missing display is a
    /// failure of the run, not a skip: `./meson-wrapper.sh test` provides one.
    static func ensureInitialized() {
        guard !initialized else { return }
        // In-process accessibility checks use GTK's test context. On the AT-SPI bus,
        // this process would be asked about its widgets while it waits for an app
        // it launched, and the AT-SPI client would stall on it. The apps it
        // launches are on the bus: see `launchEnvironment`.
        setenv("GTK_A11Y", "test", 1)
        LoggedWarnings.startRecording()
        guard gtk_init_check() != 0 else {
            fatalError("GTK could not open a display; run the tests with ./meson-wrapper.sh test (it starts Xvfb)")
        }
        initialized = true
        do { try AppStyle.load() } catch { fatalError("\(error)") }
    }
}

/// The environment for processes the tests launch: this one's, less what only
/// this process should have, in English whatever the machine's locale, plus `extra`.
func launchEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["GTK_A11Y"] = nil
    environment["LANGUAGE"] = nil
    // The test command's own strictness (Package.swift): a package a test
    // builds uses this one as a dependency, where unsafe flags are refused.
    environment["UNFOLD_STRICT"] = nil
    environment["LC_ALL"] = "C.UTF-8"
    environment.merge(extra) { $1 }
    return environment
}

/// Runs the main loop for `seconds`.
@MainActor
func iterate(for seconds: Double) {
    let deadline = Date().addingTimeInterval(seconds)
    iterate(until: { Date() > deadline }, timeout: seconds + 1)
}

/// A real toplevel window holding a test's widget tree.
@MainActor
final class TestWindow {
    let window: WidgetPointer
    private static var count = 0

    init(child: WidgetPointer, width: Int32 = 480, height: Int32 = 440) {
        TestDisplay.ensureInitialized()
        Self.count += 1
        window = gtk_window_new()
        gtk_window_set_title(gCast(window), "unfold-test-\(getpid())-\(Self.count)")
        gtk_window_set_default_size(gCast(window), width, height)
        gtk_window_set_child(gCast(window), child)
        gtk_window_present(gCast(window))
        let frames = FrameCounter(window)
        XCTAssertTrue(iterate(until: { frames.count >= 2 }), "the window never drew a frame")
        frames.stop()
    }

    var title: String { String(cString: gtk_window_get_title(gCast(window))) }
    var frameClock: OpaquePointer { gtk_widget_get_frame_clock(window) }

    func resize(width: Int32, height: Int32) {
        gtk_window_set_default_size(gCast(window), width, height)
    }

    /// Runs the main loop until `n` more frames have been painted.
    func waitForFrames(_ n: Int = 1) {
        for _ in 0..<n { paintedFrame(window) }
    }

    func destroy() {
        gtk_window_destroy(gCast(window))
        iterate(for: 0.05)
    }
}

/// Calls a closure after each frame the window's frame clock paints: a sample of
/// exactly what was laid out and drawn in that frame.
@MainActor
final class FrameSampler {
    private let connection: SignalConnection
    private let clock: OpaquePointer

    init(_ window: WidgetPointer, _ sample: @escaping @MainActor (_ frameTime: Int64) -> Void) {
        let clock = gtk_widget_get_frame_clock(window)!
        self.clock = clock
        connection = onSignal(UnsafeMutableRawPointer(clock), "after-paint") {
            sample(Int64(gdk_frame_clock_get_frame_time(clock)))
        }
    }

    func stop() { connection.disconnect() }
}

/// Asks `window` for a frame and runs the main loop until it is painted. (An
/// idle window paints one frame per request, so each frame needs its own.)
@MainActor
func paintedFrame(_ window: WidgetPointer, file: StaticString = #filePath, line: UInt = #line) {
    let frames = FrameCounter(window)
    defer { frames.stop() }
    XCTAssertTrue(iterate(until: { frames.count >= 1 }), "no frame was painted", file: file, line: line)
}

@MainActor
final class FrameCounter {
    private(set) var count = 0
    private var sampler: FrameSampler!

    init(_ window: WidgetPointer) {
        sampler = FrameSampler(window) { [unowned self] _ in self.count += 1 }
        gtk_widget_queue_draw(window)
    }

    func stop() { sampler.stop() }
}

/// Sends real X input events (XTEST) to the display, as a person at a keyboard would.
@MainActor
enum XInput {
    @discardableResult
    static func xdotool(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> Int32 {
        do {
            // Keep GTK's main loop turning while xdotool talks to the X server.
            let output = try Children.run("/usr/bin/xdotool", arguments, whileWaiting: { turnMainLoop() },
                                          file: file, line: line)
            return output.status
        } catch {
            XCTFail("xdotool could not run: \(error)", file: file, line: line)
            return -1
        }
    }

    /// Gives the window X keyboard focus (there is no window manager under Xvfb).
    static func focus(_ window: TestWindow) { focus(window.window) }

    static func focus(_ window: WidgetPointer) {
        // Titles change with the page; a unique one finds the window for sure.
        let title = String(cString: gtk_window_get_title(gCast(window)))
        let marker = "unfold-focus-\(getpid())-\(UInt(bitPattern: window))"
        gtk_window_set_title(gCast(window), marker)
        // --sync: until the X server has the new title (the main loop turns meanwhile).
        XCTAssertEqual(xdotool(["search", "--sync", "--name", "^\(marker)$", "windowfocus", "--sync"]), 0)
        gtk_window_set_title(gCast(window), title)
        XCTAssertTrue(iterate(until: { gtk_window_is_active(gCast(window)) != 0 }), "the window never became active")
    }

    static func key(_ name: String) {
        XCTAssertEqual(xdotool(["key", name]), 0)
    }

    /// Moves the pointer to the middle of `widget` and clicks it, as a hand on a
    /// mouse would (the window must be on screen), holding `modifier` ("ctrl",
    /// "shift") if one is given.
    static func click(_ widget: WidgetPointer, holding modifier: String? = nil) {
        guard let root = gtk_widget_get_root(widget).map({ UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }),
              let bounds = widget.bounds(in: root) else { return XCTFail("the widget is not in a window") }
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(root), &dx, &dy)
        let x = Int((Double(bounds.origin.x + bounds.size.width / 2) + dx).rounded())
        let y = Int((Double(bounds.origin.y + bounds.size.height / 2) + dy).rounded())
        let title = String(cString: gtk_window_get_title(gCast(root)))
        let marker = "unfold-click-\(getpid())-\(UInt(bitPattern: root))"
        gtk_window_set_title(gCast(root), marker)
        let press = modifier.map { ["keydown", $0, "click", "1", "keyup", $0] } ?? ["click", "1"]
        XCTAssertEqual(xdotool(["search", "--sync", "--name", "^\(marker)$", "mousemove", "--window", "%1", "--sync", "\(x)", "\(y)"] + press), 0)
        gtk_window_set_title(gCast(root), title)
    }

    static func type(_ text: String) {
        XCTAssertEqual(xdotool(["type", "--delay", "20", text]), 0)
    }
}

/// The vertical position of `widget` in `window` now.
@MainActor
func top(of widget: WidgetPointer, in window: WidgetPointer) -> Double {
    Double(widget.bounds(in: window)?.origin.y ?? .nan)
}

/// The accessible-state helpers return a description of the mismatch, or nil.
@MainActor
func accessibleMismatch(_ check: (OpaquePointer) -> UnsafeMutablePointer<CChar>?, _ widget: WidgetPointer) -> String? {
    guard let message = check(widget.accessible) else { return nil }
    defer { g_free(message) }
    return String(cString: message)
}

/// Opens a collection row's note as a click on its pencil does, and returns
/// the pencil and the popover and field it makes as the note first opens.
@MainActor
func openNote(of row: WidgetPointer) throws -> (pencil: WidgetPointer, popover: WidgetPointer, entry: WidgetPointer) {
    let pencil = try XCTUnwrap(descendants(of: row, ofType: gtk_menu_button_get_type()).first, "a row has a pencil")
    gtk_menu_button_popup(gCast(pencil))
    let popover: WidgetPointer = try XCTUnwrap(gtk_menu_button_get_popover(gCast(pencil)).map { gCast($0) },
                                               "the note's popover is there once it opens")
    let entry = try XCTUnwrap(descendants(of: popover, ofType: gtk_entry_get_type()).first, "the note's popover holds its field")
    return (pencil, popover, entry)
}

/// Every toplevel GTK has, dialogs included.
@MainActor
func allToplevels() -> [WidgetPointer] {
    let list = gtk_window_get_toplevels()!
    return (0..<g_list_model_get_n_items(list)).compactMap { index in
        g_list_model_get_item(list, index).map { item in
            g_object_unref(item)  // the list keeps its own reference
            return gCast(item)
        }
    }
}

/// The texts of the labels inside `widget`, in tree order.
@MainActor
func labelTexts(in widget: WidgetPointer) -> [String] {
    descendants(of: widget, ofType: gtk_label_get_type()).map { String(cString: gtk_label_get_text(gCast($0))) }
}
