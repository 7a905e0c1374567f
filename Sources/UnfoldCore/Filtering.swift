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
        didSet {
            needle = SearchFolding.foldedBytes(query)
            needleIsASCII = !needle.contains { $0 >= 0x80 }
        }
    }
    public var tilesOnly: Bool
    /// The query folded once, as titles are (see `SearchFolding`).
    public private(set) var needle: [UInt8]
    /// Whether the folded query is ASCII (it can then occur in an ASCII title).
    private var needleIsASCII: Bool

    public init(query: String = "", tilesOnly: Bool = false) {
        self.query = query
        self.tilesOnly = tilesOnly
        needle = SearchFolding.foldedBytes(query)
        needleIsASCII = !needle.contains { $0 >= 0x80 }
    }

    /// Whether `record` passes: its folded title contains the folded query,
    /// and it is a tile if asked.
    public func matches(_ record: LabelRecord) -> Bool {
        matches(category: record.category) { SearchFolding.foldedBytes(record.title).contains(subsequence: $0) }
    }

    /// Whether the record at `index` of `collection` passes, using its folded index.
    func matches(_ index: Int, in collection: LabelCollection) -> Bool {
        matches(category: collection.category(at: index)) { collection.title(index, contains: $0, needleIsASCII: needleIsASCII) }
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
    private var last: (filter: LabelFilter, indices: [Int])?
    /// Recent results, newest last. Bounded in entries, so that a
    /// million-label collection keeps a few results, not many.
    private var recent: [(filter: LabelFilter, indices: [Int])] = []
    static let recentLimit = 12
    static let recentEntryBudget = 2_000_000
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
    public mutating func visibleIndices(_ filter: LabelFilter) -> [Int] {
        var pass = start(filter)
        pass.run(upTo: .max)
        return finish(pass)
    }

    /// The result of `filter` if it is known without work.
    public func cachedIndices(_ filter: LabelFilter) -> [Int]? {
        if let last, last.filter == filter { return last.indices }
        return recent.last { $0.filter == filter }?.indices
    }

    /// A pass to run in steps (`FilterPass.run(upTo:)`), possibly elsewhere.
    public func start(_ filter: LabelFilter) -> FilterPass {
        if let known = cachedIndices(filter) {
            return FilterPass(filter: filter, collection: collection, scope: .known(known))
        }
        guard let last else { return FilterPass(filter: filter, collection: collection, scope: .all) }
        switch filter.change(from: last.filter) {
        case .same: return FilterPass(filter: filter, collection: collection, scope: .known(last.indices))
        case .moreStrict: return FilterPass(filter: filter, collection: collection, scope: .subset(last.indices))
        // A wider query reads every title again: the scan finds the labels the
        // last result had as cheaply as it would step over them, where
        // scanning only between them cost a run's set-up for each (half a
        // million at ten million labels, "a" after "am").
        case .lessStrict: return FilterPass(filter: filter, collection: collection, scope: .all)
        case .different: return FilterPass(filter: filter, collection: collection, scope: .all)
        }
    }

    /// Takes a finished pass's result as the last one and returns it.
    @discardableResult
    public mutating func finish(_ pass: FilterPass) -> [Int] {
        precondition(pass.isDone, "a filter pass is finished only once it has run to its end")
        precondition(pass.collection.count == collection.count, "a pass belongs to its session's collection")
        examined = pass.tested
        last = (pass.filter, pass.result)
        recent.removeAll { $0.filter == pass.filter }
        recent.append((pass.filter, pass.result))
        var entries = recent.reduce(0) { $0 + $1.indices.count }
        while recent.count > Self.recentLimit || (entries > Self.recentEntryBudget && recent.count > 1) {
            entries -= recent.removeFirst().indices.count
        }
        return pass.result
    }
}

/// One run of a filter over a collection, resumable: `run(upTo:)` goes through
/// at most that many positions and can be called again until `isDone`. A
/// value with no shared state, so it can run on any thread.
public struct FilterPass: Sendable {
    enum Scope: Sendable {
        /// The result, known already.
        case known([Int])
        /// Only these positions can pass.
        case subset([Int])
        /// Every position must be examined.
        case all
    }

    public let filter: LabelFilter
    let collection: LabelCollection
    private let scope: Scope
    public private(set) var result: [Int] = []
    /// How far through its positions the pass has gone.
    public private(set) var examined = 0
    /// How many titles it actually tested against the filter.
    public private(set) var tested = 0

    /// The query's scan; none for an empty query, which every title contains.
    private let scan: TitleScan?

    init(filter: LabelFilter, collection: LabelCollection, scope: Scope) {
        self.filter = filter
        scan = filter.needle.isEmpty ? nil : TitleScan(needle: filter.needle)
        self.collection = collection
        self.scope = scope
        if case .known(let indices) = scope {
            result = indices
            examined = total
        }
    }

    /// How many positions this pass goes through in all.
    public var total: Int {
        switch scope {
        case .known: 0
        case .subset(let indices): indices.count
        case .all: collection.count
        }
    }
    public var isDone: Bool { examined == total }
    public var fractionDone: Double { total == 0 ? 1 : Double(examined) / Double(total) }

    public mutating func run(upTo count: Int) {
        let end = examined + min(count, total - examined)
        switch scope {
        case .known: break
        case .subset(let indices):
            for position in examined..<end where filter.matches(indices[position], in: collection) {
                result.append(indices[position])
            }
            tested += end - examined
        case .all:
            appendMatches(in: examined..<end)
            tested += end - examined
        }
        examined = end
    }

    /// The positions in `range` the filter lets through, found by scanning
    /// their titles as one stretch (`TitleScan`).
    private mutating func appendMatches(in range: Range<Int>) {
        let collection = collection
        let isTile: @Sendable (Int) -> Bool = { collection.category(at: $0) == .tile }
        let keep = filter.tilesOnly ? isTile : nil
        guard let scan else {
            if let keep { result.append(contentsOf: range.lazy.filter(keep)) } else { result.append(contentsOf: range) }
            return
        }
        // A long run is scanned in two halves at once, one on each core:
        // the scan is bound by how fast one core takes bytes in, not by memory.
        guard range.count >= Self.runScannedOnTwoCores else {
            return collection.appendPositions(in: range, containing: scan, to: &result, where: keep)
        }
        let middle = range.lowerBound + range.count / 2
        let halves = [range.lowerBound..<middle, middle..<range.upperBound]
        // Each thread writes its own element, and the two are read once both are done.
        nonisolated(unsafe) let found = UnsafeMutableBufferPointer<[Int]>.allocate(capacity: 2)
        found.initialize(repeating: [])
        defer { found.deinitialize().deallocate() }
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            collection.appendPositions(in: halves[half], containing: scan, to: &found[half], where: keep)
        }
        result.append(contentsOf: found[0])
        result.append(contentsOf: found[1])
    }

    /// From how many labels a run is worth two threads (the hop costs tens of µs).
    static let runScannedOnTwoCores = 131_072
}
