import Foundation
import Gtk

/// The GtkApplication: command-line options, then one window per activation.
@MainActor
public final class UnfoldApplication {
    public static let applicationID = "io.github.unfold.Unfold"

    public let application: UnsafeMutablePointer<GtkApplication>
    private var reduceMotion = false
    private var startupFailure: String?

    public init() {
        application = gtk_application_new(Self.applicationID, G_APPLICATION_DEFAULT_FLAGS)
        let app: UnsafeMutablePointer<GApplication> = gCast(application)
        // GApplication's own option parsing: `--help` is GTK's, and an unknown
        // option is reported with a non-zero exit status.
        g_application_add_main_option(app, "reduce-motion", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                      "Turn animations off for this run (as GTK's enable-animations setting does)", nil)
        onHandleLocalOptions(app) { [unowned self] options in
            self.reduceMotion = g_variant_dict_contains(options, "reduce-motion") != 0
            return -1
        }
        onSignal(application, "startup") { [unowned self] in
            if self.reduceMotion { AnimationSettings.setAnimationsEnabled(false) }
            do {
                try AppStyle.load()
            } catch {
                self.startupFailure = "\(error)"
                g_application_quit(app)
            }
        }
        let newWindow = g_simple_action_new("new-window", nil)!
        onActionActivated(newWindow) { [unowned self] in
            MainWindow(application: self.application).present()
        }
        g_action_map_add_action(OpaquePointer(application), newWindow)
        g_object_unref(UnsafeMutableRawPointer(newWindow))
        Self.setAccelerators(application, action: "app.new-window", ["<Control>n"])

        onSignal(application, "activate") { [unowned self] in
            guard self.startupFailure == nil else { return }
            MainWindow(application: self.application).present()
        }
    }

    private static func setAccelerators(_ application: UnsafeMutablePointer<GtkApplication>, action: String, _ accelerators: [String]) {
        var strings: [UnsafePointer<CChar>?] = accelerators.map { UnsafePointer(strdup($0)) } + [nil]
        defer { strings.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        gtk_application_set_accels_for_action(application, action, &strings)
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
}
