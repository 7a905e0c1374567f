// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldWidgets
import XCTest

/// Where libunfold's list is scrolled when it is asked to show a row before
/// it has a height: as a window opens, GTK gives its first focusable widget
/// the focus before anything is allocated.
final class ListViewScrollTests: GtkTestCase {
    /// The list is the window's first focusable widget: it takes the focus
    /// as the window opens, and still starts at its first row, whole. (It
    /// once brought that row "into" a view of no height: the list opened
    /// scrolled by a row's height, the first row cut off.)
    func testAListFocusedAsItsWindowOpensShowsItsFirstRowWhole() {
        onMain {
            let (_, list) = ListViewChangeTests.labelList(count: 100)
            let (scrolled, window) = ListViewChangeTests.shownScrolled(list)
            defer { window.destroy() }
            XCTAssertTrue(iterate(until: { list.focusedPosition == 0 }), "the window's first focusable widget has the focus")
            window.waitForFrames(2)
            let value = gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(gCast(scrolled)))
            XCTAssertEqual(value, 0, "the list starts at its top")
            let first = list.widget(at: 0).flatMap { gtk_widget_get_parent($0) }
            var origin = graphene_point_t(), top = graphene_point_t()
            XCTAssertTrue(first.map { gtk_widget_compute_point($0, list.widget, &origin, &top) != 0 } ?? false, "row 0 is placed")
            // (Its margin apart: a row's widget stands a few pixels into its place.)
            XCTAssertTrue((0..<8).contains(top.y), "row 0 stands whole at the list's top, not at \(top.y)")
        }
    }

    /// A row asked for before the list has a height is shown once it has
    /// one: whole, at the bottom of the view, as GtkListView scrolls to it.
    func testARowFocusedBeforeTheListHasAHeightIsShownOnceItHasOne() {
        onMain {
            let (_, list) = ListViewChangeTests.labelList(count: 100)
            let scrolled = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_child(gCast(scrolled), list.widget)
            let holder = g_object_ref_sink(UnsafeMutableRawPointer(scrolled))
            defer { g_object_unref(holder) }
            XCTAssertTrue(list.focusRow(at: 60) || list.focusedPosition == nil, "asked before any window")
            let window = TestWindow(child: scrolled)
            defer { window.destroy() }
            window.waitForFrames(2)
            let adjustment = gtk_scrolled_window_get_vadjustment(gCast(scrolled))!
            let value = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
            let row = list.widget(at: 60).flatMap { gtk_widget_get_parent($0) }
            var origin = graphene_point_t(), top = graphene_point_t()
            XCTAssertTrue(row.map { gtk_widget_compute_point($0, scrolled, &origin, &top) != 0 } ?? false, "row 60 is made and placed")
            let height = Float(row.map { gtk_widget_get_height($0) } ?? 0)
            XCTAssertGreaterThan(value, 0, "the view moved to the row")
            XCTAssertTrue(top.y >= 0 && top.y + height <= Float(page) && Float(page) - (top.y + height) < 8,
                          "row 60 shows whole at the bottom of the view: \(top.y)…\(top.y + height) in \(page)")
        }
    }
}
