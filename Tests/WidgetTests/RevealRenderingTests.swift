import Gtk
import UnfoldApp
import UnfoldWidgets
import XCTest

/// The page rendered offscreen: what is drawn, not only what is laid out.
final class RevealRenderingTests: XCTestCase {
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
