// SPDX-License-Identifier: GPL-3.0-or-later
/// How a list model of filter results says that its result changed: as the
/// `items-changed` signals (position, removed, added) that turn the old
/// result into the new one.
///
/// A result is the set of the collection positions it lets through, read in
/// ascending order (a filter keeps the collection's order), so two results
/// merge in one pass, and their common ends are found a word of bits at a time. Around
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

    /// The changes from `old` to `new`, exact around `window`, in the order a
    /// model emits them.
    public static func changes(from old: LabelSet, to new: LabelSet, exactAround window: Range<Int>) -> [ResultChange] {
        if old == new { return [] }
        // The common ends are no change at all (found a word at a time).
        let prefix = old.commonPrefixCount(with: new)
        let suffix = old.commonSuffixCount(with: new)
        let oldEnd = old.count - suffix, newEnd = new.count - suffix
        let exact = window.clamped(to: prefix..<oldEnd)
        guard !exact.isEmpty else {
            return [ResultChange(position: prefix, removed: oldEnd - prefix, added: newEnd - prefix)]
        }
        // The new items between the window's first and last old items are
        // those the window's rows are merged with.
        let firstShown = old[exact.lowerBound], lastShown = old[exact.upperBound - 1]
        let newStart = min(max(new.rank(firstShown), prefix), newEnd)
        let newStop = min(max(new.rank(lastShown + 1), newStart), newEnd)
        var changes: [ResultChange] = []
        func say(_ position: Int, _ removed: Int, _ added: Int) {
            if removed > 0 || added > 0 { changes.append(ResultChange(position: position, removed: removed, added: added)) }
        }
        say(prefix, exact.lowerBound - prefix, newStart - prefix)
        // From here, the model holds the new items up to `position`, then the old ones.
        var position = newStart
        var oldItems = old.members(from: firstShown), newItems = new.members(from: newStart < newEnd ? new[newStart] : new.capacity)
        var oldItem = oldItems.next(), newItem = newItems.next()
        var i = exact.lowerBound, j = newStart
        var removed = 0, added = 0
        while i < exact.upperBound || j < newStop {
            if i < exact.upperBound, j < newStop, oldItem == newItem {
                say(position, removed, added)
                position += added + 1
                removed = 0
                added = 0
                i += 1
                oldItem = oldItems.next()
                j += 1
                newItem = newItems.next()
            } else if j == newStop || (i < exact.upperBound && oldItem! < newItem!) {
                removed += 1
                i += 1
                oldItem = oldItems.next()
            } else {
                added += 1
                j += 1
                newItem = newItems.next()
            }
        }
        say(position, removed, added)
        position += added
        say(position, oldEnd - exact.upperBound, newEnd - newStop)
        return changes
    }
}
