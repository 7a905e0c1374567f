// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldGtk
import UnfoldGtkTestSupport
import XCTest

/// A part that what holds it speaks for (an icon in a named button) is kept
/// from assistive technologies through every map (`Accessibility.keepHidden`),
/// and `GTKVersion.mappingShowsEveryWidget` says truly, on the GTK the test
/// runs with, whether a hidden state set alone is lost as GTK maps a widget.
final class HiddenPartsTests: GtkTestCase {
    func testAPartKeptHiddenStaysHiddenThroughEveryMap() {
        onMain {
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let kept = gtk_button_new_with_label("Kept")!
            let set = gtk_button_new_with_label("Set")!
            gtk_box_append(gCast(box), kept)
            gtk_box_append(gCast(box), set)
            let keptLabel = gtk_widget_get_first_child(kept)!
            let setLabel = gtk_widget_get_first_child(set)!
            // Both before their first map, as a widget's parts are hidden as it is made.
            Accessibility.keepHidden(keptLabel)
            Accessibility.setHidden(setLabel, true)
            let window = TestWindow(child: box)
            defer { window.destroy() }
            @MainActor func hidden(_ widget: WidgetPointer) -> Bool {
                accessibleMismatch({ unfold_test_accessible_check_hidden($0, 1) }, widget) == nil
            }
            XCTAssertTrue(iterate(until: { hidden(keptLabel) }), "kept hidden through its first map")
            for round in 1...2 {
                gtk_widget_set_visible(box, 0)
                XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(keptLabel) == 0 }))
                gtk_widget_set_visible(box, 1)
                XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(keptLabel) != 0 && gtk_widget_get_mapped(setLabel) != 0 }))
                XCTAssertTrue(iterate(until: { hidden(keptLabel) }), "kept hidden through map \(round + 1)")
            }
            // Asked once the maps are over: hidden alone, it is as the GTK keeps it.
            XCTAssertEqual(hidden(setLabel), !GTKVersion.mappingShowsEveryWidget,
                           "GTK 4.\(GTKVersion.minor) \(GTKVersion.mappingShowsEveryWidget ? "keeps" : "loses") a hidden state set alone through a map")
        }
    }
}
