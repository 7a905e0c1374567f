// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Key presses as the X server's XTest extension makes them, from this
/// process's own connection: a key is on its way to the focused window the
/// moment `press` returns. (Starting `xdotool` for each key cost 20–50 ms of
/// process start-up before the key existed, counted in every key's latency:
/// at 100k labels that was most of it.)
///
/// libX11 and libXtst are opened at run time, as xdotool links them: the
/// benchmark needs no X headers to build.
final class XTestKeyboard {
    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias StringToKeysym = @convention(c) (UnsafePointer<CChar>) -> UInt
    private typealias KeysymToKeycode = @convention(c) (OpaquePointer, UInt) -> UInt8
    private typealias FakeKeyEvent = @convention(c) (OpaquePointer, UInt32, Int32, UInt) -> Int32
    private typealias Flush = @convention(c) (OpaquePointer) -> Int32

    private let display: OpaquePointer
    private let keycode: (String) -> UInt8
    private let fakeKeyEvent: FakeKeyEvent
    private let flush: Flush

    init() throws {
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW), let xtst = dlopen("libXtst.so.6", RTLD_NOW) else {
            throw BenchError("libX11.so.6 and libXtst.so.6 are needed to press keys (Debian's libx11-6, libxtst6)")
        }
        func symbol<T>(_ library: UnsafeMutableRawPointer, _ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(library, name) else { throw BenchError("\(name) is missing from the X libraries") }
            return unsafeBitCast(address, to: type)
        }
        let open = try symbol(x11, "XOpenDisplay", as: OpenDisplay.self)
        let toKeysym = try symbol(x11, "XStringToKeysym", as: StringToKeysym.self)
        let toKeycode = try symbol(x11, "XKeysymToKeycode", as: KeysymToKeycode.self)
        fakeKeyEvent = try symbol(xtst, "XTestFakeKeyEvent", as: FakeKeyEvent.self)
        flush = try symbol(x11, "XFlush", as: Flush.self)
        guard let display = open(nil) else { throw BenchError("no X display to press keys on (DISPLAY is unset or refused)") }
        self.display = display
        keycode = { name in toKeycode(display, toKeysym(name)) }
    }

    /// Presses and releases the key xdotool calls `name` (an X keysym name).
    func press(_ name: String) throws {
        let code = keycode(name)
        guard code != 0 else { throw BenchError("no key on this keyboard makes “\(name)”") }
        _ = fakeKeyEvent(display, UInt32(code), 1, 0)
        _ = fakeKeyEvent(display, UInt32(code), 0, 0)
        _ = flush(display)
    }
}
