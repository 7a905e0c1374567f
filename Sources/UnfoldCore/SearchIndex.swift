import Foundation

/// The titles of a collection folded once for matching (see `SearchFolding`),
/// in one byte buffer. Matching a query is then a byte search per title, with
/// no allocation.
public struct SearchIndex: Sendable {
    private let bytes: [UInt8]
    /// Where title `i` starts in `bytes`; one more entry marks the end.
    private let starts: [Int]

    public init(titles: [String]) {
        var bytes: [UInt8] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(titles.count + 1)
        for title in titles {
            SearchFolding.appendFolded(title, to: &bytes)
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
    }

    public var count: Int { starts.count - 1 }

    /// Whether title `index` contains the folded query `needle`.
    public func title(_ index: Int, contains needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        let start = starts[index], length = starts[index + 1] - start
        guard length >= needle.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                findBytes(needle.baseAddress!, needle.count, in: haystack.baseAddress! + start, length)
            }
        }
    }
}

/// Whether `needle` occurs in `haystack`: memchr finds each candidate first
/// byte, memcmp checks the rest (glibc's memmem needs _GNU_SOURCE, which
/// Swift's Glibc module does not set).
func findBytes(_ needle: UnsafePointer<UInt8>, _ needleLength: Int,
               in haystack: UnsafePointer<UInt8>, _ haystackLength: Int) -> Bool {
    guard needleLength > 0 else { return true }
    var cursor = haystack
    var remaining = haystackLength
    while remaining >= needleLength {
        guard let hit = memchr(cursor, Int32(needle[0]), remaining - needleLength + 1) else { return false }
        let candidate = hit.assumingMemoryBound(to: UInt8.self)
        if memcmp(candidate, needle, needleLength) == 0 { return true }
        let skipped = UnsafePointer(candidate) - cursor + 1
        cursor += skipped
        remaining -= skipped
    }
    return false
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in these bytes.
    func contains(subsequence needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        guard count >= needle.count else { return false }
        return withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { findBytes($0.baseAddress!, $0.count, in: haystack.baseAddress!, haystack.count) }
        }
    }
}

/// Filters a collection as the user types, refining the previous result when the
/// new filter can only narrow it (a longer query containing the last one, or
/// "Tiles only" switched on) instead of rescanning every record.
public struct FilterSession: Sendable {
    public let collection: LabelCollection
    private var last: (filter: LabelFilter, needle: [UInt8], indices: [Int])?
    /// Recent results, newest last: deleting what was just typed goes back to
    /// a result computed a moment ago instead of rescanning. Bounded in entries
    /// so a million-label collection keeps a few results, not many.
    private var recent: [(filter: LabelFilter, indices: [Int])] = []
    static let recentLimit = 12
    static let recentEntryBudget = 4_000_000
    /// How many titles the last call examined: tests use it to see refinement work.
    public private(set) var examined = 0

    public init(collection: LabelCollection) {
        self.collection = collection
    }

    /// The IDs `filter` lets through, in the collection's order.
    public mutating func visibleIDs(_ filter: LabelFilter) -> [Int] {
        visibleIndices(filter).map { collection.records[$0].id }
    }

    /// The positions `filter` lets through, computed at once.
    public mutating func visibleIndices(_ filter: LabelFilter) -> [Int] {
        var pass = start(filter)
        pass.run(upTo: .max)
        return finish(pass)
    }

    /// The result of `filter` if it is known without work (the last one asked).
    public func cachedIndices(_ filter: LabelFilter) -> [Int]? {
        if let last, last.filter == filter { return last.indices }
        return recent.last { $0.filter == filter }?.indices
    }

    /// A filter pass to run in steps, so that a long one can share the main
    /// thread with drawing. It refines the last finished result when it can.
    public func start(_ filter: LabelFilter) -> FilterPass {
        let needle = SearchFolding.foldedBytes(filter.query)
        if let known = cachedIndices(filter) {
            return FilterPass(filter: filter, needle: needle, candidates: known, search: collection.search,
                              records: collection.records, done: known)
        }
        var candidates: [Int]?
        if let last, Self.narrows(from: last.filter, lastNeedle: last.needle, to: filter, needle: needle) {
            candidates = last.indices
        }
        return FilterPass(filter: filter, needle: needle, candidates: candidates, search: collection.search,
                          records: collection.records, done: nil)
    }

    /// Takes a pass's result as the last one (refined from next time) and returns it.
    public mutating func finish(_ pass: FilterPass) -> [Int] {
        precondition(pass.isDone, "a filter pass is finished only once it has run to its end")
        examined = pass.wasCached ? 0 : pass.examined
        last = (pass.filter, pass.needle, pass.result)
        remember(pass.filter, pass.result)
        return pass.result
    }

    private mutating func remember(_ filter: LabelFilter, _ indices: [Int]) {
        recent.removeAll { $0.filter == filter }
        recent.append((filter, indices))
        var entries = recent.reduce(0) { $0 + $1.indices.count }
        while recent.count > Self.recentLimit || (entries > Self.recentEntryBudget && recent.count > 1) {
            entries -= recent.removeFirst().indices.count
        }
    }

    /// Every record `new` keeps, `old` kept too: the old result can be refined.
    static func narrows(from old: LabelFilter, lastNeedle: [UInt8], to new: LabelFilter, needle: [UInt8]) -> Bool {
        guard new.tilesOnly || !old.tilesOnly else { return false }
        return needle.contains(subsequence: lastNeedle)
    }
}

/// One run of a filter over a collection, resumable: `run(upTo:)` examines at
/// most that many records and can be called again until `isDone`.
public struct FilterPass: Sendable {
    public let filter: LabelFilter
    let needle: [UInt8]
    /// The positions to examine: the last result when refining, else all.
    private let candidates: [Int]?
    private let search: SearchIndex
    private let records: [LabelRecord]
    public private(set) var result: [Int] = []
    public private(set) var examined = 0

    init(filter: LabelFilter, needle: [UInt8], candidates: [Int]?, search: SearchIndex,
         records: [LabelRecord], done: [Int]?) {
        self.filter = filter
        self.needle = needle
        self.candidates = candidates
        self.search = search
        self.records = records
        if let done {
            result = done
            examined = total
            wasCached = true
        }
    }

    /// Whether the result was known without examining anything.
    public private(set) var wasCached = false

    /// How many records this pass examines in all.
    public var total: Int { candidates?.count ?? records.count }
    public var isDone: Bool { examined == total }

    public mutating func run(upTo count: Int) {
        let end = examined + min(count, total - examined)
        for position in examined..<end {
            let index = candidates?[position] ?? position
            if (!filter.tilesOnly || records[index].category == .tile) && search.title(index, contains: needle) {
                result.append(index)
            }
        }
        examined = end
    }
}

extension LabelCollection {
    /// A collection of `count` labels, the same for the same `seed`: titles of
    /// two words and a number, in a few scripts, tiles and dots mixed.
    public static func synthetic(count: Int, seed: UInt64 = 2026) -> LabelCollection {
        precondition(count >= 0)
        let adjectives = ["Amber", "Blue", "Café", "Dusty", "Élan", "Frozen", "Green", "Hollow", "Straße", "Jade",
                          "Křivý", "Łąka", "Mellow", "Nordic", "Ørsted", "Pale", "İstanbul", "Ruby", "Silver", "Teal"]
        let nouns = ["Tile", "Dot", "Circle", "Square", "Palette", "Shape", "Label", "Marker", "Badge", "Chip"]
        var random = SplitMix64(seed: seed)
        var records: [LabelRecord] = []
        records.reserveCapacity(count)
        for id in 1...max(count, 1) where id <= count {
            let adjective = adjectives[Int(random.next() % UInt64(adjectives.count))]
            let noun = nouns[Int(random.next() % UInt64(nouns.count))]
            let category: LabelRecord.Category = random.next() % 2 == 0 ? .tile : .dot
            records.append(LabelRecord(id: id, title: "\(adjective) \(noun) \(id)", category: category))
        }
        return try! LabelCollection(records)  // IDs 1...count are unique
    }
}

/// A small, fast, seedable generator (Vigna's SplitMix64), so synthetic data and
/// randomized tests can be replayed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
