// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import Foundation
import UnfoldGtk
import UnfoldGtkTestSupport
@testable import UnfoldApp
import UnfoldCore
import UnfoldWidgets
import XCTest

/// Every page with a keyboard only, real key presses through the X server,
/// from every starting point including the header bar: after each key, the
/// focus is where a GTK user expects it, and the focus ring, the selection
/// and the row the keys act on are one and the same.
final class KeyboardWalkTests: GtkTestCase {
    /// Runs the real application with `arguments`, and `body` with its window
    /// focused; closes everything afterwards.
    static func withApplication(_ arguments: [String] = ["unfold"], _ body: @escaping @MainActor (MainWindow) -> Void) {
        ShellTests.withApplication(arguments) { _, main in body(main) }
    }

    @MainActor
    static func focused(_ main: MainWindow) -> WidgetPointer? {
        gtk_root_get_focus(OpaquePointer(main.window)).map { gCast($0) }
    }

    @MainActor
    static func focusHeaderBar(_ main: MainWindow) {
        let titlebar = main.headerBar
        // The current page's tab: libadwaita 1.4's view switcher is one Tab
        // stop: its active button.
        let tab = descendants(of: titlebar, ofType: gtk_toggle_button_get_type())
            .first { gtk_widget_get_mapped($0) != 0 && gtk_toggle_button_get_active(gCast($0)) != 0 }!
        gtk_widget_grab_focus(tab)
        XCTAssertTrue(focused(main)?.isInside(titlebar) ?? false)
    }

    /// Alt+1 … Alt+4 from the header bar put the focus on each page's first
    /// control (the outline's: its selected row).
    func testPageShortcutsFromTheHeaderBarFocusThePage() {
        Self.withApplication { main in
            for (index, page) in Page.allCases.enumerated() {
                Self.focusHeaderBar(main)
                XInput.key("alt+\(index + 1)")
                XCTAssertTrue(iterate(until: { main.currentPage == page && Self.focused(main)?.isInside(main.widget(of: page)) == true }),
                              "Alt+\(index + 1) from the header bar puts the focus in \(page), not \(Self.focused(main).map { typeName(of: $0.object) } ?? "nothing")")
            }
            // A page shortcut goes to the page's first control, not to where the
            // focus last was in it.
            XInput.key("alt+1")
            XCTAssertTrue(iterate(until: { Self.focused(main) == main.revealPage.collection.header }))
            XInput.key("space")
            XCTAssertTrue(iterate(until: { main.revealPage.collection.isExpanded && !main.revealPage.collection.reveal.isAnimating }))
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { Self.focused(main) == main.revealPage.shapes.header }))
            XInput.key("alt+2")
            XInput.key("alt+1")
            XCTAssertTrue(iterate(until: { Self.focused(main) == main.revealPage.collection.header }),
                          "Alt+1 again: Collection, not Shapes")
            XInput.key("alt+3")
            XCTAssertTrue(iterate(until: { main.outlinePage.focusedPosition != nil }))
            XCTAssertEqual(main.outlinePage.focusedPosition, main.outlinePage.selectedPosition, "on the selected row")
            Self.focusHeaderBar(main)
            XInput.key("alt+4")
            XCTAssertTrue(iterate(until: { Self.focused(main)?.isInside(main.collectionPage.searchEntry) == true }), "the filter first")
        }
    }

    /// Whether `widget`, focused, does something when a key is pressed: a
    /// button or an expander, a row that opens (a list box row that is
    /// activatable), or a row of a list view (the arrows move, open and close).
    @MainActor
    static func acts(_ widget: WidgetPointer) -> Bool {
        func isA(_ type: GType) -> Bool { g_type_check_instance_is_a(gCast(widget), type) != 0 }
        if isA(gtk_button_get_type()) || isA(gtk_expander_get_type()) { return true }
        if isA(gtk_list_box_row_get_type()) { return gtk_list_box_row_get_activatable(gCast(widget)) != 0 }
        return gtk_widget_get_ancestor(widget, gtk_list_view_get_type()) != nil
    }

    /// Every stop of the Tab order on the disclosure pages, with every group
    /// open, is a control that acts: no label or scroll pane takes the focus
    /// to do nothing with it. libadwaita's leaf rows are the exception, as in
    /// every libadwaita list: a row takes the focus to be read, and GTK 4.8's
    /// list box, entered backwards, gives up the whole list when its last
    /// row cannot (testShiftTabRetracesTabOnEveryPage).
    func testEveryTabStopOnTheDisclosurePagesActs() {
        Self.withApplication { main in
            for group in main.revealPage.groups.values { group.setExpanded(true) }
            main.showPage(.native)
            for expander in main.nativePage.expanders.values { gtk_expander_set_expanded(gCast(expander), 1) }
            for row in main.nativePage.expanderRows.values { adw_expander_row_set_expanded(gCast(row), 1) }
            main.showPage(.outline)
            var position: UInt32 = 0
            while position < UInt32(main.outlinePage.rows.count) {
                main.outlinePage.setExpanded(true, at: position)
                position += 1
            }
            for page in [Page.reveal, .native, .outline] {
                main.showPage(page)
                let pageWidget = main.widget(of: page)
                XCTAssertTrue(iterate(until: { ShellTests.focus(of: main, isOnFirstControlOf: page) }), "\(page): its first control")
                // Walked as shown: GTK 4.18 passes over a list box not yet laid
                // out (the rows opened above moved it, unallocated).
                gtk_widget_queue_draw(main.window)
                paintedFrame(main.window)
                var stops: [WidgetPointer] = []
                // The window's Tab: the next stop, from the start again past the end.
                while let focus = Self.focused(main), focus.isInside(pageWidget), !stops.contains(focus), stops.count < 100 {
                    stops.append(focus)
                    if gtk_widget_child_focus(main.window, GTK_DIR_TAB_FORWARD) == 0 {
                        gtk_root_set_focus(OpaquePointer(main.window), nil)
                        _ = gtk_widget_child_focus(main.window, GTK_DIR_TAB_FORWARD)
                    }
                }
                // Reveal: the two groups' headers; Native: two expanders, two
                // rows' headers and the four leaf rows; Outline: each row (GTK
                // 4.8's list view lets Tab through its rows).
                let expected = [Page.reveal: 2, .native: 8, .outline: main.outlinePage.rows.count][page]
                XCTAssertEqual(stops.count, expected, "\(page): the open groups' controls are stops")
                let leafRow = { (stop: WidgetPointer) in
                    page == .native && g_type_check_instance_is_a(gCast(stop), adw_action_row_get_type()) != 0
                        && gtk_list_box_row_get_activatable(gCast(stop)) == 0
                }
                XCTAssertEqual(stops.filter(leafRow).count, page == .native ? 4 : 0, "\(page): Circle, Square, Palette, Following item")
                for stop in stops where !Self.acts(stop) && !leafRow(stop) {
                    XCTFail("\(page): a Tab stop that does nothing: \(typeName(of: stop.object)) “\(labelTexts(in: stop).joined(separator: " "))”")
                }
            }
        }
    }

    /// The outline has one cursor: the arrows move the focus, and the selection
    /// with it; the tree keys act on that row.
    func testTheOutlineHasOneCursor() {
        Self.withApplication(["unfold", "--page", "outline"]) { main in
            let outline = main.outlinePage
            XCTAssertTrue(iterate(until: { outline.focusedPosition == 0 }), "the window opens with the focus on the selected row")
            @MainActor func at(_ position: UInt32, _ why: String) {
                XCTAssertTrue(iterate(until: { outline.focusedPosition == position && outline.selectedPosition == position }),
                              "\(why): focus \(String(describing: outline.focusedPosition)), selection \(String(describing: outline.selectedPosition))")
            }
            for (key, position, why) in [("Right", 0, "→ opens Collection"), ("Down", 1, "↓ to Shapes"), ("Right", 1, "→ opens Shapes"),
                                          ("Down", 2, "↓ to Circle"), ("Down", 3, "↓ to Square"), ("End", 5, "End to the last row"),
                                          ("Home", 0, "Home to the first"), ("Page_Down", 5, "Page Down, past the end"),
                                          ("Up", 4, "↑ to Palette"), ("Left", 0, "← on a leaf goes to its parent"),
                                          ("minus", 0, "− closes it")] as [(String, UInt32, String)] {
                XInput.key(key)
                at(position, why)
            }
            XCTAssertEqual(outline.rows.map(\.title), ["Collection", "Following item"])
            XInput.key("Return")
            XCTAssertTrue(iterate(until: { outline.rows.count == 6 }), "Enter toggles the focused row (Shapes stayed open)")
            at(0, "Enter keeps the row")
            // GTK 4.8's lists move through their rows with Tab too: the selection follows.
            XInput.key("Tab")
            at(1, "Tab: the next row")
            XInput.key("shift+Tab")
            at(0, "Shift+Tab: back")
        }
    }

    /// The label list moves as GTK's lists do: ↑ ↓ by a row, Page Up and Page
    /// Down by a view, Home and End to the ends, building rows as it goes; Tab
    /// goes on to the row's pencil and out of the list, and back to the row.
    func testTheLabelListByKeyboard() {
        Self.withApplication(["unfold", "--synthetic", "1000"]) { main in
            let page = main.collectionPage
            let list = page.list
            XCTAssertTrue(iterate(until: { page.loadingName == nil && list.rowCount > 0 && !list.isAnimating }), "the labels loaded")
            XCTAssertTrue(iterate(until: { Self.focused(main)?.isInside(page.searchEntry) == true }))
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { Self.focused(main) == page.tilesOnlyToggle }), "Tab: the toggle")
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { list.focusedPosition == 0 }), "Tab: the first row")
            @MainActor func at(_ index: Int, _ why: String) {
                XCTAssertTrue(iterate(until: { list.focusedPosition == index }), "\(why): at \(String(describing: list.focusedPosition))")
                guard let row = page.rowWidget(for: page.visibleIDs[index]), let scrolled = gtk_widget_get_ancestor(list.widget, gtk_scrolled_window_get_type()) else {
                    return XCTFail("\(why): no row \(index)")
                }
                paintedFrame(main.window)
                let bounds = row.bounds(in: scrolled), height = Float(gtk_widget_get_height(scrolled))
                XCTAssertNotNil(bounds)
                if let bounds {
                    XCTAssertTrue(bounds.origin.y >= -0.5 && bounds.origin.y + bounds.size.height <= height + 0.5,
                                  "\(why): the row is in view (y \(bounds.origin.y), height \(bounds.size.height) in \(height))")
                }
                let accessible = row.accessible
                XCTAssertNil(accessibleMismatch({ _ in unfold_test_accessible_check_label(accessible, "\(page.collection.records[index].title), \(page.collection.records[index].category == .tile ? "Tile" : "Dot")") }, row))
            }
            XInput.key("Down")
            at(1, "↓")
            XInput.key("End")
            at(999, "End")
            XInput.key("Up")
            at(998, "↑")
            XInput.key("Home")
            at(0, "Home")
            XInput.key("Page_Down")
            XCTAssertTrue(iterate(until: { (list.focusedPosition ?? 0) > 2 }), "Page Down moves by a view")
            let perPage = list.focusedPosition ?? 0
            XInput.key("Page_Down")
            at(2 * perPage, "Page Down again")
            XInput.key("Page_Up")
            at(perPage, "Page Up")
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { Self.focused(main).map { gtk_widget_get_ancestor($0, gtk_menu_button_get_type()) != nil } ?? false }),
                          "Tab: the row's pencil")
            XInput.key("shift+Tab")
            at(perPage, "Shift+Tab: back to the row")
            XInput.key("shift+Tab")
            XCTAssertTrue(iterate(until: { Self.focused(main) == page.tilesOnlyToggle }), "Shift+Tab: out of the list")
            XInput.key("Tab")
            at(perPage, "Tab: back to the row the keys were on")
            // Coming back from below with Shift+Tab, the last stop is the row's pencil.
            XInput.key("Tab")
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { list.focusedPosition == nil }), "Tab: out of the list, past the pencil")
            XInput.key("shift+Tab")
            XCTAssertTrue(iterate(until: { Self.focused(main).map { gtk_widget_get_ancestor($0, gtk_menu_button_get_type()) != nil } ?? false }),
                          "Shift+Tab from after the list: the pencil of the row the keys were on")
            XCTAssertEqual(list.focusedPosition, perPage)
            XInput.key("Return")
            XCTAssertTrue(iterate(until: { Self.focused(main).map { gtk_widget_get_ancestor($0, gtk_popover_get_type()) != nil } ?? false }),
                          "Enter on a row opens its note, with the focus in it")
            XInput.key("Escape")
            XInput.key("ctrl+f")
            XCTAssertTrue(iterate(until: { Self.focused(main)?.isInside(page.searchEntry) == true }), "Ctrl+F: the filter")
            XInput.type("amber")
            XCTAssertTrue(iterate(until: { page.filter.query == "amber" }))
            XInput.key("Escape")
            XCTAssertTrue(iterate(until: { page.filter.query == "" }), "Escape clears the filter")
            XInput.type("amber")
            XCTAssertTrue(iterate(until: { page.filter.query == "amber" && !page.isFiltering && !list.isAnimating }))
            XInput.key("Tab")
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { list.focusedPosition != nil }), "into the filtered list")
            XInput.key("Escape")
            XCTAssertTrue(iterate(until: { page.filter.query == "" }), "Escape on a row clears the filter too")
            // Ctrl+F over a query selects it, as in GNOME's Files: what is typed next replaces it.
            XInput.key("ctrl+f")
            XInput.type("amber")
            XCTAssertTrue(iterate(until: { page.filter.query == "amber" }))
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { Self.focused(main) == page.tilesOnlyToggle }))
            XInput.key("ctrl+f")
            // With nothing listed, the list is no stop at all (its pane has no ring to show).
            XInput.type("zzzz")
            XCTAssertTrue(iterate(until: { page.visibleIDs.isEmpty && !page.isFiltering }))
            XCTAssertEqual(page.filter.query, "zzzz", "the query typed over the one selected")
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { Self.focused(main) == page.tilesOnlyToggle }))
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { Self.focused(main) != page.tilesOnlyToggle }), "focus: \(Self.focused(main).map { typeName(of: $0.object) } ?? "none")")
            let scrolled = gtk_widget_get_ancestor(list.widget, gtk_scrolled_window_get_type())!
            XCTAssertFalse(Self.focused(main)?.isInside(scrolled) ?? false, "nothing invisible takes the focus")
        }
    }

    /// Reveal and Native: Tab reaches each header, Space and Enter toggle it,
    /// and the focus never goes into closed content.
    func testDisclosurePagesByKeyboard() {
        Self.withApplication { main in
            let reveal = main.revealPage
            XCTAssertTrue(iterate(until: { Self.focused(main) == reveal.collection.header }), "the first control of the first page")
            XInput.key("space")
            XCTAssertTrue(iterate(until: { reveal.collection.isExpanded && !reveal.collection.reveal.isAnimating }))
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { Self.focused(main) == reveal.shapes.header }), "Tab goes into open content")
            XInput.key("Return")
            XCTAssertTrue(iterate(until: { reveal.shapes.isExpanded }))
            XInput.key("shift+Tab")
            XCTAssertTrue(iterate(until: { Self.focused(main) == reveal.collection.header }))
            XInput.key("space")
            XCTAssertTrue(iterate(until: { !reveal.collection.isExpanded && !reveal.collection.reveal.isAnimating }))
            XInput.key("Tab")
            XCTAssertFalse(Self.focused(main)?.isInside(reveal.collection.content) ?? false, "never into closed content")

            XInput.key("alt+2")
            let native = main.nativePage
            XCTAssertTrue(iterate(until: { Self.focused(main)?.isInside(native.expanders[1]!) == true }))
            XInput.key("space")
            XCTAssertTrue(iterate(until: { gtk_expander_get_expanded(gCast(native.expanders[1]!)) != 0 }))
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { Self.focused(main)?.isInside(native.expanders[2]!) == true }), "Tab: the nested expander")
            XInput.key("Return")
            XCTAssertTrue(iterate(until: { gtk_expander_get_expanded(gCast(native.expanders[2]!)) != 0 }))
        }
    }

    /// On every page, with every group open, Shift+Tab goes back through
    /// exactly the stops Tab went through, round the whole window from the
    /// header bar. GTK 4.8's
    /// list box, entered backwards, tries its last row and gives up the
    /// whole list when that row cannot take the focus: the Native page's
    /// rows were skipped by Shift+Tab while their last row, a leaf, did not.
    func testShiftTabRetracesTabOnEveryPage() {
        Self.withApplication { main in
            for (index, page) in Page.allCases.enumerated() {
                XInput.key("alt+\(index + 1)")
                XCTAssertTrue(iterate(until: { main.currentPage == page && Self.focused(main)?.isInside(main.widget(of: page)) == true }))
                if page == .native {
                    for expander in main.nativePage.expanders.values { gtk_expander_set_expanded(gCast(expander), 1) }
                    for row in main.nativePage.expanderRows.values { adw_expander_row_set_expanded(gCast(row), 1) }
                    iterate(for: 0.5)  // the rows' revealers slide open
                }
                if page == .reveal {
                    for group in [main.revealPage.collection, main.revealPage.shapes] where !group.isExpanded { group.toggle() }
                    XCTAssertTrue(iterate(until: { !main.revealPage.collection.reveal.isAnimating && !main.revealPage.shapes.reveal.isAnimating }))
                }
                // From the header bar: a stop that is one widget whichever way it is reached.
                Self.focusHeaderBar(main)
                guard let start = Self.focused(main) else { XCTFail("\(page): no focus"); continue }
                let name = { (widget: WidgetPointer?) in widget.map { typeName(of: $0.object) } ?? "nothing" }
                // Tab round the window, back to where it started.
                var forward = [start]
                while forward.count == 1 || forward.last != start {
                    let before = forward.last
                    XInput.key("Tab")
                    guard iterate(until: { Self.focused(main) != before }), let now = Self.focused(main), forward.count < 80 else {
                        XCTFail("\(page): Tab stays on \(name(before)) or never comes round (\(forward.count) stops)")
                        break
                    }
                    forward.append(now)
                }
                var backward = [start]
                for _ in 1..<forward.count {
                    let before = backward.last
                    XInput.key("shift+Tab")
                    guard iterate(until: { Self.focused(main) != before }), let now = Self.focused(main) else {
                        XCTFail("\(page): Shift+Tab stays on \(name(before))")
                        break
                    }
                    backward.append(now)
                }
                XCTAssertEqual(backward.map(name), forward.reversed().map(name), "\(page): Shift+Tab retraces Tab")
                XCTAssertTrue(backward.elementsEqual(forward.reversed()), "\(page): the same widgets, not only of the same types")
            }
        }
    }

    /// The application's keys, from the header bar and from a page.
    func testApplicationShortcuts() {
        Self.withApplication { main in
            Self.focusHeaderBar(main)
            XInput.key("F1")
            XCTAssertTrue(iterate(until: { main.shortcutsWindow.map { gtk_window_is_active(gCast($0)) != 0 } ?? false }),
                          "F1: the shortcuts, with the focus")
            XInput.key("Escape")
            XCTAssertTrue(iterate(until: { main.shortcutsWindow == nil }), "Escape closes them")
            XInput.focus(main.window)
            XInput.key("F10")
            XCTAssertTrue(iterate(until: { Self.focused(main).map { gtk_widget_get_ancestor($0, gtk_popover_menu_get_type()) != nil } ?? false }),
                          "F10: the main menu, with the focus")
            XInput.key("Escape")
            XInput.key("ctrl+n")
            XCTAssertTrue(iterate(until: { MainWindow.all.count == 2 }))
            let second = MainWindow.all.last!
            XCTAssertTrue(iterate(until: { Self.focused(second)?.isInside(second.widget(of: second.currentPage)) == true }),
                          "a new window has the focus in its page")
            XInput.focus(second.window)
            XInput.key("ctrl+w")
            XCTAssertTrue(iterate(until: { MainWindow.all.count == 1 }))
        }
    }
}
