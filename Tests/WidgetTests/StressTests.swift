// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
@testable import UnfoldApp
import UnfoldCore
import UnfoldWidgets
import XCTest

/// Abuse of the reveal page: thousands of toggles at random moments, and
/// everything that can happen to a window mid-animation. Each test checks that
/// what settles is what the states say, not merely that nothing crashed.
final class RevealStressTests: GtkTestCase {
    /// Deeper than the tutorial's sample: groups three levels down, and rows
    /// between groups whose places depend on everything above them.
    static let tree: [OutlineNode] = [
        OutlineNode(id: 1, title: "Collection", children: [
            OutlineNode(id: 2, title: "Shapes", children: [OutlineNode(id: 3, title: "Circle"), OutlineNode(id: 4, title: "Square")]),
            OutlineNode(id: 5, title: "Palette"),
            OutlineNode(id: 6, title: "Sizes", children: [
                OutlineNode(id: 7, title: "Small"),
                OutlineNode(id: 8, title: "Large", children: [
                    OutlineNode(id: 9, title: "Huge", children: [OutlineNode(id: 10, title: "Giant, whose name is long enough to wrap in a narrow window")]),
                ]),
            ]),
        ]),
        OutlineNode(id: 11, title: "Following item"),
        OutlineNode(id: 12, title: "Extra", children: [
            OutlineNode(id: 13, title: "More", children: [OutlineNode(id: 14, title: "Leaf")]),
        ]),
        OutlineNode(id: 15, title: "Last item"),
    ]

    func testFiveThousandRandomTogglesSettleToTheirStates() {
        withTreePage { page, window, groups, ticksBefore in
            var random = SplitMix64(seed: 5_000)
            var midAnimation = 0, frameGaps = 0
            for toggle in 1...5_000 {
                let group = random.pick(groups)
                if group.reveal.isAnimating { midAnimation += 1 }
                // A click on the header, or the keyboard's activation of it.
                if random.next() % 2 == 0 { group.toggle() } else { gtk_widget_activate(group.header) }
                switch random.next() % 20 {
                case 0..<12: break  // the next toggle comes at once
                case 12..<18: for _ in 0...(random.next() % 3) { g_main_context_iteration(nil, 0) }
                default: window.waitForFrames(1); frameGaps += 1
                }
                if toggle % 1_000 == 0 {
                    assertSettlesToItsStates(page, in: window, nodes: Self.tree, ticksBefore: ticksBefore, "after \(toggle) toggles")
                }
            }
            print("reveal stress: 5000 toggles survived, \(midAnimation) of them mid-animation, \(frameGaps) waited for a frame")
            XCTAssertGreaterThan(midAnimation, 1_000, "most toggles must catch a group moving")
        }
    }

    func testResizingContinuouslyWhileGroupsAnimate() {
        withTreePage { page, window, groups, ticksBefore in
            var random = SplitMix64(seed: 7)
            var widths: Set<Int32> = []
            for frame in 0..<120 {
                if frame % 4 == 0 { random.pick(groups).toggle() }
                window.resize(width: Int32(360 + random.next() % 540), height: 900)
                window.waitForFrames(1)
                widths.insert(Int32(gtk_widget_get_width(window.window)))
            }
            XCTAssertGreaterThan(widths.count, 20, "the window really changed size")
            assertSettlesToItsStates(page, in: window, nodes: Self.tree, ticksBefore: ticksBefore, "after resizing")
        }
    }

    func testReduceMotionFlippedMidAnimation() {
        withTreePage { page, window, groups, ticksBefore in
            var random = SplitMix64(seed: 11)
            var flippedMidAnimation = 0
            var motion = true
            for _ in 0..<300 {
                random.pick(groups).toggle()
                if random.next() % 4 == 0 {
                    if groups.contains(where: { $0.reveal.isAnimating }) { flippedMidAnimation += 1 }
                    motion.toggle()
                    AnimationSettings.setAnimationsEnabled(motion)
                    if !motion {
                        XCTAssertFalse(groups.contains { $0.reveal.isAnimating }, "turning motion off finishes every animation at once")
                    }
                }
                if random.next() % 3 == 0 { window.waitForFrames(1) }
            }
            XCTAssertGreaterThan(flippedMidAnimation, 10)
            AnimationSettings.setAnimationsEnabled(true)
            assertSettlesToItsStates(page, in: window, nodes: Self.tree, ticksBefore: ticksBefore, "after flipping reduce-motion")
        }
    }

    func testSwitchingPageAwayMidAnimation() {
        onMain {
            let main = MainWindow.open(application: nil)
            main.present()
            defer { gtk_window_destroy(gCast(main.window)); iterate(for: 0.05) }
            main.showPage(.reveal)
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(main.revealPage.widget) != 0 }))
            let ticksBefore = TickLedger.live
            let page = main.revealPage
            for round in 0..<20 {
                page.collection.toggle()
                if round % 2 == 0 { page.shapes.toggle() }
                XCTAssertTrue(iterate(until: { page.collection.reveal.displayedProgress > 0.1 && page.collection.reveal.displayedProgress < 0.9 }),
                              "caught mid-animation")
                main.showPage(round % 2 == 0 ? .collection : .outline)
                // The stack cross-fades: the page animates while it can still be seen.
                XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(page.widget) == 0 }), "the page went out of sight")
                XCTAssertFalse(page.collection.reveal.isAnimating, "a page out of sight does not animate")
                XCTAssertEqual(TickLedger.live, ticksBefore, "its tick callbacks were removed")
                main.showPage(.reveal)
                XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(page.widget) != 0 }))
            }
            let window = TestWindowView(main.window)
            assertSettlesToItsStates(page, in: window, nodes: OutlineNode.sample, ticksBefore: ticksBefore, "after switching pages")
        }
    }

    func testClosingTheWindowMidAnimationReleasesEverything() {
        onMain {
            iterate(for: 0.05)
            let before = Census.now()
            for round in 0..<10 {
                let main = MainWindow.open(application: nil)
                main.present()
                main.showPage(.reveal)
                let page = main.revealPage
                XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(page.widget) != 0 }))
                page.collection.toggle()
                page.shapes.toggle()
                XCTAssertTrue(iterate(until: { page.collection.reveal.displayedProgress > 0.2 }))
                XCTAssertTrue(page.collection.reveal.isAnimating, "round \(round)")
                if round % 2 == 0 {
                    gtk_window_close(gCast(main.window))  // as the title bar's close button does
                } else {
                    gtk_window_destroy(gCast(main.window))
                }
                iterate(for: 0.05)
            }
            XCTAssertEqual(MainWindow.all.count, 0)
            // A window's last closures go at its disposal, which a loaded
            // machine may reach some main-loop cycles later.
            iterate(until: { Census.now() == before })
            XCTAssertEqual(Census.now(), before, "windows closed mid-animation left nothing alive")
        }
    }
}

extension RevealStressTests {
    /// The tree's page in a tall window, its groups in a fixed order (so a seed
    /// replays the same run), and the tick callbacks alive before anything moves.
    func withTreePage(_ body: @MainActor (RevealPage, TestWindow, [RevealGroup], _ ticksBefore: Int) -> Void) {
        onMain {
            let page = RevealPage(nodes: Self.tree)
            let window = TestWindow(child: page.widget, width: 480, height: 900)
            defer { window.destroy() }
            body(page, window, page.groups.values.sorted { $0.title < $1.title }, TickLedger.live)
        }
    }
}

extension SplitMix64 {
    mutating func pick<Element>(_ items: [Element]) -> Element { items[Int(next() % UInt64(items.count))] }
}

/// A window whose frames a check can wait for, whoever made it.
@MainActor
struct TestWindowView {
    let window: WidgetPointer
    init(_ window: WidgetPointer) { self.window = window }

    func waitForFrames(_ n: Int = 1) {
        for _ in 0..<n { paintedFrame(window) }
    }
}

extension TestWindow {
    var view: TestWindowView { TestWindowView(window) }
}

@MainActor
func assertSettlesToItsStates(_ page: RevealPage, in window: TestWindow, nodes: [OutlineNode], ticksBefore: Int,
                              _ context: String, file: StaticString = #filePath, line: UInt = #line) {
    assertSettlesToItsStates(page, in: window.view, nodes: nodes, ticksBefore: ticksBefore, context, file: file, line: line)
}

/// After the animations end: every group shows exactly its state (height 0, or
/// its content's natural height), no tick callback is left, and every row and
/// group sits where a page that never animated puts it for the same states.
@MainActor
func assertSettlesToItsStates(_ page: RevealPage, in window: TestWindowView, nodes: [OutlineNode], ticksBefore: Int,
                              _ context: String, file: StaticString = #filePath, line: UInt = #line) {
    let groups = page.groups
    // A header activated from the keyboard clicks a moment later, from a
    // timeout GTK's button holds itself in: settled is when no such click is
    // still to come and nothing moves.
    func clickPending(_ group: RevealGroup) -> Bool {
        g_main_context_find_source_by_user_data(nil, UnsafeMutableRawPointer(group.header)) != nil
    }
    XCTAssertTrue(iterate(until: { groups.values.allSatisfy { !clickPending($0) && !$0.reveal.isAnimating } }),
                  "never settled \(context)", file: file, line: line)
    window.waitForFrames(2)
    XCTAssertEqual(TickLedger.live, ticksBefore, "tick callbacks left running \(context)", file: file, line: line)

    var parents: [Int: Int] = [:]
    func note(_ nodes: [OutlineNode], parent: Int?) {
        for node in nodes {
            parents[node.id] = parent
            note(node.children, parent: node.id)
        }
    }
    note(nodes, parent: nil)
    func shown(_ id: Int) -> Bool { parents[id].map { groups[$0]!.isExpanded && shown($0) } ?? true }

    for (id, group) in groups {
        XCTAssertEqual(group.reveal.displayedProgress, group.isExpanded ? 1 : 0, "\(group.title) \(context)", file: file, line: line)
        guard shown(id) else { continue }
        let width = gtk_widget_get_width(group.reveal.widget)
        let natural = Measurement.of(group.content, GTK_ORIENTATION_VERTICAL, forSize: width).natural
        XCTAssertEqual(gtk_widget_get_height(group.reveal.widget), group.isExpanded ? natural : 0,
                       "\(group.title) is \(group.isExpanded ? "open" : "closed") \(context)", file: file, line: line)
    }

    // The same states on a page that never animated, at the same width.
    let wasAnimating = AnimationSettings.animationsEnabled(for: window.window)
    AnimationSettings.setAnimationsEnabled(false)
    defer { AnimationSettings.setAnimationsEnabled(wasAnimating) }
    let reference = RevealPage(nodes: nodes)
    for (id, group) in groups { reference.groups[id]!.setExpanded(group.isExpanded) }
    let referenceWindow = TestWindow(child: reference.widget, width: Int32(gtk_widget_get_width(window.window)),
                                     height: Int32(gtk_widget_get_height(window.window)))
    defer { referenceWindow.destroy() }
    XCTAssertEqual(gtk_widget_get_width(page.widget), gtk_widget_get_width(reference.widget), "same width \(context)", file: file, line: line)
    for (index, row) in page.followingRows.enumerated() {
        XCTAssertEqual(contentTop(of: row, in: page), contentTop(of: reference.followingRows[index], in: reference),
                       "row \(index) sits where the states say \(context)", file: file, line: line)
    }
    for (id, group) in groups where shown(id) {
        XCTAssertEqual(contentTop(of: group.widget, in: page), contentTop(of: reference.groups[id]!.widget, in: reference),
                       "\(group.title) sits where the states say \(context)", file: file, line: line)
    }
}

/// A widget's top inside the page's scrolled content, whatever the scroll offset.
@MainActor
func contentTop(of widget: WidgetPointer, in page: RevealPage) -> Double {
    let viewport = gtk_scrolled_window_get_child(gCast(page.widget))!
    let content = gtk_viewport_get_child(gCast(viewport))!
    return Double(widget.bounds(in: content)?.origin.y ?? .nan)
}

/// The collection page under edits as fast as GTK can take them, and under the
/// text people really type and paste.
final class FilterStressTests: GtkTestCase {
    func testFiveThousandRandomEditsSettleToTheFilterOfTheData() {
        onMain {
            let collection = LabelCollection.synthetic(count: 3_000, seed: 99)
            let page = CollectionPage(collection: collection)
            let window = TestWindow(child: page.widget, width: 600, height: 900)
            defer { window.destroy() }
            let editable: OpaquePointer = gCast(page.searchEntry)
            let toggle: UnsafeMutablePointer<GtkCheckButton> = gCast(page.tilesOnlyToggle)
            let letters = Array("aeiourtnslmbcdAEÉéèßıİ ")
            let pastes = ["amber", "Tile", "é", "ss", "ber ", "ZZZ", "a", "straße", "İ", "e\u{301}"]
            var random = SplitMix64(seed: 5_001)
            var kinds: [String: Int] = [:]
            for edit in 1...5_000 {
                let text = String(cString: gtk_editable_get_text(editable))
                let length = Int32(text.count)
                var position = Int32(random.next() % UInt64(length + 1))
                let roll = random.next() % 100
                if roll < 8 {
                    gtk_check_button_set_active(toggle, gtk_check_button_get_active(toggle) == 0 ? 1 : 0)
                    kinds["toggle", default: 0] += 1
                } else if roll < 40 || length > 10 {
                    let start = length == 0 ? 0 : Int32(random.next() % UInt64(length))
                    gtk_editable_delete_text(editable, start, min(length, start + 1 + Int32(random.next() % 3)))
                    kinds["delete", default: 0] += 1
                } else if roll < 55 {
                    gtk_editable_insert_text(editable, random.pick(pastes), -1, &position)
                    kinds["paste", default: 0] += 1
                } else {
                    gtk_editable_insert_text(editable, String(random.pick(letters)), -1, &position)
                    kinds["insert", default: 0] += 1
                }
                for _ in 0..<(random.next() % 3) { g_main_context_iteration(nil, 0) }
                if edit % 1_000 == 0 { assertShowsTheFilterOfTheData(page, window, "after \(edit) edits") }
            }
            print("filter stress: 5000 edits survived (\(kinds.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")))")
        }
    }

    func testTextPeopleReallyTypeAndPaste() {
        onMain {
            let titles = [
                "Café au lait", "Cafe\u{301} noir", "Straße", "İstanbul", "Diyarbakır",
                "👩‍👩‍👧 family", "👍🏽 thumbs", "שלום עולם", "مرحبا بالعالم", "Ｆｕｌｌ ｗｉｄｔｈ", "ﬁnal",
            ]
            let collection = try! LabelCollection(titles.enumerated().map {
                LabelRecord(id: $0.offset + 1, title: $0.element, category: $0.offset % 2 == 0 ? .tile : .dot)
            })
            let page = CollectionPage(collection: collection)
            let window = TestWindow(child: page.widget, width: 600, height: 900)
            defer { window.destroy() }
            let expectations: [(query: String, ids: [Int])] = [
                ("cafe", [1, 2]), ("CAFÉ", [1, 2]), ("cafe\u{301}", [1, 2]), ("é", [1, 2, 3]), ("strasse", [3]), ("STRASSE", [3]),
                ("istanbul", [4]), ("ır", [5]), ("👩‍👩‍👧", [6]), ("👍🏽", [7]), ("שלום", [8]), ("بالعالم", [9]),
                ("width", [10]), ("ｆｕｌｌ", [10]), ("fin", [11]), ("caf\u{7}e", []), ("café\tau", [1]), (" ", [1, 2, 6, 7, 8, 9, 10]),
            ]
            for (query, ids) in expectations {
                paste(query, into: page)
                settle(page)
                assertShowsTheFilterOfTheData(page, window, "for \(query.debugDescription)")
                XCTAssertEqual(page.visibleIDs, ids, "\(query.debugDescription) matches as a user expects")
            }

            // A 64 KB paste while frames are counted: the page keeps drawing.
            let big = String(repeating: "Café 👩‍👩‍👧 שלום ", count: 2_300)
            XCTAssertGreaterThan(big.utf8.count, 60_000)
            var frameTimes: [Int64] = []
            let sampler = FrameSampler(window.window) { frameTimes.append($0) }
            paste(big, into: page)
            settle(page)
            window.waitForFrames(3)
            sampler.stop()
            XCTAssertEqual(page.visibleIDs, [])
            XCTAssertEqual(captionText(page), "0 of \(titles.count) labels")
            let gaps = zip(frameTimes.dropFirst(), frameTimes).map { Double($0 - $1) / 1000 }
            print("64 KB paste: \(frameTimes.count) frames, longest gap \(String(format: "%.1f", gaps.max() ?? 0)) ms")
            XCTAssertGreaterThanOrEqual(frameTimes.count, 3, "frames kept coming")

            paste("cafe", into: page)
            settle(page)
            XCTAssertEqual(page.visibleIDs, [1, 2], "and the page works as before")
        }
    }
}

/// Replaces the entry's text as a paste over a selection does: one insertion.
@MainActor
func paste(_ text: String, into page: CollectionPage) {
    let editable: OpaquePointer = gCast(page.searchEntry)
    gtk_editable_delete_text(editable, 0, -1)
    var position: Int32 = 0
    gtk_editable_insert_text(editable, text, -1, &position)
}

/// Once the edits are delivered and the animations end: the page filters what
/// the entry holds, the column lays out exactly that, in order, and the rows
/// that exist are a run of it, one per ID, with nothing else alive.
@MainActor
func assertShowsTheFilterOfTheData(_ page: CollectionPage, _ window: TestWindow, _ context: String,
                                   file: StaticString = #filePath, line: UInt = #line) {
    let editable: OpaquePointer = gCast(page.searchEntry)
    XCTAssertTrue(iterate(until: { String(cString: gtk_editable_get_text(editable)) == page.filter.query }),
                  "the entry's text reached the filter \(context)", file: file, line: line)
    settle(page)
    window.waitForFrames(2)
    let entryText = String(cString: gtk_editable_get_text(editable))
    let tilesOnly = gtk_check_button_get_active(gCast(page.tilesOnlyToggle)) != 0
    let filter = LabelFilter(query: entryText, tilesOnly: tilesOnly)
    let expected = page.collection.records.filter(filter.matches).map(\.id)
    XCTAssertEqual(page.filter, filter, context, file: file, line: line)
    XCTAssertEqual(page.visibleIDs, expected, "the filter of the data \(context)", file: file, line: line)
    XCTAssertEqual(page.listedIDs, expected, "the column's order \(context)", file: file, line: line)
    let children = childIDs(of: page)
    XCTAssertEqual(Set(children).count, children.count, "one row per ID \(context)", file: file, line: line)
    if let first = children.first, let start = expected.firstIndex(of: first) {
        XCTAssertEqual(children, Array(expected[start..<min(expected.count, start + children.count)]),
                       "the rows are a run of the result, in order \(context)", file: file, line: line)
    } else {
        XCTAssertEqual(children, [], "no rows for an empty result \(context)", file: file, line: line)
        XCTAssertEqual(expected, [], context, file: file, line: line)
    }
    XCTAssertEqual(LabelRow.live, children.count, "rows that left were finalized \(context)", file: file, line: line)
}
