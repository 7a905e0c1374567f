// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// One label of the collection. Its `id` is its identity for as long as it
/// exists: never a position, never a fresh UUID.
public struct LabelRecord: Sendable, Equatable, Identifiable {
    /// Its name on screen is the app's (translated) business, not the model's.
    public enum Category: String, Sendable, CaseIterable {
        case tile, dot
    }

    public let id: Int
    public let title: String
    public let category: Category

    public init(id: Int, title: String, category: Category) {
        self.id = id
        self.title = title
        self.category = category
    }
}

/// The records, in their order, with IDs guaranteed unique. Never mutated by
/// filtering: what is visible is derived from it.
///
/// Stored compactly, for a million labels and more: every title once, in the
/// form the search reads, in one buffer with 4-byte ends, and beside it what
/// gives back the titles that folding changed (`StoredTitles`), with 4-byte
/// ends; categories as bits; IDs as nothing at all when they count up from
/// the first (else 8 bytes each, and a 4-byte sorted order when they are not
/// ascending). A `LabelRecord` is made when one is asked for.
public struct LabelCollection: Sendable {
    public struct DuplicateID: Error, Equatable, CustomStringConvertible {
        public let id: Int
        public let firstIndex: Int
        public let secondIndex: Int

        public var description: String {
            "duplicate label ID \(id) (records \(firstIndex + 1) and \(secondIndex + 1))"
        }
    }

    /// Gathers records one by one into the compact form.
    public struct Builder: Sendable {
        fileprivate var searched: [UInt8] = []
        fileprivate var searchedEnds: [UInt32] = []
        fileprivate var restore: [UInt8] = []
        /// Where each title's restore record ends; one that needs none ends
        /// where the last one's did.
        fileprivate var restoreEnds: [UInt32] = []
        /// `StoredTitles.append`'s scratch, kept between titles.
        fileprivate var edits: [UInt8] = []
        fileprivate var tiles: [UInt64] = []
        /// The IDs, once they stop counting up by one from the first (until
        /// then, `firstID` and the count say them all).
        fileprivate var ids: [Int] = []
        fileprivate var firstID = 0
        fileprivate var lastID = 0
        fileprivate var idsAreSequential = true
        fileprivate var idsAreAscending = true

        public init() {}

        public var count: Int { searchedEnds.count }

        /// Whether the titles outgrew the 4-byte offsets (over 4 GB once folded).
        public var isTooLarge: Bool { searched.count > Int(UInt32.max) || restore.count > Int(UInt32.max) }

        /// Room for up to `count` records and `bytes` of titles. An upper bound
        /// costs nothing while unused (the system gives pages as they are
        /// written), and growing by copying would hold two copies at once.
        public mutating func reserveCapacity(_ count: Int, titleBytes bytes: Int) {
            searched.reserveCapacity(bytes)
            restore.reserveCapacity(bytes)
            searchedEnds.reserveCapacity(count)
            restoreEnds.reserveCapacity(count)
            tiles.reserveCapacity(count / 64 + 1)
        }

        public mutating func append(id: Int, title: String, category: LabelRecord.Category) {
            var title = title
            title.withUTF8 { append(id: id, titleUTF8: $0, category: category) }
        }

        /// The same, from the title's UTF-8 as the parsers find it in a file:
        /// it must be valid UTF-8 (they check the whole file first).
        public mutating func append(id: Int, titleUTF8 utf8: UnsafeBufferPointer<UInt8>, category: LabelRecord.Category) {
            let index = count
            if index == 0 {
                firstID = id
            } else {
                if idsAreAscending && id <= lastID { idsAreAscending = false }
                // (Int.max has no next id: a wrapping add would take Int.min for it.)
                if idsAreSequential && (lastID == Int.max || id != lastID + 1) {
                    idsAreSequential = false
                    ids = (0..<index).map { firstID &+ $0 }
                }
            }
            lastID = id
            if !idsAreSequential { ids.append(id) }
            StoredTitles.append(utf8: utf8, searched: &searched, restore: &restore, edits: &edits)
            searchedEnds.append(UInt32(truncatingIfNeeded: searched.count))
            restoreEnds.append(UInt32(truncatingIfNeeded: restore.count))
            if index % 64 == 0 { tiles.append(0) }
            if category == .tile { tiles[index / 64] |= 1 << UInt64(index % 64) }
        }
    }

    /// Every title as the search reads it (see `StoredTitles`).
    private let searched: [UInt8]
    private let searchedEnds: [UInt32]
    private let restore: [UInt8]
    private let restoreEnds: [UInt32]
    private let tiles: [UInt64]
    private let ids: IDs
    /// Which version of the labels this is: copies of one collection share
    /// it, two collections made apart (a file read twice) never do.
    private let version = Version()
    private final class Version: Sendable {}

    /// Whether `other` is this very collection (a copy of it), not another
    /// version of the same labels.
    public func isSameVersion(as other: LabelCollection) -> Bool { version === other.version }

    private enum IDs: Sendable {
        /// first, first + 1, …
        case sequential(first: Int)
        /// Listed, ascending: found by binary search.
        case ascending([Int])
        /// Listed in any order, with the positions sorted by ID.
        case unordered([Int], byID: [UInt32])
    }

    /// Takes what `builder` gathered; fails on the first ID given twice (in
    /// the records' order: the earliest second occurrence).
    public init(_ builder: Builder) throws(DuplicateID) {
        precondition(!builder.isTooLarge, "titles beyond 4 GB are refused before they are gathered")
        if builder.idsAreSequential {
            ids = .sequential(first: builder.firstID)
        } else if builder.idsAreAscending {
            ids = .ascending(builder.ids)
        } else {
            let order = (0..<UInt32(builder.ids.count)).sorted {
                (builder.ids[Int($0)], $0) < (builder.ids[Int($1)], $1)
            }
            var duplicate: DuplicateID?
            for (a, b) in zip(order, order.dropFirst()) where builder.ids[Int(a)] == builder.ids[Int(b)] {
                if duplicate.map({ Int(b) < $0.secondIndex }) ?? true {
                    duplicate = DuplicateID(id: builder.ids[Int(a)], firstIndex: Int(a), secondIndex: Int(b))
                }
            }
            if let duplicate { throw duplicate }
            ids = .unordered(builder.ids, byID: order)
        }
        searched = builder.searched
        searchedEnds = builder.searchedEnds
        restore = builder.restore
        restoreEnds = builder.restoreEnds
        tiles = builder.tiles
    }

    public init(_ records: [LabelRecord]) throws(DuplicateID) {
        var builder = Builder()
        for record in records { builder.append(id: record.id, title: record.title, category: record.category) }
        try self.init(builder)
    }

    /// The tutorial's four labels.
    public static let sample = try! LabelCollection([
        LabelRecord(id: 1, title: "Tile A", category: .tile),
        LabelRecord(id: 2, title: "Dot A", category: .dot),
        LabelRecord(id: 3, title: "Tile B", category: .tile),
        LabelRecord(id: 4, title: "Dot B", category: .dot),
    ])

    public var count: Int { searchedEnds.count }

    /// The ID of the record at `index`.
    public func id(at index: Int) -> Int {
        switch ids {
        case .sequential(let first): first + index
        case .ascending(let ids), .unordered(let ids, _): ids[index]
        }
    }

    /// The category of the record at `index`.
    public func category(at index: Int) -> LabelRecord.Category {
        tiles[index / 64] & (1 << UInt64(index % 64)) != 0 ? .tile : .dot
    }

    private func searchedRange(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(searchedEnds[index - 1]))..<Int(searchedEnds[index])
    }

    /// The title of the record at `index`, as written.
    public func title(at index: Int) -> String {
        let restoreRange = (index == 0 ? 0 : Int(restoreEnds[index - 1]))..<Int(restoreEnds[index])
        return searched.withUnsafeBufferPointer { searched in
            restore.withUnsafeBufferPointer { restore in
                StoredTitles.title(searched: UnsafeBufferPointer(rebasing: searched[searchedRange(index)]),
                                   restore: UnsafeBufferPointer(rebasing: restore[restoreRange]))
            }
        }
    }

    /// The record at `index`, made on demand.
    public func record(at index: Int) -> LabelRecord {
        LabelRecord(id: id(at: index), title: title(at: index), category: category(at: index))
    }

    public func record(id: Int) -> LabelRecord? {
        index(ofID: id).map(record(at:))
    }

    /// The position of the record with `id`.
    public func index(ofID id: Int) -> Int? {
        switch ids {
        case .sequential(let first):
            // (From Int.min to Int.max is more than an Int holds.)
            let (index, overflowed) = id.subtractingReportingOverflow(first)
            return id >= first && !overflowed && index < count ? index : nil
        case .ascending(let ids):
            let position = Self.lowerBound(count) { ids[$0] < id }
            return position < count && ids[position] == id ? position : nil
        case .unordered(let ids, let byID):
            let position = Self.lowerBound(count) { ids[Int(byID[$0])] < id }
            return position < count && ids[Int(byID[position])] == id ? Int(byID[position]) : nil
        }
    }

    /// The first position in 0..<count where `isBelow` stops holding.
    private static func lowerBound(_ count: Int, _ isBelow: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isBelow(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether the title at `index`, folded, contains the folded `needle`.
    public func title(_ index: Int, contains needle: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { needle in
            searched.withUnsafeBufferPointer { searched in
                findFoldingASCII(needle, in: UnsafeBufferPointer(rebasing: searched[searchedRange(index)]))
            }
        }
    }

    /// Sets in `bits` (one per label) those of the positions in `range` whose
    /// folded title contains `scan`'s needle. Only the words of `range` are
    /// written.
    func markPositions(in range: Range<Int>, containing scan: TitleScan, in bits: UnsafeMutablePointer<UInt64>) {
        guard !range.isEmpty else { return }
        searched.withUnsafeBufferPointer { searched in
            searchedEnds.withUnsafeBufferPointer { ends in
                _ = scan.mark(searched: searched, ends: ends, labels: range, into: bits)
            }
        }
    }

    /// Clears the bits of `range` in `bits` of the labels that are not tiles.
    func keepTiles(in range: Range<Int>, of bits: UnsafeMutablePointer<UInt64>) {
        tiles.withUnsafeBufferPointer { LabelSet.keep($0, in: range, of: bits) }
    }

    /// The bytes a search reads: every title's searched form (the
    /// benchmark's bytes per ms).
    public var searchedBytes: Int { searched.count }

    /// What the store takes, in bytes (the benchmark's bytes per label).
    public var storageBytes: Int {
        let idBytes = switch ids {
        case .sequential: 0
        case .ascending(let ids): ids.count * 8
        case .unordered(let ids, let byID): ids.count * 8 + byID.count * 4
        }
        return searched.count + searchedEnds.count * 4 + restore.count + restoreEnds.count * 4 + tiles.count * 8 + idBytes
    }

    /// The records in order, each made when it is read.
    public var records: Records { Records(collection: self) }

    public struct Records: RandomAccessCollection, Sendable, Equatable {
        let collection: LabelCollection
        public var startIndex: Int { 0 }
        public var endIndex: Int { collection.count }
        public subscript(position: Int) -> LabelRecord { collection.record(at: position) }

        public static func == (lhs: Records, rhs: Records) -> Bool { lhs.elementsEqual(rhs) }
    }

    /// The IDs `filter` lets through, in the collection's order.
    public func visibleIDs(_ filter: LabelFilter) -> [Int] {
        var session = FilterSession(collection: self)
        return session.visibleIDs(filter)
    }
}
