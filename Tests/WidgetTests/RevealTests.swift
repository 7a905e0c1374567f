// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldApp
import UnfoldWidgets
import XCTest

/// The tutorial's six checks, on real widgets in a real (Xvfb) window, with the
/// real frame clock.
final class RevealTests: GtkTestCase {
    // (1) Expanding Collection then Shapes moves Following item continuously.
    func testFollowingItemMovesThroughIntermediatePositions() {
        onMain {
            let page = RevealPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            let start = top(of: page.followingItem, in: window.window)

            var positions: [Double] = []
            let sampler = FrameSampler(window.window) { _ in
                positions.append(top(of: page.followingItem, in: window.window))
            }
            page.collection.toggle()
            XCTAssertTrue(iterate(until: { page.collection.reveal.displayedProgress > 0.3 }))
            page.shapes.toggle()
            settle(page.collection, page.shapes)
            window.waitForFrames()
            sampler.stop()

            let end = top(of: page.followingItem, in: window.window)
            XCTAssertEqual(end, start + openHeight(of: page.collection), "Following item ends below the open content")
            let intermediate = Set(positions.filter { $0 > start && $0 < end })
            XCTAssertGreaterThanOrEqual(intermediate.count, 5, "positions seen: \(positions)")
            XCTAssertEqual(positions, positions.sorted(), "while both open, Following item only moves down")
            print("frames seen while expanding Collection then Shapes: \(positions.count), distinct intermediate positions: \(intermediate.count)")
        }
    }

    // (2) Each group keeps its own state.
    func testNestedGroupKeepsItsStateWhileItsParentIsClosed() {
        onMain {
            let page = RevealPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            page.collection.toggle()
            page.shapes.toggle()
            settle(page.collection, page.shapes)
            let openPosition = top(of: page.followingItem, in: window.window)

            page.collection.toggle()
            settle(page.collection)
            XCTAssertFalse(page.collection.isExpanded)
            XCTAssertTrue(page.shapes.isExpanded, "closing the parent must not close the child")
            XCTAssertEqual(gtk_widget_get_child_visible(page.collection.content), 0, "closed content is not drawn")

            page.collection.toggle()
            settle(page.collection, page.shapes)
            window.waitForFrames()
            XCTAssertTrue(page.shapes.isExpanded)
            XCTAssertEqual(page.shapes.reveal.displayedProgress, 1)
            XCTAssertEqual(top(of: page.followingItem, in: window.window), openPosition)
        }
    }

    // (3) Toggling again mid-animation reverses from where it is, at the
    // speed it has there: it slows, turns and comes back, with no jump in
    // place or in speed.
    func testReversalMidAnimationHasNoJumpAndEndsWhereItStarted() {
        onMain {
            let page = RevealPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            let start = top(of: page.followingItem, in: window.window)

            struct Sample { var time: Int64; var y: Double }
            var samples: [Sample] = []
            let sampler = FrameSampler(window.window) { time in
                samples.append(Sample(time: time, y: top(of: page.followingItem, in: window.window)))
            }

            // An uninterrupted run gives the largest step the animation ever takes.
            page.collection.toggle()
            settle(page.collection)
            window.waitForFrames()
            let uninterrupted = samples
            page.collection.toggle()
            settle(page.collection)
            window.waitForFrames()

            samples = [Sample(time: 0, y: top(of: page.followingItem, in: window.window))]
            page.collection.toggle()
            XCTAssertTrue(iterate(until: { page.collection.reveal.displayedProgress > 0.4 }))
            let reversedAt = samples.count
            page.collection.toggle()
            settle(page.collection)
            window.waitForFrames()
            sampler.stop()
            let reversed = Array(samples.dropFirst())

            // The frame after the toggle goes on the way the content went, a
            // little slower (GtkRevealer, and Unfold before, start the way back
            // from rest: there the content stands still for a frame).
            XCTAssertGreaterThanOrEqual(reversedAt, 3, "two frames of opening were drawn before the toggle")
            func speed(_ index: Int) -> Double {
                (samples[index].y - samples[index - 1].y) / Double(max(samples[index].time - samples[index - 1].time, 1))
            }
            let speedBefore = speed(reversedAt - 1), speedAfter = speed(reversedAt)
            XCTAssertGreaterThan(speedBefore, 0, "it was opening")
            XCTAssertGreaterThan(speedAfter, speedBefore * 0.25,
                                 "its speed goes on through the reversal: \(speedBefore) px/µs before, \(speedAfter) after")
            XCTAssertLessThanOrEqual(speedAfter, speedBefore * 1.01, "and only slows")

            // Frames under a shared Xvfb do not all come 16.7 ms apart, so steps are
            // compared per unit of frame time; heights are whole pixels, hence +1 px.
            // The way back may be a little faster than an uninterrupted run (the
            // speed it had going out is turned round within a full transition).
            func steps(_ run: [Sample]) -> [(pixels: Double, micros: Double)] {
                zip(run, run.dropFirst()).map { (abs($1.y - $0.y), Double(max($1.time - $0.time, 1))) }
            }
            let largestRate = steps(uninterrupted).map { $0.pixels / $0.micros }.max() ?? 0
            let largestStep = steps(uninterrupted).map(\.pixels).max() ?? 0
            XCTAssertGreaterThan(largestStep, 0, "the uninterrupted run moved")
            for (index, step) in steps(reversed).enumerated() {
                XCTAssertLessThanOrEqual(step.pixels, largestRate * step.micros * 1.15 + 1,
                                         "frame \(index) (reversed after \(reversedAt)) jumps \(step.pixels) px in \(step.micros) µs; uninterrupted largest step \(largestStep) px")
            }
            let peak = reversed.map(\.y).max() ?? start
            XCTAssertGreaterThan(peak, start, "it had started to open")
            XCTAssertLessThan(peak, start + openHeight(of: page.collection), "it reversed before opening fully")
            XCTAssertEqual(reversed.last?.y, start, "it ends exactly where it started")
            XCTAssertEqual(gtk_widget_get_height(page.collection.reveal.widget), 0, "no gap is left behind")
        }
    }

    // (4) At a narrow width, a long label wraps and is revealed at its wrapped height.
    func testWrappedContentIsRevealedAtItsHeightForWidthAndNeverSquashed() {
        onMain {
            let long = Widgets.label("A much longer synthetic label that has to wrap over several lines at this narrow width")
            gtk_label_set_wrap(gCast(long), 1)
            let group = RevealGroup.make(title: "Collection", children: [long, Widgets.label("Palette")])
            let box = Widgets.box(GTK_ORIENTATION_VERTICAL)
            Widgets.append(group.widget, to: box)
            let scrolled = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_policy(gCast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
            gtk_scrolled_window_set_child(gCast(scrolled), box)
            let window = TestWindow(child: scrolled, width: 220, height: 400)
            defer { window.destroy() }

            var squashed: [String] = []
            var frames = 0
            let sampler = FrameSampler(window.window) { _ in
                frames += 1
                // Measurements include the content's margins; allocations exclude them.
                let width = gtk_widget_get_width(group.reveal.widget)
                let natural = Measurement.of(group.content, GTK_ORIENTATION_VERTICAL, forSize: width).natural
                let allocated = gtk_widget_get_height(group.content)
                    + gtk_widget_get_margin_top(group.content) + gtk_widget_get_margin_bottom(group.content)
                let revealed = gtk_widget_get_height(group.reveal.widget)
                let expected = Int32((Double(natural) * group.reveal.displayedProgress).rounded(.up))
                if allocated != natural || revealed != expected {
                    squashed.append("content \(allocated)/\(natural), reveal \(revealed)/\(expected)")
                }
            }
            group.toggle()
            settle(group)
            window.waitForFrames()
            sampler.stop()

            XCTAssertGreaterThan(frames, 3)
            XCTAssertEqual(squashed, [], "the content keeps its height-for-width in every frame")
            let width = gtk_widget_get_width(long)
            let oneLine = Measurement.of(long, GTK_ORIENTATION_VERTICAL, forSize: Int32.max / 4).natural
            let wrapped = Measurement.of(long, GTK_ORIENTATION_VERTICAL, forSize: width).natural
            XCTAssertGreaterThan(wrapped, 2 * oneLine, "the label wraps at \(width) px")
            XCTAssertEqual(gtk_widget_get_height(long), wrapped)
            XCTAssertEqual(Double(gtk_widget_get_height(group.reveal.widget)), openHeight(of: group))
        }
    }

    // (5) With animations off, the next frame already shows the final layout.
    func testReduceMotionShowsTheFinalLayoutOnTheNextFrame() {
        onMain {
            let page = RevealPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            let start = top(of: page.followingItem, in: window.window)
            AnimationSettings.setAnimationsEnabled(false)

            page.collection.toggle()
            XCTAssertFalse(page.collection.reveal.isAnimating, "no tick callback is started")
            window.waitForFrames()
            XCTAssertEqual(top(of: page.followingItem, in: window.window), start + openHeight(of: page.collection))

            page.collection.toggle()
            window.waitForFrames()
            XCTAssertEqual(top(of: page.followingItem, in: window.window), start)
            XCTAssertEqual(gtk_widget_get_child_visible(page.collection.content), 0)
        }
    }

    func testTurningAnimationsOffMidAnimationFinishesAtOnce() {
        onMain {
            let page = RevealPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            let start = top(of: page.followingItem, in: window.window)
            page.collection.toggle()
            XCTAssertTrue(iterate(until: { page.collection.reveal.displayedProgress > 0.1 }))
            XCTAssertTrue(page.collection.reveal.isAnimating)

            AnimationSettings.setAnimationsEnabled(false)
            XCTAssertFalse(page.collection.reveal.isAnimating, "the setting is followed live")
            window.waitForFrames()
            XCTAssertEqual(page.collection.reveal.displayedProgress, 1)
            XCTAssertEqual(top(of: page.followingItem, in: window.window), start + openHeight(of: page.collection))
        }
    }

    /// GTK 4.22's reduced motion: the layout changes on the next frame and
    /// nothing moves; the content fades in, then out before its height goes.
    /// On a GTK without the setting there is nothing to ask for.
    func testReducedMotionChangesTheLayoutAtOnceAndFadesTheContent() {
        onMain {
            guard AnimationSettings.hasReducedMotionSetting() else {
                XCTAssertFalse(AnimationSettings.setReducesMotion(true), "GTK \(gtk_get_minor_version()) has no reduced-motion setting")
                return
            }
            AnimationSettings.setReducesMotion(true)
            defer { AnimationSettings.setReducesMotion(false) }
            XCTAssertEqual(AnimationSettings.motion(gtk_settings_get_default()), .reduced)
            let page = RevealPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            let start = top(of: page.followingItem, in: window.window)
            let reveal = page.collection.reveal
            page.collection.toggle()
            window.waitForFrames()
            XCTAssertEqual(top(of: page.followingItem, in: window.window), start + openHeight(of: page.collection),
                           "the rows below are at their new place on the next frame")
            var opacities: [Double] = [reveal.contentOpacity]
            let frames = FrameSampler(window.window) { _ in opacities.append(reveal.contentOpacity) }
            XCTAssertTrue(iterate(until: { !reveal.isAnimating }))
            frames.stop()
            XCTAssertTrue(opacities.contains { $0 > 0.05 && $0 < 0.95 }, "the content faded in: \(opacities)")
            XCTAssertEqual(reveal.contentOpacity, 1)
            XCTAssertTrue(reveal.isChildRevealed)

            page.collection.toggle()
            XCTAssertTrue(iterate(until: { reveal.contentOpacity < 0.9 }), "closing, the content fades")
            XCTAssertEqual(top(of: page.followingItem, in: window.window), start + openHeight(of: page.collection),
                           "in the height it had")
            XCTAssertTrue(iterate(until: { !reveal.isAnimating }))
            window.waitForFrames()
            XCTAssertEqual(top(of: page.followingItem, in: window.window), start, "then goes at once")
            XCTAssertEqual(gtk_widget_get_child_visible(page.collection.content), 0)
        }
    }

    /// Clipping alone is not enough: from the first frame of a collapse, the content
    /// takes no pointer events and no focus, while it is still partly on screen.
    func testContentIsInertFromTheMomentACollapseStarts() {
        onMain {
            let inside = gtk_button_new_with_label("Inside")!
            let group = RevealGroup.make(title: "Collection", children: [inside], expanded: true)
            let box = Widgets.box(GTK_ORIENTATION_VERTICAL)
            Widgets.append(group.widget, to: box)
            Widgets.append(gtk_button_new_with_label("After"), to: box)
            let window = TestWindow(child: box)
            defer { window.destroy() }
            let root = OpaquePointer(window.window)
            guard let bounds = inside.bounds(in: window.window) else { return XCTFail("Inside is not laid out") }
            let (x, y) = (Double(bounds.origin.x) + 4, Double(bounds.origin.y) + 4)
            @MainActor func picked() -> WidgetPointer? { gtk_widget_pick(window.window, x, y, GTK_PICK_DEFAULT) }
            XCTAssertTrue(picked()?.isInside(inside) ?? false, "open content takes the pointer")

            group.toggle()
            window.waitForFrames(2)
            XCTAssertTrue(group.reveal.isAnimating)
            XCTAssertGreaterThan(group.reveal.displayedProgress, 0)
            XCTAssertEqual(gtk_widget_get_mapped(inside), 1, "still on screen while it collapses")
            XCTAssertFalse(picked()?.isInside(group.content) ?? false, "no pointer events while collapsing")
            for _ in 0..<4 {
                _ = gtk_widget_child_focus(window.window, GTK_DIR_TAB_FORWARD)
                let focus: WidgetPointer? = gtk_root_get_focus(root).map { gCast($0) }
                XCTAssertFalse(focus?.isInside(group.content) ?? false, "Tab reached collapsing content")
            }
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_hidden($0, 1) }, group.content))
            settle(group)
            XCTAssertEqual(gtk_widget_get_mapped(inside), 0, "closed content is not drawn at all")
        }
    }

    // (6) Keyboard activation and the accessible state, with real key presses.
    /// A fast typist's Space then Tab: the Tab comes before the opening has
    /// drawn a frame, and must still land in what is opening, not skip past it
    /// to whatever follows (the header bar, on the app's pages).
    func testTabRightAfterOpeningEntersTheOpeningContent() {
        onMain {
            let (group, inside, window) = groupAboveAButton()
            defer { window.destroy() }
            gtk_widget_grab_focus(group.header)

            group.toggle()
            XCTAssertEqual(group.reveal.displayedProgress, 0, "no frame has run yet")
            XCTAssertNotEqual(gtk_widget_child_focus(window.window, GTK_DIR_TAB_FORWARD), 0)
            let focus: WidgetPointer? = gtk_root_get_focus(OpaquePointer(window.window)).map { gCast($0) }
            XCTAssertEqual(focus, inside, "Tab before the first frame skipped the opening content")
            settle(group)
        }
    }

    func testKeyboardTogglesTheFocusedHeaderAndFocusNeverEntersClosedContent() {
        onMain {
            let (group, inside, window) = groupAboveAButton()
            defer { window.destroy() }
            let root = OpaquePointer(window.window)
            @MainActor func focused() -> WidgetPointer? { gtk_root_get_focus(root).map { gCast($0) } }

            XCTAssertTrue(gtk_test_accessible_has_role(group.header.accessible, GTK_ACCESSIBLE_ROLE_BUTTON) != 0)
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Collection") }, group.header))
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_controls($0, group.reveal.widget.accessible) }, group.header))
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_expanded($0, 0) }, group.header))
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_hidden($0, 1) }, group.content))

            XInput.focus(window)
            gtk_widget_grab_focus(group.header)
            for _ in 0..<4 {
                XInput.key("Tab")
                XCTAssertFalse(focused()?.isInside(group.content) ?? false, "focus entered closed content")
            }
            gtk_widget_grab_focus(group.header)

            XInput.key("space")
            XCTAssertTrue(iterate(until: { group.isExpanded }), "Space toggles the focused header")
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_expanded($0, 1) }, group.header))
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_hidden($0, 0) }, group.content))
            settle(group)
            XInput.key("Tab")
            XCTAssertEqual(focused(), inside, "open content takes focus")

            // Closing around the focus hands it back to the header.
            group.toggle()
            XCTAssertEqual(focused(), group.header)
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_expanded($0, 0) }, group.header))
            settle(group)

            XInput.key("Return")
            XCTAssertTrue(iterate(until: { group.isExpanded }), "Enter toggles the focused header")
            settle(group)
            XInput.key("Return")
            XCTAssertTrue(iterate(until: { !group.isExpanded }))
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_expanded($0, 0) }, group.header))
        }
    }
}

/// A closed group holding a button ("Inside"), above another ("After"), in a window.
@MainActor
func groupAboveAButton() -> (group: RevealGroup, inside: WidgetPointer, window: TestWindow) {
    let inside = gtk_button_new_with_label("Inside")!
    let group = RevealGroup.make(title: "Collection", children: [inside])
    let box = Widgets.box(GTK_ORIENTATION_VERTICAL)
    Widgets.append(group.widget, to: box)
    Widgets.append(gtk_button_new_with_label("After")!, to: box)
    return (group, inside, TestWindow(child: box))
}

/// The height `group`'s content takes when fully open at its current width.
@MainActor
func openHeight(of group: RevealGroup) -> Double {
    let width = gtk_widget_get_width(group.reveal.widget)
    return Double(Measurement.of(group.content, GTK_ORIENTATION_VERTICAL, forSize: width).natural)
}

@MainActor
func settle(_ groups: RevealGroup...) {
    XCTAssertTrue(iterate(until: { groups.allSatisfy { !$0.reveal.isAnimating } }), "the animation never ended")
}
