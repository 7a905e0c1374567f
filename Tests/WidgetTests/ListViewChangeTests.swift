// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldWidgets
import XCTest

/// When libunfold's list makes the rows a change brings and when their motion
/// starts: rows at the start of the frame that first draws them, never inside
/// `items-changed`, so changes that come faster than frames make no rows for
/// results nobody sees; motion from the change, whichever frame draws it first.
final class ListViewChangeTests: GtkTestCase {
    func testAChangesRowsAreMadeForTheFrameThatDrawsThemAndMoveFromTheChange() throws {
        try onMain {
            let store = gtk_string_list_new(nil)!
            @MainActor func replaceAll(with round: Int) {
                var strings: [UnsafePointer<CChar>?] = (0..<200).map { UnsafePointer(strdup("Round \(round) item \($0)")) } + [nil]
                let count = g_list_model_get_n_items(OpaquePointer(UnsafeMutableRawPointer(store)))
                gtk_string_list_splice(store, 0, count, &strings)
                strings.forEach { free(UnsafeMutablePointer(mutating: $0)) }
            }
            replaceAll(with: 0)
            var made: [String] = []
            let list = ListView.make()
            list.bind(model: UnsafeMutableRawPointer(store)) { item in
                let text = String(cString: gtk_string_object_get_string(OpaquePointer(item)))
                made.append(text)
                return Widgets.label(text)
            }
            g_object_unref(UnsafeMutableRawPointer(store))  // the list holds it
            let scrolled = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_child(gCast(scrolled), list.widget)
            let window = TestWindow(child: scrolled)
            defer { window.destroy() }
            XCTAssertTrue(iterate(until: { list.rowCount > 0 && !list.isAnimating }), "the list never showed its rows")
            let rowsInView = list.rowCount
            XCTAssertLessThan(rowsInView, 200, "only the rows in view are made")

            // Four changes between two frames, each in a main-loop turn of its
            // own (as a person typing faster than frames): idles of a higher
            // priority than GTK's drawing, each making the next change.
            made = []
            replaceAll(with: 1)
            XCTAssertEqual(made, [], "no row is made while the model reports a change")
            @MainActor func change(after round: Int) {
                Idle.soon {
                    replaceAll(with: round + 1)
                    if round + 1 < 4 { change(after: round + 1) }
                }
            }
            change(after: 1)
            window.waitForFrames(1)
            XCTAssertFalse(made.isEmpty, "the next frame makes the rows it draws")
            XCTAssertEqual(made.filter { !$0.hasPrefix("Round 4 ") }, [],
                           "and only the last change's: the results no frame drew made no rows")
            XCTAssertLessThanOrEqual(made.count, rowsInView, "one row per item in view")

            // A caller that asks for a row at once has it at once.
            replaceAll(with: 5)
            let first = try XCTUnwrap(list.widget(at: 0), "the row of the new first item exists when asked for")
            XCTAssertEqual(String(cString: gtk_label_get_text(gCast(first))), "Round 5 item 0")
            XCTAssertTrue(iterate(until: { !list.isAnimating }), "the change settles")

            // A change made as a frame begins (a filter's result delivered
            // then, as the app's is) is drawn in that frame, before the list's
            // own tick has run: the next frame has already moved it.
            var shown: [Double] = []
            let sampler = FrameSampler(window.window) { _ in
                shown.append(list.placedFrames.filter { !$0.isLeaving }.map(\.opacity).max() ?? -1)
            }
            defer { sampler.stop() }
            _ = TickCallback.add(to: window.window) { _ in
                replaceAll(with: 6)
                list.flushChanges()
                return false
            }
            XCTAssertTrue(iterate(until: { shown.count >= 2 }), "two frames after the change")
            XCTAssertEqual(shown.first ?? -1, 0, accuracy: 0.02, "the frame of the change shows the new rows not yet in: \(shown)")
            XCTAssertGreaterThan(shown[1], 0, "the frame after it has moved them: \(shown)")
            XCTAssertTrue(iterate(until: { !list.isAnimating }), "the change settles")
        }
    }
}
