// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import Glibc
import CUnfoldAppCompat
import UnfoldGtk
import UnfoldCore
import UnfoldWidgets

/// The AdwApplication: one instance per session (launching again presents it),
/// its command line, actions and accelerators, and the windows.
@MainActor
public final class UnfoldApplication {
    public static let applicationID = "io.github.unfold.Unfold"
    public static let version = "0.1.0"
    static let website = "https://github.com/unfold/unfold"

    public let application: UnsafeMutablePointer<GtkApplication>
    let stateStore: WindowStateStore
    private var startupFailure: String?
    /// The disclosure pages' hierarchy, when not the tutorial's (the benchmark
    /// shows many copies of it).
    public var hierarchy: [OutlineNode]?
    /// Sees every window as it opens, before it is shown (the benchmark
    /// measures its frames).
    public var onWindowOpened: (@MainActor (MainWindow) -> Void)?

    /// `unique: false` runs an instance of its own (tests run one in-process).
    public init(unique: Bool = true, stateStore: WindowStateStore = WindowStateStore()) {
        self.stateStore = stateStore
        var flags = UNFOLD_G_APPLICATION_HANDLES_COMMAND_LINE
        if !unique { flags = GApplicationFlags(rawValue: flags.rawValue | UNFOLD_G_APPLICATION_NON_UNIQUE.rawValue) }
        // Its resources first: GtkApplication looks for its icons in them as it starts.
        AppResources.register()
        application = gCast(adw_application_new(Self.applicationID, flags)!)
        let app: UnsafeMutablePointer<GApplication> = gCast(application)
        addOptions(app)
        onHandleLocalOptions(app) { [unowned self] options in self.handleLocalOptions(options) }
        onSignal(application, "startup") { [unowned self] in self.startUp() }
        onCommandLine(app) { [unowned self] commandLine in self.handle(commandLine) }
        onSignal(application, "activate") { [unowned self] in self.presentWindow(page: nil) }
        // Notes typed a moment ago reach the disk before the app ends; the
        // watch on GTK's settings (which outlive the app) goes with it.
        onSignal(application, "shutdown") { [unowned self] in
            NoteStore.all.forEach { $0.flush() }
            self.animationsWatch?.disconnect()
            self.animationsWatch = nil
        }
    }

    /// Runs the application with the process's arguments; returns its exit status.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        var cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        Self.sayOptionErrorsAsUnfold(true)
        CommandLineOptions.reset()
        let status = g_application_run(gCast(application), Int32(cArguments.count), &cArguments)
        Self.sayOptionErrorsAsUnfold(false)
        if let startupFailure {
            writeToStandardError("unfold: \(startupFailure)")
            return 1
        }
        // GApplication reports success for a run whose own launch failed after
        // the main loop started (a labels file that turned out bad): say it here.
        return failedOwnLaunch ?? status
    }

    /// The exit status of this process's own launch, when it failed late.
    private var failedOwnLaunch: Int32?

    // MARK: Command line

    /// GApplication's own option parsing: `--help` is GLib's, an unknown
    /// option is reported with a non-zero exit status, and one given twice is
    /// refused (`CommandLineOptions`).
    private func addOptions(_ app: UnsafeMutablePointer<GApplication>) {
        CommandLineOptions.add(to: app)
    }

    /// The option key that says the labels come on the launch's standard input.
    private static let labelsOnStandardInput = "labels-on-standard-input"

    /// The option key that says the desktop started the launching process
    /// (an "Open With Unfold", a file's double click): it has no terminal
    /// anyone reads, so what its files' problems are is said in a window too.
    private static let launchedFromDesktop = "launched-from-desktop"

    /// Whether GIO started this very process from a desktop entry, as GNOME
    /// Shell and file managers do: GIO names the process it launched, so a
    /// shell started from the desktop, and what it runs, do not count.
    private static var wasLaunchedFromDesktop: Bool {
        guard let pid = getenv("GIO_LAUNCHED_DESKTOP_FILE_PID") else { return false }
        return String(cString: pid) == String(getpid())
    }

    /// In the launching process, before any instance is contacted: what can
    /// be checked without the labels is checked here, by the process that was
    /// given the options.
    private func handleLocalOptions(_ options: UnsafeMutablePointer<GVariantDict>) -> Int32 {
        Self.sayOptionErrorsAsUnfold(false)  // parsed: what GLib prints now is not about the options
        CommandLineOptions.pack(into: options)
        if Self.wasLaunchedFromDesktop {
            g_variant_dict_insert_value(options, Self.launchedFromDesktop, g_variant_new_boolean(1))
        }
        if g_variant_dict_contains(options, "version") != 0 {
            print("unfold \(Self.version)")
            return 0
        }
        if let name = Self.stringOption(options, "page") {
            // The pages' names are their titles, whichever way they are written.
            guard let page = Page(rawValue: name.lowercased()) else {
                return fail(fill(tr("unknown page “{name}”; the pages are: {pages}"), ["name": name, "pages": Page.names]))
            }
            g_variant_dict_insert_value(options, "page", g_variant_new_string(page.rawValue))
        }
        let path = Self.filenameOption(options, "labels")
        let synthetic = Self.stringOption(options, "synthetic")
        if path != nil && synthetic != nil { return fail(tr("use either --labels or --synthetic, not both")) }
        if g_variant_dict_contains(options, "reduce-motion") != 0, g_variant_dict_contains(options, "slow-motion") != 0 {
            return fail(tr("use either --reduce-motion or --slow-motion, not both: with animations off, nothing moves to slow"))
        }
        if let synthetic, Self.syntheticCount(synthetic) == nil {
            let digits = synthetic.trimmingSpaces()
            let isNumber = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
            // TRANSLATORS: {limit} is a number such as 100,000,000.
            return fail(isNumber ? fill(tr("--synthetic {count} is more labels than Unfold makes (at most {limit})"),
                                        ["count": digits, "limit": formatted(Self.syntheticLimit)])
                                 : fill(tr("--synthetic needs a whole number of 0 or more, not “{count}”"), ["count": synthetic]))
        }
        if let text = Self.stringOption(options, "slow-motion"), Self.slowMotionFactor(text) == nil {
            // TRANSLATORS: {lowest} and {highest} are numbers such as 0.1 and 1,000.
            return fail(fill(tr("--slow-motion needs a factor from {lowest} to {highest} (10 is ten times slower), not “{factor}”"),
                             ["lowest": formatted(Self.slowMotionRange.lowerBound), "highest": formatted(Self.slowMotionRange.upperBound),
                              "factor": text]))
        }
        if let trace = Self.filenameOption(options, "motion-trace") {
            if trace.isEmpty { return fail(tr("--motion-trace needs the name of a file to write")) }
            // Said by this launch, where the name was typed: a file that cannot
            // be written here cannot be by the running instance either. (Made
            // to find out, it goes again: the instance that traces makes it,
            // and a running one refuses the option.)
            let existed = access(trace, F_OK) == 0
            guard let file = fopen(trace, "a") else {
                return fail("\(trace): \(String(cString: strerror(errno)))")
            }
            fclose(file)
            if !existed { unlink(trace) }
        }
        // An empty name would be read as the folder the command runs in.
        if path == "" { return fail(tr("--labels needs the name of a labels file (or - for standard input)")) }
        if let path, path != "-" {
            // A pipe or FIFO can only be read by this process: if another
            // instance is to show the labels, they go to it as this launch's
            // standard input, which GApplication hands over.
            var status = stat()
            if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG, (status.st_mode & S_IFMT) != S_IFDIR {
                let stream = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                guard stream >= 0 else {
                    return fail(LabelsFile.Failure(path: path, location: nil, problem: LabelsSource.openProblem(errno)).translated)
                }
                dup2(stream, STDIN_FILENO)
                close(stream)
                g_variant_dict_insert_value(options, Self.labelsOnStandardInput, g_variant_new_boolean(1))
            }
        }
        // The options are good: a window needs a display, and GTK says its
        // absence in a warning of its own ("cannot open display: :99").
        if !Self.hasDisplay {
            return fail(tr("no display (DISPLAY and WAYLAND_DISPLAY are unset): run Unfold from a desktop session"))
        }
        if gtk_init_check() == 0 {
            let variables: [String] = ["WAYLAND_DISPLAY", "DISPLAY"]
            let named = variables.compactMap { name in getenv(name).map { String(cString: $0) } }.filter { !$0.isEmpty }
            return fail(fill(tr("cannot open the display {display}: run Unfold from a desktop session"),
                             ["display": named.joined(separator: ", ")]))
        }
        return -1
    }

    /// While GApplication parses the options, what it prints on error (GLib's
    /// words: "Unknown option --bogus") is said as Unfold's other messages
    /// are, with a pointer to the list of options.
    private static func sayOptionErrorsAsUnfold(_ on: Bool) {
        guard on else {
            if let previous = printerrBeforeParsing { g_set_printerr_handler(previous.handler) }
            printerrBeforeParsing = nil
            return
        }
        guard printerrBeforeParsing == nil else { return }
        printerrBeforeParsing = PrintHandler(handler: g_set_printerr_handler { message in
            guard let message else { return }
            var text = String(cString: message)
            while text.last?.isNewline == true { text.removeLast() }
            writeToStandardError("unfold: " + fill(tr("{problem} (unfold --help lists the options)"), ["problem": text]))
        })
    }

    private struct PrintHandler { let handler: GPrintFunc? }
    private static var printerrBeforeParsing: PrintHandler?

    /// Prints `message` for this launch and returns its exit status, 1 (as GLib's
    /// own option errors do).
    private func fail(_ message: String) -> Int32 {
        writeToStandardError("unfold: \(message)")
        return 1
    }

    /// The most labels `--synthetic` makes: about 3.5 GB of them, as much as
    /// a machine may have to spare (beyond it, memory runs out before the window shows).
    static let syntheticLimit = 100_000_000

    static func syntheticCount(_ text: String) -> Int? {
        guard let count = Int(text.trimmingSpaces()), (0...syntheticLimit).contains(count) else { return nil }
        return count
    }

    /// How much slower `--slow-motion` may make the animations (below 1, faster).
    static let slowMotionRange = 0.1...1_000.0

    /// `--slow-motion`'s factor, in the C locale's notation ("2.5") or the user's ("2,5").
    static func slowMotionFactor(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces()
        guard let factor = Double(trimmed) ?? Double(String(trimmed.map { $0 == "," ? "." : $0 })),
              slowMotionRange.contains(factor) else { return nil }
        return factor
    }

    private static func filenameOption(_ options: UnsafeMutablePointer<GVariantDict>, _ name: String) -> String? {
        // G_OPTION_ARG_FILENAME arrives as a bytestring ("ay").
        guard let value = g_variant_dict_lookup_value(options, name, unfold_variant_type_bytestring()) else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_bytestring(value))
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
        if g_application_command_line_get_is_remote(gCast(commandLine)) != 0 {
            let refused = Self.refusedWhileRunning(options)
            guard refused.isEmpty else {
                for message in refused { unfold_command_line_printerr(gCast(commandLine), "unfold: \(message)") }
                return 1
            }
        }
        if g_variant_dict_contains(options, "reduce-motion") != 0 {
            AnimationSettings.setAnimationsEnabled(false)
        }
        if let trace = Self.filenameOption(options, "motion-trace") {
            do throws(MotionTrace.Failure) { try MotionTrace.start(path: Self.resolve(trace, commandLine)) } catch {
                unfold_command_line_printerr(gCast(commandLine), "unfold: \(error)")
                return 1
            }
        }
        if let factor = Self.stringOption(options, "slow-motion").flatMap({ Self.slowMotionFactor($0) }) {
            slowMotionFactor = factor
            setSlowMotion(true)
        }
        if g_variant_dict_contains(options, "motion-plot") != 0 { setMotionPlotShown(true) }
        let page = Self.stringOption(options, "page").flatMap(Page.init(rawValue:))
        // `--labels` or `--synthetic`, then each file named (the desktop's
        // "Open With" gives them so): each in a window of its own. One that
        // cannot be opened is said, and the others open.
        var origins: [(origin: LabelsLoad.Origin, path: String?)] = []
        var failed = false
        let fromDesktop = g_variant_dict_contains(options, Self.launchedFromDesktop) != 0
        var toTell: [String] = []
        func say(_ failure: LabelsFile.Failure) {
            unfold_command_line_printerr(gCast(commandLine), "unfold: \(failure.translated)")
            if fromDesktop { toTell.append(failure.translated) }
            failed = true
        }
        do throws(LabelsFile.Failure) {
            if let chosen = try Self.labelsOrigin(options, commandLine) {
                origins.append((chosen, Self.filenameOption(options, "labels").map { Self.resolve($0, commandLine) }))
            }
        } catch {
            say(error)
        }
        for path in Self.arguments(of: commandLine).dropFirst() {
            do throws(LabelsFile.Failure) {
                origins.append((.file(try Self.openArgument(path, of: commandLine)), Self.resolve(path, commandLine)))
            } catch {
                say(error)
            }
        }
        let isRemote = g_application_command_line_get_is_remote(gCast(commandLine)) != 0
        if !toTell.isEmpty {
            tellInAWindow(toTell, page: page)
            if origins.isEmpty {
                // The window stays for the user to read; this process's own
                // launch still ends failed once it is closed.
                if !isRemote { failedOwnLaunch = 1 }
                return isRemote ? 1 : 0
            }
        }
        if origins.isEmpty {
            if failed { return 1 }
            presentWindow(page: page)
            return 0
        }
        let launch = Launch(commandLine, windows: origins.count, failed: failed, fromDesktop: fromDesktop)
        if failed && !launch.isRemote { failedOwnLaunch = 1 }
        for (origin, path) in origins {
            // A file a window shows already: that window, brought forward (as Open… does).
            if case .file(let source) = origin, source.size != nil, let path,
               let shown = MainWindow.all.first(where: { $0.labelsPath == NoteStore.canonical(path) }) {
                if let page { shown.showPage(page) }
                shown.present()
                launch.finish(status: 0, message: nil)
                continue
            }
            showLabels(LabelsLoad(origin, path: path), page: page, launch: launch)
        }
        // GLib gives a remote launch the status returned here as soon as this
        // returns, over one its windows set already (a file shown already
        // ends its part at once); a load that ends later sets its own after.
        return failed && launch.isRemote ? 1 : 0
    }

    /// Whether GTK has a display to open: X11's or Wayland's named, or a
    /// backend chosen that needs neither (GDK_BACKEND=broadway).
    private static var hasDisplay: Bool {
        func isSet(_ name: String) -> Bool { getenv(name).map { $0.pointee != 0 } ?? false }
        let backend = getenv("GDK_BACKEND").map { String(cString: $0) } ?? ""
        return isSet("DISPLAY") || isSet("WAYLAND_DISPLAY") || backend.contains("broadway")
    }

    /// What a later launch asks of how the running Unfold moves, refused in
    /// words: that is set as Unfold starts (or in its main menu), for every
    /// window, and a launch that only opens a window must not change it
    /// under the others' feet — nor end the motion trace being written.
    private static func refusedWhileRunning(_ options: UnsafeMutablePointer<GVariantDict>) -> [String] {
        var refused: [String] = []
        if g_variant_dict_contains(options, "slow-motion") != 0 {
            refused.append(tr("--slow-motion works only as Unfold starts, and Unfold is already running: quit it first, or turn on Slow Motion in its main menu"))
        }
        for option in ["reduce-motion", "motion-trace"] where g_variant_dict_contains(options, option) != 0 {
            // TRANSLATORS: {option} is a command-line option such as --reduce-motion (not translated).
            refused.append(fill(tr("{option} works only as Unfold starts, and Unfold is already running: quit it first"),
                                ["option": "--" + option]))
        }
        return refused
    }

    /// A file named on a command line, opened: relative to the directory the
    /// launch was made in.
    private static func openArgument(_ path: String, of commandLine: OpaquePointer) throws(LabelsFile.Failure) -> LabelsSource {
        do {
            return try LabelsSource.open(path: resolve(path, commandLine), name: path)
        } catch where path == "-" && error.message.template == .noSuchFile {
            // Many programs read "-" as their standard input; Unfold's FILEs
            // are files, and --labels is what reads it.
            throw LabelsFile.Failure(path: path, location: nil, problem: LabelsFile.Problem(.dashIsNotStandardInput))
        }
    }

    /// `path` from the directory `commandLine` was given in.
    private static func resolve(_ path: String, _ commandLine: OpaquePointer) -> String {
        let file = ObjectRef(adopting: g_application_command_line_create_file_for_arg(gCast(commandLine), path)!)
        return OpenLabels.path(of: file.opaque) ?? path
    }

    private static func arguments(of commandLine: OpaquePointer) -> [String] {
        var count: Int32 = 0
        guard let arguments = g_application_command_line_get_arguments(gCast(commandLine), &count) else { return [] }
        defer { g_strfreev(arguments) }
        return (0..<Int(count)).compactMap { arguments[$0].map { String(cString: $0) } }
    }

    /// Where `--labels` or `--synthetic` asks the labels to come from, opened:
    /// a path relative to the directory the launch was made in, or the
    /// launch's standard input. Nil for the tutorial's own four.
    private static func labelsOrigin(_ options: UnsafeMutablePointer<GVariantDict>,
                                     _ commandLine: OpaquePointer) throws(LabelsFile.Failure) -> LabelsLoad.Origin? {
        if let synthetic = stringOption(options, "synthetic") {
            return syntheticCount(synthetic).map { .synthetic(count: $0) }
        }
        guard let path = filenameOption(options, "labels") else { return nil }
        if path == "-" || g_variant_dict_contains(options, labelsOnStandardInput) != 0 {
            let name = path == "-" ? tr("standard input") : path
            guard let stream = g_application_command_line_get_stdin(gCast(commandLine)).map({ ObjectRef(adopting: UnsafeMutableRawPointer($0)) }) else {
                throw LabelsFile.Failure(path: name, location: nil, problem: LabelsFile.Problem(.noStandardInput))
            }
            // A GUnixInputStream: its descriptor is ours to duplicate and keep.
            let descriptor = dup(Properties.int(stream.raw, "fd"))
            guard descriptor >= 0 else {
                throw LabelsFile.Failure(path: name, location: nil, problem: LabelsSource.readProblem(errno))
            }
            return .file(try LabelsSource(descriptor: descriptor, name: name))
        }
        return .file(try openArgument(path, of: commandLine))
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
        AppStyle.apply(stateStore.load()?.style ?? .follow)
        // Before any window is drawn: GTK chooses a surface's renderer as it is realized.
        RendererChoice.chooseForDefaultDisplay()
        installActions()
    }

    /// Says each of `messages` in a window the user will see: the one used
    /// last (other than `failing`, which is closing), or, when there is none,
    /// a new one as the user left the last, on `page` if a launch asked.
    private func tellInAWindow(_ messages: [String], page: Page?, besides failing: MainWindow? = nil) {
        let active = activeMainWindow.flatMap { $0 !== failing && $0.isOpen ? $0 : nil }
        let window = active ?? MainWindow.all.last { $0 !== failing && $0.isOpen } ?? {
            let opened = openWindow(state: stateStore.load())
            if let page { opened.showPage(page) }
            return opened
        }()
        window.present()
        for message in messages { window.tell(message) }
    }

    /// Presents the window the user used last, or opens one as it was left.
    func presentWindow(page: Page?) {
        let window = MainWindow.all.last ?? openWindow(state: stateStore.load())
        if let page { window.showPage(page) }
        window.present()
    }

    /// How long a loading window waits before it shows: a load done by then
    /// shows its labels at once, and one that fails shows no window at all.
    static let loadingWindowDelay: UInt32 = 150  // ms

    /// Opens a window for labels being loaded: the saved size, the page asked
    /// for or the collection; the window does not save its page (the page it
    /// opened on was this launch's choice, not the user's).
    func showLabels(_ load: LabelsLoad, page: Page?, launch: Launch?, toldIn teller: MainWindow? = nil) {
        var state = stateStore.load() ?? WindowState()
        state.page = page ?? .collection
        let window = openWindow(state: state, loading: load.title)
        window.remembersPage = false
        var finished = false
        Timeout.after(milliseconds: Self.loadingWindowDelay) { [weak window] in
            if !finished { window?.present() }
        }
        window.onDestroy = { [unowned self] in
            guard !finished else { return }
            // Closed while it loaded: the user chose to stop; the launch ends as
            // any whose window the user closed.
            finished = true
            load.cancel()
            if let launch { self.end(launch, status: 0, message: nil) }
        }
        load.start(progress: { [weak window] progress in
            window?.collectionPage.showLoading(progress)
        }, finish: { [weak window, unowned self] result in
            guard let window, !finished else { return }
            finished = true
            switch result {
            case .success(let collection):
                // A regular file's notes are kept, keyed by the file (a stream is read once).
                window.labelsPath = load.path.map(NoteStore.canonical)
                let notes = load.path.map(NoteStore.forLabelsFile)
                window.collectionPage.finishLoading(collection, notes: notes)
                if let notes { window.sayProblems(of: notes) }
                if let path = load.path { self.followChanges(of: path, named: load.name, in: window) }
                window.present()
                RecentLabels.remember(load)
                if let launch { self.end(launch, status: 0, message: nil) }
            case .failure(let failure):
                // Said where it was asked for: the launch's terminal, or the window it was opened from.
                // (Before this window goes: the desktop's launch may need a window to say it in.)
                if let launch, launch.fromDesktop { self.tellInAWindow([failure.translated], page: page, besides: window) }
                if let launch { self.end(launch, status: 1, message: failure.translated) }
                if let teller = teller.flatMap({ $0.isOpen ? $0 : nil }) { teller.tell(failure.translated) }
                if launch == nil && teller == nil { writeToStandardError("unfold: \(failure.translated)") }
                gtk_window_destroy(gCast(window.window))
            }
        })
    }

    /// Shows each whole new version of the regular file at `path` (`name` in
    /// messages) in `window` as it is written; one that cannot be read leaves
    /// the last one shown, and says why. A file renamed is followed to its new
    /// name; one deleted or moved away is said to be gone, and shown again if
    /// it comes back.
    private func followChanges(of path: String, named name: String, in window: MainWindow) {
        guard let watch = LabelsWatch(path: path) else { return }
        var reading: LabelsLoad?
        watch.onNewVersion = { [weak window, weak watch] in
            guard let window else { return }
            // A newer version than the one being read: that one is stale.
            reading?.cancel()
            do throws(LabelsFile.Failure) {
                let next = LabelsLoad(.file(try LabelsSource.open(path: path, name: name)), path: path)
                reading = next
                next.start(progress: { _ in }, finish: { [weak window, weak watch] result in
                    reading = nil
                    guard let window else { return }
                    switch result {
                    case .success(let collection):
                        watch?.readsAgainOnAttributeChange = false
                        window.showNewVersion(collection, of: name)
                    case .failure(let failure):
                        watch?.readsAgainOnAttributeChange = true
                        window.sayNewVersionUnreadable(failure.translated)
                    }
                })
            } catch {
                watch?.readsAgainOnAttributeChange = true
                window.sayNewVersionUnreadable(error.translated)
            }
        }
        watch.onLeft = { [weak window, unowned self] destination in
            guard let window else { return }
            reading?.cancel()
            guard let destination else { return window.sayLabelsFileGone(name) }
            window.followMovedLabelsFile(to: destination)
            // Named in messages as the window is titled, by its own name.
            self.followChanges(of: destination, named: LabelsLoad.fileName(of: destination), in: window)
        }
        window.labelsWatch = watch
    }

    /// Ends `launch` with `status`, saying `message` on its terminal.
    private func end(_ launch: Launch, status: Int32, message: String?) {
        launch.finish(status: status, message: message.map { "unfold: \($0)" })
        if status != 0 && !launch.isRemote { failedOwnLaunch = status }
    }

    @discardableResult
    func openWindow(state: WindowState? = nil, collection: LabelCollection? = nil, loading: String? = nil) -> MainWindow {
        let window = MainWindow.open(application: application, state: state, collection: collection, loading: loading,
                                     hierarchy: hierarchy)
        onWindowOpened?(window)
        RendererChoice.tellRenderer(of: window.window)
        window.onFilesDropped = { [unowned self, unowned window] paths in self.openFiles(paths, toldIn: window) }
        window.onClose = { [unowned self] state in
            do { try self.stateStore.save(state) } catch {
                writeToStandardError("unfold: \(error)")
            }
        }
        return window
    }

    private func installActions() {
        Actions.add(to: application, "new-window") { [unowned self] in self.openWindow().present() }
        Actions.add(to: application, "quit") {
            // Closing each window lets it save its state; the app ends with the last.
            for window in MainWindow.all { gtk_window_close(gCast(window.window)) }
        }
        Actions.add(to: application, "about") { [unowned self] in self.showAbout() }
        Actions.add(to: application, "open") { [unowned self] in self.chooseLabelsFiles() }
        Actions.add(to: application, "open-recent", taking: { [unowned self] uri in self.openRecent(uri) })
        // Light, dark, or as the desktop prefers: for every window at once, and remembered.
        styleAction = Actions.addStateful(to: application, "style", state: AppStyle.scheme.rawValue) { [unowned self] name in
            guard let scheme = AppStyle.Scheme(rawValue: name) else { return }
            self.setStyle(scheme)
        }
        // Every Unfold animation, in every window, this many times slower.
        slowMotionAction = Actions.addToggle(to: application, "slow-motion", state: SlowMotion.slowdown != 1) { [unowned self] on in
            self.setSlowMotion(on)
        }
        // With animations off there is nothing to slow: the item is unavailable,
        // not a switch that does nothing. (It follows the setting as it changes.)
        if let settings = gtk_settings_get_default(), let slowMotionAction {
            let follow: @MainActor () -> Void = { Actions.setEnabled(slowMotionAction, AnimationSettings.animationsEnabled(settings)) }
            follow()
            animationsWatch = onNotify(UnsafeMutableRawPointer(settings), "gtk-enable-animations", follow)
        }
        // The Motion Plot under the pages of every window.
        motionPlotAction = Actions.addToggle(to: application, "motion-plot", state: MotionMonitor.isPlotShown) { [unowned self] on in
            self.setMotionPlotShown(on)
        }
        Shortcuts.install(on: application)
    }

    private var motionPlotAction: OpaquePointer?
    private var animationsWatch: SignalConnection?

    func setMotionPlotShown(_ shown: Bool) {
        MotionMonitor.isPlotShown = shown
        if let motionPlotAction { Actions.setState(motionPlotAction, shown) }
    }

    private var styleAction: OpaquePointer?
    private var slowMotionAction: OpaquePointer?
    /// What Slow Motion slows the animations by: ten times, or `--slow-motion`'s factor.
    private var slowMotionFactor = 10.0

    /// Slow Motion on or off; off is real time (not the environment's
    /// `GTK_SLOWDOWN`: the switch says what it shows).
    func setSlowMotion(_ on: Bool) {
        SlowMotion.slowdown = on ? slowMotionFactor : 1
        if let slowMotionAction { Actions.setState(slowMotionAction, on) }
    }

    /// Applies `scheme` and remembers it with the window state.
    func setStyle(_ scheme: AppStyle.Scheme) {
        AppStyle.apply(scheme)
        if let styleAction { Actions.setState(styleAction, scheme.rawValue) }
        do { try stateStore.save(WindowState(style: scheme)) } catch {
            writeToStandardError("unfold: \(error)")
        }
    }

    /// The about window, over the active window.
    public private(set) var aboutWindow: WeakObjectRef?

    private func showAbout() {
        // (Asked first: joining the application, a window becomes its active one.)
        let parent = gtk_application_get_active_window(application)
        var developers: [UnsafePointer<CChar>?] = [UnsafePointer(strdup(tr("The Unfold developers"))), nil]
        defer { developers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        // TRANSLATORS: your name(s), one per line; shown in the About window.
        let credits = tr("translator-credits")
        // An AdwAboutDialog from libadwaita 1.5, an AdwAboutWindow before (CUnfoldAppCompat).
        let about = unfold_about_new(tr("Unfold"), Self.applicationID, Self.version, tr("The Unfold developers"),
                                     tr("Animated disclosure and filtered collections, in Swift on GTK 4."),
                                     Self.website, Self.website + "/issues", GTK_LICENSE_GPL_3_0,
                                     "© 2026 " + tr("The Unfold developers"), &developers,
                                     credits != "translator-credits" ? credits : nil)!
        DialogKeys.install(on: about, application: application, close: { unfold_about_close(about) },
                           goBack: { unfold_about_go_back(about) != 0 })
        // Titled after the app ("About" alone says whose it is only to
        // those who see it), and described as a sighted person reads it at
        // once: a screen reader says the description as the window opens
        // when the keyboard lands on nothing in it.
        Properties.set(about, "title", string: tr("About Unfold"))
        if GTKVersion.labelLinksOutliveTheirLabel { Self.unlinkLicence(of: about) }
        // Its panes and lists are about Unfold (libadwaita 1.2 leaves them
        // unnamed); the title says so already.
        Accessibility.repair(about, context: tr("About Unfold"))
        Accessibility.setDescription(about, fill(tr("{application} {version}, by {developers}"),
                                                 ["application": tr("Unfold"), "version": Self.version,
                                                  "developers": tr("The Unfold developers")]))
        aboutWindow = WeakObjectRef(about)
        unfold_about_present(about, parent)
    }
}

extension UnfoldApplication {
    /// The GPL's name and page, as libadwaita names it (in its own translations).
    nonisolated static let licenceName = "GNU General Public License, version 3 or later"
    nonisolated static let licenceURL = "https://www.gnu.org/licenses/gpl-3.0.html"

    /// The about dialog's licence sentence as libadwaita words it, without
    /// its link (`GTKVersion.labelLinksOutliveTheirLabel`); the link becomes
    /// a row of the Details page, which the keyboard reaches as any row.
    static func unlinkLicence(of about: WidgetPointer) {
        let name = translated(licenceName, in: "libadwaita")
        let sentence = translated("This application comes with absolutely no warranty. See the <a href=\"%s\">%s</a> for details.",
                                  in: "libadwaita")
        Properties.set(about, "license", string: licenceSentence(sentence, naming: name))
        unfold_about_add_link(about, name, licenceURL)
    }

    /// `sentence` (libadwaita's, with a link around its second `%s`) with the
    /// licence's `name` in place of the link, as markup.
    nonisolated static func licenceSentence(_ sentence: String, naming name: String) -> String {
        let escapedText = g_markup_escape_text(name, -1)!
        defer { g_free(escapedText) }
        let escaped = String(cString: escapedText)
        // (A translation may word the link's tag its own way, or number its
        // arguments: any tag goes, and the one argument left is the name.)
        let plain = sentence.replacing(#/<a\b[^>]*>/#, with: "").replacing("</a>", with: "")
        return plain.replacing(#/%(\d\$)?s/#, with: escaped)
    }
}

/// One launch of the app (a command line), held until the labels of each of
/// its windows are shown or have failed: a launch from another process waits
/// for its exit status (1 if any failed), and its messages go to its own terminal.
@MainActor
final class Launch {
    /// Held until the launch ends: its caller waits for it to go.
    private var commandLine: ObjectRef?
    let isRemote: Bool
    /// Whether the desktop started it (no terminal anyone reads).
    let fromDesktop: Bool
    /// The windows whose labels are still loading.
    private var pending: Int
    private var status: Int32

    init(_ commandLine: OpaquePointer, windows: Int = 1, failed: Bool = false, fromDesktop: Bool = false) {
        self.commandLine = ObjectRef(commandLine)
        isRemote = g_application_command_line_get_is_remote(gCast(commandLine)) != 0
        self.fromDesktop = fromDesktop
        pending = windows
        status = failed ? 1 : 0
    }

    /// One window's load ended with `status`: `message` is printed on the
    /// launch's terminal now, and the launch ends with the last window.
    func finish(status: Int32, message: String?) {
        guard let commandLine else { return }
        if let message { unfold_command_line_printerr(gCast(commandLine.raw), message) }
        self.status = max(self.status, status)
        pending -= 1
        guard pending <= 0 else { return }
        self.commandLine = nil
        g_application_command_line_set_exit_status(gCast(commandLine.raw), self.status)
    }

    // (Not `isolated deinit`, Swift 6.2's: Debian 13's Swift is 6.0. GTK
    // lets go of it on its own thread, the main one.)
    deinit {
        MainActor.assumeIsolated {
            pending = 0
            finish(status: 0, message: nil)
        }
    }
}

/// The keys of a window that is not a main window (the about dialog, the
/// shortcuts): the application's own (Ctrl+Q), and Escape or Ctrl+W closes it.
@MainActor
enum DialogKeys {
    /// `close` closes it (a window's own close by default); `goBack`, tried
    /// first on Escape, goes back from an inner page, if it can.
    static func install(on window: WidgetPointer, application: UnsafeMutablePointer<GtkApplication>?,
                        close: (@MainActor () -> Void)? = nil, goBack: @escaping @MainActor () -> Bool = { false }) {
        // (An AdwDialog is no window: it is the app's through its parent's.)
        if let application, g_type_check_instance_is_a(gCast(window), gtk_window_get_type()) != 0 {
            gtk_window_set_application(gCast(window), application)
        }
        let close = close ?? { gtk_window_close(gCast(window)) }
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(keys) { keyval, state in
            let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
            guard keyval == UInt32(GDK_KEY_Escape) || (control && (keyval == UInt32(GDK_KEY_w) || keyval == UInt32(GDK_KEY_W))) else {
                return false
            }
            if keyval == UInt32(GDK_KEY_Escape), goBack() { return true }
            close()
            return true
        }
        gtk_widget_add_controller(window, keys)
    }
}

/// Writes `line` and a line break on standard error, in one write.
func writeToStandardError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
