// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldScan

/// Which titles of a run of labels contain a folded needle, found by reading
/// their bytes 16 or 32 at a time, not title by title.
///
/// The collection keeps every title's searched form in one buffer (see
/// `StoredTitles`): its fold is its ASCII bytes folded one by one, so the
/// scan folds each byte as it compares it, and one stretch serves every
/// needle. A block is first compared on the needle's first, second and last
/// bytes at once (a candidate must have all three, and for a needle of three
/// bytes is a match); only candidates of longer needles are checked in full.
/// Where few labels hold the needle, the stretch is read whole and a
/// candidate is mapped to its label; where most do, the candidates of a
/// thousand labels are mapped one bit a byte, and each label asks its bits
/// while the next thousand's bytes are on their way from memory.
/// Either way the cost is the bytes and the labels read once, whatever the
/// number of matches. (The scan itself is C, `unfold_scan_mark_labels`:
/// Swift's SIMD types compile their masks lane by lane.)
struct TitleScan: Sendable {
    /// The folded needle: not empty.
    let needle: [UInt8]

    init(needle: [UInt8]) {
        precondition(!needle.isEmpty, "an empty needle matches every title: there is nothing to scan for")
        self.needle = needle
    }

    /// Sets in `bits` (one per label) the bits of the labels of `labels`
    /// whose text contains the needle, and returns how many: label `i`'s text
    /// is its searched form in `searched`, ending at `ends[i]`, folded as the
    /// scan reads it. No other bit is touched.
    @discardableResult
    func mark(searched: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<UInt32>,
              labels: Range<Int>, into bits: UnsafeMutablePointer<UInt64>) -> Int {
        guard !labels.isEmpty else { return 0 }
        return needle.withUnsafeBufferPointer { needle in
            unfold_scan_mark_labels(searched.baseAddress, ends.baseAddress!, labels.lowerBound, labels.upperBound,
                                    needle.baseAddress!, needle.count, bits)
        }
    }
}
