// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import Foundation
import UnfoldGtk
import UnfoldGtkTestSupport
@testable import UnfoldApp
import UnfoldCore
import XCTest

final class PagesTests: GtkTestCase {
    func testEveryPageBuildsAndShows() {
        onMain {
            let main = MainWindow.open(application: nil)
            main.present()
            defer { gtk_window_destroy(gCast(main.window)) }
            for page in Page.allCases {
                main.showPage(page)
                XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(main.widget(of: page)) != 0 }), "\(page) is shown")
                XCTAssertEqual(main.currentPage, page)
                XCTAssertTrue(iterate(until: { gtk_widget_get_height(main.widget(of: page)) > 100 }), "\(page) is laid out")
            }
            XCTAssertEqual(Page.allCases.map(\.rawValue), ["reveal", "native", "outline", "collection"])
        }
    }

    /// A window makes each page the first time it shows: one opened on the
    /// collection (as for a labels file) never builds the disclosure pages.
    /// A page made later is in its tab's place, named after it, and repaired
    /// for assistive technologies as the rest of the window was.
    func testPagesAreMadeWhenFirstShown() throws {
        onMain {
            let main = MainWindow.open(application: nil, state: WindowState(page: .collection))
            main.present()
            defer { gtk_window_destroy(gCast(main.window)) }
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(main.collectionPage.widget) != 0 }))
            XCTAssertEqual(main.madePages, [.collection], "only the page on screen is made")

            main.showPage(.outline)
            XCTAssertEqual(main.madePages, [.collection, .outline], "a page is made when it is first shown")
            let outline = main.outlinePage.widget
            XCTAssertTrue(outline.isInside(main.stack), "in the view stack")
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(outline) != 0 && gtk_widget_get_height(outline) > 100 }), "shown and laid out")
            // What holds it is the tab's panel, named after the tab (a screen
            // reader says "Outline panel" as the focus comes in).
            let panel = gtk_widget_get_parent(outline)!
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Outline") }, panel), "named after its tab")
            XCTAssertEqual(gtk_accessible_get_accessible_role(panel.accessible), GTK_ACCESSIBLE_ROLE_TAB_PANEL)
            let scrollbars = descendants(of: outline, ofType: gtk_scrollbar_get_type())
            XCTAssertFalse(scrollbars.isEmpty)
            for scrollbar in scrollbars {
                XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_hidden($0, 1) }, scrollbar), "repaired: its pane speaks for its scroll bar")
            }
            XCTAssertEqual(main.currentPage, .outline)
            // (A frame later: once its accessibles are on the bus, see MainWindow.focusPageOnceHeard.)
            XCTAssertTrue(iterate(until: { Self.focusIsInside(outline, of: main) }), "the focus went to the page made")

            // Asked for before it shows (as the Undo of a note does), a page is made in its place too.
            XCTAssertTrue(main.nativePage.widget.isInside(main.stack))
            XCTAssertEqual(main.madePages, [.collection, .outline, .native])
        }
    }

    /// A page made on its first visit takes the focus a frame later; a key
    /// pressed before then still acts on the page, as the person meant: Space
    /// right after the switch opens the Native page's first group, and does
    /// not press the tab the focus was on (which turned the page back).
    func testAKeyPressedRightAfterAFirstVisitActsOnThePage() {
        onMain {
            let main = MainWindow.open(application: nil, state: WindowState(page: .reveal))
            main.present()
            defer { gtk_window_destroy(gCast(main.window)) }
            XCTAssertTrue(iterate(until: { Self.focusIsInside(main.revealPage.widget, of: main) }))
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { !Self.focusIsInside(main.revealPage.widget, of: main) }), "the focus left the page")
            main.showPage(.native)
            XInput.key("space")  // before the loop runs again: while the page waits to take the focus
            @MainActor func anyGroupOpen() -> Bool { main.nativePage.expanders.values.contains { gtk_expander_get_expanded(gCast($0)) != 0 } }
            XCTAssertTrue(iterate(until: anyGroupOpen), "Space opened the Native page's first group")
            XCTAssertEqual(main.currentPage, .native, "and did not press the tab the focus was on")
            XCTAssertTrue(Self.focusIsInside(main.nativePage.widget, of: main))
        }
    }

    @MainActor
    static func focusIsInside(_ page: WidgetPointer, of main: MainWindow) -> Bool {
        gtk_root_get_focus(OpaquePointer(main.window)).map { gCast($0, to: GtkWidget.self).isInside(page) } ?? false
    }

    func testNativePageIsNestedExpandersThatKeepTheirState() {
        onMain {
            let page = NativePage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            let collection: OpaquePointer = gCast(page.expanders[1]!)
            let shapes: OpaquePointer = gCast(page.expanders[2]!)
            XCTAssertEqual(String(cString: gtk_expander_get_label(collection)), "Collection")
            gtk_expander_set_expanded(collection, 1)
            // GtkExpander parents its child only while expanded.
            XCTAssertTrue(page.expanders[2]!.isInside(page.expanders[1]!), "Shapes is nested in Collection")
            gtk_expander_set_expanded(shapes, 1)
            gtk_expander_set_expanded(collection, 0)
            gtk_expander_set_expanded(collection, 1)
            XCTAssertEqual(gtk_expander_get_expanded(shapes), 1)
        }
    }

    /// GNOME's restyled disclosure: AdwExpanderRow in a boxed list, the
    /// hierarchy nested, toggled by a click on its header and by Space on the
    /// row, saying its state to assistive technologies each time.
    func testNativePageExpanderRowsByMouseAndKeyboard() throws {
        try onMain {
            let page = NativePage()
            let window = TestWindow(child: page.widget, width: 480, height: 600)
            defer { window.destroy() }
            let collection = try XCTUnwrap(page.expanderRows[1])
            let shapes = try XCTUnwrap(page.expanderRows[2])
            XCTAssertTrue(shapes.isInside(collection), "Shapes is nested in Collection")
            @MainActor func expanded(_ row: WidgetPointer) -> Bool { adw_expander_row_get_expanded(gCast(row)) != 0 }
            // The row's header is the control, for the keyboard and the pointer alike.
            let collectionHeader = try XCTUnwrap(ExpanderRowAccessibility.header(of: collection))
            let shapesHeader = try XCTUnwrap(ExpanderRowAccessibility.header(of: shapes))
            @MainActor func says(_ row: WidgetPointer, _ state: Bool, _ why: String) {
                XCTAssertEqual(expanded(row), state, why)
                let header = ExpanderRowAccessibility.header(of: row)!
                XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_expanded($0, state ? 1 : 0) }, header), why)
            }
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Collection") }, collectionHeader), "named by its title")
            says(collection, false, "closed at first")
            XInput.focus(window)
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(collection) != 0 }))
            let closedArrow = try Self.arrowPixels(collection)
            XInput.click(collectionHeader)
            XCTAssertTrue(iterate(until: { expanded(collection) }), "a click on the header opens it")
            says(collection, true, "opened by the mouse")
            // Its children slide into view: Shapes comes on screen.
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(shapes) != 0 && gtk_widget_get_height(shapes) > 0 }))
            // Shapes is closed, and its arrow says so (once the arrows have
            // turned and the row has slid in): as Following item's would, were
            // it a group; as Collection's did before it opened.
            iterate(until: { (try? Self.arrowPixels(shapes)) == closedArrow })
            XCTAssertEqual(try Self.arrowPixels(shapes), closedArrow, "a closed row inside an open one has a closed row's arrow")
            XCTAssertNotEqual(try Self.arrowPixels(collection), closedArrow, "the open row's arrow has turned")

            // By the keyboard, as a user gets there: Tab from the last plain
            // expander onto the first row, Tab again into its children.
            gtk_widget_grab_focus(page.expanders[1]!)
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { gtk_widget_has_focus(collectionHeader) != 0 }), "Tab reaches the first row")
            XInput.key("space")
            XCTAssertTrue(iterate(until: { !expanded(collection) }), "Space closes it")
            says(collection, false, "closed by the keyboard")
            XInput.key("Return")
            XCTAssertTrue(iterate(until: { expanded(collection) }), "Enter opens it")
            says(collection, true, "opened by the keyboard")
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { gtk_widget_has_focus(shapesHeader) != 0 }), "Tab goes on into its children")
            XInput.key("space")
            XCTAssertTrue(iterate(until: { expanded(shapes) }), "Space on the focused row opens it")
            says(shapes, true, "opened by the keyboard")
        }
    }

    /// The pixels of an expander row's arrow, as drawn now.
    @MainActor
    static func arrowPixels(_ expanderRow: WidgetPointer) throws -> [String] {
        let header = try XCTUnwrap(ExpanderRowAccessibility.header(of: expanderRow))
        let arrow = try XCTUnwrap(descendants(of: header, ofType: gtk_image_get_type())
            .first { gtk_widget_has_css_class($0, "expander-row-arrow") != 0 }, "the row's arrow")
        let rendering = try Rendering(arrow)
        return (0..<rendering.height).map { y in
            (0..<rendering.width).map { x in
                let c = rendering.color(x: x, y: y)
                return "\(c.red / 8),\(c.green / 8),\(c.blue / 8),\(c.alpha / 8)"
            }.joined(separator: " ")
        }
    }

    func testOutlineByKeyboardKeepsRowIDs() {
        onMain {
            let page = OutlinePage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            @MainActor func titles() -> [String] { page.rows.map(\.title) }
            XCTAssertEqual(titles(), ["Collection", "Following item"])
            let itemsByID = Dictionary(uniqueKeysWithValues: page.rows.map { ($0.id, $0.item) })

            XInput.focus(window)
            page.focusSelectedRow()
            XCTAssertEqual(page.selectedPosition, 0)
            XInput.key("plus")
            XCTAssertTrue(iterate(until: { titles() == ["Collection", "Shapes", "Palette", "Following item"] }), "+ expands")
            XInput.key("Down")
            XCTAssertTrue(iterate(until: { page.selectedPosition == 1 }), "↓ selects the next row")
            XInput.key("Right")
            XCTAssertTrue(iterate(until: { titles() == ["Collection", "Shapes", "Circle", "Square", "Palette", "Following item"] }), "→ expands")
            XCTAssertEqual(page.rows.map(\.depth), [0, 1, 2, 2, 1, 0])
            XInput.key("Return")
            XCTAssertTrue(iterate(until: { titles() == ["Collection", "Shapes", "Palette", "Following item"] }), "Enter toggles")
            XInput.key("Return")
            XCTAssertTrue(iterate(until: { titles().count == 6 }))
            XInput.key("Left")
            XCTAssertTrue(iterate(until: { titles().count == 4 }), "← collapses")
            XInput.key("Left")
            XCTAssertTrue(iterate(until: { page.selectedPosition == 0 }), "← on a closed row goes to its parent")
            XInput.key("minus")
            XCTAssertTrue(iterate(until: { titles() == ["Collection", "Following item"] }), "− collapses")
            XInput.key("End")
            XCTAssertTrue(iterate(until: { page.selectedPosition == 1 }), "End selects the last row")
            XInput.key("Up")
            XCTAssertTrue(iterate(until: { page.selectedPosition == 0 }), "↑ selects the previous row")

            // The rows are the same model objects, with the same IDs, as before.
            XCTAssertEqual(page.rows.map(\.id), [1, 6])
            for row in page.rows { XCTAssertEqual(row.item, itemsByID[row.id]) }
            page.setExpanded(true, at: 0)
            iterate(until: { page.rows.count == 4 })
            XCTAssertEqual(page.rows.map(\.id), [1, 2, 5, 6], "Shapes stays as the user left it: closed")
        }
    }

    /// Right to left the chevron points left: ← opens a row, → closes it and
    /// then goes to the parent, as GtkTreeView has them.
    func testOutlineArrowsAreMirroredRightToLeft() {
        onMain {
            let page = OutlinePage()
            gtk_widget_set_direction(page.widget, GTK_TEXT_DIR_RTL)
            gtk_widget_set_direction(page.listView, GTK_TEXT_DIR_RTL)
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            @MainActor func count() -> Int { page.rows.count }
            XInput.focus(window)
            page.focusSelectedRow()
            XInput.key("Right")
            XInput.key("Left")
            XCTAssertTrue(iterate(until: { count() == 4 }), "← opens right to left (→ on a closed root did nothing)")
            XInput.key("Down")
            XCTAssertTrue(iterate(until: { page.selectedPosition == 1 }))
            XInput.key("Right")
            XCTAssertTrue(iterate(until: { page.selectedPosition == 0 }), "→ on a closed row goes to its parent")
            XCTAssertEqual(count(), 4)
            XInput.key("Right")
            XCTAssertTrue(iterate(until: { count() == 2 }), "→ closes right to left")
        }
    }

    /// A row of the Outline says its name, level and state itself; its name
    /// is not said again inside it by the tree expander (a button named by
    /// its label from GTK 4.12) and that label. GTK 4.8 leaves the hidden
    /// expander out; GTK 4.18 and 4.24 show every widget they map
    /// (`GTKVersion.mappingShowsEveryWidget`): there the expander is named,
    /// and its label left out. As rows come, and with the page mapped again.
    func testOutlineRowsAloneSayWhatTheyAre() {
        onMain {
            let page = OutlinePage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            /// The rows on screen whose title is said twice below them: by the expander and by its label.
            @MainActor func saidAgain() -> [String] {
                descendants(of: page.listView, ofType: gtk_tree_expander_get_type()).filter { expander in
                    guard gtk_widget_get_mapped(expander) != 0 else { return false }
                    let label = gtk_tree_expander_get_child(gCast(expander))!
                    let expanderHidden = accessibleMismatch({ unfold_test_accessible_check_hidden($0, 1) }, expander) == nil
                    let labelLeftOut = gtk_accessible_get_accessible_role(label.accessible) == GTK_ACCESSIBLE_ROLE_PRESENTATION
                    // (Its own name, not its label's: GTK makes it "labelled by" the label.)
                    let expanderNamed = accessibleMismatch({ unfold_test_accessible_check_label($0, gtk_label_get_text(gCast(label))) }, expander) == nil
                        && gtk_test_accessible_has_relation(expander.accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY) == 0
                    return !(expanderHidden || (labelLeftOut && expanderNamed))
                }.map { String(cString: gtk_label_get_text(gCast(gtk_tree_expander_get_child(gCast($0))))) }
            }
            page.setExpanded(true, at: 0)
            XCTAssertTrue(iterate(until: { page.rows.count == 4 }))
            XCTAssertTrue(iterate(until: { saidAgain().isEmpty }), "the rows that came: \(saidAgain())")
            gtk_widget_set_visible(page.widget, 0)
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(page.listView) == 0 }))
            gtk_widget_set_visible(page.widget, 1)
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(page.listView) != 0 }))
            XCTAssertTrue(iterate(until: { saidAgain().isEmpty }), "mapped again: \(saidAgain())")
        }
    }

    func testOutlineRowsKeepTheirObjectsAcrossCollapse() {
        onMain {
            let page = OutlinePage()
            page.setExpanded(true, at: 0)
            page.setExpanded(true, at: 1)
            let before = page.rows
            XCTAssertEqual(page.expandedIDs, [1, 2])
            page.setExpanded(false, at: 0)
            XCTAssertEqual(page.rows.map(\.id), [1, 6])
            page.setExpanded(true, at: 0)
            // Shapes reopens as it was, before the next frame.
            XCTAssertTrue(iterate(until: { page.rows.count == before.count }))
            XCTAssertEqual(page.rows, before, "same IDs, same objects, same expansion of Shapes")
            g_object_ref_sink(UnsafeMutableRawPointer(page.widget))
            g_object_unref(UnsafeMutableRawPointer(page.widget))
        }
    }
}

final class WindowStateTests: GtkTestCase {
    @MainActor
    static func store(writing contents: String? = nil) -> WindowStateStore {
        let store = temporaryStateStore()
        if let contents {
            try! FileManager.default.createDirectory(atPath: (store.path as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            try! contents.write(toFile: store.path, atomically: true, encoding: .utf8)
        }
        return store
    }

    func testRoundTrip() throws {
        try onMain {
            let store = WindowStateTests.store()
            XCTAssertNil(store.load(), "no file: no state, no complaint")
            let state = WindowState(width: 700, height: 500, maximized: true, page: .outline)
            try store.save(state)
            XCTAssertEqual(store.load(), state)
        }
    }

    /// A bad key is reported once, quoted safely, and the good ones are kept.
    func testBadValuesAreReportedOnceAndTheRestIsKept() {
        onMain {
            let cases: [(contents: String, kept: WindowState?, quoted: String)] = [
                ("not a key file [[[", nil, "not a key file"),
                ("[window]\nwidth=wide\nheight=2\nmaximized=false\npage=reveal\n",
                 WindowState(height: 2, maximized: false, page: .reveal), "width “wide”"),
                ("[window]\nwidth=10\nheight=20\nmaximized=false\npage=elsewhere\n",
                 WindowState(width: 10, height: 20, maximized: false), "page “elsewhere”"),
                ("[window]\nwidth=-5\nheight=20\nmaximized=perhaps\npage=outline\n",
                 WindowState(height: 20, page: .outline), "maximized “perhaps”"),
                ("[window]\nwidth=\u{1B}[31mred\u{7}\nheight=300\n", WindowState(height: 300), "width “\\u{1B}[31mred\\u{7}”"),
                ("\u{FF}\u{FE}\u{1B}[2Jgarbage\u{0}\n", nil, "not a key file"),
            ]
            for (contents, kept, quoted) in cases {
                let store = WindowStateTests.store(writing: contents)
                var reports: [String] = []
                store.report = { reports.append($0) }
                XCTAssertEqual(store.load(), kept, contents.debugDescription)
                XCTAssertEqual(store.load(), kept)
                XCTAssertEqual(reports.count, 1, "reported once: \(reports)")
                XCTAssertTrue(reports.first?.contains(store.path) ?? false)
                XCTAssertTrue(reports.first?.contains(quoted) ?? false, "\(reports) quotes \(quoted)")
                // Nothing that would move a terminal's cursor or ring its bell.
                XCTAssertFalse(reports.joined().unicodeScalars.contains { $0.properties.generalCategory == .control },
                               reports.joined().debugDescription)
            }
        }
    }

    /// A key a file does not have is no problem: the others are used.
    func testMissingKeysKeepTheOthers() throws {
        try onMain {
            let store = WindowStateTests.store(writing: "[window]\nwidth=500\nheight=400\n")
            var reports: [String] = []
            store.report = { reports.append($0) }
            XCTAssertEqual(store.load(), WindowState(width: 500, height: 400))
            XCTAssertEqual(reports, [])
            // Saving part of a state leaves the rest of the file as it was.
            try store.save(WindowState(page: .native))
            XCTAssertEqual(store.load(), WindowState(width: 500, height: 400, page: .native))
            try store.save(WindowState(width: 600, height: 450, maximized: true))
            XCTAssertEqual(store.load(), WindowState(width: 600, height: 450, maximized: true, page: .native))
        }
    }

    /// A write that fails part-way (here: the file-size limit, which binds root
    /// too, as a full disk would) leaves the previous file exactly as it was.
    func testAFailedWriteLeavesTheOldFileIntact() throws {
        try onMain {
            let store = WindowStateTests.store()
            let old = WindowState(width: 640, height: 480, maximized: false, page: .collection)
            try store.save(old)
            let before = try Data(contentsOf: URL(fileURLWithPath: store.path))

            var limit = rlimit()
            getrlimit(RLIMIT_FSIZE_VALUE, &limit)
            let saved = limit
            signal(SIGXFSZ, SIG_IGN)  // fail the write with EFBIG instead of killing the process
            limit.rlim_cur = 16
            setrlimit(RLIMIT_FSIZE_VALUE, &limit)
            let result = Result { try store.save(WindowState(width: 1200, height: 900, maximized: true, page: .reveal)) }
            var restore = saved
            setrlimit(RLIMIT_FSIZE_VALUE, &restore)
            signal(SIGXFSZ, SIG_DFL)

            XCTAssertThrowsError(try result.get(), "the write could not complete")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store.path)), before, "byte for byte")
            XCTAssertEqual(store.load(), old)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: (store.path as NSString).deletingLastPathComponent)
            XCTAssertEqual(leftovers, ["window-state.ini"], "no half-written file left behind")
        }
    }
}

/// Glibc imports RLIMIT_FSIZE as an enum case; setrlimit wants its raw value.
let RLIMIT_FSIZE_VALUE = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
