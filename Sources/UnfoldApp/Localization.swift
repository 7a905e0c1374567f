import Foundation
import Gtk

/// gettext, with the text domain `unfold`. Strings are marked with `tr` and
/// `ntr` so that xgettext finds them (`./meson-wrapper.sh pot`).
public enum Localization {
    public static let domain = "unfold"

    /// Selects the user's locale and binds the text domain to the compiled
    /// catalogues: the development build's, or the installed ones.
    public static func setUp() {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// `UNFOLD_LOCALE_DIR`; `../share/locale` beside an installed binary; the
    /// catalogues `./meson-wrapper.sh build` compiles into `.build/locale`.
    static var localeDirectory: String {
        if let override = ProcessInfo.processInfo.environment["UNFOLD_LOCALE_DIR"] { return override }
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            binary.appendingPathComponent("../share/locale").standardized.path,
            binary.appendingPathComponent("../../locale").standardized.path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? "/usr/share/locale"
    }
}

/// The translation of `message`.
///
/// Untranslated, gettext returns the very pointer it was given, so the C string
/// must outlive the copy: hence `withCString`, not implicit bridging.
public func tr(_ message: String) -> String {
    message.withCString { String(cString: g_dgettext(Localization.domain, $0)) }
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
    values.reduce(template) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value.description) }
}
