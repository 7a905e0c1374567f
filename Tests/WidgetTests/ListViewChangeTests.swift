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
            let window = Self.shownScrolled(list).window
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

    /// GTK 4.22's reduced motion: a removal above moves the rows below to
    /// their new places on the frame of the change, where the ones that
    /// changed place fade in; no row is ever drawn between two places. (On
    /// a GTK without the setting there is nothing to ask for.)
    func testUnderReducedMotionRowsFadeAtTheirNewPlacesAndNeverMove() {
        onMain {
            guard AnimationSettings.hasReducedMotionSetting() else {
                XCTAssertFalse(AnimationSettings.setReducesMotion(true), "GTK \(gtk_get_minor_version()) has no reduced-motion setting")
                return
            }
            AnimationSettings.setReducesMotion(true)
            defer { AnimationSettings.setReducesMotion(false) }
            let store = gtk_string_list_new(nil)!
            for index in 0..<20 { gtk_string_list_append(store, "Item \(index)") }
            let list = ListView.make()
            list.bind(model: UnsafeMutableRawPointer(store)) { item in
                Widgets.label(String(cString: gtk_string_object_get_string(OpaquePointer(item))))
            }
            let window = Self.shownScrolled(list).window
            defer { window.destroy() }
            XCTAssertTrue(iterate(until: { list.rowCount > 0 && !list.isAnimating }), "the list never showed its rows")
            let before = Dictionary(uniqueKeysWithValues: list.placedFrames.map { ($0.position!, $0.y) })
            var places: [Int: Set<Double>] = [:]
            var opacities: [Double] = []
            let sampler = FrameSampler(window.window) { _ in
                for frame in list.placedFrames where !frame.isLeaving { places[frame.position!, default: []].insert(frame.y) }
                opacities.append(list.placedFrames.filter { !$0.isLeaving }.map(\.opacity).min() ?? 1)
            }
            defer { sampler.stop() }
            gtk_string_list_remove(store, 0)
            XCTAssertTrue(iterate(until: { !list.isAnimating && opacities.count > 2 }), "the change settles")
            for (position, ys) in places {
                XCTAssertEqual(ys.count, 1, "row \(position) was drawn at one place: \(ys.sorted())")
                if let y = ys.first, let place = before[position] { XCTAssertEqual(y, place, "row \(position) is at its new place") }
            }
            XCTAssertTrue(opacities.contains { $0 > 0.05 && $0 < 0.95 }, "the rows that changed place faded in: \(opacities)")
            g_object_unref(UnsafeMutableRawPointer(store))
        }
    }

    /// The focused row's item goes: the keyboard goes to the row that took
    /// its place, and the app is told which row before it gets there (what
    /// it says of the change there is then said once, with the row).
    func testTheRowThatKeepsTheKeyboardIsToldBeforeItHasIt() throws {
        try onMain {
            let store = gtk_string_list_new(nil)!
            for index in 0..<5 { gtk_string_list_append(store, "Item \(index)") }
            let list = ListView.make()
            list.bind(model: UnsafeMutableRawPointer(store)) { item in
                let label = Widgets.label(String(cString: gtk_string_object_get_string(OpaquePointer(item))))
                gtk_widget_set_focusable(label, 1)
                return label
            }
            g_object_unref(UnsafeMutableRawPointer(store))  // the list holds it
            let window = Self.shownScrolled(list).window
            defer { window.destroy() }
            XCTAssertTrue(iterate(until: { list.rowCount == 5 && !list.isAnimating }), "the list never showed its rows")
            XCTAssertTrue(list.focusRow(at: 1))
            let root = try XCTUnwrap(gtk_widget_get_root(list.widget))
            var told: [(row: WidgetPointer, hadTheKeyboard: Bool)] = []
            list.willKeepTheKeyboard = { row in
                told.append((row, gtk_root_get_focus(root).map { gCast($0, to: GtkWidget.self).isInside(row) } ?? false))
            }
            gtk_string_list_remove(store, 1)
            list.flushChanges()
            XCTAssertTrue(iterate(until: { !told.isEmpty }), "the list never said where the keyboard goes")
            XCTAssertEqual(told.count, 1)
            let next = try XCTUnwrap(list.widget(at: 1), "the row that took the gone one's place")
            XCTAssertEqual(String(cString: gtk_label_get_text(gCast(next))), "Item 2")
            XCTAssertTrue(next.isInside(told[0].row), "told of the row that took its place")
            XCTAssertFalse(told[0].hadTheKeyboard, "told before the keyboard got there")
            XCTAssertTrue(gtk_root_get_focus(root).map { gCast($0, to: GtkWidget.self).isInside(told[0].row) } ?? false,
                          "then the keyboard is there")
            XCTAssertTrue(iterate(until: { !list.isAnimating }), "the change settles")
        }
    }

    /// `list` in a scrolled window, shown. (A scrollbar beside the rows:
    /// the overlay one eases its own width after the pointer leaves it, a
    /// layout at every frame.)
    @MainActor static func shownScrolled(_ list: ListView) -> (scrolled: WidgetPointer, window: TestWindow) {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_overlay_scrolling(gCast(scrolled), 0)
        gtk_scrolled_window_set_child(gCast(scrolled), list.widget)
        return (scrolled, TestWindow(child: scrolled))
    }

    /// A list of `count` labels ("Item 0" …) bound to a GtkStringList, which
    /// the list holds (the store is returned to change).
    @MainActor static func labelList(count: Int) -> (store: OpaquePointer, list: ListView) {
        let store = gtk_string_list_new(nil)!
        var strings: [UnsafePointer<CChar>?] = (0..<count).map { UnsafePointer(strdup("Item \($0)")) } + [nil]
        gtk_string_list_splice(store, 0, 0, &strings)
        strings.forEach { free(UnsafeMutablePointer(mutating: $0)) }
        let list = ListView.make()
        list.bind(model: UnsafeMutableRawPointer(store)) { Widgets.label(String(cString: gtk_string_object_get_string(OpaquePointer($0)))) }
        g_object_unref(UnsafeMutableRawPointer(store))
        return (store, list)
    }

    /// The list's rows are all as tall as the first. A taller one is cut to
    /// that height, not drawn over the rows beside it, and the list says so
    /// once, naming the item (a newcomer's three-line row overlapped its
    /// neighbours in silence).
    func testARowTallerThanTheFirstIsCutToItsPlaceAndSaidOnce() {
        onMain {
            let store = gtk_string_list_new(nil)!
            for text in ["One line", "Three\nlines\nhere", "One line", "Three\nlines\nagain"] { gtk_string_list_append(store, text) }
            let list = ListView.make()
            list.bind(model: UnsafeMutableRawPointer(store)) { Widgets.label(String(cString: gtk_string_object_get_string(OpaquePointer($0)))) }
            g_object_unref(UnsafeMutableRawPointer(store))
            let (_, window) = Self.shownScrolled(list)
            defer { window.destroy() }
            XCTAssertTrue(iterate(until: { list.widget(at: 3) != nil }), "every row made")
            window.waitForFrames(1)
            let warnings = LoggedWarnings.take()
            XCTAssertEqual(warnings.filter { $0.contains("needs") && $0.contains("cut") }.count, 1, "said once: \(warnings)")
            XCTAssertTrue(warnings.contains { $0.contains("position 1") }, "naming the first tall row: \(warnings)")
            let tall = list.widget(at: 1).flatMap { gtk_widget_get_parent($0) }!, next = list.widget(at: 2).flatMap { gtk_widget_get_parent($0) }!
            XCTAssertEqual(gtk_widget_get_overflow(tall), GTK_OVERFLOW_HIDDEN, "what does not fit is cut")
            var origin = graphene_point_t(), below = graphene_point_t()
            XCTAssertTrue(gtk_widget_compute_point(next, tall, &origin, &below) != 0)
            XCTAssertGreaterThanOrEqual(below.y, Float(gtk_widget_get_height(tall)), "the next row starts below the cut row's place")
        }
    }

    /// How often GTK measured a `countingBox` for its height.
    @MainActor static var verticalMeasures = 0

    /// A box whose layout counts how often GTK measures it for height: how
    /// often a change below it made GTK size the window again.
    @MainActor static func countingBox(around child: WidgetPointer) -> WidgetPointer {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(gCast(box), child)
        let measure: GtkCustomMeasureFunc = { widget, orientation, forSize, minimum, natural, _, _ in
            MainActor.assumeIsolated { if orientation == GTK_ORIENTATION_VERTICAL { ListViewChangeTests.verticalMeasures += 1 } }
            gtk_widget_measure(gtk_widget_get_first_child(widget), orientation, forSize, minimum, natural, nil, nil)
        }
        let allocate: GtkCustomAllocateFunc = { widget, width, height, baseline in
            gtk_widget_allocate(gtk_widget_get_first_child(widget), width, height, baseline, nil)
        }
        gtk_widget_set_layout_manager(box, gtk_custom_layout_new(nil, measure, allocate))
        return box
    }

    /// A list that shrinks from 200 rows to 3, in a scrolled window: its
    /// height eases over the motion's frames.
    func testAMotionSizesTheWindowOnlyWhereItsHeightIsRead() {
        onMain {
            for propagatesHeight in [false, true] {
                let (store, list) = Self.labelList(count: 200)
                let scrolled = gtk_scrolled_window_new()!
                gtk_scrolled_window_set_propagate_natural_height(gCast(scrolled), propagatesHeight ? 1 : 0)
                gtk_scrolled_window_set_max_content_height(gCast(scrolled), 400)
                // A scrollbar beside the rows, not over them: the overlay one
                // eases its own width when the pointer has just left it, and
                // that sizes the window at each frame by itself.
                gtk_scrolled_window_set_overlay_scrolling(gCast(scrolled), 0)
                gtk_scrolled_window_set_child(gCast(scrolled), list.widget)
                // Where it takes the list's height, as tall as it asks to be;
                // otherwise filling the window, as scrolled windows mostly do.
                if propagatesHeight { gtk_widget_set_valign(scrolled, GTK_ALIGN_START) }
                let window = TestWindow(child: Self.countingBox(around: scrolled))
                defer { window.destroy() }
                XCTAssertTrue(iterate(until: { list.rowCount > 0 && !list.isAnimating }), "the list never showed its rows")

                var frames = 0
                var scrolledHeights: [Int32] = []
                let sampler = FrameSampler(window.window) { _ in
                    guard list.isAnimating else { return }
                    frames += 1
                    scrolledHeights.append(gtk_widget_get_height(scrolled))
                }
                Self.verticalMeasures = 0
                gtk_string_list_splice(store, 3, 197, nil)
                list.flushChanges()
                XCTAssertTrue(list.isAnimating, "the change animates")
                XCTAssertTrue(iterate(until: { !list.isAnimating }), "the change settles")
                window.waitForFrames(2)
                sampler.stop()
                XCTAssertGreaterThanOrEqual(frames, 5, "the change animated over frames")
                var natural: Int32 = 0
                gtk_widget_measure(list.widget, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
                let rowHeight = list.placedFrames.count == 3 ? list.placedFrames[1].y - list.placedFrames[0].y : 0
                XCTAssertEqual(Double(natural), 3 * rowHeight - Double(ListView.spacing), accuracy: 1,
                               "at rest the list asks for the height of its three rows")
                let scrollbar = gtk_scrolled_window_get_vscrollbar(gCast(scrolled))!
                XCTAssertEqual(gtk_widget_get_child_visible(scrollbar), 0, "three rows need no scrollbar")
                if propagatesHeight {
                    // The scrolled window is as tall as the list: it reads the
                    // height at every frame, and shrinks through it.
                    XCTAssertGreaterThanOrEqual(Self.verticalMeasures, frames, "the window was sized at each frame")
                    XCTAssertGreaterThan(Set(scrolledHeights).count, 2, "the scrolled window eased down: \(scrolledHeights)")
                } else {
                    // Its height is the window's: the list's is read once the
                    // motion ends (and where rows came and went), not per frame.
                    XCTAssertLessThanOrEqual(Self.verticalMeasures, 6,
                                             "the window was sized \(Self.verticalMeasures) times over \(frames) frames")
                }
            }
        }
    }

    /// A fading row is drawn offscreen, and GTK's GL renderer keeps an
    /// offscreen from frame to frame while the node it drew is the same one.
    /// So the opacity wraps the row's own node, which GTK keeps while the row
    /// does not change: the same node at each frame of the fade, never the
    /// transform that places the row (a new node every frame), nor a group of
    /// rows made anew every frame. Over a fade, the row is drawn offscreen once,
    /// and each frame only blends it.
    func testAFadingRowIsBlendedFromTheSameNodeAtEveryFrame() {
        onMain {
            let (store, list) = Self.labelList(count: 12)
            let (_, window) = Self.shownScrolled(list)
            defer { window.destroy() }
            XCTAssertTrue(iterate(until: { list.rowCount > 0 && !list.isAnimating }), "the list never showed its rows")
            // Thirty times slower: two frames land inside the fade on a loaded machine too.
            SlowMotion.slowdown = 30
            defer { SlowMotion.slowdown = 1 }
            for position in stride(from: 10, through: 0, by: -2) { gtk_string_list_remove(store, guint(position)) }
            list.flushChanges()
            // (Fading out starts slowly: the first frames still draw the rows opaque.)
            XCTAssertTrue(iterate(until: {
                let nodes = Self.fadingNodes(of: list)
                nodes.forEach { gsk_render_node_unref($0.child) }
                return !nodes.isEmpty
            }), "the rows that go fade")
            let first = Self.fadingNodes(of: list)
            window.waitForFrames(2)
            let second = Self.fadingNodes(of: list)
            // (Each child is held: a node freed could give its address to another.)
            defer { (first + second).forEach { gsk_render_node_unref($0.child) } }
            XCTAssertTrue(list.isAnimating, "still fading")
            XCTAssertEqual(first.count, 6, "each row that goes is faded apart")
            XCTAssertTrue((first + second).allSatisfy { $0.opacity > 0 && $0.opacity < 1 })
            let kept = Set(first.map(\.child)).intersection(second.map(\.child))
            XCTAssertEqual(kept.count, first.count, "each row's node is the same at both frames")
            XCTAssertNotEqual(first.map(\.opacity), second.map(\.opacity), "while its opacity changes")
        }
    }

    /// The opacity nodes of the list's drawing (a label list has no others),
    /// each with its child, held for the caller to release.
    @MainActor static func fadingNodes(of list: ListView) -> [(opacity: Float, child: OpaquePointer)] {
        let paintable = gtk_widget_paintable_new(list.widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(gtk_widget_get_width(list.widget)), Double(gtk_widget_get_height(list.widget)))
        guard let root = gtk_snapshot_free_to_node(snapshot) else { return [] }
        defer { gsk_render_node_unref(root) }
        var found: [(opacity: Float, child: OpaquePointer)] = []
        func walk(_ node: OpaquePointer) {
            switch gsk_render_node_get_node_type(node) {
            case GSK_OPACITY_NODE:
                found.append((gsk_opacity_node_get_opacity(node), gsk_render_node_ref(gsk_opacity_node_get_child(node))))
            case GSK_CONTAINER_NODE:
                for index in 0..<gsk_container_node_get_n_children(node) { walk(gsk_container_node_get_child(node, index)) }
            case GSK_TRANSFORM_NODE: walk(gsk_transform_node_get_child(node))
            case GSK_CLIP_NODE: walk(gsk_clip_node_get_child(node))
            case GSK_ROUNDED_CLIP_NODE: walk(gsk_rounded_clip_node_get_child(node))
            case GSK_DEBUG_NODE: walk(gsk_debug_node_get_child(node))
            default: break
            }
        }
        walk(root)
        return found
    }

    /// Rows that only move and fade are placed again at each frame without
    /// a layout of the window: on X11, GTK 4.8 answers every layout of a
    /// window by asking the X server for its monitor's work area, and
    /// draws the overlay scrollbar again when the scroll range changes. The
    /// window is laid out where rows come or go, not at each frame between.
    func testAMotionsFramesLayOutNothingWhereRowsOnlyMoveAndFade() {
        onMain {
            let (store, list) = Self.labelList(count: 60)
            let (scrolled, window) = Self.shownScrolled(list)
            defer { window.destroy() }
            XCTAssertTrue(iterate(until: { list.rowCount > 0 && !list.isAnimating }), "the list never showed its rows")
            let adjustment = gtk_scrolled_window_get_vadjustment(gCast(scrolled))!
            let rangeBefore = gtk_adjustment_get_upper(adjustment)

            let surface = UnsafeMutableRawPointer(gtk_native_get_surface(gCast(window.window))!)
            var layouts = 0, frames = 0, ranges: Set<Double> = []
            // (GdkSurface::layout carries two ints: the same call as two guints.)
            let layoutWatch = onRangeSignal(surface, "layout") { _, _ in layouts += 1 }
            let sampler = FrameSampler(window.window) { _ in
                frames += 1
                ranges.insert(gtk_adjustment_get_upper(adjustment))
            }
            // Every other item goes: the rest glide up, the gone ones fade.
            for position in stride(from: 58, through: 0, by: -2) { gtk_string_list_remove(store, guint(position)) }
            list.flushChanges()
            XCTAssertTrue(list.isAnimating, "the change animates")
            XCTAssertTrue(iterate(until: { !list.isAnimating }), "the change settles")
            window.waitForFrames(2)
            sampler.stop()
            layoutWatch.disconnect()
            XCTAssertGreaterThanOrEqual(frames, 5, "the change animated over frames")
            XCTAssertLessThanOrEqual(layouts, 3, "the window was laid out \(layouts) times over \(frames) frames")
            XCTAssertLessThan(gtk_adjustment_get_upper(adjustment), rangeBefore, "the list shrank")
            XCTAssertEqual(ranges.count, 1, "the scroll range went to the list's new height at once: \(ranges.sorted())")
        }
    }
}
