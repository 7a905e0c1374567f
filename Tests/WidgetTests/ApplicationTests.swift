import Gtk
import UnfoldApp
import XCTest

/// The application object, run in-process so its effect on GTK can be read.
final class ApplicationTests: XCTestCase {
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
}
