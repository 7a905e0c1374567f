// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldApp
import UnfoldWidgets
import XCTest

/// Tick callbacks, signal closures and Swift state end with their widgets.
final class RevealLifecycleTests: GtkTestCase {
    func testUnmappingMidAnimationJumpsToTheEnd() {
        onMain {
            let page = RevealPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            page.collection.toggle()
            XCTAssertTrue(iterate(until: { page.collection.reveal.displayedProgress > 0.1 }))
            XCTAssertTrue(page.collection.reveal.isAnimating)

            gtk_widget_set_visible(page.widget, 0)
            XCTAssertFalse(page.collection.reveal.isAnimating, "the tick callback is removed on unmap")
            XCTAssertEqual(page.collection.reveal.displayedProgress, 1)

            // Toggled while unmapped: nobody would see an animation.
            page.collection.toggle()
            XCTAssertFalse(page.collection.reveal.isAnimating)
            XCTAssertEqual(page.collection.reveal.displayedProgress, 0)
        }
    }

    func testDestroyingMidAnimationReleasesEverything() {
        onMain {
            iterate(for: 0.05)
            let before = Census.now()
            do {
                let page = RevealPage()
                let window = TestWindow(child: page.widget)
                page.collection.toggle()
                page.shapes.toggle()
                XCTAssertTrue(iterate(until: { page.collection.reveal.displayedProgress > 0.2 }))
                XCTAssertTrue(page.collection.reveal.isAnimating)
                window.destroy()
            }
            iterate(until: { Census.now() == before })
            XCTAssertEqual(Census.now(), before, "widgets, Swift state, closures and tick callbacks released")
        }
    }
}
