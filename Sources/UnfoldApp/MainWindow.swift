// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import CUnfoldAppCompat
import UnfoldGtk
import UnfoldCore
import UnfoldWidgets

/// One application window (`UnfoldWindow`, an AdwApplicationWindow): its
/// frame is the template `data/ui/window.ui` (header bar with the page
/// switcher and the main menu, the pages' view stack under a toast overlay,
/// the switcher's bar for narrow windows); the pages are added here. Every
/// window has its own pages, so its own filter and expansion state.
@MainActor
public final class MainWindow: WidgetImplementation {
    /// The tutorial's `.frame(minWidth: 360, minHeight: 280)`.
    public static let minimumWidth: Int32 = 360
    public static let minimumHeight: Int32 = 280
    static let defaultWidth: Int32 = 760
    static let defaultHeight: Int32 = 620

    public override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(
            typeName: "UnfoldWindow", cssName: "window", accessibleRole: GTK_ACCESSIBLE_ROLE_WINDOW,
            parent: { adw_application_window_get_type() },
            // (window.ui for libadwaita 1.2, window-adw-1.4.ui from 1.4: CUnfoldAppCompat.)
            template: .init(resource: AppResources.path("ui/" + String(cString: unfold_window_template)),
                            children: ["header_bar", "header_switcher", "switcher_bar", "menu_button", "toast_overlay", "view_stack",
                                       "motion_slot"]))
    }

    public var window: WidgetPointer { widget }
    /// The AdwViewStack holding the pages.
    public var stack: WidgetPointer { gCast(templateChild("view_stack")) }
    public var headerBar: WidgetPointer { gCast(templateChild("header_bar")) }
    /// The header's page switcher: an AdwViewSwitcherTitle on libadwaita
    /// 1.2, a plain AdwViewSwitcher (taken out when narrow) from 1.4.
    public var headerSwitcher: WidgetPointer { gCast(templateChild("header_switcher")) }
    public var switcherBar: WidgetPointer { gCast(templateChild("switcher_bar")) }
    public var menuButton: WidgetPointer { gCast(templateChild("menu_button")) }
    private var toastOverlay: WidgetPointer { gCast(templateChild("toast_overlay")) }
    private var motionSlot: WidgetPointer { gCast(templateChild("motion_slot")) }
    /// Made the first time the Motion Plot is shown.
    private var motionPanel: MotionPanel?
    /// The Motion Plot under the pages, if it is on now (tests ask).
    var shownMotionPanel: MotionPanel? { gtk_widget_get_visible(motionSlot) != 0 ? motionPanel : nil }

    /// Shows or hides the Motion Plot under the pages.
    func showMotionPlot(_ shown: Bool) {
        if shown && motionPanel == nil {
            let panel = MotionPanel()
            motionPanel = panel
            gtk_box_append(gCast(motionSlot), panel.widget)
        }
        gtk_widget_set_visible(motionSlot, shown ? 1 : 0)
        motionPanel?.setShown(shown)
    }
    /// The main menu (main-menu.ui), whose builder holds it.
    private let mainMenu = AppResources.builder("main-menu.ui")
    /// The main menu's Open Recent submenu (a GMenu).
    private var recentMenu: OpaquePointer { OpaquePointer(mainMenu.object("recent_menu")!) }

    /// Each page is made the first time it shows (or is asked for): a window
    /// opened on the collection never builds the disclosure pages. Until then
    /// the view stack holds an empty holder in its place, so that the
    /// switchers list every page from the start.
    private var holders: [Page: WidgetPointer] = [:]
    private var madeReveal: RevealPage?
    private var madeNative: NativePage?
    private var madeOutline: OutlinePage?
    private var madeCollection: CollectionPage?
    /// What the pages not made yet are made from.
    private var hierarchy: [OutlineNode]?
    private var initialCollection: LabelCollection?

    public var revealPage: RevealPage {
        made(.reveal, \.madeReveal) { hierarchy.map(RevealPage.init(nodes:)) ?? RevealPage() }
    }
    public var nativePage: NativePage {
        made(.native, \.madeNative) { NativePage(nodes: hierarchy ?? SampleData.hierarchy) }
    }
    public var outlinePage: OutlinePage {
        made(.outline, \.madeOutline) { OutlinePage(roots: hierarchy ?? SampleData.hierarchy) }
    }
    public var collectionPage: CollectionPage {
        made(.collection, \.madeCollection) {
            let page = labelsName.map(CollectionPage.init(loading:)) ?? CollectionPage(collection: initialCollection ?? SampleData.labels)
            initialCollection = nil
            connect(page)
            return page
        }
    }

    /// The page in `slot`, made by `make` and put in its place the first time.
    private func made<Content: PageContent>(_ page: Page, _ slot: ReferenceWritableKeyPath<MainWindow, Content?>,
                                            _ make: () -> Content) -> Content {
        if let content = self[keyPath: slot] { return content }
        let content = make()
        self[keyPath: slot] = content
        place(content.widget, as: page)
        return content
    }

    /// Which pages exist yet (tests and the benchmark ask).
    public var madePages: Set<Page> { Set(Page.allCases.filter { isMade($0) }) }

    /// Whether `page` is made yet (asking for the page itself would make it).
    public func isMade(_ page: Page) -> Bool {
        switch page {
        case .reveal: madeReveal != nil
        case .native: madeNative != nil
        case .outline: madeOutline != nil
        case .collection: madeCollection != nil
        }
    }

    /// The window's part in the collection page's work: "Note removed" with
    /// Undo, and the focus following what typing elsewhere put in its filter.
    private func connect(_ collectionPage: CollectionPage) {
        collectionPage.onNoteRemoved = { [unowned self] id, note in self.offerToRestore(note, for: id) }
        collectionPage.onNotesChanged = { [unowned self, unowned collectionPage] in
            if let saveNotesAction = self.saveNotesAction { Actions.setEnabled(saveNotesAction, !collectionPage.notes.isEmpty) }
        }
        collectionPage.onNotesChanged?()
        // What typing elsewhere put in the filter (key capture, below) brings the
        // focus there, to go on typing: a space then is text, not the toggle's.
        onSignal(collectionPage.searchEntry, "changed") { [unowned self, entry = collectionPage.searchEntry] in
            guard self.currentPage == .collection, gtk_window_is_active(gCast(self.window)) != 0,
                  gtk_editable_get_text(gCast(entry)).pointee != 0,
                  gtk_root_get_focus(OpaquePointer(self.window)).map({ UnsafeMutableRawPointer($0) == UnsafeMutableRawPointer(entry)
                      || gtk_widget_is_ancestor(gCast($0), entry) != 0 }) != true,
                  let text = gtk_editable_get_delegate(gCast(entry)) else { return }
            gtk_text_grab_focus_without_selecting(gCast(text))
            gtk_editable_set_position(gCast(entry), -1)
        }
    }

    /// Called when the user closes the window, with what it should remember.
    var onClose: ((WindowState) -> Void)?
    /// Called when the window goes, however it goes.
    var onDestroy: (() -> Void)?
    /// Whether closing it saves its page (a window opened on a page for a
    /// labels file leaves the saved page as the user last chose it).
    var remembersPage = true
    /// The labels file this window shows, if it was opened for one.
    private var labelsName: String?
    /// What Save Notes As… names its file after.
    var savedNotesName: String { labelsName ?? tr("Label Collection") }
    private var showPageAction: OpaquePointer?

    /// A window showing `collection`, or one on its way from `loading` (its
    /// name), or the tutorial's labels; `hierarchy` on the three disclosure
    /// pages, or the tutorial's.
    public static func open(application: UnsafeMutablePointer<GtkApplication>?, state: WindowState? = nil,
                            collection: LabelCollection? = nil, loading: String? = nil,
                            hierarchy: [OutlineNode]? = nil) -> MainWindow {
        AppResources.register()
        let main = make()
        if let application { gtk_window_set_application(gCast(main.window), application) }
        main.setUp(state: state, collection: collection, loading: loading, hierarchy: hierarchy)
        return main
    }

    private func setUp(state: WindowState?, collection: LabelCollection?, loading: String?, hierarchy: [OutlineNode]?) {
        labelsName = loading
        gtk_window_set_default_size(gCast(window), state?.width ?? Self.defaultWidth, state?.height ?? Self.defaultHeight)
        if state?.maximized == true { gtk_window_maximize(gCast(window)) }
        gtk_widget_set_size_request(stack, Self.minimumWidth, Self.minimumHeight)
        // The window's own minimum too, as its content measures: libadwaita
        // 1.4's breakpoints (window-adw-1.4.ui) take the window's, not its content's.
        if let content = adw_application_window_get_content(gCast(window)) {
            var minimumHeight: Int32 = 0
            gtk_widget_measure(content, GTK_ORIENTATION_VERTICAL, -1, &minimumHeight, nil, nil, nil)
            gtk_widget_set_size_request(window, Self.minimumWidth, max(Self.minimumHeight, minimumHeight))
        }
        Widgets.prepareMenuButton(menuButton)
        gtk_menu_button_set_menu_model(gCast(menuButton), mainMenu.object("primary_menu")?.assumingMemoryBound(to: GMenuModel.self))
        Widgets.describeMenuButton(menuButton, label: tr("Main Menu"))
        keepTheKeyboardAfterTheMenu()

        self.hierarchy = hierarchy
        initialCollection = collection
        for page in Page.allCases {
            // The page as its tab names it (libadwaita 1.2's stack pages are
            // not accessible themselves): a screen reader says "Outline panel"
            // as the focus enters it. Set before anything asks what it is.
            let holder = gCast(adw_bin_new(), to: GtkWidget.self)
            Accessibility.setRole(holder, GTK_ACCESSIBLE_ROLE_TAB_PANEL)
            Accessibility.setLabel(holder, page.title)
            holders[page] = holder
            let stackPage = adw_view_stack_add_titled(gCast(stack), holder, page.rawValue, page.title)
            adw_view_stack_page_set_icon_name(stackPage, page.iconName)
        }

        if gtk_window_get_application(gCast(window)) != nil { installActions() }
        showPage(state?.page ?? .reveal)
        gtk_window_set_title(gCast(window), title(showing: currentPage))
        // Only the page on screen is in the accessibility tree, and nothing is
        // named after its type (GTK 4.8 gets both wrong by itself). The pages
        // are repaired as they are made.
        Accessibility.repair(window)
        onNotify(stack, "visible-child") { [unowned self] in
            let isFirstVisit = !self.isMade(self.currentPage)
            self.makeCurrentPage()
            self.pageDidChange()
            // Whichever way the page changed, the next key acts on the page.
            guard gtk_widget_get_mapped(self.window) != 0 else { return }
            // (Deferred only where the keys pressed meanwhile can be handed on.)
            if isFirstVisit && unfold_can_forward_keys != 0 { self.focusPageOnceHeard() } else { self.focusPage() }
        }
        if unfold_can_forward_keys != 0 { keysBeforePageFocus() }
        onNotify(window, "focus-widget") { [unowned self] in self.confineFocusToCurrentPage() }
        makeCurrentPage()
        pageDidChange()
        if MotionMonitor.isPlotShown { showMotionPlot(true) }
        onBoolSignal(window, "close-request") { [unowned self] in
            self.onClose?(self.state)
            return false
        }
        describeSwitchers()
        listRecentFiles()
        acceptDroppedFiles()
        followTheWidthWithToasts()
        Self.open.append(WeakObjectRef(window))
        onSignal(window, "destroy") { [unowned self] in
            self.labelsWatch = nil
            Self.open.removeAll { $0.get()?.raw ?? UnsafeMutableRawPointer(self.window) == UnsafeMutableRawPointer(self.window) }
            self.onDestroy?()
        }
    }

    /// Both page switchers are "Pages"; the bar's is there for assistive
    /// technologies only while it is on screen (libadwaita 1.2 leaves it in
    /// their tree when it slides away).
    private func describeSwitchers() {
        for switcher in Widgets.descendants(of: window, ofType: adw_view_switcher_get_type()) {
            Accessibility.setLabel(switcher, tr("Pages"))
        }
        // A tab is named by its page's title; its icon and label inside only
        // say it again.
        for tab in Widgets.descendants(of: window, ofType: g_type_from_name("AdwViewSwitcherButton")) {
            var part = gtk_widget_get_first_child(tab)
            while let current = part {
                Accessibility.setHidden(current, true)
                part = gtk_widget_get_next_sibling(current)
            }
            // Made at its first focus, the shown page's tab tells its
            // "pressed" state then, which Orca 43 takes for a change and says
            // the tab again: made on screen, it has told it before.
            Accessibility.whenShown(tab) { Accessibility.makeAccessibleNow($0) }
        }
        // Before libadwaita 1.4, the switchers' transitions follow the
        // animation setting (unfold_switchers_follow_animations says why).
        // But a revealer with no transition measures its hidden child whole:
        // the bar, hidden in a wide window, would leave its height empty at
        // the bottom. Without motion, a hidden bar is not shown at all there.
        let followBar: @MainActor () -> Void = { [unowned self] in
            let revealed = adw_view_switcher_bar_get_reveal(gCast(self.switcherBar)) != 0
            Accessibility.setHidden(self.switcherBar, !revealed)
            let shown = revealed || !self.switchersFollowAnimations || AnimationSettings.animationsEnabled(for: self.window)
            gtk_widget_set_visible(self.switcherBar, shown ? 1 : 0)
        }
        onNotify(switcherBar, "reveal", followBar)
        let follow: @MainActor () -> Void = { [unowned self] in
            let animated = AnimationSettings.animationsEnabled(for: self.window)
            self.switchersFollowAnimations = unfold_switchers_follow_animations(self.headerSwitcher, self.switcherBar, animated ? 1 : 0) != 0
            followBar()
        }
        follow()
        animationsWatch = AnimationSettings.observe(for: window, follow)
    }

    private var animationsWatch: SignalConnection?
    /// Whether this libadwaita's switchers needed their transitions set (before 1.4).
    private var switchersFollowAnimations = false

    /// What the window connected to outside itself goes with it.
    public override func dispose() {
        cancelPageFocus()
        animationsWatch?.disconnect()
        animationsWatch = nil
        motionPanel?.dispose()
    }

    /// Windows open now, oldest first (GTK owns them).
    private static var open: [WeakObjectRef] = []
    public static var all: [MainWindow] { open.compactMap { $0.get() }.map { implementation(of: $0.widget) } }

    /// Shows the window; a new one starts with the focus in its page, not on
    /// the header bar's first button.
    ///
    /// A new window shows once assistive technologies can hear it: left to
    /// GTK 4.8, its focus and activation are told before the app is on the
    /// accessibility bus, to nobody, and a screen reader says nothing at launch.
    public func present() {
        let isNew = gtk_widget_get_mapped(window) == 0 && !wasPresented
        wasPresented = true
        guard isNew else {
            gtk_window_present(gCast(window))
            if gtk_root_get_focus(OpaquePointer(window)) == nil { focusPage() }
            return
        }
        AccessibilityBus.whenRegistered {
            // (Closed meanwhile: nothing to show.)
            guard MainWindow.all.contains(where: { $0 === self }) else { return }
            gtk_window_present(gCast(self.window))
            // GTK gives a new window's focus to the first thing it finds: the page switcher.
            self.focusPage()
        }
    }

    private var wasPresented = false

    /// A page made on its first visit takes the focus once assistive
    /// technologies know its controls: GTK 4.8 puts a new widget's accessible
    /// on the bus as the widget is mapped and drawn, and a control focused
    /// before that is heard by its state alone ("collapsed"), then again in
    /// full, its level twice. (A later visit focuses at once.)
    private func focusPageOnceHeard() {
        cancelPageFocus()
        guard let clock = gtk_widget_get_frame_clock(window) else { return focusPage() }
        let page = currentPage
        // The frame clock's signal, not a tick callback: a tick asks the clock
        // for frames as an animation does, and this only waits for one.
        pageFocusAfterPaint = onSignal(UnsafeMutableRawPointer(clock), "after-paint") { [unowned self] in
            self.pageFocusAfterPaint?.disconnect()
            self.pageFocusAfterPaint = nil
            self.pageFocusIdle = Idle.soon(priority: G_PRIORITY_DEFAULT_IDLE) { [unowned self] in
                self.pageFocusIdle = nil
                // (Another page was chosen meanwhile: that one has the focus.)
                if self.currentPage == page { self.focusPage() }
            }
        }
        gtk_widget_queue_draw(window)
    }

    /// A key pressed while a page just made waits to take the focus acts on
    /// the page, as the person meant it to (Alt+2 then Space at once opens the
    /// Native page's first group): the page takes the focus there and then,
    /// and the key goes to it, or to the window's own keys (Tab), never to
    /// the tab the focus was still on (whose Space would turn the page back).
    private func keysBeforePageFocus() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        onKeyPressed(keys) { [unowned self] keyval, _ in
            guard self.pageFocusAfterPaint != nil || self.pageFocusIdle != nil, !Self.isModifier(keyval) else { return false }
            self.cancelPageFocus()
            self.focusPage()
            if let focus = gtk_root_get_focus(OpaquePointer(self.window)), unfold_key_forward(keys, focus) != 0 {
                return true
            }
            // (This controller is the window's too: left out, so as not to
            // handle the key it is handling.)
            gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_NONE)
            _ = unfold_key_forward(keys, self.window)
            gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
            return true
        }
        gtk_widget_add_controller(window, keys)
    }

    /// Shift, Control, Alt and the other keys that only modify the next.
    private static func isModifier(_ keyval: UInt32) -> Bool {
        (UInt32(GDK_KEY_Shift_L)...UInt32(GDK_KEY_Hyper_R)).contains(keyval)
            || (UInt32(GDK_KEY_ISO_Lock)...UInt32(GDK_KEY_ISO_Level5_Lock)).contains(keyval)
    }

    private var pageFocusAfterPaint: SignalConnection?
    private var pageFocusIdle: guint?

    private func cancelPageFocus() {
        pageFocusAfterPaint?.disconnect()
        pageFocusAfterPaint = nil
        if let pageFocusIdle { g_source_remove(pageFocusIdle) }
        pageFocusIdle = nil
    }

    /// The page's first control: the collection's filter; the outline's
    /// selected row, where its keys act; elsewhere the first thing Tab would
    /// reach.
    private func focusPage() {
        switch currentPage {
        case .collection: collectionPage.takeTheKeyboard()
        case .outline: outlinePage.focusSelectedRow()
        case .reveal, .native:
            // From the page's start, not from where the focus last was in it.
            gtk_root_set_focus(OpaquePointer(window), nil)
            _ = gtk_widget_child_focus(widget(of: currentPage), GTK_DIR_TAB_FORWARD)
        }
    }

    /// The page's root widget (making the page if it was not yet).
    public func widget(of page: Page) -> WidgetPointer {
        switch page {
        case .reveal: revealPage.widget
        case .native: nativePage.widget
        case .outline: outlinePage.widget
        case .collection: collectionPage.widget
        }
    }

    private func makeCurrentPage() { _ = widget(of: currentPage) }

    /// Puts a page just made in its holder (which the page's name is on),
    /// repaired for assistive technologies as the rest of the window was.
    private func place(_ pageWidget: WidgetPointer, as page: Page) {
        guard let holder = holders[page] else { preconditionFailure("a MainWindow is made with MainWindow.open") }
        adw_bin_set_child(gCast(holder), pageWidget)
        Accessibility.repair(holder, context: title(showing: page))
    }

    public var currentPage: Page {
        adw_view_stack_get_visible_child_name(gCast(stack)).flatMap { Page(rawValue: String(cString: $0)) } ?? .reveal
    }

    public func showPage(_ page: Page) {
        adw_view_stack_set_visible_child_name(gCast(stack), page.rawValue)
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
        // The query, selected: what is typed next replaces it (a search
        // entry's focus alone leaves the cursor at its end).
        gtk_editable_select_region(gCast(collectionPage.searchEntry), 0, -1)
    }

    /// What the window would restore next time.
    public var state: WindowState {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(gCast(window), &width, &height)
        return WindowState(width: width > 0 ? width : Self.defaultWidth, height: height > 0 ? height : Self.defaultHeight,
                           maximized: gtk_window_is_maximized(gCast(window)) != 0, page: remembersPage ? currentPage : nil)
    }

    /// The toast shown now, if any (tests read it). While it shows, Ctrl+Z
    /// does what its Undo does.
    public private(set) var toast: ObjectRef? {
        didSet {
            if toast == nil { undoLastNoteRemoval = nil }
            if let undoAction { Actions.setEnabled(undoAction, toast != nil) }
        }
    }
    private var undoLastNoteRemoval: (@MainActor () -> Void)?
    private var undoAction: OpaquePointer?
    private var saveNotesAction: OpaquePointer?

    /// Whether the window is still open (not destroyed).
    public var isOpen: Bool { Self.all.contains { $0 === self } }

    /// Says `message` (a file that could not be opened, in the terminal's
    /// words) in a toast that stays until it is dismissed: it may be long.
    /// A `passing` message (something done) goes by itself, as toasts do.
    @discardableResult
    public func tell(_ message: String, passing: Bool = false) -> ObjectRef {
        // A toast's title is markup: a file name may hold "&" or "<".
        let escaped = g_markup_escape_text(message, -1)
        defer { g_free(escaped) }
        let toast = ObjectRef(adopting: UnsafeMutableRawPointer(adw_toast_new(escaped)!))
        if !passing { adw_toast_set_timeout(toast.opaque, 0) }
        adw_toast_overlay_add_toast(OpaquePointer(toastOverlay), toast.transferred())
        for shown in Widgets.descendants(of: toastOverlay, ofType: g_type_from_name("AdwToastWidget")) {
            Accessibility.repair(shown, context: message)
            // libadwaita cuts a toast's title to one line (1.2, and 1.10
            // still ellipsizes it); a file's problem must be read whole: it
            // wraps, however long.
            for title in Widgets.descendants(of: shown, ofType: gtk_label_get_type()) {
                gtk_label_set_ellipsize(gCast(title), PANGO_ELLIPSIZE_NONE)
                gtk_label_set_wrap(gCast(title), 1)
                gtk_label_set_wrap_mode(gCast(title), Widgets.wrapMode(for: message))
            }
            // Tabbed to, its Close says what it closes (only the new toast's
            // is undescribed: one going out may still be there), once: its
            // accessible is made first (see makeAccessibleNow).
            for close in Widgets.descendants(of: shown, ofType: gtk_button_get_type()) where Accessibility.description(of: close) == nil {
                Accessibility.setDescription(close, message)
                Accessibility.makeAccessibleWhenShown(close)
            }
        }
        fitToastTitles()
        if !Adwaita.announcesToasts { announceWhereTheFocusIs(message) }
        return toast
    }

    /// Toasts are not heard before libadwaita 1.6: the app announces their
    /// words itself. (On GTK 4.8, which has no announcement, the control the
    /// keyboard is on says them until the keyboard leaves it, and then what
    /// it said before, unless it has been given something else meanwhile, a
    /// filter's new count: Orca says a new description of that control.)
    private func announceWhereTheFocusIs(_ message: String) {
        guard gtk_window_is_active(gCast(window)) != 0, let focus = gtk_root_get_focus(OpaquePointer(window)) else { return }
        Accessibility.announce(message, at: Accessibility.speakingControl(for: gCast(focus)))
    }

    /// Makes each toast's lines as long as the window has room for, up to 60
    /// characters. libadwaita 1.2 gives a toast's title its natural width
    /// whatever width the toast has: in a narrow window a wrapped title
    /// longer than the window ran off its side, with the close button.
    private func fitToastTitles() {
        var width = gtk_widget_get_width(toastOverlay)
        toastsFittedTo = width
        if width <= 0 {  // told before it is shown (GTK 4.8 writes both sizes, whichever is asked for)
            var height: Int32 = 0
            gtk_window_get_default_size(gCast(window), &width, &height)
        }
        guard width > 0 else { return }
        // (The toasts are the overlay's own children, beside its content.)
        var child = gtk_widget_get_first_child(toastOverlay)
        while let shown = child {
            child = gtk_widget_get_next_sibling(shown)
            guard g_type_check_instance_is_a(gCast(shown), g_type_from_name("AdwToastWidget")) != 0 else { continue }
            var toastMinimum: Int32 = 0
            gtk_widget_measure(shown, GTK_ORIENTATION_HORIZONTAL, -1, &toastMinimum, nil, nil, nil)
            for title in Widgets.descendants(of: shown, ofType: gtk_label_get_type()) where gtk_widget_has_css_class(title, "heading") != 0 {
                var titleMinimum: Int32 = 0
                gtk_widget_measure(title, GTK_ORIENTATION_HORIZONTAL, -1, &titleMinimum, nil, nil, nil)
                let metrics = pango_context_get_metrics(gtk_widget_get_pango_context(title), nil, nil)
                let characterWidth = max(1, pango_font_metrics_get_approximate_char_width(metrics) / PANGO_SCALE)
                pango_font_metrics_unref(metrics)
                // The toast's own parts beside the title, and its margins in the overlay.
                let room = width - (toastMinimum - titleMinimum) - 2 * Self.toastMargin
                gtk_label_set_max_width_chars(gCast(title), min(60, max(10, room / characterWidth)))
            }
        }
    }

    /// A toast's lines follow the window's width: its surface's "layout"
    /// (the new size, two ints, as a range signal's C signature) comes after
    /// GTK has laid the window out for it.
    private func followTheWidthWithToasts() {
        onSignal(window, "realize") { [unowned self] in
            let surface = UnsafeMutableRawPointer(gtk_native_get_surface(OpaquePointer(self.window))!)
            // (Every frame that lays out: only a new width is worth the walk.)
            onRangeSignal(surface, "layout") { [unowned self] _, _ in
                if gtk_widget_get_width(self.toastOverlay) != self.toastsFittedTo { self.fitToastTitles() }
            }
        }
    }

    /// The toast overlay's width when the toasts' lines were last fitted to it.
    private var toastsFittedTo: Int32 = 0

    /// libadwaita 1.2's margin around a toast (its style sheet's `toast { margin: 12px }`).
    private static let toastMargin: Int32 = 12

    /// Called with the local paths of files dropped on the window.
    var onFilesDropped: (([String]) -> Void)?

    /// Files dragged from a file manager (a file list, or the `text/uri-list`
    /// it is made from) open as Open… opens them. While a drag is over the
    /// window's content, libadwaita outlines it (`:drop(active)`), as GNOME's
    /// apps show where a drop lands.
    private func acceptDroppedFiles() {
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        onDrop(target) { [unowned self] value in
            guard let list = g_value_get_boxed(value), let files = gdk_file_list_get_files(OpaquePointer(list)) else { return false }
            defer { g_slist_free(files) }
            var paths: [String] = []
            var node: UnsafeMutablePointer<GSList>? = files
            while let current = node {
                if let path = OpenLabels.path(of: OpaquePointer(current.pointee.data)) { paths.append(path) }
                node = current.pointee.next
            }
            guard !paths.isEmpty else { return false }
            self.onFilesDropped?(paths)
            return true
        }
        toastOverlay.addCSSClass("drop-area")
        gtk_widget_add_controller(toastOverlay, target)
    }

    /// The full path of the regular file this window shows, once it is loaded.
    var labelsPath: String?

    /// The watch on the labels file this window shows, for new versions of it.
    var labelsWatch: LabelsWatch? {
        didSet { oldValue?.cancel() }
    }

    /// What says that the file's latest version could not be read, or that
    /// the file is gone, while it shows.
    private var fileProblemToast: ObjectRef?

    /// Takes away what `fileProblemToast` said: it no longer holds.
    private func dismissFileProblem() {
        if let toast = fileProblemToast { adw_toast_dismiss(toast.opaque) }
        fileProblemToast = nil
    }

    /// The labels file changed on disk: the page shows its new version.
    func showNewVersion(_ collection: LabelCollection, of name: String) {
        let problemShown = fileProblemToast != nil
        dismissFileProblem()
        collectionPage.reload(collection)
        collectionPage.noteStore.labelsFileChanged()
        LabelsWatch.debug("reloaded \(name): \(collection.count) labels")
        // The toast that said the file was gone or unreadable goes: heard
        // too (with the labels' count), or the last thing a screen reader
        // said would stay the news.
        // TRANSLATORS: said when a labels file that was gone, or could not be read, is shown again.
        if problemShown { collectionPage.sayWithNextResult(fill(tr("{file} is back"), ["file": name])) }
    }

    /// The file's new version could not be read: the last one that could
    /// stays shown, and the window says why, until a good one comes.
    func sayNewVersionUnreadable(_ problem: String) {
        dismissFileProblem()
        // TRANSLATORS: {problem} is what is wrong with the file, with its name and the place.
        let message = fill(tr("{problem} — the labels shown are the last version that could be read"), ["problem": problem])
        fileProblemToast = tell(message)
        LabelsWatch.debug("not reloaded: \(problem)")
    }

    /// The file was deleted (or moved away, to the trash too): its last
    /// version stays shown, with its notes, and the window says so.
    func sayLabelsFileGone(_ name: String) {
        dismissFileProblem()
        // TRANSLATORS: {file} is the labels file's name, as it was opened.
        fileProblemToast = tell(fill(tr("{file} is no longer there (deleted or moved away) — the labels shown are its last version"),
                                     ["file": name]))
        LabelsWatch.debug("gone: \(name)")
    }

    /// The file was renamed: the window, its title and its notes follow it.
    func followMovedLabelsFile(to path: String) {
        dismissFileProblem()
        labelsPath = NoteStore.canonical(path)
        labelsName = LabelsLoad.fileName(of: path)
        collectionPage.noteStore.labelsFileMoved(to: path)
        showTitle()
    }

    /// Says in this window what goes wrong with keeping `store`'s notes (a
    /// full disk, an unreadable notes file).
    func sayProblems(of store: NoteStore) {
        store.onProblem = { [weak self] message in self?.tell(message) }
        if let pending = store.pendingProblem {
            store.pendingProblem = nil
            tell(pending)
        }
    }

    /// A menu item that opens a window (About, Keyboard Shortcuts) leaves
    /// the keyboard nowhere in this one when that window closes: GTK 4.8
    /// moves it out of the closing menu only at this window's next frame,
    /// which comes after the other window took it, and finds nothing. The
    /// keyboard goes back to the menu button, as the menu was left — once
    /// this window is active, so that a screen reader hears it go there.
    private func keepTheKeyboardAfterTheMenu() {
        guard let popover = gtk_menu_button_get_popover(gCast(menuButton)) else { return }
        var menuJustClosed = false
        let window = WeakObjectRef(UnsafeMutableRawPointer(self.window)), button = WeakObjectRef(UnsafeMutableRawPointer(menuButton))
        let keepTheKeyboard: @MainActor () -> Void = {
            guard menuJustClosed, let window = window.get(), let button = button.get(),
                  gtk_window_is_active(gCast(window.widget)) != 0 else { return }
            menuJustClosed = false
            let focus = gtk_root_get_focus(gCast(window.widget))
            if focus == nil || gtk_widget_get_mapped(focus) == 0 { gtk_widget_grab_focus(button.widget) }
        }
        onSignal(popover, "closed") {
            menuJustClosed = true
            Idle.soon(keepTheKeyboard)
        }
        onNotify(self.window, "is-active", keepTheKeyboard)
        // Opened again, it starts afresh.
        onSignal(popover, "show") { menuJustClosed = false }
    }

    /// Open Recent lists Unfold's recent files, kept up to date as they change
    /// (in any window, or any program that writes the same list).
    private func listRecentFiles() {
        RecentLabels.fill(recentMenu)
        let manager = UnsafeMutableRawPointer(gtk_recent_manager_get_default()!)
        // The handler holds the menu, not the window: it goes on destroy.
        let menu = ObjectRef(recentMenu)
        let connection = onSignal(manager, "changed") { RecentLabels.fill(menu.opaque) }
        // A file deleted meanwhile says nothing to the list: the menu looks
        // again each time it opens.
        if let toggle = gtk_widget_get_first_child(menuButton) {
            onSignal(toggle, "toggled") { [menu] in
                if gtk_toggle_button_get_active(gCast(toggle)) != 0 { RecentLabels.fill(menu.opaque) }
            }
        }
        // The manager lives as long as the process; the window does not.
        onSignal(window, "destroy") { connection.disconnect() }
    }

    /// "Note removed", with Undo, for a moment.
    private func offerToRestore(_ note: String, for id: Int) {
        let toast = ObjectRef(adopting: UnsafeMutableRawPointer(adw_toast_new(tr("Note removed"))!))
        adw_toast_set_button_label(toast.opaque, tr("_Undo"))
        // Toasts are not heard before libadwaita 1.6: the app says what this
        // one says (and then that the note came back). On GTK 4.8, which has
        // no announcement, the row says it, if it still shows.
        let labelRow = { [weak page = collectionPage] () -> LabelRow? in
            page?.rowWidget(for: id).flatMap { Ownership.owner(of: $0) as? LabelRow }
        }
        let removed = tr("Note removed; Ctrl+Z puts it back")
        if Accessibility.announces {
            if !Adwaita.announcesToasts { announceWhereTheFocusIs(removed) }
        } else {
            labelRow()?.sayOfNote(removed)
        }
        let undo: @MainActor () -> Void = { [unowned self] in
            self.collectionPage.restoreNote(note, for: id)
            // Back to the row whose note came back (the toast, and its button,
            // go). On GTK 4.8 described before the keyboard reaches it:
            // described after, Orca would say it with the focus and again as
            // a change.
            let restored = tr("Note restored")
            if Accessibility.announces {
                if let row = self.collectionPage.rowWidget(for: id) {
                    gtk_widget_grab_focus(row)
                    Accessibility.announce(restored, at: row)
                }
                return
            }
            labelRow()?.sayOfNote(restored, onRow: true)
            if let row = self.collectionPage.rowWidget(for: id) { gtk_widget_grab_focus(row) }
            // Said once: back from another window (the shortcuts, a file
            // chooser), Orca reads the row again, which no longer says so.
            var saidOnce: SignalConnection?
            saidOnce = onNotify(self.window, "is-active") { [weak self] in
                guard let self, gtk_window_is_active(gCast(self.window)) == 0 else { return }
                if labelRow()?.saysOfNote == restored { labelRow()?.sayOfNote(nil) }
                saidOnce?.disconnect()
                saidOnce = nil
            }
        }
        onSignal(toast.raw, "button-clicked", undo)
        onSignal(toast.raw, "dismissed") { [weak self, weak toast] in
            guard let self else { return }
            if self.toast === toast { self.toast = nil }
            // Gone by itself: the row no longer says so.
            if labelRow()?.note.isEmpty == true { labelRow()?.sayOfNote(nil) }
        }
        self.toast = toast
        undoLastNoteRemoval = { [weak toast] in
            undo()
            if let toast { adw_toast_dismiss(toast.opaque) }
        }
        adw_toast_overlay_add_toast(OpaquePointer(toastOverlay), toast.transferred())
        // The toast's parts (libadwaita 1.2 leaves them named after their types).
        for shown in Widgets.descendants(of: toastOverlay, ofType: g_type_from_name("AdwToastWidget")) {
            Accessibility.repair(shown, context: tr("Note removed"))
        }
    }

    private func showTitle() {
        let title = title(showing: currentPage)
        gtk_window_set_title(gCast(window), title)
        unfold_header_switcher_set_title(headerSwitcher, title)
    }

    /// Only the page on screen takes the focus. libadwaita 1.4's view stack
    /// unmaps the page it leaves at its next frame, not at once: Tab pressed
    /// before that went through the page just left. A page keeps the focus
    /// it holds until the focus goes elsewhere (made unfocusable under it,
    /// it would drop the focus, and a screen reader would say the window's
    /// name before the next page's first control).
    private func confineFocusToCurrentPage() {
        // (libadwaita 1.2's stack unmaps at once; there Orca heard the window's
        // name as the focus went from page to page with its pages' focusability
        // changing under it.)
        guard Adwaita.stackUnmapsLate else { return }
        let focus = gtk_root_get_focus(OpaquePointer(window)).map { gCast($0, to: GtkWidget.self) }
        for (page, holder) in holders {
            let focusable = page == currentPage || (focus?.isInside(holder) ?? false)
            if (gtk_widget_get_can_focus(holder) != 0) != focusable { gtk_widget_set_can_focus(holder, focusable ? 1 : 0) }
        }
    }

    private func pageDidChange() {
        showTitle()
        confineFocusToCurrentPage()
        if let showPageAction { Actions.setState(showPageAction, currentPage.rawValue) }
        // On the Collection page, typing anywhere in the window filters, as in
        // GNOME's Settings and Files.
        if currentPage == .collection {
            gtk_search_entry_set_key_capture_widget(gCast(collectionPage.searchEntry), window)
        } else if let madeCollection {
            gtk_search_entry_set_key_capture_widget(gCast(madeCollection.searchEntry), nil)
        }
    }

    /// What the window is titled while `page` shows: a window for a labels
    /// file says which on every page (several can be open).
    private func title(showing page: Page) -> String {
        guard let labelsName else { return page.windowTitle }
        return page == .collection ? fill(tr("{file} — Label Collection"), ["file": labelsName])
                                   // TRANSLATORS: a window's title: {file} is a labels file's name, Unfold the app's.
                                   : fill(tr("{file} — Unfold"), ["file": labelsName])
    }

    /// Window actions; their accelerators are in `Shortcuts`.
    private func installActions() {
        Actions.add(to: window, "close") { [unowned self] in gtk_window_close(gCast(self.window)) }
        Actions.add(to: window, "focus-filter") { [unowned self] in self.focusFilter() }
        // Stateful, so that a page's radio item can show which page is shown.
        showPageAction = Actions.addStateful(to: window, "show-page", state: currentPage.rawValue) { [unowned self] name in
            guard let page = Page(rawValue: name) else { return }
            let wasShown = self.currentPage == page
            self.showPage(page)
            // From the keyboard or the menu, the next key should act on the
            // page, not the header. (Changing the page focused it already, or
            // will once its new controls are heard.)
            if wasShown { self.focusPage() }
        }
        Actions.add(to: window, "show-help-overlay") { [unowned self] in self.showShortcuts() }
        // Only with notes to save (a file of headers alone is no one's
        // answer): until the page is made, a labels file may have some.
        saveNotesAction = Actions.add(to: window, "save-notes") { [unowned self] in self.chooseWhereToSaveNotes() }
        Actions.setEnabled(saveNotesAction!, madeCollection.map { !$0.notes.isEmpty } ?? (labelsName != nil))
        // Disabled but while "Note removed" shows: otherwise Ctrl+Z is the
        // text field's own undo.
        undoAction = Actions.add(to: window, "undo-note-removal") { [unowned self] in self.undoLastNoteRemoval?() }
        Actions.setEnabled(undoAction!, false)
    }
}
