import Foundation
import Gtk
import UnfoldCore

/// The GtkApplication: one instance per session (launching again presents it),
/// its command line, actions and accelerators, and the windows.
@MainActor
public final class UnfoldApplication {
    public static let applicationID = "io.github.unfold.Unfold"
    public static let version = "0.1.0"

    public let application: UnsafeMutablePointer<GtkApplication>
    let stateStore: WindowStateStore
    private var startupFailure: String?

    /// `unique: false` runs an instance of its own (tests run one in-process).
    public init(unique: Bool = true, stateStore: WindowStateStore = WindowStateStore()) {
        self.stateStore = stateStore
        var flags = G_APPLICATION_HANDLES_COMMAND_LINE
        if !unique { flags = GApplicationFlags(flags.rawValue | G_APPLICATION_NON_UNIQUE.rawValue) }
        application = gtk_application_new(Self.applicationID, flags)
        let app: UnsafeMutablePointer<GApplication> = gCast(application)
        addOptions(app)
        onHandleLocalOptions(app) { [unowned self] options in self.handleLocalOptions(options) }
        onSignal(application, "startup") { [unowned self] in self.startUp() }
        onCommandLine(app) { [unowned self] commandLine in self.handle(commandLine) }
        onSignal(application, "activate") { [unowned self] in self.presentWindow(page: nil) }
    }

    /// Runs the application with the process's arguments; returns its exit status.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        var cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        let status = g_application_run(gCast(application), Int32(cArguments.count), &cArguments)
        if let startupFailure {
            FileHandle.standardError.write(Data("unfold: \(startupFailure)\n".utf8))
            return 1
        }
        return status
    }

    // MARK: Command line

    /// GApplication's own option parsing: `--help` is GLib's, and an unknown
    /// option is reported with a non-zero exit status.
    private func addOptions(_ app: UnsafeMutablePointer<GApplication>) {
        g_application_add_main_option(app, "page", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING,
                                      fill(tr("Open the page NAME ({pages})"), ["pages": Page.names]), "NAME")
        g_application_add_main_option(app, "reduce-motion", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                      tr("Turn animations off, as GTK’s enable-animations setting does"), nil)
        g_application_add_main_option(app, "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                      tr("Print the version and exit"), nil)
        g_application_add_main_option(app, "labels", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME,
                                      tr("Show the labels of FILE (JSON or TSV) in the collection"), "FILE")
        g_application_add_main_option(app, "synthetic", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_INT,
                                      tr("Show N generated labels in the collection"), "N")
    }

    /// In the launching process, before any instance is contacted.
    /// Labels this process already loaded (to check them before contacting any
    /// instance), by the options that asked for them: when this process is the
    /// primary instance, its command line reuses them instead of loading twice.
    private var loadedLabels: (request: String, collection: LabelCollection)?

    private func handleLocalOptions(_ options: UnsafeMutablePointer<GVariantDict>) -> Int32 {
        if g_variant_dict_contains(options, "version") != 0 {
            print("unfold \(Self.version)")
            return 0
        }
        if let name = Self.stringOption(options, "page"), Page(rawValue: name) == nil {
            let message = fill(tr("unknown page “{name}”; the pages are: {pages}"), ["name": name, "pages": Page.names])
            FileHandle.standardError.write(Data("unfold: \(message)\n".utf8))
            return 2
        }
        // Bad labels are reported here, by the process that was given them.
        switch Self.collection(from: options) {
        case .failure(let message):
            FileHandle.standardError.write(Data("unfold: \(message)\n".utf8))
            return 1
        case .custom(let collection):
            loadedLabels = (Self.labelsRequest(options), collection)
        case .sample:
            break
        }
        return -1
    }

    /// What `--labels`/`--synthetic` asked for, as a key.
    private static func labelsRequest(_ options: UnsafeMutablePointer<GVariantDict>) -> String {
        "\(filenameOption(options, "labels") ?? "")\u{0}\(intOption(options, "synthetic").map(String.init) ?? "")"
    }

    enum CollectionChoice { case sample, custom(LabelCollection), failure(String) }

    /// The collection `--labels` or `--synthetic` asks for.
    static func collection(from options: UnsafeMutablePointer<GVariantDict>) -> CollectionChoice {
        let path = filenameOption(options, "labels")
        let synthetic = intOption(options, "synthetic")
        let collection: LabelCollection
        switch (path, synthetic) {
        case (nil, nil):
            return .sample
        case (.some, .some):
            return .failure(tr("use either --labels or --synthetic, not both"))
        case (let path?, nil):
            do { collection = try LabelsFile.load(path: path) } catch { return .failure("\(error)") }
        case (nil, let count?):
            guard count >= 0 else { return .failure(fill(tr("--synthetic needs a count of 0 or more, not {count}"), ["count": count])) }
            collection = LabelCollection.synthetic(count: count)
        }
        return .custom(collection)
    }

    private static func filenameOption(_ options: UnsafeMutablePointer<GVariantDict>, _ name: String) -> String? {
        // G_OPTION_ARG_FILENAME arrives as a bytestring ("ay").
        guard let value = g_variant_dict_lookup_value(options, name, unfold_variant_type_bytestring()) else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_bytestring(value))
    }

    private static func intOption(_ options: UnsafeMutablePointer<GVariantDict>, _ name: String) -> Int? {
        guard let value = g_variant_dict_lookup_value(options, name, unfold_variant_type_int32()) else { return nil }
        defer { g_variant_unref(value) }
        return Int(g_variant_get_int32(value))
    }

    private static func stringOption(_ options: UnsafeMutablePointer<GVariantDict>, _ name: String) -> String? {
        guard let value = g_variant_dict_lookup_value(options, name, unfold_variant_type_string()) else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }

    /// In the primary instance, for its own launch and every later one.
    private func handle(_ commandLine: OpaquePointer) -> Int32 {
        guard startupFailure == nil else { return 1 }
        let options = g_application_command_line_get_options_dict(gCast(commandLine))!
        if g_variant_dict_contains(options, "reduce-motion") != 0 {
            AnimationSettings.setAnimationsEnabled(false)
        }
        let page = Self.stringOption(options, "page").flatMap(Page.init(rawValue:))
        let request = Self.labelsRequest(options)
        let choice: CollectionChoice
        if let loaded = loadedLabels, loaded.request == request {
            choice = .custom(loaded.collection)
            loadedLabels = nil
        } else {
            choice = Self.collection(from: options)
        }
        switch choice {
        case .sample:
            presentWindow(page: page)
        case .custom(let collection):
            // Its own window: the labels belong to this launch.
            let window = openWindow(collection: collection)
            window.showPage(page ?? .collection)
            window.present()
        case .failure(let message):
            unfold_command_line_printerr(gCast(commandLine), "unfold: \(message)")
            return 1
        }
        return 0
    }

    // MARK: Windows

    private func startUp() {
        do {
            try AppStyle.load()
        } catch {
            startupFailure = "\(error)"
            g_application_quit(gCast(application))
            return
        }
        installActions()
    }

    /// Presents the window the user used last, or opens one as it was left.
    func presentWindow(page: Page?) {
        let window = MainWindow.all.last ?? openWindow(state: stateStore.load())
        if let page { window.showPage(page) }
        window.present()
    }

    @discardableResult
    func openWindow(state: WindowState? = nil, collection: LabelCollection = .sample) -> MainWindow {
        let window = MainWindow(application: application, state: state, collection: collection)
        window.onClose = { [unowned self] state in
            do { try self.stateStore.save(state) } catch {
                FileHandle.standardError.write(Data("unfold: \(error)\n".utf8))
            }
        }
        return window
    }

    private func installActions() {
        Actions.add(to: application, "new-window") { [unowned self] _ in self.openWindow().present() }
        Actions.add(to: application, "quit") { _ in
            // Closing each window lets it save its state; the app ends with the last.
            for window in MainWindow.all { gtk_window_close(gCast(window.window)) }
        }
        Actions.add(to: application, "about") { [unowned self] _ in self.showAbout() }

        Actions.setAccelerators(application, for: "app.new-window", ["<Control>n"])
        Actions.setAccelerators(application, for: "app.quit", ["<Control>q"])
        Actions.setAccelerators(application, for: "win.close", ["<Control>w"])
        Actions.setAccelerators(application, for: "win.focus-filter", ["<Control>f"])
        Actions.setAccelerators(application, for: "win.show-help-overlay", ["<Control>question", "F1"])
        for (index, page) in Page.allCases.enumerated() {
            Actions.setAccelerators(application, for: "win.show-page::\(page.rawValue)", ["<Alt>\(index + 1)"])
        }
    }

    private func showAbout() {
        let dialog = gtk_about_dialog_new()!
        let about: OpaquePointer = gCast(dialog)
        gtk_about_dialog_set_program_name(about, tr("Unfold"))
        gtk_about_dialog_set_version(about, Self.version)
        gtk_about_dialog_set_comments(about, tr("Animated disclosure and filtered collections, in Swift on GTK 4."))
        gtk_about_dialog_set_logo_icon_name(about, Self.applicationID)
        // TRANSLATORS: your name(s), one per line; shown in the About dialog.
        let credits = tr("translator-credits")
        if credits != "translator-credits" { gtk_about_dialog_set_translator_credits(about, credits) }
        if let parent = gtk_application_get_active_window(application) {
            gtk_window_set_transient_for(gCast(dialog), parent)
        }
        gtk_window_set_modal(gCast(dialog), 1)
        gtk_window_present(gCast(dialog))
    }
}
