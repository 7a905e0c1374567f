// SPDX-License-Identifier: GPL-3.0-or-later
/// How a list model of filter results says that its result changed: as the
/// `items-changed` signals (position, removed, added) that turn the old
/// result into the new one.
///
/// A result is a list of collection positions in ascending order (a filter
/// keeps the collection's order), so two results merge in one pass. Around
/// `window` — the old result's positions a view shows — the signals are exact,
/// one per run of removals and insertions, so that every row there is known
/// for what it is: kept (it glides), gone (it fades) or new (it fades in).
/// Before and after the window the difference is said as one replacement
/// each, as GtkFilterListModel says a change: nothing there is on screen, and
/// a million-item change costs two signals, not one per run.
public struct ResultChange: Sendable, Equatable {
    public let position: Int
    public let removed: Int
    public let added: Int

    public init(position: Int, removed: Int, added: Int) {
        self.position = position
        self.removed = removed
        self.added = added
    }

    /// The changes from `old` to `new` (both ascending), exact around
    /// `window`, in the order a model emits them.
    public static func changes(from old: [Int], to new: [Int], exactAround window: Range<Int>) -> [ResultChange] {
        if old == new { return [] }
        // The common ends are no change at all.
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldEnd = old.count - suffix, newEnd = new.count - suffix
        let exact = window.clamped(to: prefix..<oldEnd)
        guard !exact.isEmpty else {
            return [ResultChange(position: prefix, removed: oldEnd - prefix, added: newEnd - prefix)]
        }
        // The new items between the window's first and last old items are
        // those the window's rows are merged with.
        let newStart = lowerBound(of: old[exact.lowerBound], in: new, from: prefix, to: newEnd)
        let newStop = lowerBound(of: old[exact.upperBound - 1] + 1, in: new, from: newStart, to: newEnd)
        var changes: [ResultChange] = []
        func say(_ position: Int, _ removed: Int, _ added: Int) {
            if removed > 0 || added > 0 { changes.append(ResultChange(position: position, removed: removed, added: added)) }
        }
        say(prefix, exact.lowerBound - prefix, newStart - prefix)
        // From here, the model holds the new items up to `position`, then the old ones.
        var position = newStart
        var i = exact.lowerBound, j = newStart
        var removed = 0, added = 0
        while i < exact.upperBound || j < newStop {
            if i < exact.upperBound, j < newStop, old[i] == new[j] {
                say(position, removed, added)
                position += added + 1
                removed = 0
                added = 0
                i += 1
                j += 1
            } else if j == newStop || (i < exact.upperBound && old[i] < new[j]) {
                removed += 1
                i += 1
            } else {
                added += 1
                j += 1
            }
        }
        say(position, removed, added)
        position += added
        say(position, oldEnd - exact.upperBound, newEnd - newStop)
        return changes
    }

    /// The first index in `list[from..<to]` whose value is not below `value`.
    private static func lowerBound(of value: Int, in list: [Int], from: Int, to: Int) -> Int {
        var low = from, high = to
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
