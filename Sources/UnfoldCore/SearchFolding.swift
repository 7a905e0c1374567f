// SPDX-License-Identifier: GPL-3.0-or-later
/// How a title and a query are compared: both are folded, then the query must
/// be a substring of the title, byte for byte.
///
/// The fold, defined once here and documented in data/docs/app.md:
///
/// 1. full case folding (Unicode's CaseFolding.txt, statuses C and F: ß and ẞ
///    fold to "ss", İ to "i̇", ς to σ), alternating with compatibility
///    decomposition (NFKD: ﬁ is "fi", Ｗ is "W", ｶ is "カ", Ǆ is "DŽ") until
///    neither changes anything. A letter written as a letter and an accent
///    (a mark of Script=Inherited) that DUCET weighs as a letter of its own
///    is not decomposed: Cyrillic й is not и, so "мой" (mine) does not meet
///    "мои" (my, plural); Arabic's letters with hamza or madda are, as
///    Arabic search folds them (إ meets ا);
/// 2. each character as the Unicode Collation Algorithm's default table
///    (DUCET, allkeys.txt) weighs it at the primary level, the strength at
///    which ICU's string search tells letters apart but not accents:
///    a. a character with no primary weight is removed: accents and the other
///       marks that write no letter (é is "e", ガ is "カ", إ is "ا", Hebrew
///       points, Arabic harakat, Devanagari nukta, anusvara, candrabindu and
///       visarga, Thai tone marks), the format characters nobody types (soft
///       hyphen, ZWJ, ZWNJ, bidi marks, variation selectors, tags) and
///       tatweel. Controls stay, so that ASCII folds as itself, and so do the
///       Thai and Lao nikhahit (ํ ໍ), which DUCET weighs as part of sara am
///       (ำ ຳ, which NFKD writes as nikhahit and sara aa). A mark with a
///       primary weight writes a letter and stays: vowel signs, viramas, Thai
///       phinthu (दिल is not दल, ดี is not ด);
///    b. a letter or mark that DUCET weighs as other characters of its own
///       script (Scripts.txt), with secondary and tertiary differences only,
///       becomes those characters, each the one whose only collation element
///       is that primary weight with the common secondary and the lower-case
///       tertiary: ł is "l", ø "o", đ and ð "d", ħ "h", æ "ae", œ "oe", the
///       Hebrew final ך "כ", the Malayalam chillu ൺ "ണ്". Characters of other
///       scripts on the same primary stay apart (hiragana and katakana, the
///       digits of every script), and ı is a letter of its own;
///    c. contractions, which a character-by-character fold cannot see, count
///       for nothing: l·l is not "ll" (the middle dot stays punctuation), the
///       rare decomposed и + U+0306 is "и", and a Thai or Lao vowel written
///       before its consonant stays where it is written;
/// 3. every kind of space (Zs, Zl, Zp, and TAB, LF, VT, FF, CR, NEL) becomes
///    U+0020, every dash (Pd) U+002D, every apostrophe (’ ‘ ‚ ‛ ʼ) U+0027, and
///    every double quotation mark (“ ” „ ‟ 〝 〞) U+0022, as ICU's root
///    collation has them from ICU 76 (CLDR 46).
///
/// Rule 2 is how people search: ICU's string search at primary strength,
/// Lucene's ASCIIFoldingFilter and browsers' find in page let "lodz" find
/// "Łódź", and none lets a vowel sign go, as removing every combining mark
/// did (it made दिल, heart, meet दल, party).
///
/// Every step works scalar by scalar, so a string's fold is the concatenation
/// of its scalars' folds. The table comes from the Unicode Character Database
/// and the DUCET (`data/unicode/make-folding-table`); Hangul syllables
/// decompose by arithmetic into jamo, which fold to themselves.
public enum SearchFolding {
    /// The folded form of `text`.
    public static func fold(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        appendFolded(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The folded form of `text`, as UTF-8 bytes.
    public static func foldedBytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        appendFolded(text, to: &bytes)
        return bytes
    }

    /// Appends the UTF-8 of `text`'s fold to `bytes`, without an intermediate string.
    public static func appendFolded(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendFolded(utf8: $0, to: &bytes) }
    }

    /// Appends the fold of the text whose UTF-8 is `utf8` (valid UTF-8, as a
    /// String's or a checked file's) to `bytes`.
    public static func appendFolded(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        // Most titles are plain ASCII: fold them a byte at a time.
        var index = 0
        let count = utf8.count
        var lookup: Lookup?
        while index < count {
            let lead = utf8[index]
            if lead < 0x80 {
                bytes.append(asciiFold[Int(lead)])
                index += 1
                continue
            }
            let (value, length) = scalar(in: utf8, at: index)
            index += length
            appendFolded(scalar: value, to: &bytes, lookup: &lookup)
        }
    }

    /// The scalar whose UTF-8 starts at `index` of `utf8` (valid UTF-8, at a
    /// lead byte), and how many bytes it takes.
    @inline(__always)
    static func scalar(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = utf8[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        if lead < 0xE0 { return (UInt32(lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return (UInt32(lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F), 3)
        }
        return (UInt32(lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12
                    | UInt32(utf8[index + 2] & 0x3F) << 6 | UInt32(utf8[index + 3] & 0x3F), 4)
    }

    /// Appends the fold of the one scalar `value` that is not ASCII; `lookup`
    /// is fetched the first time one needs it.
    @inline(__always)
    static func appendFolded(scalar value: UInt32, to bytes: inout [UInt8], lookup: inout Lookup?) {
        if (hangulFirst...hangulLast).contains(value) {
            for jamo in hangulJamo(value) { appendUTF8(jamo, to: &bytes) }
        } else {
            if lookup == nil { lookup = Lookup.shared }
            lookup!.append(value, to: &bytes)
        }
    }

    /// ASCII's fold: upper case to lower, the five control spaces to a space;
    /// over every byte value, a byte of a multi-byte character left as it is:
    /// the collection stores a title's other characters already folded
    /// (`StoredTitles`), and the scan folds the rest byte by byte.
    static let asciiFold: [UInt8] = (0..<256).map { byte in
        switch UInt8(byte) {
        case 0x41...0x5A: UInt8(byte) | 0x20
        case 0x09...0x0D: 0x20
        default: UInt8(byte)
        }
    }

    // Hangul syllables decompose into conjoining jamo (Unicode §3.12), which are
    // letters DUCET weighs each on its own primary: nothing of them is removed,
    // case folded or folded into another (make-folding-table checks it).
    private static let hangulFirst: UInt32 = 0xAC00
    private static let hangulLast: UInt32 = 0xD7A3

    static func hangulJamo(_ syllable: UInt32) -> [UInt32] {
        let index = syllable - hangulFirst
        let leading = 0x1100 + index / 588
        let vowel = 0x1161 + (index % 588) / 28
        let trailing = index % 28
        return trailing == 0 ? [leading, vowel] : [leading, vowel, 0x11A7 + trailing]
    }

    static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case ..<0x80:
            bytes.append(UInt8(value))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | value >> 6))
            bytes.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(0xE0 | value >> 12))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | value >> 18))
            bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// The table as a two-stage lookup: the high bits of a code point pick a
    /// block of 256 entries (blocks with no folds share one), an entry says where
    /// its fold's scalars are, already encoded as UTF-8. Built once, on first use.
    final class Lookup: Sendable {
        static let shared = Lookup(table: SearchFolding.table)

        /// Block index by `code >> 8`.
        private let blocks: [UInt16]
        /// Entries of every block: 0 for "folds to itself", else
        /// `offset << 6 | length + 1` into `utf8` (a removed scalar has length 0).
        private let entries: [UInt32]
        private let utf8: [UInt8]

        init(table: String) {
            var folds: [UInt32: [UInt8]] = [:]
            for line in table.split(separator: "\n") {
                let parts = line.split(separator: ":", omittingEmptySubsequences: false)
                let bounds = parts[0].split(separator: "-").map { UInt32($0, radix: 16)! }
                var encoded: [UInt8] = []
                for scalar in parts[1].split(separator: " ") { SearchFolding.appendUTF8(UInt32(scalar, radix: 16)!, to: &encoded) }
                for code in bounds[0]...(bounds.last!) { folds[code] = encoded }
            }
            var utf8: [UInt8] = []
            var entries = [UInt32](repeating: 0, count: 256)  // block 0: nothing folds
            var blocks = [UInt16](repeating: 0, count: 0x1100)
            // Only the blocks that hold a fold are visited (a few hundred of
            // 4,352): this runs the first time a title is not ASCII.
            for high in Set(folds.keys.map { $0 >> 8 }).sorted() {
                var block = [UInt32](repeating: 0, count: 256)
                for low in 0..<UInt32(256) {
                    guard let encoded = folds[high << 8 | low] else { continue }
                    precondition(encoded.count < 63, "a fold longer than the table's entries can say")
                    block[Int(low)] = UInt32(utf8.count) << 6 | UInt32(encoded.count + 1)
                    utf8 += encoded
                }
                blocks[Int(high)] = UInt16(entries.count / 256)
                entries += block
            }
            self.blocks = blocks
            self.entries = entries
            self.utf8 = utf8
        }

        func append(_ code: UInt32, to bytes: inout [UInt8]) {
            let entry = entries[Int(blocks[Int(code >> 8)]) * 256 + Int(code & 0xFF)]
            if entry == 0 {
                SearchFolding.appendUTF8(code, to: &bytes)
                return
            }
            let offset = Int(entry >> 6), length = Int(entry & 0x3F) - 1
            bytes.append(contentsOf: utf8[offset..<(offset + length)])
        }
    }
}
