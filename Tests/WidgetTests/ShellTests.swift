// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import CUnfoldAppCompat
import Foundation
import UnfoldGtk
import UnfoldGtkTestSupport
@testable import UnfoldApp
import UnfoldCore
import UnfoldWidgets
import XCTest

/// The window around the pages, as libadwaita makes it: the page switcher in
/// the header or in a bar at the bottom, the main menu and what it opens, the
/// shortcuts the app binds and lists, the toast that undoes, where the focus
/// lands, and typing to filter.
final class ShellTests: GtkTestCase {
    /// Wide, the page switcher is the header bar's title; at the tutorial's
    /// 360 px the header shows the window's title and the switcher moves to a
    /// bar at the bottom; wide again, back. Seen on screen: the bar's labels
    /// are drawn at the bottom only when narrow.
    func testTheSwitcherMovesToABarAtTheBottomWhenNarrow() throws {
        try onMain {
            let main = MainWindow.open(application: nil, state: WindowState(width: 1000, height: 600))
            main.present()
            defer { gtk_window_destroy(gCast(main.window)) }
            let bar: OpaquePointer = gCast(main.switcherBar)
            // The header's tabs: in libadwaita 1.2's view switcher title, or
            // the header's own switcher from 1.4, which a breakpoint takes out.
            let tabsInHeader = {
                descendants(of: main.headerBar, ofType: adw_view_switcher_get_type()).contains { gtk_widget_get_mapped($0) != 0 }
            }
            for (width, narrow) in [(Int32(1000), false), (MainWindow.minimumWidth, true), (1000, false)] {
                gtk_window_set_default_size(gCast(main.window), width, 600)
                XCTAssertTrue(iterate(until: { abs(gtk_widget_get_width(main.stack) - width) <= 12 }), "the window takes about \(width) px, not \(gtk_widget_get_width(main.stack)) (window \(gtk_widget_get_width(main.window)))")
                XCTAssertTrue(iterate(until: {
                    tabsInHeader() == !narrow && (adw_view_switcher_bar_get_reveal(bar) != 0) == narrow
                }), "\(width) px: the switcher is \(narrow ? "in the bar" : "in the header")")
                // The bar has slid in or out: its revealer is done.
                let slide = try XCTUnwrap(descendants(of: main.switcherBar, ofType: gtk_revealer_get_type()).first)
                XCTAssertTrue(iterate(until: { (gtk_revealer_get_child_revealed(gCast(slide)) != 0) == narrow }),
                              "\(width) px: the bar's slide ends")
                for _ in 0..<2 { paintedFrame(main.window) }
                let shot = try Rendering(main.window, savingTo: artifactPath("switcher-\(width)-\(narrow ? "narrow" : "wide").png"))
                let barBounds = try XCTUnwrap(main.switcherBar.bounds(in: main.window))
                let pageBottom = try XCTUnwrap(main.stack.bounds(in: main.window))
                var inkAtTheBottom = 0
                let top = Int(narrow ? barBounds.origin.y : pageBottom.origin.y + pageBottom.size.height - 48)
                for y in max(0, top)..<min(shot.height, top + 44) {
                    for x in 0..<shot.width where shot.isInk(x: x, y: y) { inkAtTheBottom += 1 }
                }
                if narrow {
                    XCTAssertGreaterThan(inkAtTheBottom, 100, "360 px: the pages' names and symbols at the bottom")
                } else {
                    XCTAssertEqual(inkAtTheBottom, 0, "\(width) px: nothing at the bottom but the page")
                }
                // Whichever is shown, it says which page is current and switches pages.
                XCTAssertEqual(main.currentPage, .reveal)
            }
        }
    }

    /// Slow Motion, from the main menu or `--slow-motion`: every Unfold
    /// animation runs that many times slower, and the menu's check shows it.
    func testSlowMotionSlowsEveryAnimationAndShowsInTheMenu() {
        @MainActor func state(_ app: UnfoldApplication) -> Bool {
            let state = g_action_group_get_action_state(OpaquePointer(app.application), "slow-motion")!
            defer { g_variant_unref(state) }
            return g_variant_get_boolean(state) != 0
        }
        // (Whatever fails, the next tests run in real time.)
        defer { MainActor.assumeIsolated { SlowMotion.slowdown = 1 } }
        Self.withApplication { app, main in
            XCTAssertEqual(SlowMotion.slowdown, 1)
            XCTAssertFalse(state(app))
            g_action_group_activate_action(OpaquePointer(app.application), "slow-motion", nil)
            XCTAssertEqual(SlowMotion.slowdown, 10, "ten times slower")
            XCTAssertTrue(state(app), "the menu's check is on")
            // A reveal of 250 ms takes 2.5 s of frames (read off the frame clock).
            let page = main.revealPage
            var frameTimes: [Int64] = []
            let sampler = FrameSampler(main.window) { time in if page.collection.reveal.isAnimating { frameTimes.append(time) } }
            page.collection.toggle()
            XCTAssertTrue(iterate(until: { page.collection.reveal.isAnimating }), "the expand starts")
            XCTAssertTrue(iterate(until: { !page.collection.reveal.isAnimating }), "the slowed expand ends")
            sampler.stop()
            XCTAssertGreaterThanOrEqual((frameTimes.last ?? 0) - (frameTimes.first ?? 0), 2_250_000,
                                        "a quarter second ten times slower: \(frameTimes.count) frames")
            g_action_group_activate_action(OpaquePointer(app.application), "slow-motion", nil)
            XCTAssertEqual(SlowMotion.slowdown, 1, "back to real time")
            XCTAssertFalse(state(app))
            // With animations off there is nothing to slow: the item is unavailable while they are.
            AnimationSettings.setAnimationsEnabled(false)
            XCTAssertEqual(g_action_group_get_action_enabled(OpaquePointer(app.application), "slow-motion"), 0)
            AnimationSettings.setAnimationsEnabled(true)
            XCTAssertNotEqual(g_action_group_get_action_enabled(OpaquePointer(app.application), "slow-motion"), 0)
        }
        Self.withApplication(["unfold", "--slow-motion", "2,5"]) { app, _ in
            XCTAssertEqual(SlowMotion.slowdown, 2.5, "the factor given, written either way")
            XCTAssertTrue(state(app))
            g_action_group_activate_action(OpaquePointer(app.application), "slow-motion", nil)
            XCTAssertEqual(SlowMotion.slowdown, 1)
        }
    }

    /// The Motion Plot (`--motion-plot`, the main menu's toggle): an expand
    /// reversed mid-way is drawn a dot per frame it had, and said in words —
    /// its frames, its time and where it turned — to the eye and to
    /// assistive technologies alike. Hidden, nothing records.
    func testTheMotionPlotShowsEachFrameOfAReversalAndSaysIt() throws {
        @MainActor func state(_ app: UnfoldApplication) -> Bool {
            let state = g_action_group_get_action_state(OpaquePointer(app.application), "motion-plot")!
            defer { g_variant_unref(state) }
            return g_variant_get_boolean(state) != 0
        }
        defer { MainActor.assumeIsolated { MotionMonitor.isPlotShown = false } }
        Self.withApplication(["unfold", "--motion-plot"]) { app, main in
            XCTAssertTrue(state(app), "the menu's check is on")
            let panel = try! XCTUnwrap(main.shownMotionPanel, "the plot is under the pages")
            XCTAssertNotNil(MotionTrace.frameObserver, "and records")
            XCTAssertEqual(panel.summaryText, "No animation yet")
            XCTAssertNotEqual(gtk_widget_get_focusable(panel.plot), 0, "Tab reaches the plot, and a screen reader reads it in words")

            let group = main.revealPage.collection
            group.toggle()
            XCTAssertTrue(iterate(until: { group.reveal.displayedProgress > 0.4 }), "the expand is under way")
            let turnedAt = group.reveal.displayedProgress
            group.toggle()
            XCTAssertTrue(iterate(until: { !group.reveal.isAnimating && panel.summaryText.contains("frames") }), "the reversal ends")
            let animation = try! XCTUnwrap(MotionMonitor.recorder.latest?.animations.first)
            let frames = animation.frameTimes.count
            let milliseconds = Int((Double(animation.end! - animation.start!) / 1_000).rounded())
            // Where it was toggled back, and where, keeping its speed, it turned round (further open).
            let series = animation.series.first { $0.property == "progress" }!
            let turn = try! XCTUnwrap(series.turn(after: series.retargets[0]))
            XCTAssertGreaterThan(turn, turnedAt)
            XCTAssertEqual(panel.summaryText,
                           "Reveal “Collection”: \(frames) frames over \(milliseconds) ms, reversed at \(Int((turnedAt * 100).rounded())) %, "
                           + "turned at \(Int((turn * 100).rounded())) %")
            XCTAssertGreaterThanOrEqual(frames, 6)
            XCTAssertLessThanOrEqual(milliseconds, 250 + 250, "out and back, each within a full transition")

            // A dot per frame: as many clusters of the accent colour across the plot.
            XCTAssertTrue(iterate(until: { gtk_widget_get_width(panel.plot) > 200 }))
            gtk_widget_queue_draw(panel.plot)
            paintedFrame(main.window)
            let shot = try! Rendering(panel.plot, savingTo: artifactPath("motion-plot-reversal.png"))
            // The theme's accent, read apart from the plot's own inks.
            let accentSheet = try! Stylesheet(css: Array(".test-accent { color: @accent_color; }".utf8), name: "test-accent.css")
            accentSheet.add()
            defer { accentSheet.remove() }
            let accentProbe = gtk_label_new(nil)!
            gtk_widget_add_css_class(accentProbe, "test-accent")
            gtk_widget_set_visible(accentProbe, 0)
            gtk_box_append(gCast(panel.widget), accentProbe)
            defer { gtk_box_remove(gCast(panel.widget), accentProbe) }
            var accent = GdkRGBA()
            unfold_widget_get_color(accentProbe, &accent)
            let ink = panel.palette[.height], foreground = panel.palette.foreground
            XCTAssertTrue(ink.red == accent.red && ink.green == accent.green && ink.blue == accent.blue,
                          "the height is drawn in the theme's accent (\(ink), not \(accent))")
            XCTAssertFalse(accent.red == foreground.red && accent.green == foreground.green && accent.blue == foreground.blue,
                           "the accent was read, not the text's colour")
            @MainActor func isAccent(_ x: Int, _ y: Int) -> Bool {
                let pixel = shot.color(x: x, y: y)
                return pixel.alpha > 200 && abs(pixel.red - Int(accent.red * 255)) < 12 && abs(pixel.green - Int(accent.green * 255)) < 12
                    && abs(pixel.blue - Int(accent.blue * 255)) < 12
            }
            let columns = (0..<shot.width).map { x in (0..<shot.height).contains { isAccent(x, $0) } }
            // (The legend's dot is one more, at the top right.)
            let legendBottom = Int(MotionPlot.margins.top) - 6
            let plotColumns = (0..<shot.width).map { x in (legendBottom..<shot.height).contains { isAccent(x, $0) } }
            let clusters = zip([false] + plotColumns, plotColumns).filter { !$0 && $1 }.count
            XCTAssertTrue(columns.contains(true))
            // Frames closer than a dot's width on the plot draw as one cluster.
            let times = animation.frameTimes
            let plotWidth = Double(shot.width) - MotionPlot.margins.left - MotionPlot.margins.right
            let span = Double(max(MotionMonitor.recorder.latest!.expectedEnd!, animation.end!) - animation.start!)
            let apart = 1 + zip(times, times.dropFirst()).filter { Double($1 - $0) / span * plotWidth > 7 }.count
            XCTAssertEqual(clusters, apart, "a dot for each of the \(frames) frames")

            g_action_group_activate_action(OpaquePointer(app.application), "motion-plot", nil)
            XCTAssertFalse(state(app))
            XCTAssertNil(main.shownMotionPanel, "hidden")
            XCTAssertNil(MotionTrace.frameObserver, "and nothing records")
        }
    }

    /// Before any motion the plot says what to do to see some, wrapped to
    /// its width in a narrow window, never cut at the window's edge; with
    /// animations off, that nothing moves — drawn and in words, following the
    /// setting as it changes.
    func testTheMotionPlotSaysWhyItIsEmpty() {
        defer { MainActor.assumeIsolated { MotionMonitor.isPlotShown = false } }
        Self.withApplication(["unfold", "--motion-plot"]) { _, main in
            let panel = try! XCTUnwrap(main.shownMotionPanel)
            gtk_window_set_default_size(gCast(main.window), MainWindow.minimumWidth, 600)
            XCTAssertTrue(iterate(until: { (1..<400).contains(gtk_widget_get_width(panel.plot)) }), "narrow")
            for animationsOn in [true, false, true] {
                AnimationSettings.setAnimationsEnabled(animationsOn)
                XCTAssertEqual(panel.summaryText, animationsOn ? "No animation yet" : "Animations are off: nothing moves")
                gtk_widget_queue_draw(panel.plot)
                paintedFrame(main.window)
                let shot = try! Rendering(panel.plot, savingTo: artifactPath("motion-plot-empty-\(animationsOn ? "on" : "off").png"))
                // The words, across the middle of the plot: inside its own width.
                let (left, right) = (Int(MotionPlot.margins.left), shot.width - Int(MotionPlot.margins.right))
                let middle = Int(MotionPlot.margins.top) + (shot.height - Int(MotionPlot.margins.top + MotionPlot.margins.bottom)) / 2
                let inkColumns = (0..<shot.width).filter { x in (middle - 30..<middle + 30).contains { shot.isInk(x: x, y: $0) } }
                XCTAssertFalse(inkColumns.isEmpty, "the plot says why it is empty")
                XCTAssertGreaterThanOrEqual(inkColumns.min() ?? 0, left, "the words begin inside the plot")
                XCTAssertLessThanOrEqual(inkColumns.max() ?? .max, right, "and end inside it")
            }
        }
    }

    /// A filter change in the plot's words: the rows that left, came and moved.
    func testTheMotionPlotSaysAFilterChange() {
        defer { MainActor.assumeIsolated { MotionMonitor.isPlotShown = false } }
        Self.withApplication(["unfold", "--motion-plot", "--page", "collection"]) { _, main in
            let panel = try! XCTUnwrap(main.shownMotionPanel)
            let page = main.collectionPage
            XCTAssertTrue(iterate(until: { !page.list.isAnimating }))
            gtk_editable_set_text(gCast(page.searchEntry), "Dot")
            XCTAssertTrue(iterate(until: { page.listedIDs.count == 2 && !page.list.isAnimating && panel.summaryText.contains("frames") }),
                          panel.summaryText)
            let pattern = #/^List “Label Collection”: \d+ frames over \d+ ms, rows: 0 in, 2 out, \d+ moved$/#
            XCTAssertNotNil(panel.summaryText.wholeMatch(of: pattern), panel.summaryText)
        }
    }

    /// `--motion-trace FILE`: a reveal's progress and its chevron's angle at
    /// every frame, written as it goes; reversed mid-way, the trace shows no
    /// frame where it stands still (GtkRevealer's, and Unfold's before, way
    /// back started from rest) and no jump in speed.
    func testTheMotionTraceRecordsEveryFrameOfAReversal() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-trace-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        /// What the app wrote, read while it ran.
        final class Written: @unchecked Sendable { var lines: [Substring] = [] }
        let written = Written()
        Self.withApplication(["unfold", "--motion-trace", path]) { _, main in
            let group = main.revealPage.collection
            group.toggle()
            XCTAssertTrue(iterate(until: { group.reveal.displayedProgress > 0.4 }), "the expand is under way")
            group.toggle()
            XCTAssertTrue(iterate(until: { !group.reveal.isAnimating }), "the reversal ends")
            // Read while the app runs: what was written is in the file already.
            written.lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
        }
        let lines = written.lines
        XCTAssertEqual(lines.first, "time_us,widget,property,value")
        let rows = lines.dropFirst().map { $0.split(separator: ",") }
        XCTAssertTrue(rows.allSatisfy { $0.count == 4 }, "four fields a line")
        let progress = rows.filter { $0[1] == "Collection" && $0[2] == "progress" }.map { (time: Int64($0[0])!, value: Double($0[3])!) }
        let rotation = rows.filter { $0[1] == "Collection" && $0[2] == "rotation" }
        XCTAssertGreaterThanOrEqual(progress.count, 8, "a line per frame of the expand and its reversal")
        // (The first frame of a move shows where it starts: the chevron has not turned yet.)
        XCTAssertGreaterThanOrEqual(rotation.count, progress.count - 1, "the chevron turns at each of them")
        XCTAssertTrue(Set(rotation.map { Int64($0[0])! }).isSubset(of: Set(progress.map(\.time))), "in the same frames")
        XCTAssertTrue(zip(progress, progress.dropFirst()).allSatisfy { $0.time < $1.time }, "one line per frame, in time")
        XCTAssertTrue(progress.allSatisfy { (0...1).contains($0.value) }, "within 0...1")
        XCTAssertEqual(progress.last?.value, 0, "it ends closed")
        let peak = try XCTUnwrap(progress.indices.max { progress[$0].value < progress[$1].value })
        XCTAssertLessThan(progress[peak].value, 1, "it turned before opening fully")
        let moving = progress.dropLast()  // (the last line is at rest)
        XCTAssertTrue(zip(moving, moving.dropFirst()).allSatisfy { $0.value != $1.value },
                      "no frame stands still, not even at the turn: \(progress.map(\.value))")
        // Speed, frame to frame, through the turn: it slows into it and out of it.
        func speed(_ index: Int) -> Double {
            (progress[index].value - progress[index - 1].value) / Double(progress[index].time - progress[index - 1].time)
        }
        let fastest = (1..<progress.count).map { abs(speed($0)) }.max() ?? 0
        if peak >= 1 && peak + 1 < progress.count {
            XCTAssertLessThan(abs(speed(peak + 1) - speed(peak)), fastest * 0.75,
                              "the speed turns round, it does not jump: \(speed(peak)) then \(speed(peak + 1)) per µs")
        }
    }

    /// Open Recent names each file; two of the same name, by their folders too.
    func testOpenRecentTellsFilesOfOneNameApart() {
        onMain {
            let home = String(cString: g_get_home_dir())
            let files = [("file://\(home)/Documents/words.tsv", "words.tsv"), ("file:///srv/data/words.tsv", "words.tsv"),
                         ("file://\(home)/words.tsv", "words.tsv"), ("file:///srv/data/birds.json", "birds.json")]
            XCTAssertEqual(RecentLabels.menuLabels(files.map { (uri: $0.0, name: $0.1) }),
                           ["words.tsv in ~/Documents", "words.tsv in /srv/data", "words.tsv in ~", "birds.json"])
        }
    }

    /// Save Notes As… is offered only while there are notes to save: a file of
    /// column headers alone answers no one.
    func testSaveNotesIsOfferedOnlyWithNotes() {
        Self.withApplication { _, main in
            @MainActor func offered() -> Bool { g_action_group_get_action_enabled(OpaquePointer(main.window), "save-notes") != 0 }
            XCTAssertFalse(offered(), "the tutorial's labels start with no notes")
            let page = main.collectionPage
            let id = page.collection.id(at: 0)
            page.setNote("Seen at dusk", for: id)
            XCTAssertTrue(offered(), "a note to save")
            page.setNote("", for: id)
            XCTAssertFalse(offered(), "its only note removed")
        }
    }

    /// The main menu's items, and the about window it opens: name, version,
    /// developer, licence, website, credits.
    func testTheAboutWindowOpensFromTheMainMenu() {
        Self.withApplication { app, main in
            let items = Self.menuItems(gtk_menu_button_get_menu_model(gCast(main.menuButton))!)
            // (Open Recent is a submenu: no action of its own.)
            XCTAssertEqual(items.map(\.action), ["app.new-window", "app.open", "", "win.save-notes",
                                                 "app.style", "app.style", "app.style", "app.slow-motion",
                                                 "app.motion-plot", "win.show-help-overlay", "app.about"])
            XCTAssertEqual(items.map(\.label), ["_New Window", "_Open…", "Open _Recent", "_Save Notes As…",
                                                "_Follow System", "_Light", "_Dark", "Slow _Motion",
                                                "Motion _Plot", "_Keyboard Shortcuts", "_About Unfold"])

            // Through the menu as it pops up: its "About Unfold" item, activated.
            gtk_menu_button_popup(gCast(main.menuButton))
            let popover = try! XCTUnwrap(gtk_menu_button_get_popover(gCast(main.menuButton)))
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(gCast(popover)) != 0 }))
            let item = try! XCTUnwrap(descendants(of: gCast(popover), ofType: gtk_label_get_type())
                .first { String(cString: gtk_label_get_text(gCast($0))) == "About Unfold" }
                .flatMap { gtk_widget_get_parent($0) }, "the menu has an About Unfold item")
            XCTAssertEqual(gtk_widget_activate(item), 1)
            XCTAssertTrue(iterate(until: { app.aboutWindow?.get() != nil }), "the about window opened")
            guard let about = app.aboutWindow?.get() else { return }
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(about.widget) != 0 }))
            // (Read by name: an AdwAboutDialog from libadwaita 1.5, an AdwAboutWindow before, has them all.)
            XCTAssertEqual(Properties.string(about.raw, "application-name"), "Unfold")
            XCTAssertEqual(Properties.string(about.raw, "title"), "About Unfold", "its title says whose it is")
            XCTAssertEqual(Properties.string(about.raw, "version"), UnfoldApplication.version)
            XCTAssertEqual(Properties.string(about.raw, "developer-name"), "The Unfold developers")
            if GTKVersion.labelLinksOutliveTheirLabel {
                // The licence's sentence without its link, and the link a row of its own.
                XCTAssertEqual(Properties.int(about.raw, "license-type"), Int32(GTK_LICENSE_CUSTOM.rawValue))
                XCTAssertEqual(Properties.string(about.raw, "license"),
                               "This application comes with absolutely no warranty. See the GNU General Public License, version 3 or later for details.")
                XCTAssertNotNil(descendants(of: about.widget, ofType: gtk_list_box_row_get_type())
                    .first { Properties.string($0, "title") == UnfoldApplication.licenceName }, "a row links to the licence")
            } else {
                XCTAssertEqual(Properties.int(about.raw, "license-type"), Int32(GTK_LICENSE_GPL_3_0.rawValue))
            }
            XCTAssertEqual(Properties.string(about.raw, "website"), "https://github.com/unfold/unfold")
            XCTAssertEqual(stringsProperty(about.raw, "developers"), ["The Unfold developers"], "credits")
            XCTAssertEqual(aboutParent(about.widget), main.window, "over the window it was asked from")
            // Escape on one of its pages goes back to the first; Escape there closes it.
            // (The row that opens it, not its page's own title.)
            let legal = try! XCTUnwrap(descendants(of: about.widget, ofType: gtk_label_get_type())
                .filter { String(cString: gtk_label_get_text(gCast($0))) == "Legal" }
                .lazy.compactMap { ancestor(of: $0, ofType: gtk_list_box_row_get_type()) }.first, "the about window has a Legal page")
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(legal) != 0 }))
            XInput.focus(gtk_widget_get_root(about.widget).map { gCast($0) } ?? about.widget)
            XCTAssertEqual(gtk_widget_activate(legal), 1)
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(legal) == 0 }), "its Legal page is shown in place of the first")
            XInput.key("Escape")
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(legal) != 0 }), "Escape goes back")
            XCTAssertNotEqual(gtk_widget_get_mapped(about.widget), 0, "and leaves the window open")
            XInput.key("Escape")
            XCTAssertTrue(iterate(until: { app.aboutWindow?.get().map { gtk_widget_get_mapped($0.widget) == 0 } ?? true }),
                          "Escape on the first page closes it")
            // By the keyboard: F10, its last item, Escape. The keyboard is
            // back where the menu was left, not nowhere.
            XInput.focus(main.window)
            XInput.key("F10")
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(gCast(popover)) != 0 }))
            XInput.key("Up")
            XInput.key("Return")
            XCTAssertTrue(iterate(until: { app.aboutWindow?.get().map { hasTheFocus($0.widget) } ?? false }),
                          "the about window opened, with the keyboard")
            XInput.key("Escape")
            XCTAssertTrue(iterate(until: { app.aboutWindow?.get().map { gtk_widget_get_mapped($0.widget) == 0 } ?? true }))
            XInput.focus(main.window)
            let menuToggle = gtk_widget_get_first_child(main.menuButton)
            XCTAssertTrue(iterate(until: { gtk_root_get_focus(gCast(main.window)) == menuToggle }),
                          "closed, the about window leaves the keyboard on the main menu button")
        }
    }

    /// The about dialog's licence sentence without its link
    /// (`GTKVersion.labelLinksOutliveTheirLabel`), in libadwaita's words and
    /// its translators' (French and German here, as libadwaita 1.10 has them).
    func testTheLicenceSentenceLosesOnlyItsLink() {
        let name = UnfoldApplication.licenceName
        XCTAssertEqual(UnfoldApplication.licenceSentence(
            "This application comes with absolutely no warranty. See the <a href=\"%s\">%s</a> for details.", naming: name),
            "This application comes with absolutely no warranty. See the \(name) for details.")
        XCTAssertEqual(UnfoldApplication.licenceSentence(
            "Ce programme est fourni sans aucune garantie. Pour plus de détails, visitez <a href=\"%s\">%s</a>.", naming: "Licence"),
            "Ce programme est fourni sans aucune garantie. Pour plus de détails, visitez Licence.")
        XCTAssertEqual(UnfoldApplication.licenceSentence(
            "Dieses Programm kommt OHNE JEDWEDE GARANTIE.\nBesuchen Sie <a href=\"%s\">%s</a> für weitere Informationen.", naming: "GPL"),
            "Dieses Programm kommt OHNE JEDWEDE GARANTIE.\nBesuchen Sie GPL für weitere Informationen.")
        // A tag worded otherwise, numbered arguments, and a name that is not markup.
        XCTAssertEqual(UnfoldApplication.licenceSentence("See <a class='x' href='%1$s'>%2$s</a>.", naming: "Tom & Jerry <1>"),
                       "See Tom &amp; Jerry &lt;1&gt;.")
    }

    /// The shortcuts are declared once: the application binds what the table
    /// says, and the shortcuts window shows what the application binds (a key
    /// rebound at run time is what a new shortcuts window lists).
    func testTheShortcutsWindowListsWhatTheApplicationBinds() {
        Self.withApplication { app, main in
            let bound = Shortcuts.groups.flatMap(\.shortcuts).filter { $0.action != nil }
            XCTAssertGreaterThanOrEqual(bound.count, 9, "every action with keys is in the table")
            for shortcut in bound {
                XCTAssertEqual(Actions.accelerators(app.application, for: shortcut.action!), shortcut.keys, shortcut.title)
            }
            @MainActor func rowNames() -> [String] {
                g_action_group_activate_action(OpaquePointer(main.window), "show-help-overlay", nil)
                guard let shortcuts = main.shortcutsWindow else { XCTFail("no shortcuts window"); return [] }
                defer { gtk_window_destroy(gCast(shortcuts)) }
                XCTAssertEqual(String(cString: gtk_window_get_title(gCast(shortcuts))), "Keyboard Shortcuts")
                let rows = descendants(of: shortcuts, ofType: g_type_from_name("UnfoldListRow"))
                let all = Shortcuts.groups.flatMap(\.shortcuts)
                XCTAssertEqual(rows.count, all.count, "one row per shortcut")
                return zip(rows, all).map { row, shortcut in
                    let expected = "\(shortcut.title): \(Shortcuts.keysLabel(shortcut, application: app.application))"
                    XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, expected) }, row))
                    return expected
                }
            }
            XCTAssertTrue(rowNames().contains("Close window: Ctrl+W"))
            XCTAssertTrue(rowNames().contains("Keyboard shortcuts: Ctrl+? or F1"))
            Actions.setAccelerators(app.application, for: "win.close", ["<Control>k"])
            XCTAssertTrue(rowNames().contains("Close window: Ctrl+K"), "the window reads the application's keys")
            // And the bound keys work: F1 opens it.
            XInput.key("F1")
            XCTAssertTrue(iterate(until: { main.shortcutsWindow != nil }), "F1 opens the shortcuts window")
        }
    }

    /// Emptying a note says "Note removed" with Undo, which puts it back.
    func testRemovingANoteOffersToUndo() throws {
        try onMain {
            let main = MainWindow.open(application: nil, state: WindowState(page: .collection))
            main.present()
            defer { gtk_window_destroy(gCast(main.window)) }
            let page = main.collectionPage
            settle(page)
            let id = page.visibleIDs[0]
            let row = try XCTUnwrap(page.rowWidget(for: id))
            let (pencil, popover, entry) = try openNote(of: row)
            @MainActor func edit(_ text: String) {
                gtk_menu_button_popup(gCast(pencil))
                XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(popover) != 0 }))
                gtk_editable_set_text(gCast(entry), text)
                gtk_menu_button_popdown(gCast(pencil))
                XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(popover) == 0 }))
            }
            edit("Call back")
            XCTAssertNil(main.toast, "writing a note is not worth a toast")
            edit("")
            XCTAssertNil(page.notes[id])
            let toast = try XCTUnwrap(main.toast, "emptying it is")
            XCTAssertEqual(String(cString: adw_toast_get_title(toast.opaque)), "Note removed")
            XCTAssertEqual(String(cString: adw_toast_get_button_label(toast.opaque)), "_Undo")
            // The toast's own button, on screen.
            let undo = try XCTUnwrap(descendants(of: main.window, ofType: gtk_button_get_type()).first {
                gtk_button_get_label(gCast($0)).map { String(cString: $0) } == "_Undo" && gtk_widget_get_mapped($0) != 0
            }, "the toast shows an Undo button")
            // Named for screen readers by its words and its symbol, not its types.
            let toastWidget = try XCTUnwrap(descendants(of: main.window, ofType: g_type_from_name("AdwToastWidget")).first)
            let close = try XCTUnwrap(descendants(of: toastWidget, ofType: gtk_button_get_type()).first { $0 != undo })
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Undo") }, undo))
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Close") }, close))
            gtk_widget_activate(undo)
            XCTAssertTrue(iterate(until: { page.notes[id] == "Call back" }), "Undo puts the note back")
            XCTAssertTrue(gtk_widget_has_focus(row) != 0, "and the focus on its row")
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_label($0, "Tile A, Tile, has a note") }, row))
            // The field has it as it opens (not before: a hidden field's new
            // text is read out by a screen reader as if typed).
            gtk_menu_button_popup(gCast(pencil))
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(popover) != 0 }))
            XCTAssertEqual(String(cString: gtk_editable_get_text(gCast(entry))), "Call back", "and the note shows it")
            gtk_menu_button_popdown(gCast(pencil))
        }
    }

    /// What the window tells (a file's problem, in the terminal's words) is
    /// read whole in its toast, wrapped, however long: libadwaita 1.2 would cut
    /// it to one line.
    func testAToldProblemIsShownWhole() {
        Self.withApplication(["unfold", "--page", "collection"]) { _, main in
            let problem = "/home/someone/a rather long folder name/pays & régions.tsv:817:1: expected 3 tab-separated "
                + "fields (id, title, category), found 2 — the labels shown are the last version that could be read"
            main.tell(problem)
            let toastType = g_type_from_name("AdwToastWidget")
            XCTAssertTrue(iterate(until: {
                descendants(of: main.window, ofType: toastType).contains { gtk_widget_get_mapped($0) != 0 && gtk_widget_get_child_visible($0) != 0 }
            }), "the toast shows")
            paintedFrame(main.window)
            let titles = descendants(of: main.window, ofType: toastType).flatMap { descendants(of: $0, ofType: gtk_label_get_type()) }
                .filter { String(cString: gtk_label_get_text(gCast($0))) == problem }
            XCTAssertEqual(titles.count, 1, "the toast's title is the whole problem")
            for title in titles {
                XCTAssertEqual(pango_layout_is_ellipsized(gtk_label_get_layout(gCast(title))), 0, "not cut to an ellipsis")
                XCTAssertGreaterThan(pango_layout_get_line_count(gtk_label_get_layout(gCast(title))), 1, "wrapped")
            }
            assertNoTextIsCut(in: main.window, "a long problem told in a toast")
        }
    }

    /// A note emptied from its pencil closes back onto the pencil, which
    /// then says what the toast shows (a screen reader hears the focused
    /// part's description, and libadwaita 1.2's toasts are not heard); Ctrl+Z
    /// brings the keyboard to the row, which says the note came back.
    func testANoteEmptiedFromItsPencilIsSaidToBeRemovedByThePencil() {
        Self.withApplication(["unfold", "--page", "collection"]) { _, main in
            let page = main.collectionPage
            settle(page)
            let id = page.visibleIDs[0]
            page.restoreNote("Call back", for: id)
            let row = try! XCTUnwrap(page.rowWidget(for: id))
            let (pencil, popover, entry) = try! openNote(of: row)
            let pencilButton = gtk_widget_get_first_child(pencil)!
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(popover) != 0 && gtk_widget_has_focus(gtk_root_get_focus(gtk_widget_get_root(entry))) != 0 }),
                          "the note opens with the keyboard in it")
            gtk_editable_set_text(gCast(entry), "")
            XInput.key("Escape")
            XCTAssertTrue(iterate(until: { main.toast != nil && gtk_widget_get_mapped(popover) == 0 }), "the toast shows")
            XCTAssertTrue(gtk_widget_has_focus(pencilButton) != 0, "the keyboard is back on the pencil")
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_description($0, "Note removed; Ctrl+Z puts it back") }, pencilButton),
                         "the pencil says what the toast shows")
            XCTAssertFalse(unfold_test_accessible_has_description(row.accessible) != 0, "the row, which the keyboard is not on, does not")
            XInput.key("ctrl+z")
            XCTAssertTrue(iterate(until: { page.notes[id] == "Call back" && gtk_widget_has_focus(row) != 0 }), "Ctrl+Z puts the note back, on its row")
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_description($0, "Note restored") }, row))
            XCTAssertNil(accessibleMismatch({ unfold_test_accessible_check_description($0, "Call back") }, pencilButton),
                         "the pencil is described by its note again")
        }
    }

    /// While "Note removed" shows, Ctrl+Z does what its Undo does, as in
    /// GNOME's Files; otherwise Ctrl+Z is the focused text field's own undo.
    func testCtrlZUndoesANoteRemovalWhileItsToastShows() {
        Self.withApplication(["unfold", "--page", "collection"]) { _, main in
            let page = main.collectionPage
            settle(page)
            let id = page.visibleIDs[0]
            page.restoreNote("Call back", for: id)
            let (pencil, popover, entry) = try! openNote(of: try! XCTUnwrap(page.rowWidget(for: id)))
            XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(popover) != 0 }))
            gtk_editable_set_text(gCast(entry), "")
            gtk_menu_button_popdown(gCast(pencil))
            XCTAssertTrue(iterate(until: { main.toast != nil && gtk_widget_get_mapped(popover) == 0 }), "the toast shows")
            XInput.key("ctrl+z")
            XCTAssertTrue(iterate(until: { page.notes[id] == "Call back" }), "Ctrl+Z puts the note back")
            XCTAssertTrue(iterate(until: { main.toast == nil }), "and the toast goes")

            // No toast: the key is the filter's.
            gtk_widget_grab_focus(page.searchEntry)
            XInput.type("ab")
            XCTAssertTrue(iterate(until: { String(cString: gtk_editable_get_text(gCast(page.searchEntry))) == "ab" }))
            XInput.key("ctrl+z")
            XCTAssertTrue(iterate(until: { String(cString: gtk_editable_get_text(gCast(page.searchEntry))) != "ab" }),
                          "Ctrl+Z undoes the typing in the filter")
            XCTAssertEqual(page.notes[id], "Call back")
        }
    }

    /// At launch and after every page switch (Alt+1…4, the switcher, the
    /// menu's action), the focus is on the page's first control.
    func testTheFocusStartsOnThePagesFirstControl() {
        for page in Page.allCases {
            Self.withApplication(["unfold", "--page", page.rawValue]) { _, main in
                XCTAssertTrue(iterate(until: { Self.focus(of: main, isOnFirstControlOf: page) }),
                              "launched on \(page): focus on \(Self.focusName(main))")
            }
        }
        Self.withApplication { _, main in
            for (index, page) in Page.allCases.enumerated().reversed() {
                XInput.key("alt+\(index + 1)")
                XCTAssertTrue(iterate(until: { main.currentPage == page && Self.focus(of: main, isOnFirstControlOf: page) }),
                              "Alt+\(index + 1): focus on \(Self.focusName(main))")
            }
            // A click on the switcher's tab.
            let tabs = descendants(of: main.headerBar, ofType: g_type_from_name("AdwViewSwitcherButton")).filter { gtk_widget_get_mapped($0) != 0 }
            XCTAssertEqual(tabs.count, Page.allCases.count)
            XInput.click(tabs[3])
            XCTAssertTrue(iterate(until: { main.currentPage == .collection && Self.focus(of: main, isOnFirstControlOf: .collection) }),
                          "a click on Collection's tab: focus on \(Self.focusName(main))")
        }
    }

    /// On the Collection page, typing anywhere starts filtering, as in GNOME's
    /// Settings and Files; on the other pages, keys are the page's.
    func testTypingAnywhereOnTheCollectionPageFilters() {
        Self.withApplication(["unfold", "--page", "collection"]) { _, main in
            let page = main.collectionPage
            gtk_widget_grab_focus(page.tilesOnlyToggle)
            XInput.type("a")
            XCTAssertTrue(iterate(until: { page.filter.query == "a" }), "typing with the toggle focused filters")
            XInput.type(" ")
            XCTAssertTrue(iterate(until: { page.filter.query == "a " }), "and what follows is text")
            XInput.key("BackSpace")
            XCTAssertTrue(iterate(until: { page.filter.query == "a" }))
            settle(page)
            XCTAssertEqual(String(cString: gtk_label_get_text(gCast(page.caption))), "2 of 4 labels")
            XCTAssertTrue(Self.focused(main)?.isInside(page.searchEntry) == true, "and the filter has the focus, to go on typing")
            XCTAssertEqual(gtk_check_button_get_active(gCast(page.tilesOnlyToggle)), 0, "the toggle did not take the key")

            XInput.key("Escape")
            XCTAssertTrue(iterate(until: { page.filter.query.isEmpty }))
            // From the header bar too.
            gtk_widget_grab_focus(main.menuButton)
            XCTAssertFalse(Self.focused(main)?.isInside(page.widget) ?? true)
            XInput.type("b")
            XCTAssertTrue(iterate(until: { page.filter.query == "b" }), "typing with the focus in the header filters")

            // Elsewhere, letters do not go to the filter.
            XInput.key("alt+1")
            XCTAssertTrue(iterate(until: { main.currentPage == .reveal }))
            XInput.type("x")
            iterate(for: 0.1)
            XCTAssertEqual(page.filter.query, "b", "on the Reveal page, typing does not filter the collection")
        }
    }

    // MARK: Helpers

    static func withApplication(_ arguments: [String] = ["unfold"],
                                _ body: @escaping @MainActor (UnfoldApplication, MainWindow) -> Void) {
        MainActor.assumeIsolated {
            let app = UnfoldApplication(unique: false, stateStore: temporaryStateStore())
            let status = runApplication(app, arguments) {
                guard let main = MainWindow.all.last else { return XCTFail("no window") }
                XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(main.window) != 0 }))
                XInput.focus(main.window)
                body(app, main)
                // One at a time: a dialog goes with its parent.
                while let window = allToplevels().first { gtk_window_destroy(gCast(window)) }
            }
            XCTAssertEqual(status, 0)
            g_object_unref(UnsafeMutableRawPointer(app.application))
        }
    }

    @MainActor
    static func focused(_ main: MainWindow) -> WidgetPointer? {
        gtk_root_get_focus(OpaquePointer(main.window)).map { gCast($0) }
    }

    @MainActor
    static func focusName(_ main: MainWindow) -> String {
        focused(main).map { typeName(of: $0.object) } ?? "nothing"
    }

    /// The page's first control: the Reveal page's first header, the Native
    /// page's first expander, the outline's selected row, the collection's filter.
    @MainActor
    static func focus(of main: MainWindow, isOnFirstControlOf page: Page) -> Bool {
        guard let focus = focused(main) else { return false }
        switch page {
        case .reveal: return focus == main.revealPage.collection.header
        case .native: return focus == main.nativePage.expanders[1]
            || gtk_widget_get_ancestor(focus, gtk_expander_get_type()) == main.nativePage.expanders[1]
        case .outline: return main.outlinePage.focusedPosition == main.outlinePage.selectedPosition && main.outlinePage.focusedPosition != nil
        case .collection: return focus.isInside(main.collectionPage.searchEntry)
        }
    }

    struct MenuItem { let label: String; let action: String }

    /// The items of a menu model, sections flattened.
    @MainActor
    static func menuItems(_ model: UnsafeMutablePointer<GMenuModel>) -> [MenuItem] {
        var items: [MenuItem] = []
        for index in 0..<g_menu_model_get_n_items(model) {
            if let section = g_menu_model_get_item_link(model, index, "section") {
                items += menuItems(section)
                g_object_unref(UnsafeMutableRawPointer(section))
                continue
            }
            func string(_ attribute: String) -> String {
                guard let value = g_menu_model_get_item_attribute_value(model, index, attribute, nil) else { return "" }
                defer { g_variant_unref(value) }
                return String(cString: g_variant_get_string(value, nil))
            }
            items.append(MenuItem(label: string("label"), action: string("action")))
        }
        return items
    }
}

/// A string array property (GStrv), read by name.
@MainActor
func stringsProperty(_ object: UnsafeMutableRawPointer, _ name: String) -> [String] {
    var value = GValue()
    g_value_init(&value, g_strv_get_type())
    defer { g_value_unset(&value) }
    g_object_get_property(gCast(object), name, &value)
    guard let strings = g_value_get_boxed(&value)?.assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self) else { return [] }
    var result: [String] = []
    var index = 0
    while let string = strings[index] {
        result.append(String(cString: string))
        index += 1
    }
    return result
}

/// The nearest ancestor of `widget` of `type`.
@MainActor
func ancestor(of widget: WidgetPointer, ofType type: GType) -> WidgetPointer? {
    var current = gtk_widget_get_parent(widget)
    while let candidate = current {
        if g_type_check_instance_is_a(gCast(candidate), type) != 0 { return candidate }
        current = gtk_widget_get_parent(candidate)
    }
    return nil
}

/// Whether the keyboard is in `widget`: its window active, its focus there
/// (a window of its own, or a dialog inside another).
@MainActor
func hasTheFocus(_ widget: WidgetPointer) -> Bool {
    guard let root = gtk_widget_get_root(widget), gtk_window_is_active(gCast(root)) != 0,
          let focus = gtk_root_get_focus(root) else { return false }
    return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
}

/// The window the About window was shown over: a dialog's own (libadwaita
/// 1.5 on), else the one it is transient for.
@MainActor
func aboutParent(_ about: WidgetPointer) -> WidgetPointer? {
    if unfold_about_is_dialog != 0 { return gtk_widget_get_root(about).map { gCast($0) } }
    return gtk_window_get_transient_for(gCast(about)).map { gCast($0) }
}
