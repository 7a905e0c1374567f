// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldWidgets
import XCTest

/// libunfold's list bound to a GtkSelectionModel, used by hand: a click
/// selects a row's item (Ctrl adds or takes away, Shift selects a run), the
/// arrows move the selection with the focus, and the rows show it.
final class ListViewSelectionTests: GtkTestCase {
    func testClicksAndArrowsSelectAsInGtkListView() throws {
        try onMain {
            var strings: [UnsafePointer<CChar>?] = (0..<12).map { UnsafePointer(strdup("Item \($0)")) } + [nil]
            let store = gtk_string_list_new(&strings)!
            strings.forEach { free(UnsafeMutablePointer(mutating: $0)) }
            let selection = gtk_multi_selection_new(store)!
            let list = ListView.make()
            list.bind(model: UnsafeMutableRawPointer(selection)) { item in
                Widgets.label(String(cString: gtk_string_object_get_string(OpaquePointer(item))))
            }
            g_object_unref(UnsafeMutableRawPointer(selection))  // the list holds it
            let window = TestWindow(child: list.widget)
            defer { window.destroy() }
            let model = OpaquePointer(UnsafeMutableRawPointer(selection))
            @MainActor func selected() -> [Int] {
                (0..<12).filter { gtk_selection_model_is_selected(model, guint($0)) != 0 }
            }
            @MainActor func shownSelected() -> [Int] {
                (0..<12).filter { position in
                    list.widget(at: position).flatMap { gtk_widget_get_parent($0) }
                        .map { gtk_widget_get_state_flags($0).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0 } ?? false
                }
            }
            @MainActor func row(_ position: Int) throws -> WidgetPointer {
                try XCTUnwrap(list.widget(at: position).flatMap { gtk_widget_get_parent($0) }, "no row for item \(position)")
            }
            XInput.focus(window)

            XInput.click(try row(2))
            XCTAssertTrue(iterate(until: { selected() == [2] }), "a click selects the item alone: \(selected())")
            XCTAssertEqual(list.focusedPosition, 2, "and focuses its row")
            XInput.click(try row(4), holding: "ctrl")
            XCTAssertTrue(iterate(until: { selected() == [2, 4] }), "Ctrl+click adds: \(selected())")
            XInput.click(try row(2), holding: "ctrl")
            XCTAssertTrue(iterate(until: { selected() == [4] }), "Ctrl+click on a selected item takes it away: \(selected())")
            // The run is from the item last clicked, whether that click selected it or not.
            XInput.click(try row(6), holding: "shift")
            XCTAssertTrue(iterate(until: { selected() == [2, 3, 4, 5, 6] }), "Shift+click selects the run: \(selected())")
            XCTAssertTrue(iterate(until: { shownSelected() == [2, 3, 4, 5, 6] }), "the rows show it: \(shownSelected())")

            XInput.key("Down")
            XCTAssertTrue(iterate(until: { selected() == [7] && list.focusedPosition == 7 }), "Down moves the selection: \(selected())")
            XInput.key("ctrl+Down")
            XCTAssertTrue(iterate(until: { list.focusedPosition == 8 }))
            XCTAssertEqual(selected(), [7], "Ctrl+Down moves the focus alone")
            XInput.key("ctrl+space")
            XCTAssertTrue(iterate(until: { selected() == [7, 8] }), "Ctrl+Space adds the focused item: \(selected())")
            XInput.key("space")
            XCTAssertTrue(iterate(until: { selected() == [8] }), "Space selects it alone: \(selected())")
            XCTAssertTrue(iterate(until: { shownSelected() == [8] }), "the rows show it: \(shownSelected())")
        }
    }
}
