// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LabelsFileProperties

// Built two ways. With `-sanitize=fuzzer,address -DFUZZING` (meson-wrapper.sh
// fuzz) main hands over to libFuzzer's driver, which calls `fuzzOne` with the
// inputs it invents and reads libFuzzer's own options. In an ordinary build it
// is a replayer: `unfold-fuzz FILE...` runs each file through the same check,
// to reproduce a finding without the fuzzer.

@main
enum FuzzLabelsFile {
    static func main() {
        #if FUZZING
        // SwiftPM names the entry point itself, so libFuzzer's own main cannot be
        // the program's; its driver is the documented way in for that case.
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
        #else
        replay(CommandLine.arguments.dropFirst())
        #endif
    }

    static func replay(_ paths: ArraySlice<String>) {
        guard !paths.isEmpty else {
            FileHandle.standardError.write(Data("usage: unfold-fuzz FILE...  (replays fuzzer inputs through the labels-file checks)\n".utf8))
            exit(2)
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("unfold-fuzz: \(path): cannot be read\n".utf8))
                exit(1)
            }
            if let violation = labelsFileViolation([UInt8](data)) {
                FileHandle.standardError.write(Data("unfold-fuzz: \(path): \(violation)\n".utf8))
                exit(1)
            }
        }
        print("\(paths.count) inputs replayed, every property holds")
    }
}

/// libFuzzer's entry point. Exported under its C name too, because libFuzzer's
/// runtime archive refers to it whichever main the link ends up with.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let violation = labelsFileViolation(bytes) {
        fatalError("labels-file property broken: \(violation)")
    }
    return 0
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif
