// SPDX-License-Identifier: GPL-3.0-or-later
extension String {
    /// The string without the spaces and tabs around it: Unicode's space
    /// separators (U+0020, U+00A0, U+3000…) and U+0009, as Foundation's
    /// `.whitespaces` (which the app does without: Foundation costs every
    /// process about 9 MB).
    public func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isSpace })!
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    fileprivate var isSpace: Bool { self == "\t" || properties.generalCategory == .spaceSeparator }
}
