// SPDX-License-Identifier: GPL-3.0-or-later
/// Digit grouping as POSIX locales describe it (`localeconv`'s `grouping`):
/// the size of the rightmost group first, each next one to its left; the last
/// size repeats; a size of 0 or less (or CHAR_MAX) ends the grouping.
public enum NumberGrouping {
    public static func group(_ number: Int, separator: String, sizes: [Int]) -> String {
        let digits = Array(String(number.magnitude))
        var groups: [String] = []
        var end = digits.count
        var index = 0
        while end > 0 {
            let size = index < sizes.count ? sizes[index] : (sizes.last ?? 0)
            guard size > 0, size < 127, end > size else {
                groups.append(String(digits[0..<end]))
                break
            }
            groups.append(String(digits[(end - size)..<end]))
            end -= size
            index += 1
        }
        return (number < 0 ? "-" : "") + groups.reversed().joined(separator: separator)
    }
}
