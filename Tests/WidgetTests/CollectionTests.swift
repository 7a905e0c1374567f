// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
@testable import UnfoldApp
import UnfoldCore
import UnfoldMotion
import UnfoldWidgets
import Synchronization
import XCTest

/// The filtered collection driven through its real entry and toggle, in a real
/// window with the real frame clock.
final class CollectionTests: GtkTestCase {
    func testTheTutorialsSixStepsThroughTheRealControls() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            let steps: [(query: String, tilesOnly: Bool, ids: [Int])] = [
                ("", false, [1, 2, 3, 4]),
                ("a", false, [1, 2]),
                ("b", false, [3, 4]),
                ("", true, [1, 3]),
                ("z", true, []),
                ("", false, [1, 2, 3, 4]),
            ]
            for step in steps {
                type(step.query, into: page)
                gtk_check_button_set_active(gCast(page.tilesOnlyToggle), step.tilesOnly ? 1 : 0)
                settle(page)
                XCTAssertEqual(childIDs(of: page), step.ids, "children after \(step)")
                XCTAssertEqual(page.drawnRows.map(\.id), step.ids, "drawn rows after \(step)")
                XCTAssertEqual(captionText(page), "\(step.ids.count) of 4 labels")
                XCTAssertEqual(gtk_revealer_get_child_revealed(gCast(page.emptyState)) != 0, step.ids.isEmpty,
                               "\"No matching labels\" is shown only when nothing matches")
            }
        }
    }

    /// A query retyped in another case is the page's filter (the entry says
    /// so), and passes the same labels: nothing moves.
    func testRetypingInAnotherCaseKeepsTheRows() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            type("a", into: page)
            settle(page)
            let rows = childIDs(of: page)
            type("A", into: page)
            settle(page)
            XCTAssertEqual(page.filter.query, "A")
            XCTAssertEqual(page.visibleIDs, [1, 2])
            XCTAssertEqual(childIDs(of: page), rows, "the same rows, none rebuilt or animated")
            XCTAssertEqual(captionText(page), "2 of 4 labels")
        }
    }

    func testRowsFadeAndSlideInFadeOutInPlaceAndThenLeave() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            type("a", into: page)
            settle(page)

            let finalized = FinalizationCounter()
            for id in [1, 2] { finalized.watch(page.rowWidget(for: id)!) }

            struct Sample { var frames: [CollectionPage.DrawnRow]; var drawnAt: [Int: Float]; var leavingMapped: Bool }
            var samples: [Sample] = []
            let sampler = FrameSampler(window.window) { _ in
                var drawnAt: [Int: Float] = [:]
                for frame in page.drawnRows {
                    drawnAt[frame.id] = page.rowWidget(for: frame.id)?.bounds(in: page.list.widget)?.origin.y
                }
                let leavingMapped = page.drawnRows.filter(\.isLeaving).allSatisfy {
                    page.rowWidget(for: $0.id).map { gtk_widget_get_mapped($0) != 0 } ?? false
                }
                samples.append(Sample(frames: page.drawnRows, drawnAt: drawnAt, leavingMapped: leavingMapped))
            }
            type("b", into: page)
            settle(page)
            window.waitForFrames()
            sampler.stop()

            // Where the rows settled: the last sample.
            let finalY = Dictionary(uniqueKeysWithValues: samples.last!.frames.map { ($0.id, $0.y) })
            XCTAssertEqual(finalY.keys.sorted(), [3, 4])
            XCTAssertEqual(finalY[3], 0)
            var insertingSeen = 0, leavingSeen = 0
            for sample in samples {
                for frame in sample.frames {
                    // (On the nearest whole pixel, as GTK's own lists place rows.)
                    XCTAssertEqual(Double(sample.drawnAt[frame.id] ?? -1), frame.y, accuracy: 0.5,
                                   "row \(frame.id) is allocated where it is drawn, so the pointer hits what is seen")
                    if !frame.isLeaving, let target = finalY[frame.id], frame.opacity > 0, frame.opacity < 1 {
                        insertingSeen += 1
                        let offset = frame.y - target
                        XCTAssertGreaterThan(offset, 0, "row \(frame.id) comes from below")
                        XCTAssertLessThan(offset, ListMotion.insertionSlide)
                    }
                    if frame.isLeaving, frame.opacity > 0, frame.opacity < 1 {
                        leavingSeen += 1
                        XCTAssertTrue(sample.leavingMapped, "a leaving row is still drawn while it fades")
                        XCTAssertTrue([1, 2].contains(frame.id))
                    }
                }
            }
            print("frames sampled during \"a\" -> \"b\": \(samples.count); inserting-row samples mid-fade: \(insertingSeen); leaving-row samples mid-fade: \(leavingSeen)")
            print("opacity of row 3 per frame: \(samples.compactMap { $0.frames.first { $0.id == 3 }?.opacity }.map { ($0 * 100).rounded() / 100 })")
            XCTAssertGreaterThanOrEqual(insertingSeen, 4, "inserting rows were seen mid-fade")
            XCTAssertGreaterThanOrEqual(leavingSeen, 4, "removed rows were seen fading")
            XCTAssertEqual(childIDs(of: page), [3, 4])
            iterate(until: { finalized.count >= 2 })
            XCTAssertEqual(finalized.count, 2, "removed rows are unparented and gone once their fade ends")
        }
    }

    func testLeavingRowIsInertAtOnceAndReturnsAsTheSameWidget() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            let row = page.rowWidget(for: 3)!
            type("a", into: page)
            XCTAssertTrue(iterate(until: { page.listedIDs == [1, 2] }))
            // At once: before the fade has drawn a single frame.
            XCTAssertEqual(page.drawnRows.first { $0.id == 3 }?.opacity, 1)
            XCTAssertEqual(gtk_widget_get_can_target(row), 0)
            XCTAssertEqual(gtk_widget_get_can_focus(row), 0)
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_hidden($0, 1) }, row))
            @MainActor func opacity() -> Double { page.drawnRows.first { $0.id == 3 }?.opacity ?? -1 }
            XCTAssertTrue(iterate(until: { opacity() > 0 && opacity() < 0.9 }), "row 3 fades")

            type("", into: page)
            XCTAssertTrue(iterate(until: { page.listedIDs == [1, 2, 3, 4] }))
            XCTAssertEqual(page.rowWidget(for: 3), row, "the same widget, never a duplicate")
            XCTAssertEqual(gtk_widget_get_can_target(row), 1)
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_hidden($0, 0) }, row))
            settle(page)
            XCTAssertEqual(childIDs(of: page), [1, 2, 3, 4])
        }
    }

    func testRapidFireSettlesToOneRowPerVisibleIDInOrder() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            var random = SplitMix64(seed: 2026)
            let queries = ["", "a", "b", "t", "ti", "tile", "dot", "z", " ", "A", "B", "o"]
            for _ in 0..<200 {
                if random.next() % 3 == 0 {
                    let toggle: UnsafeMutablePointer<GtkCheckButton> = gCast(page.tilesOnlyToggle)
                    gtk_check_button_set_active(toggle, gtk_check_button_get_active(toggle) == 0 ? 1 : 0)
                } else {
                    gtk_editable_set_text(gCast(page.searchEntry), queries[Int(random.next() % UInt64(queries.count))])
                }
                for _ in 0..<(random.next() % 3) { g_main_context_iteration(nil, 0) }
            }
            iterate(until: { String(cString: gtk_editable_get_text(gCast(page.searchEntry))) == page.filter.query })
            settle(page)
            XCTAssertEqual(childIDs(of: page), page.visibleIDs)
            XCTAssertEqual(page.drawnRows.map(\.id), page.visibleIDs)
            iterate(until: { LabelRow.live <= page.visibleIDs.count })
            XCTAssertEqual(LabelRow.live, page.visibleIDs.count, "rows that left were finalized")
        }
    }

    func testSameIDsStartNoAnimation() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            type("Tile", into: page)
            settle(page)
            type("tile", into: page)
            window.waitForFrames(2)
            XCTAssertEqual(page.filter.query, "tile")
            XCTAssertFalse(page.list.isAnimating, "no tick callback for the same visible IDs")

            type("t", into: page)
            window.waitForFrames(2)
            XCTAssertTrue(page.list.isAnimating, "a change of visible IDs animates")
        }
    }

    func testReduceMotionShowsTheResultOnTheNextFrame() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            AnimationSettings.setAnimationsEnabled(false)
            type("a", into: page)
            window.waitForFrames()
            XCTAssertFalse(page.list.isAnimating)
            XCTAssertEqual(childIDs(of: page), [1, 2])
            XCTAssertEqual(page.drawnRows.map(\.opacity), [1, 1], "no intermediate frame")
            type("z", into: page)
            window.waitForFrames()
            XCTAssertEqual(gtk_revealer_get_child_revealed(gCast(page.emptyState)), 1)
        }
    }

    func testTurningAnimationsOffMidChangeFinishesAtOnce() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            type("a", into: page)
            XCTAssertTrue(iterate(until: { page.list.isAnimating }))
            AnimationSettings.setAnimationsEnabled(false)
            XCTAssertFalse(page.list.isAnimating, "the setting is followed live")
            XCTAssertTrue(iterate(until: { childIDs(of: page) == [1, 2] }), "rows fading out leave at once")
            window.waitForFrames()
            XCTAssertEqual(page.drawnRows.map(\.opacity), [1, 1])
        }
    }

    /// Emptied in slow motion, a letter at a time as a person types, the rows
    /// still leave after the scrollbar has gone and the empty state has faded
    /// in (GTK's own revealer, which slow motion does not slow). A list laid
    /// out alone at each of those frames once left its scrolled window marked
    /// by the hidden scrollbar, and was drawn without an allocation: a GTK
    /// warning each frame (which the harness fails any test on, too).
    func testEmptiedInSlowMotionEveryFrameIsLaidOut() {
        onMain {
            SlowMotion.slowdown = 10
            defer { SlowMotion.slowdown = 1 }
            let page = CollectionPage(collection: LabelCollection.synthetic(count: 30))
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            window.waitForFrames(2)
            let frames = FrameCounter(window.window)
            for query in ["q", "qx", "qxz"] {
                type(query, into: page)
                window.waitForFrames(12)
            }
            settle(page)
            frames.stop()
            XCTAssertGreaterThan(frames.count, 10, "slow motion: the rows left over many frames")
            XCTAssertEqual(LoggedWarnings.take(), [], "every frame drew a laid-out list")
        }
    }

    func testWindowIsTitledAfterThePageAndKeepsTheTutorialsMinimumSize() {
        onMain {
            let main = MainWindow.open(application: nil)
            main.present()
            defer { gtk_window_destroy(gCast(main.window)) }
            @MainActor func title() -> String { String(cString: gtk_window_get_title(gCast(main.window))) }
            XCTAssertEqual(title(), "Unfold")
            main.showPage(.collection)
            XCTAssertEqual(title(), "Label Collection")
            let width = Measurement.of(main.window, GTK_ORIENTATION_HORIZONTAL).minimum
            let height = Measurement.of(main.window, GTK_ORIENTATION_VERTICAL, forSize: width).minimum
            print("window minimum: \(width)x\(height)")
            XCTAssertGreaterThanOrEqual(width, MainWindow.minimumWidth)
            XCTAssertGreaterThanOrEqual(height, MainWindow.minimumHeight)
            // The header bar does not widen it: the pages' switcher gives way to a drop-down.
            XCTAssertLessThanOrEqual(width, MainWindow.minimumWidth + 40)
            XCTAssertEqual(MainWindow.minimumWidth, 360)
            XCTAssertEqual(MainWindow.minimumHeight, 280)
        }
    }

    func testEachWindowHasItsOwnFilter() {
        onMain {
            let first = MainWindow.open(application: nil)
            let second = MainWindow.open(application: nil)
            first.present()
            second.present()
            defer {
                gtk_window_destroy(gCast(first.window))
                gtk_window_destroy(gCast(second.window))
            }
            type("a", into: first.collectionPage)
            gtk_check_button_set_active(gCast(first.collectionPage.tilesOnlyToggle), 1)
            settle(first.collectionPage)
            XCTAssertEqual(first.collectionPage.visibleIDs, [1])
            XCTAssertEqual(second.collectionPage.filter, LabelFilter())
            XCTAssertEqual(second.collectionPage.listedIDs, [1, 2, 3, 4])
        }
    }

    /// A note opened again goes on where it ended: the first key typed adds
    /// to it, it does not replace it (GTK selects a field's text on focus).
    func testKeysTypedIntoANoteOpenedAgainAddToIt() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            settle(page)
            page.restoreNote("Round", for: 1)
            XInput.focus(window)
            let (_, _, note) = try! openNote(of: page.rowWidget(for: 1)!)
            XCTAssertTrue(iterate(until: {
                guard gtk_widget_get_mapped(note) != 0, let focus = gtk_root_get_focus(gtk_widget_get_root(note)) else { return false }
                return gtk_widget_is_ancestor(focus, note) != 0
            }), "the note opens with the keyboard in it")
            XInput.type(" corners")
            XCTAssertTrue(iterate(until: { page.notes[1] == "Round corners" }), "typed after the note: “\(page.notes[1] ?? "")”")
            // Tab leaves the field, as in a form: the note closes, kept, and
            // the keyboard is back on its pencil (it went nowhere, in silence).
            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(note) == 0 }), "Tab closes the note")
            let pencil = gtk_widget_get_first_child(try! XCTUnwrap(Ownership.owner(of: page.rowWidget(for: 1)!) as? LabelRow).editButton)!
            XCTAssertTrue(iterate(until: { gtk_root_get_focus(gtk_widget_get_root(pencil)).map { gCast($0, to: GtkWidget.self) == pencil } ?? false }),
                          "the keyboard is back where the note was opened")
            XCTAssertEqual(page.notes[1], "Round corners")
        }
    }

    func testANoteOutlivesItsRow() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            let row = page.rowWidget(for: 1)!
            let finalized = FinalizationCounter()
            finalized.watch(row)
            let labelRow = try! XCTUnwrap(Ownership.owner(of: row) as? LabelRow)
            XCTAssertNil(labelRow.noteEntry, "a row's note field is made when its note first opens, not with the row")
            XCTAssertEqual(labelRow.pencilTooltip, "Edit note", "a row without a note says what its pencil does")
            XCTAssertFalse(unfold_test_accessible_has_description(gtk_widget_get_first_child(labelRow.editButton)!.accessible) != 0,
                           "the pencil of a row without a note is not described (“Edit note” would repeat its name)")
            let (edit, _, note) = try! openNote(of: row)
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(note) != 0 }), "the note opens in a popover")
            gtk_editable_set_text(gCast(note), "Round corners")
            XCTAssertEqual(page.notes[1], "Round corners")
            gtk_menu_button_popdown(gCast(edit))
            let rowHeight = gtk_widget_get_height(row)

            type("b", into: page)
            settle(page)
            iterate(until: { finalized.count >= 1 })
            XCTAssertEqual(finalized.count, 1, "the row that edited the note is gone")

            type("", into: page)
            settle(page)
            let newRow = page.rowWidget(for: 1)!
            let newLabelRow = try! XCTUnwrap(Ownership.owner(of: newRow) as? LabelRow)
            XCTAssertEqual(newLabelRow.note, "Round corners")
            XCTAssertEqual(newLabelRow.pencilTooltip, "Round corners", "the row shows it has a note")
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_description($0, "Round corners") },
                                            gtk_widget_get_first_child(newLabelRow.editButton)!),
                         "a screen reader hears the note as the pencil's description")
            let (_, _, newNote) = try! openNote(of: newRow)
            XCTAssertEqual(String(cString: gtk_editable_get_text(gCast(newNote))), "Round corners", "its note opens with it")
            XCTAssertEqual(gtk_widget_get_height(newRow), rowHeight, "a note keeps the row's height: rows stay equal")
        }
    }

    func testKeyboardTypesClearsAndToggles() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            let root = OpaquePointer(window.window)
            @MainActor func focused() -> WidgetPointer? { gtk_root_get_focus(root).map { gCast($0) } }
            XInput.focus(window)

            gtk_widget_grab_focus(page.searchEntry)

            XInput.type("a")
            XCTAssertTrue(iterate(until: { page.visibleIDs == [1, 2] }), "typing filters")
            XInput.key("Escape")
            XCTAssertTrue(iterate(until: { page.filter.query.isEmpty }), "Escape clears the query")

            XInput.key("Tab")
            XCTAssertTrue(iterate(until: { focused()?.isInside(page.tilesOnlyToggle) ?? false }), "Tab reaches the toggle")
            // The arrows move the keyboard (GTK 4.8's lone check button took
            // them as a radio group's, and Down turned the filter on).
            XInput.key("Down")
            XCTAssertTrue(iterate(until: { !(focused()?.isInside(page.tilesOnlyToggle) ?? true) }), "Down leaves the toggle")
            XCTAssertFalse(page.filter.tilesOnly, "and leaves the filter as it was")
            gtk_widget_grab_focus(page.tilesOnlyToggle)
            XInput.key("space")
            XCTAssertTrue(iterate(until: { page.filter.tilesOnly }), "Space toggles it")
            settle(page)
            XCTAssertEqual(childIDs(of: page), [1, 3])
        }
    }

    func testAccessibleNames() {
        onMain {
            let page = CollectionPage()
            let window = TestWindow(child: page.widget)
            defer { window.destroy() }
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Filter labels") }, page.searchEntry))
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Tile A, Tile") }, page.rowWidget(for: 1)!))
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Dot B, Dot") }, page.rowWidget(for: 4)!))
            XCTAssertTrue(gtk_test_accessible_has_role(page.rowWidget(for: 1)!.accessible, GTK_ACCESSIBLE_ROLE_LIST_ITEM) != 0)
            XCTAssertEqual(Properties.string(page.searchEntry, "placeholder-text"), "Filter labels")
            XCTAssertEqual(String(cString: gtk_check_button_get_label(gCast(page.tilesOnlyToggle))), "Tiles only")
        }
    }
}

// MARK: Helpers

/// Holds the worker's scans after a step while closed: a test sees a long
/// scan's frames on any machine, fast or loaded. One close and one open.
final class ScanGate: Sendable {
    private let closed = Atomic<Bool>(false)
    private let opened = DispatchSemaphore(value: 0)

    func close() { closed.store(true, ordering: .sequentiallyConsistent) }

    func open() {
        if closed.exchange(false, ordering: .sequentiallyConsistent) { opened.signal() }
    }

    var afterStep: @Sendable (_ generation: Int, _ examined: Int) -> Void {
        { [self] _, _ in if closed.load(ordering: .sequentiallyConsistent) { opened.wait() } }
    }
}

/// Sets the entry's text as typing would, and waits for its search-changed.
@MainActor
func type(_ text: String, into page: CollectionPage) {
    gtk_editable_set_text(gCast(page.searchEntry), text)
    XCTAssertTrue(iterate(until: { page.filter.query == text }), "search-changed for \"\(text)\"")
}

@MainActor
func settle(_ page: CollectionPage) {
    XCTAssertTrue(iterate(until: {
        !page.isFiltering && !page.isColumnUpdatePending && !page.list.isAnimating
            && gtk_revealer_get_child_revealed(gCast(page.emptyState)) == gtk_revealer_get_reveal_child(gCast(page.emptyState))
    }), "the collection never settled")
}

@MainActor
func captionText(_ page: CollectionPage) -> String {
    String(cString: gtk_label_get_text(gCast(page.caption)))
}

/// The list's children, in child order, as IDs.
@MainActor
func childIDs(of page: CollectionPage) -> [Int] {
    var ids: [Int] = []
    var child = gtk_widget_get_first_child(page.list.widget)
    while let current = child {
        ids.append(page.id(ofRow: current) ?? -1)
        child = gtk_widget_get_next_sibling(current)
    }
    return ids
}

@MainActor
func descendants(of widget: WidgetPointer, ofType type: GType) -> [WidgetPointer] {
    Widgets.descendants(of: widget, ofType: type)
}

/// Counts the objects it watches as GObject finalizes them.
@MainActor
final class FinalizationCounter {
    // GLib writes here from a weak-ref notify, which may come after this object
    // is gone: the eight bytes are never freed.
    private let storage: UnsafeMutablePointer<Int> = {
        let storage = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        storage.initialize(to: 0)
        return storage
    }()

    var count: Int { storage.pointee }

    func watch(_ object: WidgetPointer) {
        g_object_weak_ref(object.object, { data, _ in
            data!.assumingMemoryBound(to: Int.self).pointee += 1
        }, storage)
    }
}

/// A million labels: only the rows in view exist, whatever the scroll or the filter.
final class LazyRowsTests: GtkTestCase {
    func testAMillionLabelsBuildOnlyTheRowsInView() {
        onMain {
            let gate = ScanGate()
            CollectionFilter.afterScanStep = gate.afterStep
            defer { CollectionFilter.afterScanStep = nil }
            let page = CollectionPage(collection: .synthetic(count: 1_000_000))
            let window = TestWindow(child: page.widget, width: 600, height: 700)
            defer { window.destroy() }
            settle(page)
            let scrolled = gtk_widget_get_ancestor(page.list.widget, gtk_scrolled_window_get_type())!
            let adjustment = gtk_scrolled_window_get_vadjustment(gCast(scrolled))!
            let pageSize = gtk_adjustment_get_page_size(adjustment)
            let row = page.rowWidget(for: 1)!
            let pitch = Double(Measurement.of(row, GTK_ORIENTATION_VERTICAL).natural + ListView.spacing)
            // What the viewport shows, plus two rows each side, plus the row that straddles an edge.
            let bound = Int((pageSize / pitch).rounded(.up)) + 5

            @MainActor func checkRange(_ count: Int, _ context: String) {
                XCTAssertEqual(gtk_adjustment_get_upper(adjustment), Double(count) * pitch - Double(ListView.spacing), accuracy: 1,
                               "the scroll range is the whole filtered list (\(context))")
                XCTAssertLessThanOrEqual(page.list.rowCount, bound, "rows exist only for the viewport (\(context))")
            }
            checkRange(1_000_000, "all")

            for fraction in [0.5, 0.999, 0.25] {
                let top = ((gtk_adjustment_get_upper(adjustment) - pageSize) * fraction).rounded()
                gtk_adjustment_set_value(adjustment, top)
                window.waitForFrames(2)
                checkRange(1_000_000, "scrolled to \(fraction)")
                let firstIndex = Int((top / pitch).rounded(.down))
                let firstID = firstIndex + 1  // synthetic IDs are 1...N, in order
                XCTAssertNotNil(page.rowWidget(for: firstID), "the row at the top of the view exists (\(fraction))")
                XCTAssertNil(page.rowWidget(for: 1), "the first row was dropped far from view")
            }

            type("amber", into: page)
            settle(page)
            let matches = page.visibleIDs.count
            XCTAssertGreaterThan(matches, 10_000)
            XCTAssertLessThan(matches, 1_000_000)
            window.waitForFrames(2)
            checkRange(matches, "filtered")
            XCTAssertEqual(captionText(page), "\(matches) of 1000000 labels")
            XCTAssertLessThanOrEqual(LabelRow.live, bound + 4, "rows that went were finalized")

            // A new, wider query ("e" is neither in "amber" nor seen before) rescans a
            // million titles on the worker's thread while the main thread draws,
            // and the caption says so. The scan is held after its first step
            // until two frames have been drawn: a fast machine finishes it
            // before the next frame, which then rightly shows its count.
            var captions: [String] = []
            let sampler = FrameSampler(window.window) { _ in captions.append(captionText(page)) }
            gate.close()
            type("e", into: page)
            XCTAssertTrue(iterate(until: { captions.filter { $0.hasPrefix("Filtering") }.count >= 2 }),
                          "frames are drawn while it runs, saying so: \(captions)")
            XCTAssertTrue(page.isFiltering, "the scan is still held")
            gate.open()
            settle(page)
            window.waitForFrames()
            sampler.stop()
            let filteringFrames = captions.filter { $0.hasPrefix("Filtering") }.count
            XCTAssertEqual(captionText(page), "\(page.visibleIDs.count) of 1000000 labels")
            XCTAssertEqual(captions.last, captionText(page), "the frames after it show its count")
            print("frames drawn while a million labels were rescanned: \(filteringFrames)")

            // Deleting back to "" needs no pass: that result is remembered.
            type("", into: page)
            XCTAssertFalse(page.isFiltering, "no scan")
            window.waitForFrames(1)
            XCTAssertFalse(page.isColumnUpdatePending, "the next frame shows it")
            XCTAssertEqual(captionText(page), "1000000 of 1000000 labels")

            // A 64 KB paste (GtkEntry holds up to 65,535 bytes): folded once, and
            // every title is shorter, so nothing stalls.
            let paste = String(repeating: "Amber Tile ", count: 5_900)
            type(paste, into: page)
            settle(page)
            XCTAssertEqual(captionText(page), "0 of 1000000 labels")
            XCTAssertEqual(gtk_revealer_get_child_revealed(gCast(page.emptyState)), 1)
        }
    }
}

/// Filtering a million labels on the worker's thread, as the page shows it.
final class BackgroundFilteringTests: GtkTestCase {
    /// Keys faster than a scan, some landing between frames: every frame's
    /// caption counts the rows of the query that was current when that result
    /// came, the column never shows a row the current result lacks once
    /// settled, and the last query's rows are what stays.
    func testATypingStormNeverShowsAStaleQuerysRows() {
        onMain {
            let collection = LabelCollection.synthetic(count: 1_000_000, seed: 5)
            let page = CollectionPage(collection: collection)
            let window = TestWindow(child: page.widget, width: 600, height: 700)
            defer { window.destroy() }
            settle(page)
            var badFrames: [String] = []
            var progressFrames = 0
            var delivered: [(filter: LabelFilter, count: Int)] = []
            page.filtering.observeDelivery = { @MainActor filter, indices in
                XCTAssertEqual(filter, page.filter, "a result is delivered only while its filter is current")
                delivered.append((filter, indices.count))
            }
            let sampler = FrameSampler(window.window) { _ in
                let caption = captionText(page)
                if caption.hasPrefix("Filtering") { progressFrames += 1; return }
                guard let visible = Int(caption.split(separator: " ").first ?? "") else { return badFrames.append(caption) }
                // A result shown is the current filter's, or (while the next one is
                // scanned) one the page asked for a moment ago: never a count that
                // disagrees with the rows the column holds.
                if visible != page.list.itemCount { badFrames.append("\(caption) with \(page.list.itemCount) rows") }
            }
            var random = SplitMix64(seed: 31)
            var query = ""
            for _ in 0..<60 {
                if query.count > 3 || (random.next() % 3 == 0 && !query.isEmpty) { query.removeLast() } else {
                    query += ["a", "e", "m", "r", "1", " ", "t", "é"][Int(random.next() % 8)]
                }
                gtk_editable_set_text(gCast(page.searchEntry), query)
                switch random.next() % 6 {
                case 0, 1, 2: g_main_context_iteration(nil, 0)
                case 3:  // a pause, as people make: long enough for some scans to end
                    let until = g_get_monotonic_time() + Int(30_000 + random.next() % 150_000)
                    iterate(until: { g_get_monotonic_time() >= until })
                default: break
                }
            }
            XCTAssertTrue(iterate(until: { page.filter.query == query }))
            settle(page)
            window.waitForFrames(2)
            sampler.stop()
            XCTAssertEqual(badFrames, [], "every frame's caption agrees with its rows")
            // Each delivered result is right for its filter (checked by an
            // independent session, which refines as it goes).
            var check = FilterSession(collection: collection)
            for (filter, count) in delivered {
                XCTAssertEqual(check.visibleIndices(filter).count, count, "the result delivered for \(filter)")
            }
            XCTAssertGreaterThan(delivered.count, 1)
            let expected = collection.visibleIDs(LabelFilter(query: query))
            XCTAssertEqual(page.visibleIDs, expected, "the last query's rows, \"\(query)\"")
            XCTAssertEqual(page.list.itemCount, expected.count)
            XCTAssertEqual(captionText(page), "\(expected.count) of 1000000 labels")
            // Rows fading out are inert; every other row is the last query's.
            let listed = Widgets.children(of: page.list.widget).filter { gtk_widget_get_can_target($0) != 0 }.compactMap { page.id(ofRow: $0) }
            XCTAssertEqual(listed.isEmpty, expected.isEmpty)
            XCTAssertTrue(Set(listed).isSubset(of: Set(expected)), "no row of another query is listed")
            print("typing storm over a million labels: \(progressFrames) frames said it was filtering")
        }
    }

    /// A scan of a few ms is waited for by the frame after the key: that
    /// frame shows the count, and no frame says it is filtering. (The wait is
    /// made long here, so that a loaded machine still shows the rule; the app
    /// waits up to 16 ms, and a longer scan gets frames saying so.)
    func testABriefScansResultIsTheNextFramesCaption() {
        onMain {
            let collection = LabelCollection.synthetic(count: 200_000, seed: 6)
            let page = CollectionPage(collection: collection)
            let window = TestWindow(child: page.widget, width: 600, height: 700)
            defer { window.destroy() }
            settle(page)
            let briefWait = CollectionFilter.briefWait
            CollectionFilter.briefWait = 600_000_000_000
            defer { CollectionFilter.briefWait = briefWait }
            for query in ["a", "am", "e"] {
                var captions: [String] = []
                let sampler = FrameSampler(window.window) { _ in captions.append(captionText(page)) }
                gtk_editable_set_text(gCast(page.searchEntry), query)
                XCTAssertTrue(iterate(until: { page.filter.query == query && !captions.isEmpty }))
                sampler.stop()
                let expected = collection.visibleIDs(LabelFilter(query: query)).count
                XCTAssertEqual(captions.first, "\(expected) of 200000 labels", "“\(query)”: the first frame after the key shows its count")
                XCTAssertFalse(captions.contains { $0.hasPrefix("Filtering") }, "“\(query)”: \(captions)")
                settle(page)
            }
        }
    }

    /// What runs on the worker's thread is UnfoldCore's code (the filter, its
    /// session and pass, the folded index), and UnfoldCore calls no GTK, GDK,
    /// GLib or libadwaita function at all: its object files reference none.
    func testTheWorkersCodeCallsNoGTK() throws {
        // The test binary sits with the package's other build products.
        let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let objects = try FileManager.default.contentsOfDirectory(atPath: binDirectory.appendingPathComponent("UnfoldCore.build").path)
            .filter { $0.hasSuffix(".o") }
        XCTAssertTrue(objects.contains("FilterWorker.swift.o"), "found UnfoldCore's objects in \(binDirectory.path)")
        let nm = try AppProcessTests.run("/usr/bin/nm", ["--undefined-only", "--format=just-symbols"]
            + objects.map { binDirectory.appendingPathComponent("UnfoldCore.build/\($0)").path })
        let symbols = nm.stdout.split(separator: "\n")
        XCTAssertEqual(nm.status, 0, nm.stderr)
        XCTAssertGreaterThan(symbols.count, 10, "nm listed the objects' external symbols")
        let toolkit = symbols.filter { ["gtk_", "gdk_", "gsk_", "g_", "adw_", "pango_", "cairo_"].contains(where: $0.hasPrefix) }
        XCTAssertEqual(toolkit, [], "UnfoldCore calls no toolkit function, so the worker cannot")
    }
}
