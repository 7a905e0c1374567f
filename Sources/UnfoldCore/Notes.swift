// SPDX-License-Identifier: GPL-3.0-or-later

/// When notes being typed are written to disk. A write waits for a pause in
/// the typing (each key would otherwise be a write and an fsync), but never
/// longer than `latest` after the first change it has not written: a crash
/// or a SIGKILL loses at most that much of what was typed.
public struct NoteSaveSchedule: Sendable, Equatable {
    /// How long the typing pauses before a write: a key every 250 ms or
    /// faster is someone still typing.
    public static let pause: Int64 = 250_000
    /// The most a crash may lose: a second.
    public static let latest: Int64 = 1_000_000

    /// When the oldest change not yet written was made (µs), and the newest.
    public private(set) var firstUnwritten: Int64?
    public private(set) var lastChange: Int64?

    public init() {}

    public var hasUnwrittenChanges: Bool { firstUnwritten != nil }

    /// A note changed at `time`.
    public mutating func changed(at time: Int64) {
        if firstUnwritten == nil { firstUnwritten = time }
        lastChange = time
    }

    /// When the changes are due to be written: after the pause, or at the
    /// latest moment, whichever comes first; nil when all is written.
    public var dueTime: Int64? {
        guard let firstUnwritten, let lastChange else { return nil }
        return min(lastChange + Self.pause, firstUnwritten + Self.latest)
    }

    /// Everything changed so far was written.
    public mutating func written() {
        firstUnwritten = nil
        lastChange = nil
    }
}

/// Notes whose label is not in `collection` (the file lost the ID): they are
/// kept until the user removes them, in ID order.
public func notesWithoutLabel(_ notes: [Int: String], in collection: LabelCollection) -> [(id: Int, note: String)] {
    notes.filter { collection.index(ofID: $0.key) == nil }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
}

/// Notes with their labels, written out for another program (a spreadsheet,
/// a script): TSV with a header line or a JSON array. Each label that has a
/// note, in the collection's order, then each note whose label is gone (with
/// no title or category).
public enum NotesExport: String, Sendable, CaseIterable {
    case tsv, json

    public struct Entry: Sendable, Equatable {
        public let id: Int
        /// nil: the label is no longer in the file.
        public let title: String?
        public let category: LabelRecord.Category?
        public let note: String

        public init(id: Int, title: String?, category: LabelRecord.Category?, note: String) {
            self.id = id
            self.title = title
            self.category = category
            self.note = note
        }
    }

    /// The format a file name asks for by its suffix (case aside), if any.
    public init?(fileName: String) {
        let lowered = fileName.lowercased()
        if lowered.hasSuffix(".tsv") || lowered.hasSuffix(".tab") {
            self = .tsv
        } else if lowered.hasSuffix(".json") {
            self = .json
        } else {
            return nil
        }
    }

    /// The entries of `notes` on `collection`'s labels, as the export lists them.
    public static func entries(_ notes: [Int: String], of collection: LabelCollection) -> [Entry] {
        let labelled = notes.compactMap { id, note in collection.index(ofID: id).map { (index: $0, note: note) } }
            .sorted { $0.index < $1.index }
            .map { Entry(id: collection.id(at: $0.index), title: collection.title(at: $0.index),
                         category: collection.category(at: $0.index), note: $0.note) }
        let orphaned = notesWithoutLabel(notes, in: collection).map { Entry(id: $0.id, title: nil, category: nil, note: $0.note) }
        return labelled + orphaned
    }

    /// The whole file's text.
    public func text(of entries: [Entry]) -> String {
        switch self {
        case .tsv:
            var text = "id\ttitle\tcategory\tnote\n"
            for entry in entries {
                text += [String(entry.id), entry.title ?? "", entry.category?.rawValue ?? "", entry.note]
                    .map(Self.tsvField).joined(separator: "\t") + "\n"
            }
            return text
        case .json:
            let objects = entries.map { entry in
                "  {\"id\": \(entry.id), \"title\": \(entry.title.map(Self.jsonString) ?? "null"), "
                    + "\"category\": \(entry.category.map { Self.jsonString($0.rawValue) } ?? "null"), "
                    + "\"note\": \(Self.jsonString(entry.note))}"
            }
            return objects.isEmpty ? "[]\n" : "[\n" + objects.joined(separator: ",\n") + "\n]\n"
        }
    }

    /// A field as spreadsheets read it: one holding a tab, a line break or a
    /// quote, or starting with a quote, in quotes with each quote written twice
    /// (Unfold's own labels files are read by the same rule).
    static func tsvField(_ field: String) -> String {
        // By scalar: "\"\u{301}" is one Character, and it is not a quote.
        let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        let needsQuotes = field.unicodeScalars.contains { $0 == "\t" || $0 == "\"" || lineBreaks.contains($0) }
        return needsQuotes ? LabelsFile.tsvQuoted(field) : field
    }

    /// A JSON string literal (escaped as the labels files' own JSON is written).
    static func jsonString(_ text: String) -> String { "\"" + LabelsFile.jsonEscaped(text) + "\"" }
}
