// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import UnfoldCore

/// A regular file is parsed a piece at a time as it is read, never held
/// whole beside its labels: wherever the pieces end (within a line, a label
/// object, an escape, a character), the labels are the whole file's, and
/// whatever is wrong with a file is said as the whole file's reading says it.
final class StreamedLabelsTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The streamed reading of `bytes`, in pieces of `pieceSize` bytes.
    private func streamed(_ bytes: [UInt8], name: String = "labels.tsv", pieceSize: Int) throws -> LabelCollection? {
        let source = try LabelsSource.open(path: try file(name, bytes))
        return try LabelsFile.streamed(source, size: bytes.count, pieceSize: pieceSize, progress: { _ in }, isCancelled: { false })
    }

    /// Files as people's tools write them: line ends of three kinds, a
    /// byte-order mark, a header, blank lines, quoted fields with quotes
    /// inside, titles in several scripts, lines longer than a piece.
    static let texts: [String] = [
        "1\tTile A\ttile\n2\tDot A\tdot\n",
        "id\ttitle\tcategory\r\n1\tTile A\ttile\r\n2\tDot A\tdot\r\n",
        "\u{FEFF}1\tTile A\ttile\r2\tDot A\tdot\r3\tŁąka\tTILE",
        "\n\n  \n1\t\"A \"\"quoted\"\" title\"\ttile\n\n2\t\"quoted\"\t dot \n",
        "1\tŻółw — żółty\tdot\n2\t日本語のラベル\ttile\n3\tİstanbul straße\tdot\n4\t\u{FEFF}Mark first\ttile\n",
        "5\t" + String(repeating: "long title ", count: 40) + "\ttile\n6\tshort\tdot\n7\tlast, no line end\tdot",
        "-3\tnegative\tdot\n10\tten\ttile\n2\ttwo\tdot\n",
        #"[{"id": 1, "title": "Tile A", "category": "tile"}, {"id": 2, "title": "Dot A", "category": "dot"}]"#,
        "\u{FEFF} \n[\n {\"category\": \"TILE\", \"title\": \"Łąka — żółta \\\"łąka\\\"\", \"id\": 7},\r\n"
            + #"  {"id": -2, "title": "\u00e9t\u00E9 \ud83d\ude00 \n\t\/\\", "category": "dot"} ,"#
            + #"{"title":"日本語のラベル","id":99,"category":" dot "}  ]  "# + "\n\n",
        "[" + (1...40).map { #"{"id": \#($0), "title": "\#(String(repeating: "é", count: $0 * 3)) \#($0)", "category": "tile"}"# }
            .joined(separator: ",") + "]",
    ]

    func testWhereverPiecesEndTheLabelsAreTheWholeFilesLabels() throws {
        let country = try [UInt8](Data(contentsOf: URL(fileURLWithPath: SearchFoldingTests.countryNames)))
        for bytes in Self.texts.map({ Array($0.utf8) }) + [country] {
            let whole = try LabelsFile.parse(bytes)
            for pieceSize in [1, 2, 3, 7, 64, 4_096, 1 << 20] where bytes.count < 2_000 || pieceSize >= 7 && (bytes.count < 10_000 || pieceSize >= 64) {
                let streamed = try streamed(bytes, pieceSize: pieceSize)
                XCTAssertNotNil(streamed, "the file is read a piece at a time (pieces of \(pieceSize))")
                XCTAssertEqual(streamed?.records.map(\.id), whole.records.map(\.id), "pieces of \(pieceSize)")
                XCTAssertEqual(streamed?.records.map(\.title), whole.records.map(\.title), "pieces of \(pieceSize)")
                XCTAssertEqual(streamed?.records.map(\.category), whole.records.map(\.category), "pieces of \(pieceSize)")
            }
        }
    }

    /// Anything to say about a file, in TSV or JSON, and an empty file: the
    /// streamed reading gives way, and `load` says what the whole file's
    /// reading says.
    func testAFileWithSomethingToSayIsSaidAsTheWholeFilesReadingSaysIt() throws {
        let texts: [(String, String)] = [
            ("duplicate.tsv", "1\tA\ttile\n2\tB\tdot\n\n1\tC\tdot\n"),
            ("category.tsv", "1\tA\ttile\n2\tB\tsquare\n"),
            ("quote.tsv", "1\tA\ttile\n2\t\"open\ttile\n"),
            ("fields.tsv", "1\tA\ttile\n2\tB\n"),
            ("empty.tsv", " \n\n"),
            ("header-only.tsv", "id\ttitle\tcategory\n"),
            ("trailing.json", #"[{"id": 1, "title": "Tile A", "category": "tile"},]"#),
            ("missing.json", #"[{"id": 1, "title": "Tile A", "category": "tile"}, {"id": 2, "title": "B"}]"#),
            ("after.json", #"[{"id": 1, "title": "Tile A", "category": "tile"}] x"#),
            ("unclosed.json", #"[{"id": 1, "title": "Tile A", "category": "tile"}, "#),
            ("escape.json", #"[{"id": 1, "title": "Tile \q", "category": "tile"}]"#),
            ("twice.json", #"[{"id": 1, "title": "A", "category": "tile"}, {"id": 1, "title": "B", "category": "dot"}]"#),
            ("empty.json", "[ ]"),
            ("object.tsv", #"{"id": 1}"#),
            ("latin1.tsv", "1\tA\ttile\n2\tCaf\u{E9}\tdot\n"),
            // A byte-order mark is the file's first bytes, not a piece's.
            ("mark-inside.tsv", "1\tA\ttile\n\u{FEFF}2\tB\tdot\n"),
        ]
        for (name, text) in texts {
            var bytes = Array(text.utf8)
            if name == "latin1.tsv" { bytes = bytes.flatMap { $0 == 0xC3 ? [] as [UInt8] : $0 == 0xA9 ? [0xE9] : [$0] } }
            for pieceSize in [1, 5, 1 << 20] {
                XCTAssertNil(try streamed(bytes, name: name, pieceSize: pieceSize), "\(name), pieces of \(pieceSize)")
            }
            let path = try file(name, bytes)
            let expected = Result { () throws(LabelsFile.Failure) in try LabelsFile.parse(bytes, path: path) }
            let loaded = Result { () throws(LabelsFile.Failure) in try LabelsFile.load(path: path) }
            switch (expected, loaded) {
            case (.failure(let expected), .failure(let loaded)): XCTAssertEqual(loaded, expected, name)
            case (.success(let expected), .success(let loaded)):
                XCTAssertEqual(loaded.records.map(\.id), expected.records.map(\.id), name)
            default: XCTFail("\(name): loaded \(loaded), the whole file's reading \(expected)")
            }
        }
        // A NUL byte, anywhere: the whole file's reading names it.
        let withNUL = Array("1\tA\ttile\n2\tB\u{0}\tdot\n".utf8)
        XCTAssertNil(try streamed(withNUL, pieceSize: 4))
        XCTAssertThrowsError(try LabelsFile.load(path: try file("nul.tsv", withNUL))) {
            XCTAssertTrue("\($0)".contains("2:"), "\($0)")
        }
    }

    /// The fuzzer's kept inputs, and random edits of them and of the files
    /// above (a byte dropped, doubled or replaced by one that means something
    /// to a parser): the streamed reading gives labels exactly when the whole
    /// file's reading does, and the same ones.
    func testStreamedAndWholeReadingsAgreeOnMangledFiles() throws {
        let corpus = try FileManager.default.contentsOfDirectory(atPath: FuzzTests.corpus.path).sorted()
            .map { try [UInt8](Data(contentsOf: FuzzTests.corpus.appendingPathComponent($0))) }
        let originals = corpus + Self.texts.map { Array($0.utf8) }
        let meaningful = Array("[]{}\",:\t\n\r\\ 0-9eé".utf8) + [0xC3, 0xA9, 0xFF]
        var random = SplitMix64(seed: 41)
        var inputs = originals
        for _ in 0..<300 {
            var bytes = originals[Int(random.next() % UInt64(originals.count))]
            for _ in 0...(random.next() % 3) where !bytes.isEmpty {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                default: bytes[at] = meaningful[Int(random.next() % UInt64(meaningful.count))]
                }
            }
            inputs.append(bytes)
        }
        for (index, bytes) in inputs.enumerated() {
            let whole = try? LabelsFile.parse(bytes, path: "labels")
            for pieceSize in [3, 64] {
                let streamed = try streamed(bytes, name: index % 2 == 0 ? "labels.tsv" : "labels.json", pieceSize: pieceSize)
                if let streamed {
                    XCTAssertEqual(streamed.records.map(\.id), whole?.records.map(\.id), "input \(index), pieces of \(pieceSize)")
                    XCTAssertEqual(streamed.records.map(\.title), whole?.records.map(\.title), "input \(index), pieces of \(pieceSize)")
                } else if let whole, whole.count > 0 {
                    // Only a name the whole reading does not look at tells them apart:
                    // a ".json" file that is not JSON is said to be wrong.
                    XCTAssertTrue(index % 2 == 1 && bytes.first(where: { $0 > 0x20 }) != UInt8(ascii: "["),
                                  "input \(index), pieces of \(pieceSize): the whole reading found \(whole.count) labels")
                }
            }
        }
    }

    /// Progress goes up to the whole, and a cancellation stops the reading.
    func testAStreamedReadingReportsItsProgressAndStopsWhenCancelled() throws {
        let bytes = Array((1...20_000).map { "\($0)\tLabel \($0)\t\($0 % 2 == 0 ? "tile" : "dot")\n" }.joined().utf8)
        var fractions: [Double] = []
        let source = try LabelsSource.open(path: try file("many.tsv", bytes))
        let collection = try LabelsFile.streamed(source, size: bytes.count, pieceSize: 4_096,
                                                  progress: { fractions.append($0) }, isCancelled: { false })
        XCTAssertEqual(collection?.count, 20_000)
        XCTAssertEqual(fractions, fractions.sorted())
        XCTAssertEqual(fractions.last, 1)
        XCTAssertGreaterThan(fractions.count, 3)
        var asked = 0
        XCTAssertThrowsError(try LabelsFile.load(LabelsSource.open(path: try file("again.tsv", bytes)),
                                                 isCancelled: { asked += 1; return asked > 2 })) {
            XCTAssertEqual(($0 as? LabelsFile.Failure)?.message, LabelsFile.stopped)
        }
    }
}
