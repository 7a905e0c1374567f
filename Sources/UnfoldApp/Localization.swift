// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import UnfoldGtk
import UnfoldCore

/// gettext, with the text domain `unfold`. Strings are marked with `tr` and
/// `ntr` so that xgettext finds them (`./meson-wrapper.sh pot`).
public enum Localization {
    public static let domain = "unfold"

    /// Selects the user's locale and binds the text domain to the compiled
    /// catalogues: the development build's, or the installed ones.
    ///
    /// The default domain stays gettext's own: every message of Unfold's names
    /// its domain (`tr`, and `domain="unfold"` in each .ui file). GLib's
    /// `g_dgettext` stops translating *every* domain, GTK's included, when the
    /// default domain was changed and has no catalogue for the locale; calling
    /// `textdomain("unfold")` would leave GTK's own words English and, as GTK
    /// reads the text direction from its catalogue, lay out right-to-left
    /// locales left to right, in every language Unfold is not translated into.
    public static func setUp() {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// A size in bytes as GLib writes it for the user's language ("12.3 MB").
    public static func byteCount(_ bytes: Int) -> String {
        let text = g_format_size(guint64(max(bytes, 0)))!
        defer { g_free(text) }
        return String(cString: text)
    }

    /// `UNFOLD_LOCALE_DIR`; `../share/locale` beside an installed binary; the
    /// catalogues `./meson-wrapper.sh build` compiles into `.build/locale`.
    static var localeDirectory: String {
        if let override = getenv("UNFOLD_LOCALE_DIR") { return String(cString: override) }
        guard let binary = g_file_read_link("/proc/self/exe", nil) else { return "/usr/share/locale" }
        defer { g_free(binary) }
        let directory = g_path_get_dirname(binary)!
        defer { g_free(directory) }
        for relative in ["../share/locale", "../../locale"] {
            let candidate = g_canonicalize_filename(relative, directory)!
            defer { g_free(candidate) }
            if g_file_test(candidate, UNFOLD_G_FILE_TEST_IS_DIR) != 0 { return String(cString: candidate) }
        }
        return "/usr/share/locale"
    }
}

/// `N_` marks a string for translation where it cannot be translated yet (data
/// defined before the locale is known); `tr` translates it where it is shown.
public func N_(_ message: String) -> String { message }

/// `number` as the user's locale writes it: "2,538,464" in English,
/// "2 538 464" in French (the C library's LC_NUMERIC grouping).
/// `number` as the user's locale writes it: grouped whole part, its decimal
/// point ("0,1" in French), and no more decimals than it has (at most three).
public func formatted(_ number: Double) -> String {
    let whole = number.rounded(.towardZero)
    let thousandths = min(999, Int((abs(number - whole) * 1000).rounded()))
    let digits = String(thousandths)
    let padded = String(repeating: "0", count: 3 - digits.count) + digits
    let fraction = String(padded.reversed().drop { $0 == "0" }.reversed())
    let point = localeconv()?.pointee.decimal_point.map { String(cString: $0) } ?? "."
    return formatted(Int(whole)) + (fraction.isEmpty ? "" : point + fraction)
}

public func formatted(_ number: Int) -> String {
    guard let conventions = localeconv()?.pointee, let separator = conventions.thousands_sep,
          separator.pointee != 0, let grouping = conventions.grouping else { return String(number) }
    return NumberGrouping.group(number, separator: String(cString: separator),
                                sizes: Array(UnsafeBufferPointer(start: grouping, count: strlen(grouping))).map(Int.init))
}

/// The translation of `message`.
///
/// Untranslated, gettext returns the very pointer it was given, so the C string
/// must outlive the copy: hence `withCString`, not implicit bridging.
public func tr(_ message: String) -> String { translated(message, in: Localization.domain) }

/// The translation of `message` in another library's text `domain`: words
/// that library translates already (not marked for Unfold's translators).
public func translated(_ message: String, in domain: String) -> String {
    message.withCString { String(cString: g_dgettext(domain, $0)) }
}

/// The translation of `singular`/`plural` for the count `n` (plural forms per language).
public func ntr(_ singular: String, _ plural: String, _ n: Int) -> String {
    singular.withCString { one in
        plural.withCString { many in
            String(cString: g_dngettext(Localization.domain, one, many, gulong(max(n, 0))))
        }
    }
}

/// Replaces `{name}` placeholders, so translators can reorder them.
public func fill(_ template: String, _ values: KeyValuePairs<String, CustomStringConvertible>) -> String {
    values.reduce(template) { $0.replacing("{\($1.key)}", with: $1.value.description) }
}
