// SPDX-License-Identifier: GPL-3.0-or-later
/// Text from a file, fit for a message on a terminal: in quotes, with control
/// and invisible characters written as `\u{…}` and long text cut short, so
/// that no stray byte moves the cursor or hides what is wrong.
public func quoted(_ text: String, limit: Int = 40) -> String {
    var quoted = ""
    for scalar in text.unicodeScalars.prefix(limit) {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
            quoted += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default:
            quoted.unicodeScalars.append(scalar)
        }
    }
    if text.unicodeScalars.count > limit { quoted += "…" }
    return "“\(quoted)”"
}
