import Glibc

/// Reads a collection of labels from a file: a JSON array of
/// `{"id": Int, "title": String, "category": "tile"|"dot"}`, or TSV lines of
/// `id<TAB>title<TAB>category`, with or without that line as a header (as
/// spreadsheets export it). The format is told by the first non-blank byte
/// (`[` is JSON); a UTF-8 byte-order mark before it is skipped. The file is
/// only ever read.
///
/// Every problem is an error that says, in words, what and where: a missing,
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
        public let problem: String

        public init(path: String, location: Location?, problem: String) {
            self.path = path
            self.location = location
            self.problem = problem
        }

        public var description: String {
            location.map { "\(path):\($0.line):\($0.column): \(problem)" } ?? "\(path): \(problem)"
        }
    }

    /// The problem of a read or parse that `isCancelled` stopped.
    public static let stopped = "stopped before the end"
    /// Titles whose folded copies outgrow the collection's 4-byte offsets.
    static let tooLarge = "the titles take more than 4 GB once folded for search"

    /// Reads and parses the file at `path`, start to end, on this thread.
    public static func load(path: String) throws(Failure) -> LabelCollection {
        let source = try LabelsSource.open(path: path)
        return try parse(try source.readAll(), path: source.name)
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
            throw Failure(path: path, location: nil,
                          problem: "the file is in UTF-16; save it as UTF-8 (in a spreadsheet: “Unicode (UTF-8)”)")
        }
        if let offset = firstInvalidUTF8(bytes) {
            throw Failure(path: path, location: reader.location(at: offset), problem: "invalid UTF-8 at byte offset \(offset)")
        }
        reader.skipWhitespace()
        guard let first = reader.peek else {
            throw Failure(path: path, location: nil, problem: "the file is empty: it holds no labels (write [] for an empty collection)")
        }
        // Records remember where they start as a byte offset; lines and columns
        // are worked out only for a message (counting them for every record
        // would rescan the file each time).
        // The records go straight into the collection's compact form; only
        // their offsets are kept besides, to say where a duplicate ID is.
        var builder = LabelCollection.Builder()
        // The shortest label takes 7 bytes of TSV ("1\tx\tdot"), and no title
        // is longer than the file: bounds, not guesses (see reserveCapacity).
        builder.reserveCapacity(bytes.count / 7 + 1, titleBytes: bytes.count)
        var offsets: [UInt32] = []
        offsets.reserveCapacity(bytes.count / 7 + 1)
        do throws(Reader.ParseError) {
            func checkpoint(_ offset: Int, _ builder: LabelCollection.Builder) throws(Reader.ParseError) {
                if isCancelled() { throw Reader.ParseError(offset: offset, problem: stopped) }
                if builder.isTooLarge { throw Reader.ParseError(offset: offset, problem: tooLarge) }
                progress(Double(offset) / Double(max(bytes.count, 1)))
            }
            switch first {
            case UInt8(ascii: "["): try reader.jsonRecords(into: &builder, offsets: &offsets, checkpoint)
            case UInt8(ascii: "{"):
                throw reader.error("this is one JSON object; a labels file holds an array of them: [{…}, {…}]")
            case _ where path.lowercased().hasSuffix(".json"):
                throw reader.error("a JSON labels file is an array, starting with “[” (JSON has no comments)")
            default: try reader.tsvRecords(into: &builder, offsets: &offsets, checkpoint)
            }
            try checkpoint(reader.offset, builder)
        } catch {
            throw Failure(path: path, location: error.problem == stopped ? nil : reader.location(at: error.offset),
                          problem: error.problem)
        }
        do {
            return try LabelCollection(builder)
        } catch {
            let first = reader.location(at: Int(offsets[error.firstIndex]))
            let second = reader.location(at: Int(offsets[error.secondIndex]))
            throw Failure(path: path, location: second, problem: "duplicate label ID \(error.id): first at \(first), again at \(second)")
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
        let problem: String
    }

    let bytes: [UInt8]
    /// Past the byte-order mark, if the file has one.
    let start: Int
    var offset: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        offset = start
    }

    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func location(at offset: Int) -> LabelsFile.Location {
        bytes.withUnsafeBufferPointer { LabelsFile.Location(of: offset, in: $0, firstLineStart: start) }
    }

    func error(_ problem: String, at offset: Int? = nil) -> ParseError {
        ParseError(offset: offset ?? self.offset, problem: problem)
    }

    mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
    }

    /// `what` is only made into words when it is missing (once per file, not per label).
    mutating func expect(_ character: Character, _ what: @autoclosure () -> String) throws(ParseError) {
        skipWhitespace()
        guard peek == character.asciiValue else {
            throw error(peek == nil ? "the file ends where \(what()) should be" : "expected \(what())")
        }
        offset += 1
    }

    // MARK: JSON

    typealias Checkpoint = (_ offset: Int, _ builder: LabelCollection.Builder) throws(ParseError) -> Void

    mutating func jsonRecords(into builder: inout LabelCollection.Builder, offsets: inout [UInt32],
                              _ checkpoint: Checkpoint) throws(ParseError) {
        try expect("[", "“[”")
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            offset += 1
        } else {
            while true {
                let start = try jsonRecord(into: &builder)
                offsets.append(UInt32(start))
                if builder.count % LabelsFile.checkpointInterval == 0 { try checkpoint(offset, builder) }
                skipWhitespace()
                guard let byte = peek else { throw error("the file ends inside the array: expected “,” or “]”") }
                offset += 1
                if byte == UInt8(ascii: "]") { break }
                guard byte == UInt8(ascii: ",") else { throw error("expected “,” or “]” after a label", at: offset - 1) }
            }
        }
        skipWhitespace()
        guard peek == nil else { throw error("unexpected content after the array") }
    }

    /// Reads one label object into `builder`; returns where it starts.
    mutating func jsonRecord(into builder: inout LabelCollection.Builder) throws(ParseError) -> Int {
        skipWhitespace()
        let start = offset
        try expect("{", "a label object “{”")
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
                    throw error(peek == nil ? "the file ends where “:” after “\(string(key))” should be" : "expected “:” after “\(string(key))”")
                }
                offset += 1
                skipWhitespace()
                let valueOffset = offset
                switch field {
                case 0 where id == nil: id = try jsonInteger()
                case 1 where title == nil: title = (try jsonText(), valueOffset)
                case 2 where category == nil: category = try self.category(try jsonText(), at: valueOffset)
                case 0, 1, 2: throw error("“\(string(key))” appears twice in one label", at: keyOffset)
                default: throw error("unknown field “\(string(key))”: a label has id, title and category", at: keyOffset)
                }
                skipWhitespace()
                guard let byte = peek else { throw error("the file ends inside a label") }
                offset += 1
                if byte == UInt8(ascii: "}") { break }
                guard byte == UInt8(ascii: ",") else { throw error("expected “,” or “}” in a label", at: offset - 1) }
            }
        } else {
            offset += 1
        }
        guard let id else { throw error("this label has no “id”", at: start) }
        guard let title else { throw error("this label has no “title”", at: start) }
        guard let category else { throw error("this label has no “category”", at: start) }
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
            throw error("an id must be a whole number", at: start)
        }
        guard !digits.isEmpty, digits != "-", let value = Int(digits) else {
            throw error(digits.isEmpty || digits == "-" ? "expected a whole number for “id”" : "the id \(digits) is too large", at: start)
        }
        if digits.count > 1 && (digits.hasPrefix("0") || digits.hasPrefix("-0")) {
            throw error("JSON numbers have no leading zeros", at: start)
        }
        return value
    }

    mutating func jsonText() throws(ParseError) -> Text {
        guard peek == UInt8(ascii: "\"") else { throw error(peek == nil ? "the file ends where a string should be" : "expected a string") }
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
            guard let byte = peek else { throw error("the file ends inside a string") }
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                return .unescaped(scalars)
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { throw error("the file ends inside a string") }
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
                            throw error("a lone UTF-16 surrogate in \\u escapes", at: start)
                        }
                        offset += 2
                        let low = try hexQuad()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone UTF-16 surrogate in \\u escapes", at: start) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("a lone UTF-16 surrogate in \\u escapes", at: start)
                    }
                    scalars.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
                default:
                    throw error("unknown escape “\\\(Character(Unicode.Scalar(escaped)))” in a string", at: offset - 2)
                }
            case 0x00..<0x20:
                throw error("a control character inside a string must be escaped", at: offset - 1)
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
            throw error("expected four hexadecimal digits after \\u")
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
        let problem: String? = withUTF8(title) { utf8 in
            if let problem = Self.problem(ofTitle: utf8) { return problem }
            builder.append(id: id, titleUTF8: utf8, category: category)
            return nil
        }
        if let problem { throw error(problem, at: titleOffset) }
    }

    /// What is wrong with a title, if anything.
    static func problem(ofTitle utf8: UnsafeBufferPointer<UInt8>) -> String? {
        // A visible ASCII character is never white space: most titles have one.
        var hasVisibleASCII = false, hasNUL = false
        for byte in utf8 {
            if byte > 0x20 && byte < 0x7F { hasVisibleASCII = true } else if byte == 0 { hasNUL = true }
        }
        if !hasVisibleASCII && String(decoding: utf8, as: UTF8.self).unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            return "this label's title is empty"
        }
        return hasNUL ? "a title cannot hold a NUL character (U+0000)" : nil
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
            throw error("unknown category \(quoted(written)): expected “tile” or “dot”", at: offset)
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

    /// A field as spreadsheets write it: one wrapped in double quotes (with
    /// inner quotes doubled) is unwrapped; any other is taken as it is.
    static func unquoted(_ field: ArraySlice<UInt8>) -> Text {
        let quote = UInt8(ascii: "\"")
        guard field.count >= 2, field.first == quote, field.last == quote else { return .inFile(field.indices) }
        var inner: [UInt8] = []
        var index = field.startIndex + 1
        let end = field.endIndex - 1
        while index < end {
            if field[index] == quote {
                // Inside quotes, a quote comes doubled; a lone one means this
                // was not a quoted field after all.
                guard index + 1 < end, field[index + 1] == quote else { return .inFile(field.indices) }
                index += 1
            }
            inner.append(field[index])
            index += 1
        }
        return .unescaped(inner)
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

    mutating func tsvRecords(into builder: inout LabelCollection.Builder, offsets: inout [UInt32],
                             _ checkpoint: Checkpoint) throws(ParseError) {
        var isFirstLine = true
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
                let category = try category(Self.unquoted(categoryField), at: categoryField.startIndex)
                try append(id: id, title: Self.unquoted(titleField), at: titleField.startIndex, category: category, to: &builder)
                offsets.append(UInt32(lineStart))
                if builder.count % LabelsFile.checkpointInterval == 0 { try checkpoint(offset, builder) }
                continue
            }
            let fields = Self.fields(of: line)
            // Spreadsheets export a header line; it names the columns in order.
            if isFirstLine && fields.map({ string(Self.unquoted($0)).lowercased() }) == Self.tsvHeader { continue }
            guard fields.count == 3 else {
                var problem = "expected 3 tab-separated fields (id, title, category), found \(fields.count)"
                if fields.count == 1 && line.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") }) {
                    problem += ": fields are separated by tabs, not commas or semicolons"
                }
                throw error(problem, at: lineStart)
            }
            let idText = Self.plainInteger(fields[0]) == nil ? string(Self.unquoted(fields[0])) : ""
            guard let id = Self.plainInteger(fields[0]) ?? Int(idText) else {
                let isNumber = !idText.isEmpty && idText.drop { $0 == "-" }.allSatisfy(\.isASCII) && idText.drop { $0 == "-" }.allSatisfy(\.isNumber)
                var problem = isNumber ? "the id \(idText) is too large" : "the id \(quoted(idText)) is not a whole number"
                if isFirstLine && !isNumber { problem += " (a header line must be “id<TAB>title<TAB>category”)" }
                throw error(problem, at: lineStart)
            }
            let category = try category(Self.unquoted(fields[2]), at: fields[2].startIndex)
            try append(id: id, title: Self.unquoted(fields[1]), at: fields[1].startIndex, category: category, to: &builder)
            offsets.append(UInt32(lineStart))
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
            let title = record.title.hasPrefix("\"")
                ? "\"" + record.title.replacing("\"", with: "\"\"") + "\"" : record.title
            lines.append("\(record.id)\t\(title)\t\(record.category.rawValue)")
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n") + "\n"
    }

    private static func jsonEscaped(_ text: String) -> String {
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
