// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldScan

/// Which titles of a run of labels contain a folded needle, found by scanning
/// the run's titles as one stretch of bytes, 16 at a time, not title by title.
///
/// The collection keeps every title's UTF-8 in one buffer, and the fold of
/// the titles that are not ASCII in another (an ASCII title's fold is its
/// bytes folded one by one). So a search is two scans: the ASCII titles,
/// folding each byte as it is compared, and the stored folds, byte for byte.
/// A 16-byte block is first compared on the needle's first and last bytes at
/// once (a candidate must have both); only candidates are mapped to their
/// label and checked in full, and a label found is not looked at again. The
/// cost is the bytes of the titles, whatever the number of labels or matches.
/// (The scan itself is C, `unfold_scan_labels`: Swift's SIMD types compile
/// their masks lane by lane.)
struct TitleScan: Sendable {
    /// The folded needle: not empty.
    let needle: [UInt8]
    let isASCII: Bool

    init(needle: [UInt8]) {
        precondition(!needle.isEmpty, "an empty needle matches every title: there is nothing to scan for")
        self.needle = needle
        isASCII = !needle.contains { $0 >= 0x80 }
    }

    /// Writes to `found` (room for `labels.count`), in order, the labels of
    /// `labels` whose bytes in `bytes` (label `i` ending at `ends[i]`)
    /// contain the needle, and returns how many. `folding`: compare as
    /// ASCII's fold (the bytes are unfolded ASCII titles), else byte for byte
    /// (they are folds). `skipEnds`: the labels whose stretch there is not
    /// empty are left out (the titles whose fold is stored).
    func labels(in bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<UInt32>, labels: Range<Int>,
                folding: Bool, skipEnds: UnsafeBufferPointer<UInt32>?, into found: UnsafeMutablePointer<Int64>) -> Int {
        guard !labels.isEmpty, let base = bytes.baseAddress else { return 0 }
        return needle.withUnsafeBufferPointer { needle in
            unfold_scan_labels(base, ends.baseAddress!, labels.lowerBound, labels.upperBound, needle.baseAddress!,
                               needle.count, folding ? 1 : 0, skipEnds?.baseAddress, found)
        }
    }
}
