import Gtk

/// One application window: a header bar with a page switcher above the pages.
@MainActor
public final class MainWindow {
    /// The tutorial's `.frame(minWidth: 360, minHeight: 280)`.
    public static let minimumWidth: Int32 = 360
    public static let minimumHeight: Int32 = 280

    public let window: WidgetPointer
    public let stack: WidgetPointer
    public let revealPage: RevealPage
    public let collectionPage: CollectionPage

    public init(application: UnsafeMutablePointer<GtkApplication>?) {
        window = application.map { gtk_application_window_new($0) } ?? gtk_window_new()
        gtk_window_set_default_size(gCast(window), 520, 600)

        stack = gtk_stack_new()
        gtk_widget_set_size_request(stack, Self.minimumWidth, Self.minimumHeight)
        revealPage = RevealPage()
        gtk_stack_add_titled(gCast(stack), revealPage.widget, "reveal", "Reveal")
        // Each window has its own page, so its own filter: windows never share it.
        collectionPage = CollectionPage()
        gtk_stack_add_titled(gCast(stack), collectionPage.widget, "collection", "Collection")

        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(gCast(switcher), gCast(stack))
        Accessibility.setLabel(switcher, "Pages")
        let headerBar = gtk_header_bar_new()!
        gtk_header_bar_set_title_widget(gCast(headerBar), switcher)
        gtk_window_set_titlebar(gCast(window), headerBar)
        gtk_window_set_child(gCast(window), stack)
        // The window is titled after what it shows, as the tutorial's "Label Collection" window is.
        onNotify(stack, "visible-child") { [unowned self] in self.updateTitle() }
        updateTitle()
        Ownership.attach(self, to: window)
        Self.open.append(Unmanaged.passUnretained(self))
        onSignal(window, "destroy") { [unowned self] in
            Self.open.removeAll { $0.takeUnretainedValue() === self }
        }
    }

    /// Windows open now, oldest first (they own themselves through their GtkWindow).
    private static var open: [Unmanaged<MainWindow>] = []
    public static var all: [MainWindow] { open.map { $0.takeUnretainedValue() } }

    public func present() { gtk_window_present(gCast(window)) }

    static let pageTitles = ["reveal": "Unfold", "collection": "Label Collection"]

    private func updateTitle() {
        let page = gtk_stack_get_visible_child_name(gCast(stack)).map { String(cString: $0) } ?? ""
        gtk_window_set_title(gCast(window), Self.pageTitles[page] ?? "Unfold")
    }

    /// Shows the page named `name` ("reveal", "collection").
    public func showPage(_ name: String) {
        gtk_stack_set_visible_child_name(gCast(stack), name)
    }
}
