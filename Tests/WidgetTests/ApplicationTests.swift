// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import CUnfoldAdw
import CUnfoldAppCompat
import Foundation
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldApp
import UnfoldCore
import XCTest

/// The application object, run in-process so its effect on GTK can be read.
final class ApplicationTests: GtkTestCase {
    func testReduceMotionOptionTurnsAnimationsOffForTheRun() {
        onMain {
            TestDisplay.ensureInitialized()
            defer { AnimationSettings.setAnimationsEnabled(true) }
            for (arguments, expected) in [(["unfold"], true), (["unfold", "--reduce-motion"], false)] {
                AnimationSettings.setAnimationsEnabled(true)
                let app = UnfoldApplication(unique: false, stateStore: temporaryStateStore())
                var enabled: Bool?
                var windows = 0
                let status = runApplication(app, arguments) {
                    enabled = AnimationSettings.animationsEnabled(gtk_settings_get_default())
                    windows = Int(g_list_length(gtk_application_get_windows(app.application)))
                    // Close what activation opened, which ends the run.
                    while let window = gtk_application_get_windows(app.application)?.pointee.data {
                        gtk_window_destroy(gCast(window))
                    }
                }
                XCTAssertEqual(status, 0)
                XCTAssertEqual(enabled, expected, "\(arguments)")
                XCTAssertEqual(windows, 1, "activation opens one window")
                g_object_unref(UnsafeMutableRawPointer(app.application))
            }
        }
    }

    func testNewWindowActionOpensAnIndependentWindowOnCtrlN() {
        onMain {
            TestDisplay.ensureInitialized()
            let app = UnfoldApplication(unique: false, stateStore: temporaryStateStore())
            var windowsAfterNew = 0
            var accelerators: [String] = []
            var independent = false
            let status = runApplication(app) {
                let accels = gtk_application_get_accels_for_action(app.application, "app.new-window")
                var index = 0
                while let accel = accels?[index] { accelerators.append(String(cString: accel)); index += 1 }
                g_strfreev(accels)

                g_action_group_activate_action(OpaquePointer(app.application), "new-window", nil)
                windowsAfterNew = Int(g_list_length(gtk_application_get_windows(app.application)))
                let windows = MainWindow.all
                if windows.count == 2 {
                    gtk_editable_set_text(gCast(windows[0].collectionPage.searchEntry), "a")
                    iterate(until: { windows[0].collectionPage.filter.query == "a" })
                    independent = windows[1].collectionPage.filter == LabelFilter()
                }
                while let window = gtk_application_get_windows(app.application)?.pointee.data {
                    gtk_window_destroy(gCast(window))
                }
            }
            XCTAssertEqual(status, 0)
            XCTAssertEqual(accelerators, ["<Control>n"])
            XCTAssertEqual(windowsAfterNew, 2)
            XCTAssertTrue(independent, "filtering one window leaves the other as it was")
            g_object_unref(UnsafeMutableRawPointer(app.application))
        }
    }

    func testKeyboardShortcutsOfTheWindow() {
        onMain {
            TestDisplay.ensureInitialized()
            let app = UnfoldApplication(unique: false, stateStore: temporaryStateStore())
            var checked = false
            let status = runApplication(app) {
                guard let main = MainWindow.all.last else { return XCTFail("no window") }
                XInput.focus(main.window)
                let root = OpaquePointer(main.window)
                @MainActor func focused() -> WidgetPointer? { gtk_root_get_focus(root).map { gCast($0) } }
                XCTAssertEqual(focused(), main.revealPage.collection.header, "a new window focuses its page")

                for (index, page) in Page.allCases.enumerated() {
                    XInput.key("alt+\(index + 1)")
                    XCTAssertTrue(iterate(until: { main.currentPage == page }), "Alt+\(index + 1) shows \(page)")
                    XCTAssertTrue(focused()?.isInside(main.widget(of: page)) ?? false, "and puts the focus in it")
                }
                XCTAssertTrue(focused()?.isInside(main.collectionPage.searchEntry) ?? false, "the collection's filter first")
                XInput.key("alt+3")
                XCTAssertTrue(iterate(until: { main.currentPage == .outline }))
                // The focus ring sits on the row the keys act on: Right opens the selected row.
                XCTAssertEqual(main.outlinePage.selectedPosition, 0)
                XCTAssertTrue(focused()?.isInside(main.outlinePage.listView) ?? false)
                let selectedRowWidget = focused().flatMap { focus in
                    descendants(of: main.outlinePage.listView, ofType: gtk_tree_expander_get_type()).first { focus.isInside($0) || $0.isInside(focus) }
                }
                XCTAssertEqual(selectedRowWidget.flatMap { descendants(of: $0, ofType: gtk_label_get_type()).first }
                                .map { String(cString: gtk_label_get_text(gCast($0))) }, "Collection",
                               "the focused row is the selected one")
                XInput.key("alt+4")
                XCTAssertTrue(iterate(until: { main.currentPage == .collection }))
                XInput.type("a")
                XCTAssertTrue(iterate(until: { main.collectionPage.filter.query == "a" }), "so typing filters at once")
                XInput.key("alt+1")
                XCTAssertTrue(iterate(until: { main.currentPage == .reveal }))
                gtk_widget_grab_focus(main.revealPage.collection.header)
                XInput.key("ctrl+f")
                XCTAssertTrue(iterate(until: { focused()?.isInside(main.collectionPage.searchEntry) ?? false }),
                              "Ctrl+F focuses the collection's filter from another page")
                XCTAssertEqual(main.currentPage, .collection)

                XInput.key("F1")
                XCTAssertTrue(iterate(until: { main.shortcutsWindow.map { gtk_widget_get_mapped($0) != 0 } ?? false }),
                              "F1 shows the shortcuts")
                XInput.focus(main.shortcutsWindow!)
                XInput.key("Escape")
                XCTAssertTrue(iterate(until: { main.shortcutsWindow == nil }), "Escape closes them")
                XInput.focus(main.window)
                XInput.key("ctrl+question")
                XCTAssertTrue(iterate(until: { main.shortcutsWindow.map { gtk_widget_get_mapped($0) != 0 } ?? false }),
                              "Ctrl+? shows the shortcuts")
                XCTAssertEqual(String(cString: gtk_window_get_title(gCast(main.shortcutsWindow!))), "Keyboard Shortcuts")
                gtk_window_close(gCast(main.shortcutsWindow!))
                iterate(until: { main.shortcutsWindow == nil })

                if let about = openAboutWindow(app) {
                    XCTAssertEqual(Properties.string(UnsafeMutableRawPointer(about), "version"), UnfoldApplication.version)
                    XCTAssertEqual(aboutParent(about), main.window, "over the window it was asked from")
                    unfold_about_close(about)
                }

                XInput.focus(main.window)
                XInput.key("ctrl+n")
                XCTAssertTrue(iterate(until: { MainWindow.all.count == 2 }), "Ctrl+N opens a window")
                let second = MainWindow.all.last!
                XInput.focus(second.window)
                XInput.key("ctrl+w")
                XCTAssertTrue(iterate(until: { MainWindow.all.count == 1 }), "Ctrl+W closes it")
                XInput.focus(main.window)
                XInput.key("ctrl+q")
                checked = true
            }
            XCTAssertEqual(status, 0, "Ctrl+Q ends the run")
            XCTAssertTrue(checked)
            XCTAssertEqual(MainWindow.all.count, 0)
            g_object_unref(UnsafeMutableRawPointer(app.application))
        }
    }

    /// The accessibility repair decides what to name by whether a widget has a
    /// name already, which GTK 4.8 tells only its test API: production code
    /// keeps its own knowledge. Here it is held to what GTK holds, for every
    /// accessible of every window and popover the app shows.
    func testWhatTheRepairKnowsOfNamesIsWhatGTKHolds() {
        onMain {
            TestDisplay.ensureInitialized()
            let app = UnfoldApplication(unique: false, stateStore: temporaryStateStore())
            var mismatches: Set<String> = []
            var checkedAccessibles = 0
            @MainActor func compare(_ accessible: OpaquePointer, path: String) {
                checkedAccessibles += 1
                let label = gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL) != 0
                let relation = gtk_test_accessible_has_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY) != 0
                let knownLabel = Accessibility.hasLabel(accessible: accessible)
                let knownName = Accessibility.hasName(accessible: accessible)
                if knownLabel != label || knownName != (label || relation) {
                    mismatches.insert("\(path): GTK holds label \(label), labelled-by \(relation); "
                                      + "the repair knows label \(knownLabel), name \(knownName)")
                }
            }
            @MainActor func compareAll(during step: String) {
                @MainActor func walk(_ widget: WidgetPointer, path: String) {
                    let path = path + "/" + String(cString: g_type_name_from_instance(gCast(widget)))
                    compare(widget.accessible, path: "\(step): \(path)")
                    var child = gtk_widget_get_first_child(widget)
                    while let current = child {
                        if g_type_check_instance_is_a(gCast(widget), gtk_stack_get_type()) != 0,
                           let page = gtk_stack_get_page(gCast(widget), current) {
                            compare(page, path: "\(step): \(path)/GtkStackPage")
                        }
                        walk(current, path: path)
                        child = gtk_widget_get_next_sibling(current)
                    }
                }
                for toplevel in allToplevels() where gtk_widget_get_mapped(toplevel) != 0 { walk(toplevel, path: "") }
            }
            let status = runApplication(app) { do {
                // Whatever fails, the windows go, which ends the run.
                defer {
                    while let window = gtk_application_get_windows(app.application)?.pointee.data { gtk_window_destroy(gCast(window)) }
                }
                guard let main = MainWindow.all.last else { return XCTFail("no window") }
                XInput.focus(main.window)
                for (index, page) in Page.allCases.enumerated() {
                    XInput.key("alt+\(index + 1)")
                    XCTAssertTrue(iterate(until: { main.currentPage == page }))
                    TestWindowView(main.window).waitForFrames(2)
                    compareAll(during: "page \(page)")
                }
                gtk_menu_button_popup(gCast(main.menuButton))
                let menu = gtk_menu_button_get_popover(gCast(main.menuButton)).map { WidgetPointer(OpaquePointer($0)) }
                XCTAssertTrue(iterate(until: { menu.map { gtk_widget_get_mapped($0) != 0 } ?? false }), "the main menu opens")
                compareAll(during: "main menu")
                gtk_menu_button_popdown(gCast(main.menuButton))

                let collection = main.collectionPage
                let id = try XCTUnwrap(collection.visibleIDs.first)
                let row = try XCTUnwrap(collection.rowWidget(for: id))
                let (pencil, note, entry) = try openNote(of: row)
                @MainActor func edit(_ text: String, during step: String? = nil) {
                    gtk_menu_button_popup(gCast(pencil))
                    XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(note) != 0 }), "a row's note opens")
                    gtk_editable_set_text(gCast(entry), text)
                    if let step { compareAll(during: step) }
                    gtk_menu_button_popdown(gCast(pencil))
                    XCTAssertTrue(iterate(until: { gtk_widget_get_mapped(note) == 0 }))
                }
                edit("Remember", during: "a note")
                // Emptied, the note goes, and a toast offers it back.
                edit("")
                XCTAssertTrue(iterate(until: { main.toast != nil }), "the toast shows")
                TestWindowView(main.window).waitForFrames(2)
                compareAll(during: "the note-removed toast")

                gtk_editable_set_text(gCast(collection.searchEntry), "no label is called this")
                XCTAssertTrue(iterate(until: { collection.visibleIDs.isEmpty }))
                TestWindowView(main.window).waitForFrames(2)
                compareAll(during: "no matching labels")

                XInput.key("ctrl+question")
                XCTAssertTrue(iterate(until: { main.shortcutsWindow.map { gtk_widget_get_mapped($0) != 0 } ?? false }))
                compareAll(during: "the shortcuts")
                gtk_window_close(gCast(main.shortcutsWindow!))
                iterate(until: { main.shortcutsWindow == nil })

                let about = openAboutWindow(app)
                compareAll(during: "about")
                if let about { gtk_window_destroy(gCast(about)) }
            } catch { XCTFail("\(error)") } }
            XCTAssertEqual(status, 0)
            XCTAssertGreaterThan(checkedAccessibles, 1000, "every window was walked")
            XCTAssertEqual(mismatches.sorted(), [], "what the repair knows of names")
            g_object_unref(UnsafeMutableRawPointer(app.application))
        }
    }

    func testWindowComesBackWithItsSizeAndPage() {
        onMain {
            let store = temporaryStateStore()
            var app = UnfoldApplication(unique: false, stateStore: store)
            var status = runApplication(app) {
                let main = MainWindow.all.last!
                XCTAssertEqual(main.currentPage, .reveal, "no saved state: the first page")
                main.showPage(.outline)
                gtk_window_set_default_size(gCast(main.window), 610, 470)
                gtk_window_close(gCast(main.window))
            }
            XCTAssertEqual(status, 0)
            XCTAssertEqual(store.load(), WindowState(width: 610, height: 470, maximized: false, page: .outline))
            g_object_unref(UnsafeMutableRawPointer(app.application))

            app = UnfoldApplication(unique: false, stateStore: store)
            var restored: WindowState?
            status = runApplication(app) {
                let main = MainWindow.all.last!
                restored = main.state
                gtk_window_destroy(gCast(main.window))
            }
            XCTAssertEqual(status, 0)
            XCTAssertEqual(restored, WindowState(width: 610, height: 470, maximized: false, page: .outline))
            g_object_unref(UnsafeMutableRawPointer(app.application))
        }
    }
}

extension ApplicationTests {
    /// A run for labels opens at the saved size, on the collection, and when it
    /// closes saves its size but leaves the saved page as the user chose it.
    func testALabelsRunKeepsTheSavedSizeAndLeavesTheSavedPage() throws {
        try onMain {
            let store = temporaryStateStore()
            try store.save(WindowState(width: 610, height: 470, maximized: false, page: .outline))
            let app = UnfoldApplication(unique: false, stateStore: store)
            var opened: WindowState?
            let status = runApplication(app, ["unfold", "--synthetic", "3"]) {
                let main = MainWindow.all.last!
                XCTAssertTrue(iterate(until: { main.collectionPage.loadingName == nil }))
                opened = main.state
                XCTAssertEqual(main.currentPage, .collection, "a labels run opens on its labels")
                gtk_window_set_default_size(gCast(main.window), 700, 500)
                gtk_window_close(gCast(main.window))
            }
            XCTAssertEqual(status, 0)
            XCTAssertEqual(opened?.width, 610)
            XCTAssertEqual(opened?.height, 470)
            XCTAssertEqual(store.load(), WindowState(width: 700, height: 500, maximized: false, page: .outline))
            g_object_unref(UnsafeMutableRawPointer(app.application))
        }
    }
}

/// A window-state file of the test's own, so tests never touch the user's.
@MainActor
func temporaryStateStore() -> WindowStateStore {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unfold-state-\(UUID().uuidString)")
    return WindowStateStore(path: directory.appendingPathComponent("window-state.ini").path)
}

/// Opens About Unfold through the app's action; the window once it shows.
@MainActor
func openAboutWindow(_ app: UnfoldApplication, file: StaticString = #filePath, line: UInt = #line) -> WidgetPointer? {
    g_action_group_activate_action(OpaquePointer(app.application), "about", nil)
    var about: WidgetPointer?
    XCTAssertTrue(iterate(until: {
        about = app.aboutWindow?.get()?.widget
        return about.map { gtk_widget_get_mapped($0) != 0 } ?? false
    }), "About Unfold opens", file: file, line: line)
    return about
}

/// Runs the app with `arguments`, calls `body` once the launch is handled (its
/// first window is up), and returns the run's exit status. A run still going
/// after `patience` seconds has hung: it is ended and fails the test, so a
/// broken shortcut cannot hang the suite. ("command-line" stops at the app's own handler — GLib's
/// first-wins accumulator — so this waits for the first window instead.)
@MainActor
func runApplication(_ app: UnfoldApplication, _ arguments: [String] = ["unfold"], patience: Double = Patience.hang,
         _ body: @escaping @MainActor () -> Void) -> Int32 {
    var started = false
    onObjectSignal(app.application, "window-added") { _ in
        guard !started else { return }
        started = true
        Timeout.after(milliseconds: 0) { body() }
    }
    let watchdog = Timeout.after(milliseconds: UInt32(patience * 1000)) {
        XCTFail("the application hung: still running after \(Int(patience)) s")
        for window in MainWindow.all { gtk_window_destroy(gCast(window.window)) }
    }
    defer { g_source_remove(watchdog) }
    return app.run(arguments: arguments)
}