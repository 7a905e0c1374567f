// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Reads a collection of labels from a file: a JSON array of
/// `{"id": Int, "title": String, "category": "tile"|"dot"}`, or TSV lines of
/// `id<TAB>title<TAB>category`, with or without that line as a header (as
/// spreadsheets export it). The format is told by the first non-blank byte
/// (`[` is JSON); a UTF-8 byte-order mark before it is skipped. The file is
/// only ever read.
///
/// Every problem is an error that says, in words (which the app says in the
/// user's language: see `Problem`), what and where: a missing,
/// unreadable or wrong kind of file, invalid UTF-8 (byte offset), malformed
/// JSON or TSV (line and column), an unknown category, a duplicate ID (both
/// places). A file with no bytes but blanks is an error too — `[]` is how to
/// say "no labels".
public enum LabelsFile {
    public struct Location: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let byteOffset: Int
        public var description: String { "line \(line), column \(column)" }

        /// Where `offset` is in `bytes`, whose first line starts at
        /// `firstLineStart` (past a byte-order mark). Columns count characters,
        /// as editors do: continuation bytes do not start one.
        init(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, firstLineStart: Int = 0) {
            let end = min(offset, bytes.count)
            var line = 1, lineStart = firstLineStart
            for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            self.line = line
            column = bytes[min(lineStart, end)..<end].filter { $0 & 0xC0 != 0x80 }.count + 1
            byteOffset = offset
        }
    }

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: String
        public let location: Location?
        /// What is wrong, kept as a message the app says in the user's language.
        public let message: Problem

        public init(path: String, location: Location?, problem: Problem) {
            self.path = path
            self.location = location
            message = problem
        }

        /// What is wrong, in English.
        public var problem: String { message.description }

        public var description: String { description(translatedBy: { $0 }) }

        /// Where, then what, with the problem's template put into the user's
        /// language by `translate` (gettext, in the app). The "path:line:column: "
        /// in front is the same in every language: editors and terminals jump to it.
        public func description(translatedBy translate: (String) -> String) -> String {
            let problem = message.description(translatedBy: translate)
            return location.map { "\(path):\($0.line):\($0.column): \(problem)" } ?? "\(path): \(problem)"
        }
    }

    /// The problem of a read or parse that `isCancelled` stopped.
    public static let stopped = Problem(.stopped)

    /// Reads and parses the file at `path`, start to end, on this thread.
    public static func load(path: String) throws(Failure) -> LabelCollection {
        try load(LabelsSource.open(path: path))
    }

    /// Reads and parses `source`, start to end, on this thread. A regular
    /// file is read a piece at a time, each piece parsed as it comes, so that
    /// the file is never held beside its labels; a stream, or a file with
    /// something wrong in it, is read whole first, which is also what places
    /// a mistake by line and column. `reading` hears of
    /// the bytes read when the file is read whole; `parsing`, of the fraction
    /// parsed; `isCancelled` is asked as often as either, and stops the load
    /// with a failure when it says so.
    public static func load(_ source: LabelsSource, reading: (LabelsSource.Progress) -> Void = { _ in },
                            parsing: (Double) -> Void = { _ in },
                            isCancelled: () -> Bool = { false }) throws(Failure) -> LabelCollection {
        if let size = source.size, size <= LabelsSource.sizeLimit {
            if let collection = try streamed(source, size: size, progress: parsing, isCancelled: isCancelled) {
                return collection
            }
            try source.rewind()
        }
        return try parse(source.readAll(progress: reading, isCancelled: isCancelled), path: source.name,
                         progress: parsing, isCancelled: isCancelled)
    }

    /// How much of a file a streamed read asks for at a time.
    static let pieceSize = 1 << 20

    /// A regular file's labels, parsed as they are read: nil when the file
    /// has anything to say about it (a mistake, a NUL byte, text that is not
    /// UTF-8, an ID given twice, a file that grew), for the whole file's
    /// reading to say it as it always has. TSV is parsed a piece at a time,
    /// each ending at a line's end (no TSV field spans lines), so each
    /// piece's lines are read as the whole file's would be; JSON, a label at
    /// a time (`streamedJSON`).
    static func streamed(_ source: LabelsSource, size: Int, pieceSize: Int = pieceSize, progress: (Double) -> Void,
                         isCancelled: () -> Bool) throws(Failure) -> LabelCollection? {
        var pending: [UInt8] = []
        pending.reserveCapacity(2 * pieceSize)
        let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: pieceSize)
        defer { scratch.deallocate() }
        var consumed = 0  // the file's bytes before pending's first
        var atFileStart = true, isFirstLine = true, atEnd = false
        var builder = LabelCollection.Builder()
        builder.reserveCapacity(size / 7 + 1, titleBytes: size)
        var noOffsets: [UInt32]? = nil
        while !atEnd {
            if isCancelled() { throw Failure(path: source.name, location: nil, problem: stopped) }
            let before = pending.count
            guard let read = source.readPiece(appendingTo: &pending, through: scratch) else { return nil }
            atEnd = read == 0
            if consumed + pending.count > size { return nil }  // it grew as it was read
            if read > 0, pending[before...].withUnsafeBufferPointer({ memchr($0.baseAddress!, 0, $0.count) }) != nil { return nil }
            if atFileStart {
                // The first byte that is not white space tells TSV from JSON.
                let bom = pending.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
                guard let first = pending[bom...].first(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) })
                else { if atEnd { return nil } else { continue } }  // empty so far
                if pending.starts(with: [0xFF, 0xFE]) || pending.starts(with: [0xFE, 0xFF]) { return nil }
                if first == UInt8(ascii: "[") {
                    return try streamedJSON(source, size: size, scratch: scratch, read: pending, atEnd: atEnd,
                                            progress: progress, isCancelled: isCancelled)
                }
                if first == UInt8(ascii: "{") || source.name.lowercased().hasSuffix(".json") { return nil }
            }
            // Up to the last line's end; at the file's end, all of it.
            let cut: Int
            if atEnd {
                cut = pending.count
            } else if let newline = pending.lastIndex(of: UInt8(ascii: "\n")) {
                cut = newline + 1
            } else if let carriageReturn = pending.dropLast().lastIndex(of: UInt8(ascii: "\r")) {
                cut = carriageReturn + 1  // lines ended by CR alone (old Mac files)
            } else {
                continue  // a line longer than a piece: read on
            }
            let piece = Array(pending[..<cut])
            pending.removeFirst(cut)
            if firstInvalidUTF8(piece) != nil { return nil }
            var reader = Reader(bytes: piece, atFileStart: atFileStart)
            atFileStart = false
            let base = consumed
            consumed += cut
            do throws(Reader.ParseError) {
                try reader.tsvRecords(into: &builder, offsets: &noOffsets, isFirstLine: &isFirstLine) { offset, builder throws(Reader.ParseError) in
                    if isCancelled() { throw Reader.ParseError(offset: offset, problem: stopped) }
                    if builder.isTooLarge { throw Reader.ParseError(offset: offset, problem: Problem(.titlesTooLarge)) }
                    progress(Double(base + offset) / Double(max(size, 1)))
                }
            } catch {
                if error.problem == stopped { throw Failure(path: source.name, location: nil, problem: stopped) }
                return nil
            }
        }
        if builder.count == 0 { return nil }  // no label: said as the whole file's reading says it
        progress(1)
        return try? LabelCollection(builder)
    }

    /// How often a long parse reports its progress and asks whether to go on.
    static let checkpointInterval = 4_096

    /// Parses a labels file's bytes. `progress` is told the fraction of the
    /// bytes parsed now and then; `isCancelled` is asked as often, and stops
    /// the parse with a failure when it says so.
    public static func parse(_ bytes: [UInt8], path: String = "<labels>",
                             progress: (Double) -> Void = { _ in },
                             isCancelled: () -> Bool = { false }) throws(Failure) -> LabelCollection {
        var reader = Reader(bytes: bytes)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw Failure(path: path, location: nil, problem: Problem(.inUTF16))
        }
        if let offset = firstInvalidUTF8(bytes) {
            throw Failure(path: path, location: reader.location(at: offset), problem: Problem(.invalidUTF8, ["offset": String(offset)]))
        }
        reader.skipWhitespace()
        guard let first = reader.peek else {
            throw Failure(path: path, location: nil, problem: Problem(.empty))
        }
        // The records go straight into the collection's compact form, and
        // nothing else is kept of them: where a record starts (a byte offset,
        // turned into a line and column only for a message) is wanted only to
        // say where a duplicate ID is, and is read again then.
        var builder = LabelCollection.Builder()
        // The shortest label takes 7 bytes of TSV ("1\tx\tdot"), and no title
        // is longer than the file: bounds, not guesses (see reserveCapacity).
        builder.reserveCapacity(bytes.count / 7 + 1, titleBytes: bytes.count)
        var noOffsets: [UInt32]? = nil
        try readRecords(from: &reader, first: first, into: &builder, offsets: &noOffsets, path: path,
                        progress: progress, isCancelled: isCancelled)
        do {
            return try LabelCollection(builder)
        } catch {
            // Read again, keeping every record's start (a second reading
            // costs what a message is worth; the offsets of ten million
            // records held while every file is read would cost 40 MB).
            var again = Reader(bytes: bytes)
            again.skipWhitespace()
            var offsets: [UInt32]? = []
            var unused = LabelCollection.Builder()
            try readRecords(from: &again, first: first, into: &unused, offsets: &offsets, path: path,
                            progress: { _ in }, isCancelled: isCancelled)
            let earlier = reader.location(at: Int(offsets![error.firstIndex]))
            let later = reader.location(at: Int(offsets![error.secondIndex]))
            throw Failure(path: path, location: later, problem: Problem(.duplicateID, [
                "id": String(error.id), "first_line": String(earlier.line), "first_column": String(earlier.column),
                "line": String(later.line), "column": String(later.column),
            ]))
        }
    }

    /// A JSON file's labels, parsed as they are read (after `read`, its
    /// first bytes): each label object whole, as the whole file's reading
    /// parses it. A label cut by the end of what has been read so far fails
    /// to parse; it is parsed again once more has been read, and only a
    /// failure with the file read to its end is a mistake (then nil, for the
    /// whole file's reading to say it).
    private static func streamedJSON(_ source: LabelsSource, size: Int, scratch: UnsafeMutableBufferPointer<UInt8>,
                                     read: [UInt8], atEnd: Bool,
                                     progress: (Double) -> Void, isCancelled: () -> Bool) throws(Failure) -> LabelCollection? {
        enum Place { case opening, firstLabel, label, afterLabel, closed }
        var place = Place.opening
        var pending = read, atEnd = atEnd
        var consumed = 0  // the file's bytes before pending's first
        var validated = 0  // pending's bytes known to be UTF-8
        var builder = LabelCollection.Builder()
        // The shortest label takes 37 bytes of JSON: a bound, not a guess.
        builder.reserveCapacity(size / 37 + 1, titleBytes: size)
        while true {
            if isCancelled() { throw Failure(path: source.name, location: nil, problem: stopped) }
            // UTF-8 up to a character the read may have cut (a label with it
            // fails to parse, and is parsed again after the next read).
            let whole = atEnd ? pending.count : completeUTF8Prefix(pending)
            if whole > validated {
                if pending[validated..<whole].withUnsafeBufferPointer(firstInvalidUTF8) != nil { return nil }
                validated = whole
            }
            var reader = Reader(bytes: pending, atFileStart: consumed == 0)
            parsing: while true {
                reader.skipWhitespace()
                guard let byte = reader.peek else { break parsing }
                switch place {
                case .opening:
                    guard byte == UInt8(ascii: "[") else { return nil }
                    reader.offset += 1
                    place = .firstLabel
                case .firstLabel, .label:
                    if place == .firstLabel && byte == UInt8(ascii: "]") {
                        reader.offset += 1
                        place = .closed
                        continue
                    }
                    let start = reader.offset
                    do throws(Reader.ParseError) {
                        _ = try reader.jsonRecord(into: &builder)
                    } catch {
                        if atEnd { return nil }
                        reader.offset = start  // cut short, maybe: again after the next read
                        break parsing
                    }
                    place = .afterLabel
                    if builder.count % checkpointInterval == 0 {
                        if isCancelled() { throw Failure(path: source.name, location: nil, problem: stopped) }
                        if builder.isTooLarge { return nil }
                        progress(Double(consumed + reader.offset) / Double(max(size, 1)))
                    }
                case .afterLabel:
                    reader.offset += 1
                    if byte == UInt8(ascii: "]") { place = .closed } else if byte != UInt8(ascii: ",") { return nil } else { place = .label }
                case .closed:
                    return nil  // something after the array
                }
            }
            if atEnd {
                guard place == .closed, builder.count > 0 else { return nil }
                progress(1)
                return try? LabelCollection(builder)
            }
            let parsed = reader.offset
            pending.removeFirst(parsed)
            consumed += parsed
            validated = max(0, validated - parsed)
            let before = pending.count
            guard let count = source.readPiece(appendingTo: &pending, through: scratch) else { return nil }
            atEnd = count == 0
            if consumed + pending.count > size { return nil }  // it grew as it was read
            if count > 0, pending[before...].withUnsafeBufferPointer({ memchr($0.baseAddress!, 0, $0.count) }) != nil { return nil }
        }
    }

    /// How many of `bytes` end with a whole UTF-8 character: all but a
    /// character a read cut short at the end.
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        while index > 0 && bytes.count - index < 4 {
            let byte = bytes[index - 1]
            if byte & 0xC0 != 0x80 {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return bytes.count - (index - 1) >= length ? bytes.count : index - 1
            }
            index -= 1
        }
        return bytes.count  // not UTF-8 there: the check says so
    }

    /// Reads the records after `first` (the file's first byte that is not
    /// white space) into `builder`, and, if `offsets` is not nil, where each starts.
    private static func readRecords(from reader: inout Reader, first: UInt8, into builder: inout LabelCollection.Builder,
                                    offsets: inout [UInt32]?, path: String, progress: (Double) -> Void,
                                    isCancelled: () -> Bool) throws(Failure) {
        let size = reader.bytes.count
        do throws(Reader.ParseError) {
            func checkpoint(_ offset: Int, _ builder: LabelCollection.Builder) throws(Reader.ParseError) {
                if isCancelled() { throw Reader.ParseError(offset: offset, problem: stopped) }
                if builder.isTooLarge { throw Reader.ParseError(offset: offset, problem: Problem(.titlesTooLarge)) }
                progress(Double(offset) / Double(max(size, 1)))
            }
            switch first {
            case UInt8(ascii: "["): try reader.jsonRecords(into: &builder, offsets: &offsets, checkpoint)
            case UInt8(ascii: "{"):
                throw reader.error(.oneJSONObject)
            case _ where path.lowercased().hasSuffix(".json"):
                throw reader.error(.jsonWithoutArray)
            default:
                var isFirstLine = true
                try reader.tsvRecords(into: &builder, offsets: &offsets, isFirstLine: &isFirstLine, checkpoint)
            }
            try checkpoint(reader.offset, builder)
        } catch {
            throw Failure(path: path, location: error.problem == stopped ? nil : reader.location(at: error.offset),
                          problem: error.problem)
        }
    }

    /// The offset of the first byte that is not part of valid UTF-8, if any.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer(firstInvalidUTF8)
    }

    private static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            // Runs of ASCII, most of most files, are passed eight bytes at a time.
            while index + 8 <= bytes.count,
                  UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < bytes.count else { break }
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int, minimum: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; minimum = 0x80
            case 0xE0...0xEF: length = 3; minimum = 0x800
            case 0xF0...0xF4: length = 4; minimum = 0x10000
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for next in bytes[(index + 1)..<(index + length)] {
                guard next & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            // Overlong forms, UTF-16 surrogates and beyond U+10FFFF are not UTF-8.
            guard scalar >= minimum, !(0xD800...0xDFFF).contains(scalar), scalar <= 0x10FFFF else { return index }
            index += length
        }
        return nil
    }
}

/// A cursor over the file's bytes that knows its line and column.
private struct Reader {
    struct ParseError: Error {
        let offset: Int
        let problem: LabelsFile.Problem
    }

    let bytes: [UInt8]
    /// Past the byte-order mark, if the file has one.
    let start: Int
    var offset: Int

    /// `atFileStart`: the bytes are the file's first, where a byte-order
    /// mark is skipped (a later piece's first bytes are text).
    init(bytes: [UInt8], atFileStart: Bool = true) {
        self.bytes = bytes
        start = atFileStart && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        offset = start
    }

    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func location(at offset: Int) -> LabelsFile.Location {
        bytes.withUnsafeBufferPointer { LabelsFile.Location(of: offset, in: $0, firstLineStart: start) }
    }

    func error(_ template: LabelsFile.Problem.Template, _ values: [String: String] = [:], at offset: Int? = nil) -> ParseError {
        ParseError(offset: offset ?? self.offset, problem: LabelsFile.Problem(template, values))
    }

    mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
    }

    // MARK: JSON

    typealias Checkpoint = (_ offset: Int, _ builder: LabelCollection.Builder) throws(ParseError) -> Void

    mutating func jsonRecords(into builder: inout LabelCollection.Builder, offsets: inout [UInt32]?,
                              _ checkpoint: Checkpoint) throws(ParseError) {
        offset += 1  // the “[” that told the file is JSON
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            offset += 1
        } else {
            while true {
                let start = try jsonRecord(into: &builder)
                offsets?.append(UInt32(start))
                if builder.count % LabelsFile.checkpointInterval == 0 { try checkpoint(offset, builder) }
                skipWhitespace()
                guard let byte = peek else { throw error(.endsInsideArray) }
                offset += 1
                if byte == UInt8(ascii: "]") { break }
                guard byte == UInt8(ascii: ",") else { throw error(.expectedCommaOrBracket, at: offset - 1) }
            }
        }
        skipWhitespace()
        guard peek == nil else { throw error(.contentAfterArray) }
    }

    /// Reads one label object into `builder`; returns where it starts.
    mutating func jsonRecord(into builder: inout LabelCollection.Builder) throws(ParseError) -> Int {
        skipWhitespace()
        let start = offset
        guard peek == UInt8(ascii: "{") else { throw error(peek == nil ? .endsWhereLabelShouldBe : .expectedLabel) }
        offset += 1
        var id: Int?, title: (text: Text, offset: Int)?, category: LabelRecord.Category?
        skipWhitespace()
        if peek != UInt8(ascii: "}") {
            while true {
                skipWhitespace()
                let keyOffset = offset
                let key = try jsonText()
                let field = withUTF8(key) { key in Self.labelFields.firstIndex { Self.utf8(key, is: $0) } }
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else {
                    throw error(peek == nil ? .endsWhereColonShouldBe : .expectedColon, ["key": shown(string(key))])
                }
                offset += 1
                skipWhitespace()
                let valueOffset = offset
                switch field {
                case 0 where id == nil: id = try jsonInteger()
                case 1 where title == nil: title = (try jsonText(), valueOffset)
                case 2 where category == nil: category = try self.category(try jsonText(), at: valueOffset)
                case 0, 1, 2: throw error(.fieldTwice, ["key": shown(string(key))], at: keyOffset)
                default: throw error(.unknownField, ["key": shown(string(key))], at: keyOffset)
                }
                skipWhitespace()
                guard let byte = peek else { throw error(.endsInsideLabel) }
                offset += 1
                if byte == UInt8(ascii: "}") { break }
                guard byte == UInt8(ascii: ",") else { throw error(.expectedCommaOrBrace, at: offset - 1) }
            }
        } else {
            offset += 1
        }
        guard let id else { throw error(.missingField, ["field": "id"], at: start) }
        guard let title else { throw error(.missingField, ["field": "title"], at: start) }
        guard let category else { throw error(.missingField, ["field": "category"], at: start) }
        try append(id: id, title: title.text, at: title.offset, category: category, to: &builder)
        return start
    }

    /// A label's fields in JSON, in the order `jsonRecord` numbers them.
    static let labelFields: [StaticString] = ["id", "title", "category"]

    mutating func jsonInteger() throws(ParseError) -> Int {
        let start = offset
        if peek == UInt8(ascii: "-") { offset += 1 }
        while let byte = peek, (0x30...0x39).contains(byte) { offset += 1 }
        // The usual id: no leading zero, followed by what ends a number.
        if let value = Self.plainInteger(bytes[start..<offset]), bytes[offset - 1] != UInt8(ascii: "-"),
           bytes[bytes[start] == UInt8(ascii: "-") ? start + 1 : start] != 0x30 || offset - start == 1,
           peek.map({ $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }) ?? true {
            return value
        }
        let digits = String(decoding: bytes[start..<offset], as: UTF8.self)
        if let byte = peek, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw error(.fractionalID, at: start)
        }
        guard !digits.isEmpty, digits != "-", let value = Int(digits) else {
            throw digits.isEmpty || digits == "-" ? error(.expectedID, at: start) : error(Self.outOfRange(digits), ["id": digits], at: start)
        }
        // ("-0" is JSON's, and 0.)
        if (digits.hasPrefix("0") && digits.count > 1) || (digits.hasPrefix("-0") && digits.count > 2) {
            throw error(.leadingZero, at: start)
        }
        return value
    }

    mutating func jsonText() throws(ParseError) -> Text {
        guard peek == UInt8(ascii: "\"") else { throw error(peek == nil ? .endsWhereStringShouldBe : .expectedString) }
        offset += 1
        // Most strings hold no escape and no control character: taken where they are.
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { offset = end + 1 }
            return .inFile(offset..<end)
        }
        var scalars: [UInt8] = []
        while true {
            guard let byte = peek else { throw error(.endsInsideString) }
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                return .unescaped(scalars)
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { throw error(.endsInsideString) }
                offset += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    let start = offset - 2
                    var scalar = try hexQuad()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard peek == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                            throw error(.loneSurrogate, at: start)
                        }
                        offset += 2
                        let low = try hexQuad()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error(.loneSurrogate, at: start) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error(.loneSurrogate, at: start)
                    }
                    scalars.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
                default:
                    throw error(.unknownEscape, ["escape": shown(String(Character(Unicode.Scalar(escaped))))], at: offset - 2)
                }
            case 0x00..<0x20:
                throw error(.unescapedControlCharacter, at: offset - 1)
            default:
                scalars.append(byte)
            }
        }
    }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    mutating func hexQuad() throws(ParseError) -> UInt32 {
        // UInt32(_:radix:) alone would take a sign ("\\u+1F6"), which JSON does not.
        let digits = offset + 4 <= bytes.count ? bytes[offset..<(offset + 4)] : []
        guard digits.count == 4, digits.allSatisfy(isHexDigit),
              let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else {
            throw error(.expectedHexDigits)
        }
        offset += 4
        return value
    }

    // MARK: Checks both formats share

    /// Appends a label whose title `title` (at `titleOffset`) is checked
    /// first, straight from the file's bytes where it is written as it reads.
    /// A title is some text, without NUL (GTK's strings end at one).
    func append(id: Int, title: Text, at titleOffset: Int, category: LabelRecord.Category,
                to builder: inout LabelCollection.Builder) throws(ParseError) {
        let problem: LabelsFile.Problem.Template? = withUTF8(title) { utf8 in
            if let problem = Self.problem(ofTitle: utf8) { return problem }
            builder.append(id: id, titleUTF8: utf8, category: category)
            return nil
        }
        if let problem { throw error(problem, at: titleOffset) }
    }

    /// What is wrong with a title, if anything.
    static func problem(ofTitle utf8: UnsafeBufferPointer<UInt8>) -> LabelsFile.Problem.Template? {
        // A visible ASCII character is never white space: most titles have one.
        var hasVisibleASCII = false, hasNUL = false
        for byte in utf8 {
            if byte > 0x20 && byte < 0x7F { hasVisibleASCII = true } else if byte == 0 { hasNUL = true }
        }
        if !hasVisibleASCII && String(decoding: utf8, as: UTF8.self).unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            return .emptyTitle
        }
        return hasNUL ? .nulInTitle : nil
    }

    /// "tile" or "dot", in any case, spaces around allowed.
    func category(_ text: Text, at offset: Int) throws(ParseError) -> LabelRecord.Category {
        // As written by most files, and by Unfold.
        let exact: LabelRecord.Category? = withUTF8(text) { utf8 in
            Self.utf8(utf8, is: "tile") ? .tile : Self.utf8(utf8, is: "dot") ? .dot : nil
        }
        if let exact { return exact }
        let written = string(text)
        guard let category = LabelRecord.Category(rawValue: written.trimmingSpaces().lowercased()) else {
            throw error(.unknownCategory, ["category": shown(written)], at: offset)
        }
        return category
    }

    // MARK: Text as read

    /// A string as the file holds it: where it is, when it is written as it
    /// reads (most are), or its bytes once unescaped (JSON) or unquoted (TSV).
    enum Text {
        case inFile(Range<Int>)
        case unescaped([UInt8])
    }

    func withUTF8<Result>(_ text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch text {
        case .inFile(let range): bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        case .unescaped(let bytes): bytes.withUnsafeBufferPointer(body)
        }
    }

    /// The text as a string, for messages and the rare slow path (the whole
    /// file is valid UTF-8: checked first).
    func string(_ text: Text) -> String {
        withUTF8(text) { String(decoding: $0, as: UTF8.self) }
    }

    static func utf8(_ utf8: UnsafeBufferPointer<UInt8>, is ascii: StaticString) -> Bool {
        utf8.count == ascii.utf8CodeUnitCount && (utf8.isEmpty || memcmp(utf8.baseAddress!, ascii.utf8Start, utf8.count) == 0)
    }

    // MARK: TSV

    static let tsvHeader = ["id", "title", "category"]

    /// A field as spreadsheets write it. One that starts with a double quote
    /// is quoted: wrapped in quotes, each quote inside written twice; it is
    /// unwrapped. Any other is taken as it is. One rule for all three fields:
    /// a quote opened and never closed, or closed before the field ends, is a
    /// mistake said where it is, not a title that keeps the quotes.
    static func unquoted(_ field: ArraySlice<UInt8>) throws(ParseError) -> Text {
        let quote = UInt8(ascii: "\"")
        guard field.first == quote else { return .inFile(field.indices) }
        let inside = field.startIndex + 1
        // Most quoted fields hold no quote of their own: taken where they are.
        if let close = field[inside...].firstIndex(of: quote), close == field.endIndex - 1 {
            return .inFile(inside..<close)
        }
        var unwrapped: [UInt8] = []
        var index = inside
        while index < field.endIndex {
            if field[index] == quote {
                if index + 1 == field.endIndex { return .unescaped(unwrapped) }
                guard field[index + 1] == quote else {
                    throw ParseError(offset: index, problem: LabelsFile.Problem(.textAfterClosingQuote))
                }
                index += 1
            }
            unwrapped.append(field[index])
            index += 1
        }
        throw ParseError(offset: field.startIndex, problem: LabelsFile.Problem(.unclosedQuote))
    }

    /// A line's tab-separated fields; a line of three (the usual) without
    /// making an array per line.
    static func fields(of line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        if let (id, title, category) = threeFields(of: line) { return [id, title, category] }
        return line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
    }

    /// The three fields of a line that has three.
    static func threeFields(of line: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, ArraySlice<UInt8>, ArraySlice<UInt8>)? {
        let tab = UInt8(ascii: "\t")
        guard let first = line.firstIndex(of: tab), let second = line[(first + 1)...].firstIndex(of: tab),
              !line[(second + 1)...].contains(tab) else { return nil }
        return (line[..<first], line[(first + 1)..<second], line[(second + 1)...])
    }

    /// What an id of digits that an Int cannot hold is: too large, or, with
    /// a minus, too small.
    static func outOfRange(_ digits: String) -> LabelsFile.Problem.Template {
        digits.hasPrefix("-") ? .idTooSmall : .idTooLarge
    }

    /// A TSV id as most files write it: digits, maybe a minus; nil for
    /// anything else (which the general path reads or names).
    static func plainInteger(_ field: ArraySlice<UInt8>) -> Int? {
        var index = field.startIndex
        let negative = index < field.endIndex && field[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digits = field.endIndex - index
        guard digits > 0, digits <= 18 else { return nil }  // 18 digits cannot overflow
        var value = 0
        while index < field.endIndex {
            let digit = field[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// The records of the TSV lines from `start` on. `isFirstLine`: no line
    /// with a record, or the header, has been read before them.
    mutating func tsvRecords(into builder: inout LabelCollection.Builder, offsets: inout [UInt32]?,
                             isFirstLine: inout Bool, _ checkpoint: Checkpoint) throws(ParseError) {
        offset = start
        while offset < bytes.count {
            let lineStart = offset
            // Lines end with LF, CRLF, or CR alone (as old Mac files do).
            while let byte = peek, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") { offset += 1 }
            let lineEnd = offset
            if peek == UInt8(ascii: "\r") { offset += 1 }
            if peek == UInt8(ascii: "\n") { offset += 1 }
            let line = bytes[lineStart..<lineEnd]
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }  // blank lines separate nothing
            defer { isFirstLine = false }
            if !isFirstLine, let (idField, titleField, categoryField) = Self.threeFields(of: line),
               let id = Self.plainInteger(idField) {
                // The usual line, read without an array or a string.
                let title = try Self.unquoted(titleField)
                let category = try category(Self.unquoted(categoryField), at: categoryField.startIndex)
                try append(id: id, title: title, at: titleField.startIndex, category: category, to: &builder)
                offsets?.append(UInt32(lineStart))
                if builder.count % LabelsFile.checkpointInterval == 0 { try checkpoint(offset, builder) }
                continue
            }
            let fields = Self.fields(of: line)
            // Spreadsheets export a header line; it names the columns in order.
            // (A field whose quotes are wrong names no column: the line is read as labels, and says so.)
            if isFirstLine && fields.map({ (try? Self.unquoted($0)).map { string($0).lowercased() } }) == Self.tsvHeader { continue }
            guard fields.count == 3 else {
                // A quote left open at the end of the line is what cut it short
                // (a spreadsheet's cell with a line break in it): said at the quote.
                if let open = fields.first(where: { $0.first == UInt8(ascii: "\"") && (try? Self.unquoted($0)) == nil }),
                   open.endIndex == lineEnd {
                    _ = try Self.unquoted(open)
                }
                let isCommaSeparated = fields.count == 1 && line.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") }
                throw error(isCommaSeparated ? .commaSeparatedFields : .wrongFieldCount, ["count": String(fields.count)], at: lineStart)
            }
            let idText = Self.plainInteger(fields[0]) == nil ? string(try Self.unquoted(fields[0])) : ""
            guard let id = Self.plainInteger(fields[0]) ?? Int(idText) else {
                let isNumber = !idText.isEmpty && idText.drop { $0 == "-" }.allSatisfy(\.isASCII) && idText.drop { $0 == "-" }.allSatisfy(\.isNumber)
                if isNumber { throw error(Self.outOfRange(idText), ["id": idText], at: lineStart) }
                throw error(isFirstLine ? .idNotANumberOnFirstLine : .idNotANumber, ["id": shown(idText)], at: lineStart)
            }
            let title = try Self.unquoted(fields[1])
            let category = try category(Self.unquoted(fields[2]), at: fields[2].startIndex)
            try append(id: id, title: title, at: fields[1].startIndex, category: category, to: &builder)
            offsets?.append(UInt32(lineStart))
            if builder.count % LabelsFile.checkpointInterval == 0 { try checkpoint(offset, builder) }
        }
    }
}

// MARK: Writing

extension LabelsFile {
    /// The collection as a JSON labels file that `parse` reads back to the same
    /// records, whatever their titles hold (quotes, backslashes, control characters).
    public static func json(_ records: some Sequence<LabelRecord>) -> String {
        "[" + records.map { #"{"id": \#($0.id), "title": "\#(jsonEscaped($0.title))", "category": "\#($0.category.rawValue)"}"# }
            .joined(separator: ",\n") + "]\n"
    }

    /// The collection as TSV lines, or nil when TSV has no way to write it: a
    /// title holding a tab, a line break or a carriage return, or no records
    /// at all (a blank file is an error, and `[]` is JSON).
    public static func tsv(_ records: some Sequence<LabelRecord>) -> String? {
        var lines: [String] = []
        for record in records {
            guard !record.title.unicodeScalars.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return nil }
            // A title that starts with a quote is written quoted, as spreadsheets
            // do, so that reading it back does not take its quotes for theirs.
            let title = record.title.unicodeScalars.first == "\"" ? tsvQuoted(record.title) : record.title
            lines.append("\(record.id)\t\(title)\t\(record.category.rawValue)")
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a quoted TSV field: in quotes, each quote inside written twice.
    /// By Unicode scalar, not by Character: a quote followed by a combining
    /// mark is one Character to Swift but still a quote to every TSV reader.
    static func tsvQuoted(_ text: String) -> String {
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.append("\"") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }

    /// `text` fit to go between a JSON string's quotes.
    static func jsonEscaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

// MARK: Messages

extension LabelsFile {
    /// What is wrong with a labels file, kept as a message to be said in the
    /// user's language: one of the templates every such message is made from,
    /// and the values of its `{name}` placeholders. UnfoldCore has no gettext
    /// (and no GLib): the app translates the template, then fills it in.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public let template: Template
        /// Text from the file or from the system (a category as written, an
        /// error number's sentence), said as it is in every language.
        public let values: [String: String]

        public init(_ template: Template, _ values: [String: String] = [:]) {
            // A value with no place in the text, or a place left empty, is a
            // mistake in the code; every message is made somewhere a test reaches.
            assert(Set(values.keys) == template.placeholders,
                   "\(template) has the placeholders \(template.placeholders.sorted()), given \(values.keys.sorted())")
            self.template = template
            self.values = values
        }

        /// In English: the template as written here, filled in.
        public var description: String { description(translatedBy: { $0 }) }

        /// The template put into another language by `translate`, filled in.
        public func description(translatedBy translate: (String) -> String) -> String {
            Self.fill(translate(template.text), with: values)
        }

        /// `text` with each `{name}` replaced by its value, in one pass: a
        /// value that reads like a placeholder (a category written "{line}")
        /// stays as it is, and braces that name no value ("[{…}, {…}]") are text.
        static func fill(_ text: String, with values: [String: String]) -> String {
            var filled = ""
            var rest = text[...]
            while let open = rest.firstIndex(of: "{") {
                filled += rest[..<open]
                let name = rest[rest.index(after: open)...].prefix { $0 != "}" && $0 != "{" }
                if name.endIndex < rest.endIndex, rest[name.endIndex] == "}", let value = values[String(name)] {
                    filled += value
                    rest = rest[rest.index(after: name.endIndex)...]
                } else {
                    filled += "{"
                    rest = rest[rest.index(after: open)...]
                }
            }
            return filled + rest
        }

        /// Every message a labels file can get, the reader's, the opener's
        /// and the app's alike, in one list, so that each is known to be
        /// translated (a test goes through them all); `text` is the English
        /// message and its gettext msgid, marked for xgettext with `N_`.
        public enum Template: CaseIterable, Sendable {
            // The file as a whole
            case inUTF16, invalidUTF8, empty, stopped, titlesTooLarge, oneJSONObject, jsonWithoutArray, duplicateID
            // JSON
            case endsWhereLabelShouldBe, expectedLabel, endsInsideArray, expectedCommaOrBracket, contentAfterArray
            case endsWhereColonShouldBe, expectedColon, fieldTwice, unknownField, endsInsideLabel, expectedCommaOrBrace
            case missingField, fractionalID, expectedID, leadingZero
            case endsWhereStringShouldBe, expectedString, endsInsideString, loneSurrogate, unknownEscape
            case unescapedControlCharacter, expectedHexDigits
            // Both formats
            case idTooLarge, idTooSmall, emptyTitle, nulInTitle, unknownCategory
            // TSV
            case wrongFieldCount, commaSeparatedFields, idNotANumber, idNotANumberOnFirstLine, unclosedQuote, textAfterClosingQuote
            // Opening and reading (after the path as the user wrote it)
            case noSuchFile, noSuchFolderInPath, permissionDenied, tooManySymbolicLinks, nameTooLong, cannotBeOpened
            case cannotBeRead, folder, nulByte, fileTooLarge
            // Said by the app, for a launch's standard input
            case noStandardInput, dashIsNotStandardInput

            public var text: String {
                switch self {
                case .inUTF16: N_("the file is in UTF-16; save it as UTF-8 (in a spreadsheet: “Unicode (UTF-8)”)")
                // TRANSLATORS: {offset} counts bytes from the start of the file (0 is the first).
                case .invalidUTF8: N_("invalid UTF-8 at byte offset {offset}: a labels file must be saved as UTF-8")
                case .empty: N_("the file is empty: it holds no labels (write [] for an empty collection)")
                case .stopped: N_("stopped before the end")
                case .titlesTooLarge: N_("the titles take more than 4 GB once folded for search")
                case .oneJSONObject: N_("this is one JSON object; a labels file holds an array of them: [{…}, {…}]")
                case .jsonWithoutArray: N_("a JSON labels file is an array, starting with “[” (JSON has no comments)")
                // TRANSLATORS: {id} is a label's ID; the label is at {line}, {column}, and the
                // label with the same ID before it at {first_line}, {first_column}.
                case .duplicateID: N_("duplicate label ID {id}: first at line {first_line}, column {first_column}, again at line {line}, column {column}")
                case .endsWhereLabelShouldBe: N_("the file ends where a label object “{” should be")
                case .expectedLabel: N_("expected a label object “{”")
                case .endsInsideArray: N_("the file ends inside the array: expected “,” or “]”")
                case .expectedCommaOrBracket: N_("expected “,” or “]” after a label")
                case .contentAfterArray: N_("unexpected content after the array")
                // TRANSLATORS: {key} is the name of a field as the file writes it.
                case .endsWhereColonShouldBe: N_("the file ends where “:” after “{key}” should be")
                // TRANSLATORS: {key} is the name of a field as the file writes it.
                case .expectedColon: N_("expected “:” after “{key}”")
                // TRANSLATORS: {key} is the name of a field as the file writes it.
                case .fieldTwice: N_("“{key}” appears twice in one label")
                // TRANSLATORS: {key} is the name of a field as the file writes it; id, title
                // and category are the fields' names in the file: keep them in English.
                case .unknownField: N_("unknown field “{key}”: a label has id, title and category")
                case .endsInsideLabel: N_("the file ends inside a label")
                case .expectedCommaOrBrace: N_("expected “,” or “}” in a label")
                // TRANSLATORS: {field} is id, title or category, a field's name in the file (in English).
                case .missingField: N_("this label has no “{field}”")
                case .fractionalID: N_("an id must be a whole number")
                // TRANSLATORS: id is the field's name in the file: keep it in English.
                case .expectedID: N_("expected a whole number for “id”")
                case .leadingZero: N_("JSON numbers have no leading zeros")
                case .endsWhereStringShouldBe: N_("the file ends where a string should be")
                case .expectedString: N_("expected a string")
                case .endsInsideString: N_("the file ends inside a string")
                case .loneSurrogate: N_("a lone UTF-16 surrogate in \\u escapes")
                // TRANSLATORS: {escape} is the character after the backslash, as the file writes it.
                case .unknownEscape: N_("unknown escape “\\{escape}” in a string")
                case .unescapedControlCharacter: N_("a control character inside a string must be escaped")
                case .expectedHexDigits: N_("expected four hexadecimal digits after \\u")
                // TRANSLATORS: {id} is the number as the file writes it.
                case .idTooLarge: N_("the id {id} is too large")
                // TRANSLATORS: {id} is the number as the file writes it, below the smallest id.
                case .idTooSmall: N_("the id {id} is too small")
                case .emptyTitle: N_("this label's title is empty")
                case .nulInTitle: N_("a title cannot hold a NUL character (U+0000)")
                // TRANSLATORS: {category} is the category as the file writes it; tile and dot
                // are the categories' names in the file: keep them in English.
                case .unknownCategory: N_("unknown category “{category}”: expected “tile” or “dot”")
                // TRANSLATORS: {count} is how many fields the line has (not 3).
                case .wrongFieldCount: N_("expected 3 tab-separated fields (id, title, category), found {count}")
                // TRANSLATORS: {count} is how many fields the line has (1).
                case .commaSeparatedFields: N_("expected 3 tab-separated fields (id, title, category), found {count}: fields are separated by tabs, not commas or semicolons")
                // TRANSLATORS: {id} is the first field of a line, as the file writes it.
                case .idNotANumber: N_("the id “{id}” is not a whole number")
                // TRANSLATORS: {id} is the first field of the first line, as the file writes it;
                // keep id<TAB>title<TAB>category as it is: it is what the line should hold.
                case .idNotANumberOnFirstLine: N_("the id “{id}” is not a whole number (a header line must be “id<TAB>title<TAB>category”)")
                // TRANSLATORS: at the quote that starts a field of a TSV line; keep the example
                // as it is ("""Hi"" there" is what the file holds, "Hi" there what it means).
                case .unclosedQuote: N_("this field starts with a quote that is never closed: end it with a quote, or, to keep the quote as text, double it and quote the whole field (\"\"\"Hi\"\" there\" is \"Hi\" there)")
                // TRANSLATORS: at a quote inside a quoted field of a TSV line; keep the example
                // as it is ("""Hi"" there" is what the file holds, "Hi" there what it means).
                case .textAfterClosingQuote: N_("text follows the quote that ends this quoted field: inside quotes, a quote is written twice (\"\"\"Hi\"\" there\" is \"Hi\" there)")
                // TRANSLATORS: this and the messages below come after the file's name and a
                // colon ("countries.tsv: no such file"), as the path was given.
                case .noSuchFile: N_("no such file")
                // TRANSLATORS: after the file's name and a colon, as the path was given.
                case .noSuchFolderInPath: N_("no such file (a part of the path is not a folder)")
                // TRANSLATORS: after the file's name and a colon.
                case .permissionDenied: N_("cannot be read: permission denied")
                // TRANSLATORS: after the file's name and a colon.
                case .tooManySymbolicLinks: N_("cannot be opened: too many symbolic links")
                // TRANSLATORS: after the file's name and a colon.
                case .nameTooLong: N_("cannot be opened: the name is too long")
                // TRANSLATORS: after the file's name and a colon; {reason} is the system's
                // own words (in your language when the system has them).
                case .cannotBeOpened: N_("cannot be opened: {reason}")
                // TRANSLATORS: after the file's name and a colon; {reason} is the system's
                // own words (in your language when the system has them).
                case .cannotBeRead: N_("cannot be read: {reason}")
                // TRANSLATORS: after the file's name and a colon.
                case .folder: N_("is a folder, not a labels file")
                // TRANSLATORS: after the file's name, line and column; {offset} counts bytes
                // from the start of the file (0 is the first).
                case .nulByte: N_("holds a NUL byte (byte offset {offset}): it is not a text file")
                // TRANSLATORS: after the file's name and a colon; {limit} is a number of
                // megabytes, such as 2048.
                case .fileTooLarge: N_("is larger than {limit} MB: more than any collection of labels")
                // TRANSLATORS: after the name of the launch's standard input (or of the
                // pipe it came from) and a colon.
                case .noStandardInput: N_("cannot be read: this launch has no standard input")
                // TRANSLATORS: after "-" (a FILE named -) and a colon; --labels - is an option
                // as typed (not translated).
                case .dashIsNotStandardInput: N_("no such file (to read labels from standard input, use --labels -)")
                }
            }

            /// The names of the template's `{name}` placeholders (its words
            /// in braces: "[{…}, {…}]" has none).
            public var placeholders: Set<String> { Self.placeholders(in: text) }

            /// The `{name}` placeholders of `text`: a translation must keep
            /// the template's.
            public static func placeholders(in text: String) -> Set<String> {
                var names: Set<String> = []
                var rest = text[...]
                while let open = rest.firstIndex(of: "{") {
                    rest = rest[rest.index(after: open)...]
                    let name = rest.prefix { $0.isASCII && ($0.isLetter || $0 == "_") }
                    if !name.isEmpty, name.endIndex < rest.endIndex, rest[name.endIndex] == "}" { names.insert(String(name)) }
                }
                return names
            }
        }
    }
}

/// Marks a message's English text for xgettext (`./meson-wrapper.sh pot`),
/// which reads these sources as it reads the app's; the app translates it.
func N_(_ text: String) -> String { text }

/// Text from the file as `quoted` makes it fit for a terminal, without the
/// quotes: the templates hold those, written as each language writes them.
private func shown(_ text: String) -> String { String(quoted(text).dropFirst().dropLast()) }
