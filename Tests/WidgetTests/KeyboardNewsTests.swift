// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
import XCTest

/// What a control says until the keyboard leaves it
/// (`Accessibility.describeUntilKeyboardLeaves`): news that comes on news
/// gives back the control's own words as the keyboard leaves, never the
/// earlier news, whether the control had words of its own or none (a row).
final class KeyboardNewsTests: GtkTestCase {
    func testNewsOnNewsGivesBackTheControlsOwnWords() throws {
        try onMain {
            for own in [nil, "2 of 4 labels"] as [String?] {
                let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                let control = gtk_button_new_with_label("Control")!
                let elsewhere = gtk_button_new_with_label("Elsewhere")!
                gtk_box_append(gCast(box), control)
                gtk_box_append(gCast(box), elsewhere)
                if let own { Accessibility.setDescription(control, own) }
                let window = TestWindow(child: box)
                defer { window.destroy() }
                let root = try XCTUnwrap(gtk_widget_get_root(control))
                gtk_widget_grab_focus(control)
                XCTAssertEqual(gtk_root_get_focus(root).map { gCast($0, to: GtkWidget.self) }, control)

                Accessibility.describeUntilKeyboardLeaves(control, "birds.tsv is no longer there")
                Accessibility.describeUntilKeyboardLeaves(control, "birds.tsv is back")
                XCTAssertEqual(Accessibility.description(of: control), "birds.tsv is back")
                gtk_widget_grab_focus(elsewhere)
                XCTAssertTrue(iterate(until: { Accessibility.description(of: control) != "birds.tsv is back" }),
                              "the news stayed after the keyboard left")
                XCTAssertEqual(Accessibility.description(of: control), own, "own words: \(own ?? "none")")
            }
        }
    }
}
