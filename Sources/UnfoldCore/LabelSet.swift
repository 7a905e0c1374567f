// SPDX-License-Identifier: GPL-3.0-or-later
/// A filter's result: which of a collection's labels it lets through, one bit
/// per label, read as the ascending list of their positions.
///
/// Ten million labels take 1.25 MB of bits and 0.6 MB of counts, where a list
/// of positions took 80 MB, and a query that matches every label sets bits
/// instead of writing that list. The list is still what every reader sees (a
/// random-access collection of positions): the `i`th member is found from a
/// count of the members before each 64-label word (a binary search, then the
/// word's own bits), and a position's place in the list from the same counts
/// at once (`rank`).
public struct LabelSet: RandomAccessCollection, Sendable, Equatable {
    /// How many labels the collection has (the positions are below it).
    public let capacity: Int
    /// Bit `p % 64` of word `p / 64` is set when position `p` is a member;
    /// the bits at and above `capacity` are never set.
    let words: [UInt64]
    /// `before[w]`: how many members the words before word `w` hold; one more
    /// entry than words, the last being the count.
    private let before: [UInt32]

    /// The positions of `words` (`capacity` bits; bits above it must be clear).
    init(capacity: Int, words: [UInt64]) {
        precondition(words.count == Self.wordCount(capacity), "a set of \(capacity) labels has \(Self.wordCount(capacity)) words")
        precondition(capacity % 64 == 0 || (words.last! >> UInt64(capacity % 64)) == 0, "no member at or above the capacity")
        precondition(capacity <= Int(UInt32.max), "positions are counted in 32 bits")
        self.capacity = capacity
        self.words = words
        var before = [UInt32](repeating: 0, count: words.count + 1)
        var total: UInt32 = 0
        for (index, word) in words.enumerated() {
            before[index] = total
            total += UInt32(word.nonzeroBitCount)
        }
        before[words.count] = total
        self.before = before
    }

    /// No label of `capacity`.
    public init(none capacity: Int) {
        self.init(capacity: capacity, words: [UInt64](repeating: 0, count: Self.wordCount(capacity)))
    }

    /// Every label of `capacity`.
    public init(all capacity: Int) {
        var words = [UInt64](repeating: .max, count: Self.wordCount(capacity))
        if capacity % 64 != 0 { words[words.count - 1] = (1 << UInt64(capacity % 64)) - 1 }
        self.init(capacity: capacity, words: words)
    }

    /// The given positions (each below `capacity`, in any order).
    public init<Positions: Sequence<Int>>(capacity: Int, positions: Positions) {
        var words = [UInt64](repeating: 0, count: Self.wordCount(capacity))
        for position in positions {
            precondition(position >= 0 && position < capacity, "position \(position) is outside 0..<\(capacity)")
            words[position >> 6] |= 1 << UInt64(position & 63)
        }
        self.init(capacity: capacity, words: words)
    }

    static func wordCount(_ capacity: Int) -> Int { (capacity + 63) / 64 }

    // MARK: The ascending list of positions

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(before[words.count]) }

    /// The position of the `index`th member.
    public subscript(index: Int) -> Int {
        precondition(index >= 0 && index < endIndex, "index \(index) is outside 0..<\(endIndex)")
        // The last word with fewer members before it than `index + 1`.
        var low = 0, high = words.count - 1
        let wanted = UInt32(index)
        while low < high {
            let middle = (low + high + 1) / 2
            if before[middle] <= wanted { low = middle } else { high = middle - 1 }
        }
        var word = words[low]
        for _ in 0..<(wanted - before[low]) { word &= word - 1 }  // drop the members before it
        return low * 64 + word.trailingZeroBitCount
    }

    /// Whether `position` is a member.
    public func contains(_ position: Int) -> Bool {
        guard position >= 0, position < capacity else { return false }
        return words[position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    /// How many members are below `position`: where it is, or would be, in the list.
    public func rank(_ position: Int) -> Int {
        if position <= 0 { return 0 }
        if position >= capacity { return endIndex }
        let word = position >> 6, below = words[word] & ((1 << UInt64(position & 63)) - 1)
        return Int(before[word]) + below.nonzeroBitCount
    }

    public func makeIterator() -> Iterator { Iterator(words: words, from: 0) }

    /// The members at and above `position`, in ascending order.
    public func members(from position: Int) -> Iterator { Iterator(words: words, from: position) }

    /// The members in ascending order, a word at a time.
    public struct Iterator: IteratorProtocol {
        let words: [UInt64]
        var wordIndex: Int
        var word: UInt64

        init(words: [UInt64], from position: Int) {
            self.words = words
            wordIndex = Swift.max(position, 0) >> 6
            word = wordIndex < words.count ? words[wordIndex] & (.max << UInt64(Swift.max(position, 0) & 63)) : 0
        }

        public mutating func next() -> Int? {
            while word == 0 {
                wordIndex += 1
                guard wordIndex < words.count else { return nil }
                word = words[wordIndex]
            }
            let bit = word.trailingZeroBitCount
            word &= word - 1
            return wordIndex * 64 + bit
        }
    }

    /// How many members, from the first, both lists have in the same places.
    public func commonPrefixCount(with other: LabelSet) -> Int {
        precondition(capacity == other.capacity, "two results of one collection")
        var word = 0
        while word < words.count, words[word] == other.words[word] { word += 1 }
        guard word < words.count else { return count }
        // Below the first bit where they differ, the members are the same.
        let differing = (words[word] ^ other.words[word]).trailingZeroBitCount
        return rank(word * 64 + differing)
    }

    /// How many members, from the last, both lists have in the same places
    /// (counted back from each one's end).
    public func commonSuffixCount(with other: LabelSet) -> Int {
        precondition(capacity == other.capacity, "two results of one collection")
        var word = words.count - 1
        while word >= 0, words[word] == other.words[word] { word -= 1 }
        guard word >= 0 else { return count }
        // Above the last bit where they differ, the members are the same.
        let differing = word * 64 + 63 - (words[word] ^ other.words[word]).leadingZeroBitCount
        return count - rank(differing + 1)
    }

    public static func == (lhs: LabelSet, rhs: LabelSet) -> Bool {
        lhs.capacity == rhs.capacity && lhs.words == rhs.words
    }

    // MARK: Bits being set (a filter pass's)

    /// Calls `body` with each word of `range`'s bits and the mask of the
    /// bits of `range` in it.
    private static func forEachWord(of range: Range<Int>, _ body: (_ word: Int, _ inRange: UInt64) -> Void) {
        guard !range.isEmpty else { return }
        let first = range.lowerBound >> 6, last = (range.upperBound - 1) >> 6
        for word in first...last {
            var inRange = UInt64.max
            if word == first { inRange &= .max << UInt64(range.lowerBound & 63) }
            if word == last, range.upperBound & 63 != 0 { inRange &= (1 << UInt64(range.upperBound & 63)) - 1 }
            body(word, inRange)
        }
    }

    /// Sets every bit of `range` in `bits`.
    static func setAll(in range: Range<Int>, of bits: UnsafeMutablePointer<UInt64>) {
        forEachWord(of: range) { word, inRange in bits[word] |= inRange }
    }

    /// Clears the bits of `range` in `bits` that `mask` (words of the same
    /// layout) does not have; the others are left as they are.
    static func keep(_ mask: UnsafeBufferPointer<UInt64>, in range: Range<Int>, of bits: UnsafeMutablePointer<UInt64>) {
        forEachWord(of: range) { word, inRange in bits[word] &= mask[word] | ~inRange }
    }

    /// Clears the bits of `range` in `bits` of the positions not in this set.
    func keepMembers(in range: Range<Int>, of bits: UnsafeMutablePointer<UInt64>) {
        words.withUnsafeBufferPointer { Self.keep($0, in: range, of: bits) }
    }

    /// What it takes in memory, in bytes.
    public var storageBytes: Int { words.count * 8 + before.count * 4 }
}
