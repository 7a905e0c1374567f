// SPDX-License-Identifier: LGPL-2.1-or-later
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
