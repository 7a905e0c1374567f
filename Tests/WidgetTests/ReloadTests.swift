// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
@testable import UnfoldApp
import UnfoldCore
import UnfoldMotion
import UnfoldWidgets
import XCTest

/// A new version of the labels (the file changed on disk) shown by identity,
/// in a real window with the real frame clock: rows that came fade in, rows
/// that went fade out where they were, rows kept are the same widgets and
/// glide, a renamed label's row shows its new title in place; the filter and
/// the scroll position stay.
final class ReloadTests: GtkTestCase {
    private static func records(_ list: [(Int, String, LabelRecord.Category)]) -> LabelCollection {
        try! LabelCollection(list.map { LabelRecord(id: $0.0, title: $0.1, category: $0.2) })
    }

    func testANewVersionAnimatesByIdentityAndKeepsTheFilter() {
        onMain {
            let page = CollectionPage(loading: "birds.tsv")
            page.finishLoading(Self.records([(1, "Blackbird", .dot), (2, "Bumblebee", .tile), (3, "Wren", .dot), (4, "Bat", .tile)]))
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            type("b", into: page)
            settle(page)
            XCTAssertEqual(page.listedIDs, [1, 2, 4])
            let keptRow = page.rowWidget(for: 1)!
            let movedRow = page.rowWidget(for: 4)!

            var samples: [[CollectionPage.DrawnRow]] = []
            let sampler = FrameSampler(window.window) { _ in samples.append(page.drawnRows) }
            // Bumblebee went (so Bat moves up by one), Blackbird was renamed, Robin came last.
            page.reload(Self.records([(1, "Blackbird (male)", .dot), (4, "Bat", .tile), (3, "Wren", .dot), (5, "Robin", .dot)]))
            XCTAssertTrue(iterate(until: { page.listedIDs == [1, 4, 5] }), "the filter \"b\" kept: \(page.listedIDs)")
            settle(page)
            window.waitForFrames()
            sampler.stop()

            XCTAssertEqual(page.filter.query, "b")
            XCTAssertEqual(captionText(page), "3 of 4 labels")
            XCTAssertEqual(page.rowWidget(for: 1), keptRow, "a kept label keeps its row")
            XCTAssertEqual(page.rowWidget(for: 4), movedRow, "a moved label keeps its row")
            XCTAssertNil(page.rowWidget(for: 2), "a label that went has no row once faded")
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Blackbird (male), Dot") }, keptRow),
                         "the renamed label's row says its new title")
            XCTAssertTrue(Self.labelTexts(in: keptRow).contains("Blackbird (male)"), "and shows it")

            let pitch = page.list.placedFrames.count > 1 ? abs(page.drawnRows[1].y - page.drawnRows[0].y) : 0
            var fadingOut = 0, fadingIn = 0, gliding = 0
            for sample in samples {
                for row in sample where row.opacity > 0.05 && row.opacity < 0.95 {
                    if row.id == 2 { XCTAssertTrue(row.isLeaving); fadingOut += 1 }
                    if row.id == 5 { XCTAssertFalse(row.isLeaving); fadingIn += 1 }
                }
                if let bat = sample.first(where: { $0.id == 4 }), bat.y > pitch + 0.5, bat.y < pitch * 2 - 0.5 {
                    gliding += 1
                }
            }
            XCTAssertGreaterThanOrEqual(fadingOut, 3, "Bumblebee fades out where it was (\(samples.count) frames)")
            XCTAssertGreaterThanOrEqual(fadingIn, 3, "Robin fades in")
            XCTAssertGreaterThanOrEqual(gliding, 2, "Bat glides between its old place and its new one")
        }
    }

    /// A label whose note is being edited leaves the file: the note closes
    /// with its row, and the window goes on taking keys (GTK 4.8 leaves a
    /// window deaf to input when an open popover's parent goes first), with
    /// motion and without.
    func testALabelLeavingWhileItsNoteIsOpenLeavesTheWindowUsable() {
        onMain {
            for animated in [true, false] {
                AnimationSettings.setAnimationsEnabled(animated)
                let page = CollectionPage(loading: "birds.tsv")
                page.finishLoading(Self.records([(1, "Wren", .dot), (2, "Bat", .tile)]))
                let window = TestWindow(child: page.widget)
                defer { window.destroy() }
                settle(page)
                XInput.focus(window)
                let row = try! XCTUnwrap(Ownership.owner(of: page.rowWidget(for: 1)!) as? LabelRow)
                gtk_menu_button_popup(gCast(row.editButton))
                let popover = try! XCTUnwrap(gtk_menu_button_get_popover(gCast(row.editButton)))
                XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(gCast(popover)) != 0 }), "the note is open")
                // Without motion the row, and its popover, are gone at once.
                let stillThere = WeakObjectRef(UnsafeMutableRawPointer(popover))
                page.reload(Self.records([(2, "Bat", .tile)]))
                XCTAssertTrue(iterate(until: { stillThere.get().map { gtk_widget_get_mapped($0.widget) == 0 } ?? true }),
                              "the note closes as its label leaves")
                settle(page)
                gtk_widget_grab_focus(page.searchEntry)
                XInput.type("bat")
                XCTAssertTrue(iterate(until: { page.filter.query == "bat" }),
                              "keys still reach the window (animated: \(animated)); the filter holds “\(page.filter.query)”")
            }
        }
    }

    /// Lines added above a label whose note is being typed push its row out
    /// of view: the note stays open, and the keys go on into it (not into
    /// the filter, where "any letter starts filtering" would take them).
    func testANoteBeingTypedStaysOpenWhenItsRowIsPushedOutOfView() {
        onMain {
            let labels = (1...40).map { (Int($0), "Label \($0)", LabelRecord.Category.tile) }
            let page = CollectionPage(loading: "forty.tsv")
            page.finishLoading(Self.records(labels))
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            settle(page)
            XInput.focus(window)
            XCTAssertTrue(page.list.focusRow(at: 2))
            let row = try! XCTUnwrap(Ownership.owner(of: page.rowWidget(for: 3)!) as? LabelRow)
            gtk_menu_button_popup(gCast(row.editButton))
            let popover = try! XCTUnwrap(gtk_menu_button_get_popover(gCast(row.editButton)))
            @MainActor func typingInTheNote() -> Bool {
                guard let focus = gtk_root_get_focus(gtk_widget_get_root(row.noteEntry)) else { return false }
                return focus == row.noteEntry || gtk_widget_is_ancestor(focus, row.noteEntry) != 0
            }
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(gCast(popover)) != 0 && typingInTheNote() }), "the note is open to type in")
            XInput.type("typing ")
            XCTAssertTrue(iterate(until: { row.note == "typing " }))
            // Ten labels come first: "Label 3" is now the 13th, out of view.
            page.reload(Self.records((101...110).map { (Int($0), "New \($0)", LabelRecord.Category.dot) } + labels))
            settle(page)
            XCTAssertEqual(gtk_widget_get_mapped(gCast(popover)), 1, "the note stays open")
            XInput.type("on")
            XCTAssertTrue(iterate(until: { row.note == "typing on" }), "the keys still reach the note: “\(row.note)”")
            XCTAssertEqual(page.filter.query, "", "and not the filter")
            XCTAssertEqual(page.notes[3], "typing on")
        }
    }

    /// The focused label leaves the file: the keyboard goes to the label that
    /// took its place, not nowhere.
    func testTheFocusGoesToTheNextLabelWhenTheFocusedOneLeaves() {
        onMain {
            for animated in [true, false] {
                AnimationSettings.setAnimationsEnabled(animated)
                let labels = (1...6).map { (Int($0), "Label \($0)", LabelRecord.Category.tile) }
                let page = CollectionPage(loading: "six.tsv")
                page.finishLoading(Self.records(labels))
                let window = TestWindow(child: page.widget)
                defer { window.destroy() }
                settle(page)
                XCTAssertTrue(page.list.focusRow(at: 2))
                page.reload(Self.records(labels.filter { $0.0 != 3 }))
                settle(page)
                XCTAssertTrue(iterate(until: { page.list.focusedPosition == 2 }), "animated: \(animated)")
                XCTAssertEqual(page.list.focusedPosition.map { page.listedIDs[$0] }, 4, "Label 4 took its place")
                let focus = gtk_root_get_focus(gtk_widget_get_root(page.list.widget))
                XCTAssertEqual(focus.map { UnsafeMutableRawPointer($0) }, page.rowWidget(for: 4).map { UnsafeMutableRawPointer($0) })
            }
        }
    }

    /// The scroll position is the reader's place: a new version keeps it.
    func testANewVersionKeepsTheScrollPosition() {
        onMain {
            let many = (1...300).map { (Int($0), "Label \($0)", LabelRecord.Category.tile) }
            let page = CollectionPage(loading: "many.tsv")
            page.finishLoading(Self.records(many))
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            settle(page)
            let adjustment = gtk_scrollable_get_vadjustment(gCast(page.list.widget))!
            gtk_adjustment_set_value(adjustment, 2_000)
            window.waitForFrames()
            page.reload(Self.records(many.filter { $0.0 != 150 } + [(301, "Label 301", .dot)]))
            settle(page)
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 2_000, accuracy: 0.5)
            XCTAssertEqual(captionText(page), "300 of 300 labels")
        }
    }

    @MainActor
    private static func labelTexts(in widget: WidgetPointer) -> [String] {
        Widgets.descendants(of: widget, ofType: gtk_label_get_type()).map { String(cString: gtk_label_get_text(gCast($0))) }
    }
}
