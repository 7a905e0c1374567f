import Gtk
import UnfoldCore
import UnfoldWidgets

/// One application window: a header bar (page switcher, primary menu) above the
/// pages. Every window has its own pages, so its own filter and expansion state.
@MainActor
public final class MainWindow {
    /// The tutorial's `.frame(minWidth: 360, minHeight: 280)`.
    public static let minimumWidth: Int32 = 360
    public static let minimumHeight: Int32 = 280
    static let defaultWidth: Int32 = 760
    static let defaultHeight: Int32 = 620

    public let window: WidgetPointer
    public let stack: WidgetPointer
    public let revealPage: RevealPage
    public let nativePage: NativePage
    public let outlinePage: OutlinePage
    public let collectionPage: CollectionPage

    /// Called when the user closes the window, with what it should remember.
    var onClose: ((WindowState) -> Void)?

    public init(application: UnsafeMutablePointer<GtkApplication>?, state: WindowState? = nil,
                collection: LabelCollection = .sample) {
        window = application.map { gtk_application_window_new($0) } ?? gtk_window_new()
        gtk_window_set_default_size(gCast(window), state?.width ?? Self.defaultWidth, state?.height ?? Self.defaultHeight)
        if state?.maximized == true { gtk_window_maximize(gCast(window)) }

        stack = gtk_stack_new()
        gtk_stack_set_transition_type(gCast(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_widget_set_size_request(stack, Self.minimumWidth, Self.minimumHeight)
        revealPage = RevealPage()
        nativePage = NativePage()
        outlinePage = OutlinePage()
        collectionPage = CollectionPage(collection: collection)
        for page in Page.allCases {
            gtk_stack_add_titled(gCast(stack), widget(of: page), page.rawValue, page.title)
        }
        gtk_window_set_child(gCast(window), stack)
        gtk_window_set_titlebar(gCast(window), makeHeaderBar())

        if application != nil { installActions() }
        onNotify(stack, "visible-child") { [unowned self] in self.updateTitle() }
        showPage(state?.page ?? .reveal)
        updateTitle()
        onBoolSignal(window, "close-request") { [unowned self] in
            self.onClose?(self.state)
            return false
        }
        Ownership.attach(self, to: window)
        Self.open.append(Unmanaged.passUnretained(self))
        onSignal(window, "destroy") { [unowned self] in
            Self.open.removeAll { $0.takeUnretainedValue() === self }
        }
    }

    /// Windows open now, oldest first (each owns itself through its GtkWindow).
    private static var open: [Unmanaged<MainWindow>] = []
    public static var all: [MainWindow] { open.map { $0.takeUnretainedValue() } }

    /// Shows the window; a new one starts with the focus in its page, not on
    /// the header bar's first button.
    public func present() {
        gtk_window_present(gCast(window))
        if gtk_root_get_focus(OpaquePointer(window)) == nil { focusPage() }
    }

    /// The collection's filter is that page's first control, and the outline's
    /// selected row is where its keys act; elsewhere focus goes to the first
    /// thing Tab would reach.
    private func focusPage() {
        switch currentPage {
        case .collection: gtk_widget_grab_focus(collectionPage.searchEntry)
        case .outline: outlinePage.focusSelectedRow()
        case .reveal, .native: _ = gtk_widget_child_focus(widget(of: currentPage), GTK_DIR_TAB_FORWARD)
        }
    }

    public func widget(of page: Page) -> WidgetPointer {
        switch page {
        case .reveal: revealPage.widget
        case .native: nativePage.widget
        case .outline: outlinePage.widget
        case .collection: collectionPage.widget
        }
    }

    public var currentPage: Page {
        gtk_stack_get_visible_child_name(gCast(stack)).flatMap { Page(rawValue: String(cString: $0)) } ?? .reveal
    }

    public func showPage(_ page: Page) {
        gtk_stack_set_visible_child_name(gCast(stack), page.rawValue)
    }

    /// Ctrl+F, from anywhere in the window: the collection's filter.
    public func focusFilter() {
        showPage(.collection)
        gtk_widget_grab_focus(collectionPage.searchEntry)
    }

    /// What the window would restore next time.
    public var state: WindowState {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(gCast(window), &width, &height)
        return WindowState(width: width > 0 ? width : Self.defaultWidth, height: height > 0 ? height : Self.defaultHeight,
                           maximized: gtk_window_is_maximized(gCast(window)) != 0, page: currentPage)
    }

    private func updateTitle() {
        gtk_window_set_title(gCast(window), currentPage.windowTitle)
    }

    private func makeHeaderBar() -> WidgetPointer {
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(gCast(switcher), gCast(stack))
        Accessibility.setLabel(switcher, tr("Pages"))
        // Narrow windows get the pages in a drop-down instead: the header bar
        // centres its title, so four labelled buttons would set the window's
        // minimum width far beyond the tutorial's 360 px.
        let squeezer = Squeezer(wide: switcher, narrow: makePageDropDown())

        let menu = g_menu_new()!
        g_menu_append(menu, tr("_Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(menu, tr("_About Unfold"), "app.about")
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(gCast(menuButton), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(gCast(menuButton), gCast(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
        gtk_menu_button_set_primary(gCast(menuButton), 1)  // F10 opens it
        gtk_widget_set_tooltip_text(menuButton, tr("Main Menu"))
        Accessibility.setLabel(menuButton, tr("Main Menu"))

        let headerBar = gtk_header_bar_new()!
        gtk_header_bar_set_title_widget(gCast(headerBar), squeezer.widget)
        gtk_header_bar_pack_end(gCast(headerBar), menuButton)
        return headerBar
    }

    private func makePageDropDown() -> WidgetPointer {
        var titles: [UnsafePointer<CChar>?] = Page.allCases.map { UnsafePointer(strdup($0.title)) } + [nil]
        defer { titles.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        let dropDown = gtk_drop_down_new_from_strings(&titles)!
        Accessibility.setLabel(dropDown, tr("Pages"))
        let selected = { [unowned self] in guint(Page.allCases.firstIndex(of: self.currentPage) ?? 0) }
        onNotify(stack, "visible-child") { gtk_drop_down_set_selected(gCast(dropDown), selected()) }
        onNotify(dropDown, "selected") { [unowned self] in
            let index = Int(gtk_drop_down_get_selected(gCast(dropDown)))
            if Page.allCases.indices.contains(index) { self.showPage(Page.allCases[index]) }
        }
        return dropDown
    }

    /// Window actions; their accelerators are the application's (see UnfoldApplication).
    private func installActions() {
        Actions.add(to: window, "close") { [unowned self] _ in gtk_window_close(gCast(self.window)) }
        Actions.add(to: window, "focus-filter") { [unowned self] _ in self.focusFilter() }
        Actions.add(to: window, "show-page", stringParameter: true) { [unowned self] name in
            guard let page = name.flatMap(Page.init(rawValue:)) else { return }
            self.showPage(page)
            // From the keyboard, the next key should act on the page, not the header.
            self.focusPage()
        }
        let shortcuts = ShortcutsWindow.make()
        gtk_application_window_set_help_overlay(gCast(window), gCast(shortcuts))
        g_object_unref(UnsafeMutableRawPointer(shortcuts))
    }
}
