import Gtk
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
                let app = UnfoldApplication()
                var enabled: Bool?
                var windows = 0
                onSignal(app.application, "activate", after: true) {
                    enabled = AnimationSettings.animationsEnabled(gtk_settings_get_default())
                    windows = Int(g_list_length(gtk_application_get_windows(app.application)))
                    // Close what activation opened, which ends the run.
                    while let window = gtk_application_get_windows(app.application)?.pointee.data {
                        gtk_window_destroy(gCast(window))
                    }
                }
                XCTAssertEqual(app.run(arguments: arguments), 0)
                XCTAssertEqual(enabled, expected, "\(arguments)")
                XCTAssertEqual(windows, 1, "activation opens one window")
                g_object_unref(UnsafeMutableRawPointer(app.application))
            }
        }
    }

    func testNewWindowActionOpensAnIndependentWindowOnCtrlN() {
        onMain {
            TestDisplay.ensureInitialized()
            let app = UnfoldApplication()
            var windowsAfterNew = 0
            var accelerators: [String] = []
            var independent = false
            onSignal(app.application, "activate", after: true) {
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
            XCTAssertEqual(app.run(arguments: ["unfold"]), 0)
            XCTAssertEqual(accelerators, ["<Control>n"])
            XCTAssertEqual(windowsAfterNew, 2)
            XCTAssertTrue(independent, "filtering one window leaves the other as it was")
            g_object_unref(UnsafeMutableRawPointer(app.application))
        }
    }
}
