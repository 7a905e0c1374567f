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
    private typealias Sync = @convention(c) (OpaquePointer, Int32) -> Int32
    private typealias DisplayKeycodes = @convention(c) (OpaquePointer, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) -> Int32
    private typealias GetKeyboardMapping = @convention(c) (OpaquePointer, UInt8, Int32, UnsafeMutablePointer<Int32>) -> UnsafeMutablePointer<UInt>?
    private typealias ChangeKeyboardMapping = @convention(c) (OpaquePointer, Int32, Int32, UnsafePointer<UInt>, Int32) -> Int32
    private typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    private let display: OpaquePointer
    private let toKeysym: StringToKeysym
    private let toKeycode: KeysymToKeycode
    private let fakeKeyEvent: FakeKeyEvent
    private let flush: Flush
    private let sync: Sync
    private let displayKeycodes: DisplayKeycodes
    private let getKeyboardMapping: GetKeyboardMapping
    private let changeKeyboardMapping: ChangeKeyboardMapping
    private let free: Free

    init() throws {
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW), let xtst = dlopen("libXtst.so.6", RTLD_NOW) else {
            throw BenchError("libX11.so.6 and libXtst.so.6 are needed to press keys (Debian's libx11-6, libxtst6)")
        }
        func symbol<T>(_ library: UnsafeMutableRawPointer, _ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(library, name) else { throw BenchError("\(name) is missing from the X libraries") }
            return unsafeBitCast(address, to: type)
        }
        let open = try symbol(x11, "XOpenDisplay", as: OpenDisplay.self)
        toKeysym = try symbol(x11, "XStringToKeysym", as: StringToKeysym.self)
        toKeycode = try symbol(x11, "XKeysymToKeycode", as: KeysymToKeycode.self)
        fakeKeyEvent = try symbol(xtst, "XTestFakeKeyEvent", as: FakeKeyEvent.self)
        flush = try symbol(x11, "XFlush", as: Flush.self)
        sync = try symbol(x11, "XSync", as: Sync.self)
        displayKeycodes = try symbol(x11, "XDisplayKeycodes", as: DisplayKeycodes.self)
        getKeyboardMapping = try symbol(x11, "XGetKeyboardMapping", as: GetKeyboardMapping.self)
        changeKeyboardMapping = try symbol(x11, "XChangeKeyboardMapping", as: ChangeKeyboardMapping.self)
        free = try symbol(x11, "XFree", as: Free.self)
        guard let display = open(nil) else { throw BenchError("no X display to press keys on (DISPLAY is unset or refused)") }
        self.display = display
    }

    /// The keysym of `name`: a keysym name, or a single character that is
    /// not ASCII (its Unicode keysym, 0x1000000 + its code point).
    private func keysym(_ name: String) -> UInt {
        if name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first, scalar.value >= 0x80 {
            return 0x100_0000 | UInt(scalar.value)
        }
        return name.withCString { toKeysym($0) }
    }

    private func keycode(_ name: String) -> UInt8 { toKeycode(display, keysym(name)) }

    /// Puts each of `names` that no key makes on a keycode that makes
    /// nothing, as xdotool does to type a character the layout lacks: done
    /// before the keys are timed, since every client then reads the layout
    /// again.
    func makeKeys(for names: [String]) throws {
        let missing = Set(names.filter { keycode($0) == 0 }.map(keysym))
        guard !missing.isEmpty else { return }
        var low: Int32 = 0, high: Int32 = 0
        _ = displayKeycodes(display, &low, &high)
        var perCode: Int32 = 0
        guard let mapping = getKeyboardMapping(display, UInt8(low), high - low + 1, &perCode) else {
            throw BenchError("the X server gave no keyboard mapping")
        }
        defer { _ = free(mapping) }
        let spare = (low...high).filter { code in
            (0..<Int(perCode)).allSatisfy { mapping[Int(code - low) * Int(perCode) + $0] == 0 }
        }
        guard spare.count >= missing.count else { throw BenchError("no spare keycodes for \(missing.count) characters") }
        for (code, keysym) in zip(spare, missing.sorted()) {
            var keysyms = [keysym, keysym]  // with and without Shift
            _ = changeKeyboardMapping(display, code, 2, &keysyms, 1)
        }
        _ = sync(display, 0)
    }

    /// Presses and releases the key xdotool calls `name` (an X keysym name, or
    /// a character `makeKeys` has put on a key).
    func press(_ name: String) throws {
        let code = keycode(name)
        guard code != 0 else { throw BenchError("no key on this keyboard makes “\(name)”") }
        _ = fakeKeyEvent(display, UInt32(code), 1, 0)
        _ = fakeKeyEvent(display, UInt32(code), 0, 0)
        _ = flush(display)
    }
}
