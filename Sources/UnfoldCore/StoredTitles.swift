// SPDX-License-Identifier: GPL-3.0-or-later
/// How the collection keeps a title: once, in the form the search reads, with
/// what it takes to give the title back as written.
///
/// The searched form of a title is the title with every character that is
/// not ASCII replaced by its fold (`SearchFolding`), its ASCII left as
/// written. Folding works scalar by scalar and ASCII's fold is a byte's own
/// (a capital is its small letter), so folding the searched form's ASCII
/// bytes one by one, as the scan does while it compares, gives the title's
/// whole fold: one stretch of bytes serves every query, ASCII or not.
///
/// The title as written is the searched form with its folded characters put
/// back. Most titles need nothing for that: an ASCII title, and one whose
/// other characters fold to themselves (small Cyrillic, Greek or Arabic
/// letters, CJK). Otherwise its restore record says, for each character that
/// folded to something else, how many searched bytes come before it (since
/// the last one) and the character as written; its searched bytes are those
/// of its fold, which the character gives again. A title with an em dash,
/// a capital letter or a few accents so costs a few bytes, not a second copy.
/// Where that list would be no shorter than the title (Hangul, whose every
/// syllable folds to jamo; a word of accents), the record is the title whole.
///
/// A record opens with its kind, then its content:
/// - `editsKind`: [delta: LEB128] [the character's UTF-8], repeated;
/// - `wholeKind`: the title's UTF-8.
enum StoredTitles {
    static let editsKind: UInt8 = 0
    static let wholeKind: UInt8 = 1

    /// Appends the searched form of the title whose UTF-8 is `utf8` (valid
    /// UTF-8) to `searched`, and its restore record, if it needs one, to
    /// `restore`. `edits` is scratch space, kept by the caller between titles.
    static func append(utf8: UnsafeBufferPointer<UInt8>, searched: inout [UInt8], restore: inout [UInt8],
                       edits: inout [UInt8]) {
        guard utf8.contains(where: { $0 >= 0x80 }) else {
            searched.append(contentsOf: utf8)
            return
        }
        edits.removeAll(keepingCapacity: true)
        var lookup: SearchFolding.Lookup?
        var index = 0
        var lastEditEnd = searched.count
        while index < utf8.count {
            let (value, length) = SearchFolding.scalar(in: utf8, at: index)
            if length == 1 {
                searched.append(utf8[index])
            } else {
                let foldStart = searched.count
                SearchFolding.appendFolded(scalar: value, to: &searched, lookup: &lookup)
                let written = UnsafeBufferPointer(rebasing: utf8[index..<(index + length)])
                if !searched[foldStart...].elementsEqual(written) {
                    appendLEB128(foldStart - lastEditEnd, to: &edits)
                    edits.append(contentsOf: written)
                    lastEditEnd = searched.count
                }
            }
            index += length
        }
        guard !edits.isEmpty else { return }
        if edits.count < utf8.count {
            restore.append(editsKind)
            restore.append(contentsOf: edits)
        } else {
            restore.append(wholeKind)
            restore.append(contentsOf: utf8)
        }
    }

    /// The title as written, from its searched form and its restore record
    /// (empty when it has none).
    static func title(searched: UnsafeBufferPointer<UInt8>, restore: UnsafeBufferPointer<UInt8>) -> String {
        guard let kind = restore.first else { return String(decoding: searched, as: UTF8.self) }
        if kind == wholeKind { return String(decoding: UnsafeBufferPointer(rebasing: restore[1...]), as: UTF8.self) }
        precondition(kind == editsKind, "a restore record of an unknown kind")
        var written: [UInt8] = []
        written.reserveCapacity(searched.count + restore.count)
        var lookup: SearchFolding.Lookup?
        var fold: [UInt8] = []
        var position = 0
        var cursor = 1
        while cursor < restore.count {
            let delta = readLEB128(restore, at: &cursor)
            written.append(contentsOf: searched[position..<(position + delta)])
            position += delta
            let (value, length) = SearchFolding.scalar(in: restore, at: cursor)
            written.append(contentsOf: restore[cursor..<(cursor + length)])
            cursor += length
            fold.removeAll(keepingCapacity: true)
            SearchFolding.appendFolded(scalar: value, to: &fold, lookup: &lookup)
            position += fold.count
        }
        written.append(contentsOf: searched[position...])
        return String(decoding: written, as: UTF8.self)
    }

    private static func appendLEB128(_ value: Int, to bytes: inout [UInt8]) {
        var value = UInt(value)
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private static func readLEB128(_ bytes: UnsafeBufferPointer<UInt8>, at cursor: inout Int) -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = bytes[cursor]
            cursor += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
