// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

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

/// Whether the folded `needle` occurs in the fold of the searched form of a
/// title (`StoredTitles`), folding its ASCII bytes one by one as they are
/// compared: a byte of a multi-byte character is compared as it is.
func findFoldingASCII(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !needle.isEmpty else { return true }
    guard haystack.count >= needle.count else { return false }
    let fold = SearchFolding.asciiFold
    return fold.withUnsafeBufferPointer { fold in
        let first = needle[0]
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            if fold[Int(haystack[start])] == first {
                var matched = 1
                while matched < needle.count, fold[Int(haystack[start + matched])] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
    }
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

extension LabelCollection {
    /// A collection of `count` labels, the same for the same `seed`: titles of
    /// two words and a number, in a few scripts, tiles and dots mixed (a
    /// title with "Tile" or "Dot" in it is one).
    public static func synthetic(count: Int, seed: UInt64 = 2026) -> LabelCollection {
        synthetic(count: count, seed: seed, progress: { _ in }, isCancelled: { false })!
    }

    /// The same, reporting the fraction made now and then (every 65,536
    /// labels); nil once `isCancelled` says so.
    public static func synthetic(count: Int, seed: UInt64 = 2026, progress: (Double) -> Void,
                                 isCancelled: () -> Bool) -> LabelCollection? {
        precondition(count >= 0)
        let adjectives = ["Amber", "Blue", "Café", "Dusty", "Élan", "Frozen", "Green", "Hollow", "Straße", "Jade",
                          "Křivý", "Łąka", "Mellow", "Nordic", "Ørsted", "Pale", "İstanbul", "Ruby", "Silver", "Teal"]
        let nouns = ["Tile", "Dot", "Circle", "Square", "Palette", "Shape", "Label", "Marker", "Badge", "Chip"]
        var random = SplitMix64(seed: seed)
        var builder = LabelCollection.Builder()
        builder.reserveCapacity(count, titleBytes: count * 20)
        for id in 1...max(count, 1) where id <= count {
            if id & 0xFFFF == 0 {
                if isCancelled() { return nil }
                progress(Double(id) / Double(count))
            }
            let adjective = adjectives[Int(random.next() % UInt64(adjectives.count))]
            let noun = nouns[Int(random.next() % UInt64(nouns.count))]
            let coin: LabelRecord.Category = random.next() % 2 == 0 ? .tile : .dot
            // A title that names a category is in it: "Jade Dot 12" under
            // Tiles only would read as a wrong filter. (The coin is still
            // tossed, so the other titles stay as they were for a seed.)
            let category: LabelRecord.Category = noun == "Tile" ? .tile : noun == "Dot" ? .dot : coin
            builder.append(id: id, title: "\(adjective) \(noun) \(id)", category: category)
        }
        return try! LabelCollection(builder)  // IDs 1...count are unique
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
