// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldGtk
import UnfoldGtkTestSupport
@testable import UnfoldApp
import UnfoldCore
import XCTest

/// What a user sees of their own settings and their own data.
final class AppearanceTests: GtkTestCase {
    /// Every text on every page follows the user's font size: a stylesheet in
    /// fixed points (GTK's own captions are 9 pt) would not.
    func testEveryTextFollowsTheUsersFontSize() {
        onMain {
            let settings = gtk_settings_get_default()!
            let original = Properties.string(UnsafeMutableRawPointer(settings), "gtk-font-name") ?? "DejaVu Sans 11"
            defer { Properties.set(UnsafeMutableRawPointer(settings), "gtk-font-name", string: original) }
            let main = MainWindow.open(application: nil)
            main.present()
            defer { gtk_window_destroy(gCast(main.window)) }
            for group in main.revealPage.groups.values { group.setExpanded(true) }
            for expander in main.nativePage.expanders.values { gtk_expander_set_expanded(gCast(expander), 1) }

            // The same label at both sizes (a view switcher has a wide and a
            // narrow label of each page, and shows the one that fits).
            struct Key: Hashable { let page: Page; let text: String; let label: UnsafeMutableRawPointer }
            @MainActor func sizes() -> [Key: Double] {
                var sizes: [Key: Double] = [:]
                for page in Page.allCases {
                    main.showPage(page)
                    for _ in 0..<2 { paintedFrame(main.window) }
                    for label in descendants(of: main.window, ofType: gtk_label_get_type()) where gtk_widget_get_mapped(label) != 0 {
                        let description = pango_context_get_font_description(gtk_widget_get_pango_context(label))
                        let text = String(cString: gtk_label_get_text(gCast(label)))
                        sizes[Key(page: page, text: text, label: UnsafeMutableRawPointer(label))] =
                            Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
                    }
                }
                return sizes
            }
            Properties.set(UnsafeMutableRawPointer(settings), "gtk-font-name", string: "DejaVu Sans 10")
            let small = sizes()
            Properties.set(UnsafeMutableRawPointer(settings), "gtk-font-name", string: "DejaVu Sans 20")
            let large = sizes()
            XCTAssertGreaterThan(small.count, 10)
            var compared = 0
            for (key, size) in small.sorted(by: { "\($0.key.page)\($0.key.text)" < "\($1.key.page)\($1.key.text)" }) {
                guard let larger = large[key] else { continue }
                compared += 1
                XCTAssertEqual(larger / size, 2, accuracy: 0.1, "\(key.page): \(key.text): \(size) pt at a 10 pt font, \(larger) pt at 20 pt")
            }
            XCTAssertGreaterThan(compared, 10)
            XCTAssertTrue(small.keys.contains { $0.page == .collection && $0.text == "4 of 4 labels" }, "the caption was measured")
            XCTAssertTrue(small.keys.contains { $0.page == .native && $0.text == "Rows in a list" }, "the headings were measured")
        }
    }

    /// A row with a note shows it (the pencil takes the accent colour) and says
    /// it (its accessible name).
    func testARowWithANoteShowsAndSaysIt() throws {
        try onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            settle(page)
            let id = page.visibleIDs[0]
            let row = try XCTUnwrap(page.rowWidget(for: id))
            let pencil = try XCTUnwrap(descendants(of: row, ofType: gtk_menu_button_get_type()).first)
            @MainActor func blueInk() throws -> Int {
                let rendering = try Rendering(pencil, savingTo: artifactPath("pencil-\(page.notes[id] == nil ? "plain" : "note").png"))
                var count = 0
                for y in 0..<rendering.height {
                    for x in 0..<rendering.width {
                        let c = rendering.color(x: x, y: y)
                        if c.alpha > 128 && c.blue > c.red + 60 { count += 1 }
                    }
                }
                return count
            }
            XCTAssertEqual(try blueInk(), 0, "a pencil without a note is plain")
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Tile A, Tile") }, row))

            page.setNote("Remember", for: id)
            let again = try XCTUnwrap(page.rowWidget(for: id))
            XCTAssertTrue(again == row)
            // The row's own entry is what the user types in: go through it.
            let (_, popover, entry) = try openNote(of: row)
            gtk_editable_set_text(gCast(entry), "Remember")
            gtk_menu_button_popdown(gCast(pencil))
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(popover) == 0 }), "the note closes")
            window.waitForFrames(2)
            XCTAssertGreaterThan(try blueInk(), 10, "the pencil of a row with a note is drawn in the accent colour")
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Tile A, Tile, has a note") }, row))
        }
    }
}
