// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import UnfoldCore

/// Labels files of every kind a path can name: each has a stated outcome.
final class LabelsSourceTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("labels-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func openFailure(_ path: String) -> String {
        do {
            _ = try LabelsSource.open(path: path)
            return "opened"
        } catch {
            return error.description
        }
    }

    func testPathsThatAreNotLabelsFilesSaySoInWords() throws {
        XCTAssertEqual(openFailure(path("missing.tsv")), "\(path("missing.tsv")): no such file")
        XCTAssertEqual(openFailure(directory.path), "\(directory.path): is a folder, not a labels file")
        XCTAssertTrue(FileManager.default.createFile(atPath: path("plain"), contents: Data("x".utf8)))
        XCTAssertEqual(openFailure(path("plain") + "/inside.tsv"),
                       "\(path("plain"))/inside.tsv: no such file (a part of the path is not a folder)")
        XCTAssertFalse(openFailure(directory.path).contains("NSCocoaErrorDomain"))
    }

    func testARegularFileKnowsItsSizeAndReportsProgress() throws {
        let text = LabelsFile.tsv(LabelCollection.synthetic(count: 20_000).records)!
        XCTAssertTrue(FileManager.default.createFile(atPath: path("big.tsv"), contents: Data(text.utf8)))
        let source = try LabelsSource.open(path: path("big.tsv"))
        XCTAssertEqual(source.size, text.utf8.count)
        var reports: [LabelsSource.Progress] = []
        XCTAssertEqual(try source.readAll(progress: { reports.append($0) }), Array(text.utf8))
        XCTAssertEqual(reports.first, .reading(bytes: 0, of: text.utf8.count))
        XCTAssertEqual(reports.last, .reading(bytes: text.utf8.count, of: text.utf8.count))
    }

    /// `--labels <(command)`: a pipe, read to its end once its writer closes it.
    func testAPipeIsReadToItsEnd() throws {
        let pipe = Pipe()
        let source = try LabelsSource(descriptor: dup(pipe.fileHandleForReading.fileDescriptor), name: "/dev/fd/63")
        try pipe.fileHandleForReading.close()
        XCTAssertNil(source.size)
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data("1\tTile A\ttile\n".utf8))
            usleep(50_000)
            pipe.fileHandleForWriting.write(Data("2\tDot A\tdot\n".utf8))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let bytes = try source.readAll()
        XCTAssertEqual(try LabelsFile.parse(bytes).records.map(\.id), [1, 2])
    }

    /// A FIFO opens at once even with no writer; the reader waits for one,
    /// says it is waiting, and can be stopped while it waits.
    func testAFIFOWithNoWriterWaitsAndCanBeStopped() throws {
        XCTAssertEqual(mkfifo(path("fifo"), 0o600), 0)
        // No writer ever comes: that open returns at all shows it did not wait
        // for one, and that the read returns, that stopping does not either.
        let source = try LabelsSource.open(path: path("fifo"))
        var reports: [LabelsSource.Progress] = []
        var asked = 0
        XCTAssertThrowsError(try source.readAll(progress: { reports.append($0) },
                                                isCancelled: { asked += 1; return asked > 3 })) {
            XCTAssertEqual("\($0)", "\(self.path("fifo")): \(LabelsFile.stopped)")
        }
        XCTAssertEqual(reports, [.waiting])
        XCTAssertEqual(asked, 4, "asked while it waited, and stopped when told")
    }

    func testAFIFOWhoseWriterComesLateIsRead() throws {
        XCTAssertEqual(mkfifo(path("fifo"), 0o600), 0)
        let source = try LabelsSource.open(path: path("fifo"))
        let fifo = path("fifo")
        let writer = Thread {
            usleep(200_000)
            let handle = FileHandle(forWritingAtPath: fifo)!
            handle.write(Data(#"[{"id": 5, "title": "Late", "category": "dot"}]"#.utf8))
            try? handle.close()
        }
        writer.start()
        XCTAssertEqual(try LabelsFile.parse(source.readAll()).records.map(\.title), ["Late"])
    }

    /// Unix keeps an open file until it is closed: one deleted mid-read is read whole.
    func testAFileDeletedWhileOpenIsReadWhole() throws {
        let text = LabelsFile.tsv(LabelCollection.synthetic(count: 1_000).records)!
        XCTAssertTrue(FileManager.default.createFile(atPath: path("gone.tsv"), contents: Data(text.utf8)))
        let source = try LabelsSource.open(path: path("gone.tsv"))
        try FileManager.default.removeItem(atPath: path("gone.tsv"))
        XCTAssertEqual(try source.readAll(), Array(text.utf8))
    }

    /// A NUL byte is told where an editor would find it: line, and column in
    /// characters (with its byte offset, for a binary file's reader).
    func testANulByteIsToldByLineAndColumn() throws {
        let bytes = Array("\u{FEFF}1\tA\ttile\n2\tÉé".utf8) + [0] + Array("\tdot\n".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: path("nul.tsv"), contents: Data(bytes)))
        XCTAssertThrowsError(try LabelsSource.open(path: path("nul.tsv"), name: "nul.tsv").readAll()) {
            XCTAssertEqual("\($0)", "nul.tsv:2:5: holds a NUL byte (byte offset 18): it is not a text file")
        }
    }

    /// A spreadsheet's "Unicode Text" export is UTF-16: said so, with what to
    /// do, rather than as a file with a NUL byte in it.
    func testUTF16IsToldAsUTF16() throws {
        let text = "1\tA\ttile\n"
        let little = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for (name, bytes) in [("marked.tsv", [0xFF, 0xFE] + little), ("unmarked.tsv", little), ("big.tsv", [0xFE, 0xFF] + big)] {
            XCTAssertTrue(FileManager.default.createFile(atPath: path(name), contents: Data(bytes)))
            XCTAssertThrowsError(try LabelsSource.open(path: path(name), name: name).readAll()) {
                XCTAssertEqual("\($0)", "\(name): the file is in UTF-16; save it as UTF-8 (in a spreadsheet: “Unicode (UTF-8)”)")
            }
        }
    }

    /// A binary file or an endless stream is no labels file: the reading
    /// stops at its first NUL byte, or at the limit.
    func testBinaryAndEndlessSourcesStopEarly() throws {
        let zero = try LabelsSource.open(path: "/dev/zero")
        XCTAssertThrowsError(try zero.readAll()) {
            XCTAssertEqual("\($0)", "/dev/zero:1:1: holds a NUL byte (byte offset 0): it is not a text file")
        }
        // The writer outlives the reader, as `yes` would: it must not be killed for it.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let endless = try LabelsSource(descriptor: ends[0], name: "yes")
        let writing = ends[1]
        let writer = Thread {
            let line = Array(String(repeating: "y\n", count: 4096).utf8)
            for _ in 0..<64 { _ = line.withUnsafeBytes { write(writing, $0.baseAddress, $0.count) } }  // 512 KB
            close(writing)
        }
        writer.start()
        XCTAssertThrowsError(try endless.readAll(limit: 100_000)) {
            XCTAssertEqual("\($0)", "yes: is larger than 0 MB: more than any collection of labels")
        }
    }

    /// A file cut short while it is written ends where the reader finds it
    /// ends, and the message says what was missing there.
    func testAFileCutShortSaysWhereItEnds() throws {
        let handle = Pipe()
        let source = try LabelsSource(descriptor: dup(handle.fileHandleForReading.fileDescriptor), name: "cut.json")
        try handle.fileHandleForReading.close()
        handle.fileHandleForWriting.write(Data(#"[{"id": 1, "title": "Tile A", "category": "tile"}, {"id": 2, "ti"#.utf8))
        try handle.fileHandleForWriting.close()
        XCTAssertThrowsError(try LabelsFile.parse(source.readAll(), path: source.name)) {
            XCTAssertEqual("\($0)", "cut.json:1:65: the file ends inside a string")
        }
    }

    /// A file longer than its size says (as /proc's are, or one still being
    /// written) is read to its end all the same.
    func testAFileLongerThanItsSizeIsReadToTheEnd() throws {
        let source = try LabelsSource.open(path: "/proc/self/status")
        let text = String(decoding: try source.readAll(), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("Name:"), text)
        XCTAssertTrue(text.contains("\nVmHWM:"), "the whole file, not its stated 0 bytes")
    }
}
