/// GTK's C API comes with the widgets: a package that imports UnfoldWidgets
/// can make a window to put them in.
@_exported import Gtk

/// Every Unfold widget type, registered with GObject.
@MainActor
public enum UnfoldTypes {
    public static let all: [WidgetImplementation.Type] = [Reveal.self, Chevron.self, RevealGroup.self, LazyColumn.self]

    /// Registers them all (once; later calls do nothing): then
    /// `g_type_from_name("UnfoldRevealGroup")` and GtkBuilder files find them.
    public static func register() {
        for type in all { _ = type.gType }
    }
}

/// `void unfold_init (void)`: registers every Unfold GType, for C code and
/// GtkBuilder. Idempotent; call it on the thread that runs GTK, after gtk_init.
@_cdecl("unfold_init")
public func unfold_init() {
    MainActor.assumeIsolated { UnfoldTypes.register() }
}
