// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
/// How a new filter relates to the one before it, as GTK's GtkFilterChange
/// says it: what the old filter let through tells which records need looking at.
public enum FilterChange: Sendable, Equatable {
    /// The same records pass.
    case same
    /// Only records the old filter let through can pass: refine its result.
    case moreStrict
    /// Every record the old filter let through still passes: examine the others.
    case lessStrict
    /// Anything may change: examine every record.
    case different

    /// The change of a filter made of independent criteria, from each one's.
    static func combining(_ changes: [FilterChange]) -> FilterChange {
        let moved = changes.filter { $0 != .same }
        guard let first = moved.first else { return .same }
        return moved.allSatisfy { $0 == first } ? first : .different
    }
}

/// What the user asks to see: a case-insensitive substring of the title, and
/// optionally only tiles.
///
/// Both rules about a filter live here and nowhere else: which records it lets
/// through (`matches`), and how it relates to another filter (`change(from:)`).
/// A new criterion adds one clause to each, side by side. Two filters are
/// equal when they are written the same; "A" and "a" are different filters
/// whose change is `.same` (the same labels pass).
public struct LabelFilter: Sendable, Equatable {
    public var query: String {
        didSet { needle = SearchFolding.foldedBytes(query) }
    }
    public var tilesOnly: Bool
    /// The query folded once, as titles are (see `SearchFolding`).
    public private(set) var needle: [UInt8]

    public init(query: String = "", tilesOnly: Bool = false) {
        self.query = query
        self.tilesOnly = tilesOnly
        needle = SearchFolding.foldedBytes(query)
    }

    /// Whether `record` passes: its folded title contains the folded query,
    /// and it is a tile if asked.
    public func matches(_ record: LabelRecord) -> Bool {
        matches(category: record.category) { SearchFolding.foldedBytes(record.title).contains(subsequence: $0) }
    }

    /// Whether the record at `index` of `collection` passes, using its folded index.
    func matches(_ index: Int, in collection: LabelCollection) -> Bool {
        matches(category: collection.category(at: index)) { collection.title(index, contains: $0) }
    }

    /// The one match rule, whatever holds the title.
    private func matches(category: LabelRecord.Category, titleContains: ([UInt8]) -> Bool) -> Bool {
        if tilesOnly && category != .tile { return false }
        return titleContains(needle)
    }

    /// How this filter relates to `old`: one clause per criterion of `matches`.
    public func change(from old: LabelFilter) -> FilterChange {
        FilterChange.combining([
            Self.substringChange(from: old.needle, to: needle),
            tilesOnly == old.tilesOnly ? .same : (tilesOnly ? .moreStrict : .lessStrict),
        ])
    }

    /// A longer query that contains the old one can only match fewer titles;
    /// a shorter one contained in it, more.
    private static func substringChange(from old: [UInt8], to new: [UInt8]) -> FilterChange {
        if new == old { return .same }
        if new.contains(subsequence: old) { return .moreStrict }
        if old.contains(subsequence: new) { return .lessStrict }
        return .different
    }
}

/// Filters a collection as the user types. A result a moment old is reused
/// (deleting what was just typed); otherwise a stricter filter refines the
/// last result, and any other reads every title (as one stretch of bytes:
/// see `TitleScan`).
///
/// A session is a value: whoever holds it decides which thread works on it
/// (`FilterWorker` holds the app's).
public struct FilterSession: Sendable {
    public let collection: LabelCollection
    private var last: (filter: LabelFilter, result: LabelSet)?
    /// Recent results, newest last, within a budget of bytes.
    private var recent: [(filter: LabelFilter, result: LabelSet)] = []
    static let recentLimit = 12
    static let recentByteBudget = 32 << 20
    /// How many titles the last finished pass examined: tests use it to see refinement work.
    public private(set) var examined = 0

    public init(collection: LabelCollection) {
        self.collection = collection
    }

    /// The IDs `filter` lets through, in the collection's order.
    public mutating func visibleIDs(_ filter: LabelFilter) -> [Int] {
        visibleIndices(filter).map { collection.id(at: $0) }
    }

    /// The positions `filter` lets through, computed at once.
    public mutating func visibleIndices(_ filter: LabelFilter) -> LabelSet {
        var pass = start(filter)
        pass.run(upTo: .max)
        return finish(pass)
    }

    /// The result of `filter` if it is known without work.
    public func cachedIndices(_ filter: LabelFilter) -> LabelSet? {
        if let last, last.filter == filter { return last.result }
        return recent.last { $0.filter == filter }?.result
    }

    /// A pass to run in steps (`FilterPass.run(upTo:)`), possibly elsewhere.
    public func start(_ filter: LabelFilter) -> FilterPass {
        if let known = cachedIndices(filter) {
            return FilterPass(filter: filter, collection: collection, scope: .known(known))
        }
        guard let last else { return FilterPass(filter: filter, collection: collection, scope: .all(within: nil)) }
        switch filter.change(from: last.filter) {
        case .same: return FilterPass(filter: filter, collection: collection, scope: .known(last.result))
        // A few labels are each looked at; many are read as every title is
        // (a title's own search costs far more than its share of a scan).
        case .moreStrict where last.result.count <= collection.count / FilterPass.membersTestedOneByOne:
            return FilterPass(filter: filter, collection: collection, scope: .members(last.result))
        case .moreStrict: return FilterPass(filter: filter, collection: collection, scope: .all(within: last.result))
        // A wider query reads every title again: the scan finds the labels the
        // last result had as cheaply as it would step over them.
        case .lessStrict, .different: return FilterPass(filter: filter, collection: collection, scope: .all(within: nil))
        }
    }

    /// Takes a finished pass's result as the last one and returns it.
    @discardableResult
    public mutating func finish(_ pass: FilterPass) -> LabelSet {
        precondition(pass.collection.count == collection.count, "a pass belongs to its session's collection")
        let result = pass.result
        examined = pass.tested
        last = (pass.filter, result)
        recent.removeAll { $0.filter == pass.filter }
        recent.append((pass.filter, result))
        var bytes = recent.reduce(0) { $0 + $1.result.storageBytes }
        while recent.count > Self.recentLimit || (bytes > Self.recentByteBudget && recent.count > 1) {
            bytes -= recent.removeFirst().result.storageBytes
        }
        return result
    }
}

/// One run of a filter over a collection, resumable: `run(upTo:)` goes through
/// at most that many positions and can be called again until `isDone`. A
/// value with no shared state, so it can run on any thread.
public struct FilterPass: Sendable {
    enum Scope: Sendable {
        /// The result, known already.
        case known(LabelSet)
        /// Only these can pass, and they are few: each is tested.
        case members(LabelSet)
        /// Every title is read; only labels `within` can pass, if given.
        case all(within: LabelSet?)
    }

    public let filter: LabelFilter
    let collection: LabelCollection
    private let scope: Scope
    /// The result's bits, set as the pass goes.
    private var words: [UInt64]
    /// How far through its positions (or members) the pass has gone.
    public private(set) var examined = 0
    /// How many titles it actually tested against the filter.
    public private(set) var tested = 0
    /// `members`: the position from which the next member is looked for.
    private var nextPosition = 0

    /// The query's scan; none for an empty query, which every title contains.
    private let scan: TitleScan?

    /// A stricter query tests the last result's labels one by one when they
    /// are at most one in this many of the collection.
    public static let membersTestedOneByOne = 32

    init(filter: LabelFilter, collection: LabelCollection, scope: Scope) {
        self.filter = filter
        scan = filter.needle.isEmpty ? nil : TitleScan(needle: filter.needle)
        self.collection = collection
        self.scope = scope
        if case .known = scope {
            words = []
        } else {
            words = [UInt64](repeating: 0, count: LabelSet.wordCount(collection.count))
        }
    }

    /// How many positions this pass goes through in all.
    public var total: Int {
        switch scope {
        case .known: 0
        case .members(let members): members.count
        case .all: collection.count
        }
    }
    public var isDone: Bool { examined == total }
    public var fractionDone: Double { total == 0 ? 1 : Double(examined) / Double(total) }

    /// What the filter lets through: the pass must be done.
    public var result: LabelSet {
        precondition(isDone, "a filter pass has a result once it has run to its end")
        if case .known(let known) = scope { return known }
        return LabelSet(capacity: collection.count, words: words)
    }

    public mutating func run(upTo count: Int) {
        let end = examined + min(count, total - examined)
        switch scope {
        case .known: break
        case .members(let members):
            testMembers(of: members, count: end - examined)
        case .all(let within):
            markMatches(in: examined..<end, within: within)
            tested += end - examined
        }
        examined = end
    }

    /// Tests the next `count` members of `members`, one title at a time.
    private mutating func testMembers(of members: LabelSet, count: Int) {
        var left = count
        var word = nextPosition >> 6
        var bits = word < members.words.count ? members.words[word] & (UInt64.max << UInt64(nextPosition & 63)) : 0
        while left > 0 {
            while bits == 0 {
                word += 1
                bits = members.words[word]
            }
            let position = word * 64 + bits.trailingZeroBitCount
            bits &= bits - 1
            if filter.matches(position, in: collection) { words[position >> 6] |= 1 << UInt64(position & 63) }
            nextPosition = position + 1
            left -= 1
        }
        tested += count
    }

    /// Marks the positions in `range` the filter lets through, found by
    /// scanning their titles as one stretch (`TitleScan`), then keeps only
    /// tiles if asked, and only labels of `within`.
    private mutating func markMatches(in range: Range<Int>, within: LabelSet?) {
        guard !range.isEmpty else { return }
        let collection = collection, scan = scan
        words.withUnsafeMutableBufferPointer { words in
            let bits = words.baseAddress!
            if let scan {
                // A long run is scanned in two halves at once, one on each
                // core: the scan is bound by how fast one core takes bytes in,
                // not by memory. The halves meet on a word's edge, so that
                // each thread sets bits in words of its own.
                let middle = (range.lowerBound + range.count / 2) & ~63
                if range.count >= Self.runScannedOnTwoCores, middle > range.lowerBound {
                    let halves = [range.lowerBound..<middle, middle..<range.upperBound]
                    nonisolated(unsafe) let shared = bits
                    DispatchQueue.concurrentPerform(iterations: 2) { half in
                        collection.markPositions(in: halves[half], containing: scan, in: shared)
                    }
                } else {
                    collection.markPositions(in: range, containing: scan, in: bits)
                }
            } else {
                LabelSet.setAll(in: range, of: bits)
            }
            if filter.tilesOnly { collection.keepTiles(in: range, of: bits) }
            if let within { within.keepMembers(in: range, of: bits) }
        }
    }

    /// From how many labels a run is worth two threads (the hop costs tens of µs).
    static let runScannedOnTwoCores = 131_072
}
