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
    /// Called when the window goes, however it goes.
    var onDestroy: (() -> Void)?
    /// Whether closing it saves its page (a window opened on a page for a
    /// labels file leaves the saved page as the user last chose it).
    var remembersPage = true

    /// A window showing `collection`, or one on its way from `loading` (its
    /// name), or the tutorial's labels; `hierarchy` on the three disclosure
    /// pages, or the tutorial's.
    public init(application: UnsafeMutablePointer<GtkApplication>?, state: WindowState? = nil,
                collection: LabelCollection? = nil, loading: String? = nil,
                hierarchy: [OutlineNode]? = nil) {
        labelsName = loading
        window = application.map { gtk_application_window_new($0) } ?? gtk_window_new()
        gtk_window_set_default_size(gCast(window), state?.width ?? Self.defaultWidth, state?.height ?? Self.defaultHeight)
        if state?.maximized == true { gtk_window_maximize(gCast(window)) }

        stack = gtk_stack_new()
        gtk_stack_set_transition_type(gCast(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Only the page shown is measured: a homogeneous stack would measure all
        // four at every layout, for a size the window's minimum already fixes.
        gtk_stack_set_hhomogeneous(gCast(stack), 0)
        gtk_stack_set_vhomogeneous(gCast(stack), 0)
        gtk_widget_set_size_request(stack, Self.minimumWidth, Self.minimumHeight)
        // The tutorial's own hierarchy comes from the Reveal page's .ui file.
        revealPage = hierarchy.map(RevealPage.init(nodes:)) ?? RevealPage()
        nativePage = NativePage(nodes: hierarchy ?? SampleData.hierarchy)
        outlinePage = OutlinePage(roots: hierarchy ?? SampleData.hierarchy)
        collectionPage = loading.map(CollectionPage.init(loading:)) ?? CollectionPage(collection: collection ?? SampleData.labels)
        for page in Page.allCases {
            gtk_stack_add_titled(gCast(stack), widget(of: page), page.rawValue, page.title)
        }
        gtk_window_set_child(gCast(window), stack)
        gtk_window_set_titlebar(gCast(window), makeHeaderBar())

        if application != nil { installActions() }
        onNotify(stack, "visible-child") { [unowned self] in self.pageDidChange() }
        showPage(state?.page ?? .reveal)
        pageDidChange()
        onBoolSignal(window, "close-request") { [unowned self] in
            self.onClose?(self.state)
            return false
        }
        // Only the page on screen is in the accessibility tree, and nothing is
        // named after its type (GTK 4.8 gets both wrong by itself).
        Accessibility.repair(window)
        Ownership.attach(self, to: window)
        Self.open.append(Unmanaged.passUnretained(self))
        onSignal(window, "destroy") { [unowned self] in
            Self.open.removeAll { $0.takeUnretainedValue() === self }
            self.onDestroy?()
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
        case .reveal, .native:
            // From the page's start, not from where the focus last was in it
            // (which GtkStack would bring back).
            gtk_root_set_focus(OpaquePointer(window), nil)
            _ = gtk_widget_child_focus(widget(of: currentPage), GTK_DIR_TAB_FORWARD)
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

    /// The keyboard shortcuts window, over this one (one at a time).
    public private(set) var shortcutsWindow: WidgetPointer?

    func showShortcuts() {
        if shortcutsWindow == nil {
            let shortcuts = ShortcutsWindow.make(for: window)
            shortcutsWindow = shortcuts
            onSignal(shortcuts, "destroy") { [weak self] in self?.shortcutsWindow = nil }
        }
        gtk_window_present(gCast(shortcutsWindow!))
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
                           maximized: gtk_window_is_maximized(gCast(window)) != 0, page: remembersPage ? currentPage : nil)
    }

    private var showPageAction: OpaquePointer?

    /// The labels file this window shows, if it was opened for one.
    private let labelsName: String?

    private func pageDidChange() {
        // A window for a labels file says which: several can be open.
        let title = currentPage == .collection && labelsName != nil
            ? fill(tr("{file} — Label Collection"), ["file": labelsName!]) : currentPage.windowTitle
        gtk_window_set_title(gCast(window), title)
        if let showPageAction { Actions.setState(showPageAction, currentPage.rawValue) }
    }

    private func makeHeaderBar() -> WidgetPointer {
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(gCast(switcher), gCast(stack))
        Accessibility.setLabel(switcher, tr("Pages"))
        // Narrow windows get the pages in a menu instead: the header bar
        // centres its title, so four labelled buttons would set the window's
        // minimum width far beyond the tutorial's 360 px.
        let squeezer = Squeezer.make(wide: switcher, narrow: makePageMenu())

        let menu = ObjectRef(adopting: UnsafeMutableRawPointer(g_menu_new()!))
        g_menu_append(menu.opaque, tr("_Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(menu.opaque, tr("_About Unfold"), "app.about")
        let menuButton = Widgets.menuButton(iconName: "open-menu-symbolic", label: tr("Main Menu"), menu: gCast(menu.raw))
        gtk_menu_button_set_primary(gCast(menuButton), 1)  // F10 opens it

        let headerBar = gtk_header_bar_new()!
        gtk_header_bar_set_title_widget(gCast(headerBar), squeezer.widget)
        gtk_header_bar_pack_end(gCast(headerBar), menuButton)
        return headerBar
    }

    /// The pages as a menu, for windows too narrow for the switcher: a button
    /// that says which page is shown, and the pages as radio items.
    private func makePageMenu() -> WidgetPointer {
        let menu = ObjectRef(adopting: UnsafeMutableRawPointer(g_menu_new()!))
        for page in Page.allCases {
            g_menu_append(menu.opaque, page.title, "win.show-page::\(page.rawValue)")
        }
        let button = Widgets.menuButton(iconName: "view-list-symbolic", label: tr("Pages"), menu: gCast(menu.raw))
        // A label of our own: GtkMenuButton's would be added to the name below.
        let title = Widgets.label("")
        let content = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        Widgets.append(title, to: content)
        Widgets.append(gtk_image_new_from_icon_name("pan-down-symbolic"), to: content)
        gtk_menu_button_set_child(gCast(button), content)
        let update: @MainActor () -> Void = { [unowned self] in
            gtk_label_set_text(gCast(title), self.currentPage.title)
            // TRANSLATORS: the narrow window's page menu, for screen readers.
            Accessibility.setLabel(gtk_widget_get_first_child(button)!, fill(tr("Page: {page}"), ["page": self.currentPage.title]))
        }
        update()
        onNotify(stack, "visible-child", update)
        return button
    }

    /// Window actions; their accelerators are the application's (see UnfoldApplication).
    private func installActions() {
        Actions.add(to: window, "close") { [unowned self] in gtk_window_close(gCast(self.window)) }
        Actions.add(to: window, "focus-filter") { [unowned self] in self.focusFilter() }
        // Stateful, so that the narrow window's page menu checks the page shown.
        showPageAction = Actions.addStateful(to: window, "show-page", state: currentPage.rawValue) { [unowned self] name in
            guard let page = Page(rawValue: name) else { return }
            self.showPage(page)
            // From the keyboard or the menu, the next key should act on the page, not the header.
            self.focusPage()
        }
        Actions.add(to: window, "show-help-overlay") { [unowned self] in self.showShortcuts() }
    }
}
