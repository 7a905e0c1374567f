import Foundation

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
public struct LabelCollection: Sendable {
    public struct DuplicateID: Error, Equatable, CustomStringConvertible {
        public let id: Int
        public let firstIndex: Int
        public let secondIndex: Int

        public var description: String {
            "duplicate label ID \(id) (records \(firstIndex + 1) and \(secondIndex + 1))"
        }
    }

    public let records: [LabelRecord]
    private let indexByID: [Int: Int]
    /// The titles, folded once for matching.
    public let search: SearchIndex

    public init(_ records: [LabelRecord]) throws(DuplicateID) {
        var indexByID: [Int: Int] = [:]
        indexByID.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            if let first = indexByID.updateValue(index, forKey: record.id) {
                throw DuplicateID(id: record.id, firstIndex: first, secondIndex: index)
            }
        }
        self.records = records
        self.indexByID = indexByID
        search = SearchIndex(titles: records.map(\.title))
    }

    /// The tutorial's four labels.
    public static let sample = try! LabelCollection([
        LabelRecord(id: 1, title: "Tile A", category: .tile),
        LabelRecord(id: 2, title: "Dot A", category: .dot),
        LabelRecord(id: 3, title: "Tile B", category: .tile),
        LabelRecord(id: 4, title: "Dot B", category: .dot),
    ])

    public var count: Int { records.count }

    /// The ID of the record at `index`.
    public func id(at index: Int) -> Int { records[index].id }
    /// The category of the record at `index`.
    public func category(at index: Int) -> LabelRecord.Category { records[index].category }

    public func record(id: Int) -> LabelRecord? {
        indexByID[id].map { records[$0] }
    }

    /// The position of the record with `id`.
    public func index(ofID id: Int) -> Int? { indexByID[id] }

    /// The IDs `filter` lets through, in the collection's order.
    public func visibleIDs(_ filter: LabelFilter) -> [Int] {
        var session = FilterSession(collection: self)
        return session.visibleIDs(filter)
    }
}

/// What changed between two ordered lists of visible IDs, as the standard
/// library's `CollectionDifference` computes it.
public struct IdentityChange: Sendable, Equatable {
    public let inserted: [Int]
    public let removed: [Int]
    public let moved: [Int]

    public init(from old: [Int], to new: [Int]) {
        var inserted: [Int] = [], removed: [Int] = [], moved: [Int] = []
        for change in new.difference(from: old).inferringMoves() {
            switch change {
            case .insert(_, let id, let associated):
                if associated == nil { inserted.append(id) } else { moved.append(id) }
            case .remove(_, let id, let associated):
                if associated == nil { removed.append(id) }
            }
        }
        self.inserted = inserted
        self.removed = removed
        self.moved = moved
    }

    public var isEmpty: Bool { inserted.isEmpty && removed.isEmpty && moved.isEmpty }
}
