// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import UnfoldGtk

/// Unfold's command-line options, parsed by GApplication (so `--help` is
/// GLib's and an unknown option is refused as GLib refuses it), each noted as
/// it comes: an option given twice is refused in words, where GLib would let
/// the last one silently win (`--labels a.tsv --labels b.tsv` opened only
/// b.tsv).
///
/// The options reach GLib as callbacks; the launching process then puts what
/// they said in the options dictionary GApplication hands to the primary
/// instance (`pack(into:)`), under the names and types the instance reads.
/// GLib parses on the thread that runs the application, the main thread, one
/// launch at a time: the state needs no isolation of its own.
enum CommandLineOptions {
    struct Option {
        enum Kind { case flag, text, filename }
        let name: String
        let kind: Kind
        let description: String
        let argument: String?
    }

    /// The options, in the order `--help` lists them.
    static var all: [Option] {
        [
            Option(name: "page", kind: .text, description: fill(tr("Open the page NAME ({pages})"), ["pages": Page.names]),
                   argument: "NAME"),
            Option(name: "reduce-motion", kind: .flag,
                   description: tr("Turn animations off, as GTK’s enable-animations setting does"), argument: nil),
            Option(name: "slow-motion", kind: .text,
                   description: tr("Run every animation FACTOR times slower (10 is the main menu’s Slow Motion)"), argument: "FACTOR"),
            Option(name: "motion-plot", kind: .flag,
                   description: tr("Show the Motion Plot: the last animations’ values at each frame"), argument: nil),
            Option(name: "motion-trace", kind: .filename,
                   description: tr("Write every animated value at every frame to FILE, as CSV"), argument: "FILE"),
            Option(name: "version", kind: .flag, description: tr("Print the version and exit"), argument: nil),
            Option(name: "labels", kind: .filename,
                   description: tr("Show the labels of FILE (JSON or TSV; - reads them from standard input)"), argument: "FILE"),
            // A string, not an integer: GLib drops an integer option equal to 0,
            // and says nothing useful about "lots".
            Option(name: "synthetic", kind: .text, description: tr("Show N generated labels in the collection"), argument: "N"),
        ]
    }

    /// The rules of a labels file, as data/docs/app.md gives them.
    static var labelsFileRules: String {
        // TRANSLATORS: the end of `unfold --help`. FILE is the word the
        // usage line shows; id, title, category, tile and dot are written in
        // the file as they are here.
        tr("A labels FILE is TSV, a label a line: id, title and category, split by tabs (a first line “id, title, category” is a header); or JSON, an array of objects with “id”, “title” and “category”. An id is a whole number no other label has; a title is text, not empty; a category is tile or dot. Each FILE opens in a window of its own.")
    }

    /// What this launch's command line gave, by option name: the value's bytes
    /// (empty for a flag). Filled while GLib parses, one launch at a time.
    nonisolated(unsafe) private(set) static var given: [String: [UInt8]] = [:]

    /// Adds the options to `application`'s parser.
    static func add(to application: UnsafeMutablePointer<GApplication>) {
        var entries = all.map { option in
            GOptionEntry(long_name: UnsafePointer(strdup(option.name)), short_name: 0,
                         flags: gint(option.kind == .flag ? UNFOLD_G_OPTION_FLAG_NO_ARG.rawValue
                             : option.kind == .filename ? UNFOLD_G_OPTION_FLAG_FILENAME.rawValue : 0),
                         arg: G_OPTION_ARG_CALLBACK,
                         arg_data: unsafeBitCast(record, to: gpointer.self),
                         description: UnsafePointer(strdup(option.description)),
                         arg_description: option.argument.map { UnsafePointer(strdup($0)) })
        }
        entries.append(GOptionEntry())  // the list's end
        // GLib keeps pointers to the names and descriptions for as long as the
        // application parses: they are the application's for its lifetime.
        g_application_add_main_option_entries(application, entries)
        ownedEntries.append(entries)
        // Files may follow the options ("Open With" gives them so).
        g_application_set_option_context_parameter_string(application, "[FILE…]")
        // After the options, what a labels file must hold: a person who got
        // one wrong reads its rules where they looked for the option.
        g_application_set_option_context_description(application, labelsFileRules)
    }

    nonisolated(unsafe) private static var ownedEntries: [[GOptionEntry]] = []

    /// Forgets the last launch's options, before GLib parses the next.
    static func reset() { given = [:] }

    /// Puts what the options said in `options`, as the primary instance reads
    /// it: a flag as true, `--labels` as a bytestring (a file name need not be
    /// UTF-8), the others as strings.
    static func pack(into options: UnsafeMutablePointer<GVariantDict>) {
        for option in all {
            guard let bytes = given[option.name] else { continue }
            let value: OpaquePointer
            switch option.kind {
            case .flag: value = g_variant_new_boolean(1)
            case .filename: value = (bytes + [0]).withUnsafeBufferPointer { g_variant_new_bytestring($0.baseAddress) }
            case .text: value = g_variant_new_string(String(decoding: bytes, as: UTF8.self))
            }
            g_variant_dict_insert_value(options, option.name, value)
        }
    }

    /// What GLib calls for each option it meets on the command line.
    private static let record: @convention(c) (UnsafePointer<gchar>?, UnsafePointer<gchar>?, gpointer?,
                                              UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> gboolean = {
        spelled, value, _, error in
        // GLib names the option as it was spelled: "--labels".
        let spelling = spelled.map { String(cString: $0) } ?? ""
        let name = String(spelling.drop { $0 == "-" })
        let bytes = value.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self),
                                                        count: strlen($0))) } ?? []
        if let earlier = given[name] {
            g_set_error_literal(error, g_option_error_quark(), gint(G_OPTION_ERROR_BAD_VALUE.rawValue),
                                repeated(spelling, earlier, bytes, isFlag: value == nil))
            return 0
        }
        given[name] = bytes
        return 1
    }

    /// The words for an option given twice.
    static func repeated(_ option: String, _ first: [UInt8], _ second: [UInt8], isFlag: Bool) -> String {
        if isFlag { return fill(tr("{option} is given twice: once is enough"), ["option": option]) }
        let values: KeyValuePairs<String, CustomStringConvertible> = [
            "option": option, "first": String(decoding: first, as: UTF8.self), "second": String(decoding: second, as: UTF8.self),
        ]
        if option == "--labels" {
            return fill(tr("--labels is given twice, as “{first}” and as “{second}”: it takes one file (name several without --labels to open each in a window of its own)"), values)
        }
        return fill(tr("{option} is given twice, as “{first}” and as “{second}”: give it once"), values)
    }
}
