// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldScan

/// Which titles of a run of labels contain a folded needle, found by reading
/// their bytes 16 or 32 at a time, not title by title.
///
/// The collection keeps every title's UTF-8 in one buffer, and the fold of
/// the titles that are not ASCII in another (an ASCII title's fold is its
/// bytes folded one by one). So a search reads two stretches: the ASCII
/// titles, folding each byte as it is compared, and the stored folds, byte
/// for byte. A block is first compared on the needle's first and last bytes
/// at once (a candidate must have both); only candidates are checked in full.
/// Where few labels hold the needle, each stretch is read whole and a
/// candidate is mapped to its label; where most do, the candidates of a
/// thousand labels are mapped one bit a byte, and each label asks its fold's
/// or its title's bits. Either way the cost is the bytes and the labels read
/// once, whatever the number of matches. (The scan itself is C,
/// `unfold_scan_mark_labels`: Swift's SIMD types compile their masks lane by
/// lane.)
struct TitleScan: Sendable {
    /// The folded needle: not empty.
    let needle: [UInt8]

    init(needle: [UInt8]) {
        precondition(!needle.isEmpty, "an empty needle matches every title: there is nothing to scan for")
        self.needle = needle
    }

    /// Sets in `bits` (one per label) the bits of the labels of `labels`
    /// whose text contains the needle, and returns how many: a label's text
    /// is its fold where `folds` holds one (label `i` ending at
    /// `foldEnds[i]`), else its title in `titles` folded as ASCII (label
    /// `i` ending at `titleEnds[i]`). No other bit is touched.
    @discardableResult
    func mark(titles: UnsafeBufferPointer<UInt8>, titleEnds: UnsafeBufferPointer<UInt32>,
              folds: UnsafeBufferPointer<UInt8>, foldEnds: UnsafeBufferPointer<UInt32>,
              labels: Range<Int>, into bits: UnsafeMutablePointer<UInt64>) -> Int {
        guard !labels.isEmpty else { return 0 }
        return needle.withUnsafeBufferPointer { needle in
            unfold_scan_mark_labels(titles.baseAddress, titleEnds.baseAddress!, folds.baseAddress, foldEnds.baseAddress!,
                                    labels.lowerBound, labels.upperBound, needle.baseAddress!, needle.count, bits)
        }
    }
}
