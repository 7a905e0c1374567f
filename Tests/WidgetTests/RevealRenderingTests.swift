// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldApp
import UnfoldWidgets
import XCTest

/// The page rendered offscreen: what is drawn, not only what is laid out.
final class RevealRenderingTests: GtkTestCase {
    func testClosedContentIsNotDrawnAndOpenContentIs() throws {
        try onMain {
            TestDisplay.ensureInitialized()
            AnimationSettings.setAnimationsEnabled(false)
            defer { AnimationSettings.setAnimationsEnabled(true) }
            let page = RevealPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }

            let closed = try Rendering(page.widget, savingTo: artifactPath("reveal-closed.png"))
            // "Collection" and "Following item": nothing of the content.
            XCTAssertEqual(closed.inkBands().count, 2, "lines drawn: \(closed.inkBands())")
            XCTAssertEqual(gtk_widget_get_mapped(page.collection.content), 0, "not even drawn clipped away")

            page.collection.setExpanded(true)
            window.waitForFrames()
            let half = try Rendering(page.widget, savingTo: artifactPath("reveal-collection-open.png"))
            // Collection, Shapes, Palette, Following item.
            XCTAssertEqual(half.inkBands().count, 4, "lines drawn: \(half.inkBands())")

            page.shapes.setExpanded(true)
            window.waitForFrames()
            let open = try Rendering(page.widget, savingTo: artifactPath("reveal-open.png"))
            // Collection, Shapes, Circle, Square, Palette, Following item.
            XCTAssertEqual(open.inkBands().count, 6, "lines drawn: \(open.inkBands())")

            // The content is indented: Circle starts to the right of Shapes' title.
            let shapesTitle = try XCTUnwrap(page.shapes.header.bounds(in: page.widget))
            let circleTop = Int(try XCTUnwrap(page.shapes.content.bounds(in: page.widget)).origin.y)
            let circleBand = try XCTUnwrap(open.inkBands().first { $0.contains(circleTop + 4) })
            let circleInkStart = (0..<open.width).first { x in circleBand.contains { open.isInk(x: x, y: $0) } } ?? 0
            XCTAssertGreaterThan(Float(circleInkStart), shapesTitle.origin.x + 18)
        }
    }
}

/// The chevron points along the reading direction when closed and down when open.
final class ChevronRenderingTests: GtkTestCase {
    /// Where the ink of a rendering leans: positive x = more ink on the right,
    /// positive y = more ink at the bottom. A triangle's ink leans to its base,
    /// away from its tip.
    @MainActor
    static func lean(_ rendering: Rendering) -> (x: Double, y: Double) {
        var sumX = 0.0, sumY = 0.0, count = 0.0
        for y in 0..<rendering.height {
            for x in 0..<rendering.width where rendering.isInk(x: x, y: y) {
                sumX += Double(x); sumY += Double(y); count += 1
            }
        }
        guard count > 0 else { return (0, 0) }
        return (sumX / count - Double(rendering.width - 1) / 2, sumY / count - Double(rendering.height - 1) / 2)
    }

    func testChevronFollowsTheReadingDirection() throws {
        try onMain {
            TestDisplay.ensureInitialized()
            for direction in [GTK_TEXT_DIR_LTR, GTK_TEXT_DIR_RTL] {
                // What a right-to-left locale does: GTK's default direction.
                gtk_widget_set_default_direction(direction)
                defer { gtk_widget_set_default_direction(GTK_TEXT_DIR_LTR) }
                let group = RevealGroup.make(title: "Collection", children: [Widgets.label("Palette")])
                let window = TestWindow(child: group.widget)
                defer { window.destroy() }
                let name = direction == GTK_TEXT_DIR_RTL ? "rtl" : "ltr"

                let closed = ChevronRenderingTests.lean(try Rendering(group.chevron.widget, savingTo: artifactPath("chevron-\(name)-closed.png")))
                if direction == GTK_TEXT_DIR_LTR {
                    XCTAssertLessThan(closed.x, -0.5, "▶: the base is on the left")
                } else {
                    XCTAssertGreaterThan(closed.x, 0.5, "◀: the base is on the right")
                }
                XCTAssertLessThan(abs(closed.y), 0.5)

                AnimationSettings.setAnimationsEnabled(false)
                group.setExpanded(true)
                AnimationSettings.setAnimationsEnabled(true)
                window.waitForFrames()
                XCTAssertEqual(abs(group.chevron.angle), 90)
                let open = ChevronRenderingTests.lean(try Rendering(group.chevron.widget, savingTo: artifactPath("chevron-\(name)-open.png")))
                XCTAssertLessThan(open.y, -0.5, "▼: the base is at the top (\(name))")
                XCTAssertLessThan(abs(open.x), 0.5)

                // The header's title sits after the chevron in reading order.
                let chevronX = group.chevron.widget.bounds(in: group.header)!.origin.x
                let title = descendants(of: group.header, ofType: gtk_label_get_type()).first!
                let titleX = title.bounds(in: group.header)!.origin.x
                XCTAssertEqual(chevronX < titleX, direction == GTK_TEXT_DIR_LTR)
            }
        }
    }
}
