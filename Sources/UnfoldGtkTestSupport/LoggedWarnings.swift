// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import UnfoldGtk

/// The warnings and criticals this process logs through GLib, GTK's among
/// them. A GTK warning says a widget broke GTK's rules (drawn without an
/// allocation, sized below its minimum) even when the picture looks right, so
/// a test of real widgets fails on any: after the test, with its text, where
/// `G_DEBUG=fatal-warnings` would end the whole run at the first.
/// (Criticals still end it: the test command sets `G_DEBUG=fatal-criticals`.)
public enum LoggedWarnings {
    private static let recorded = Mutex<[String]?>(nil)

    /// Records from now on. GLib takes one log writer per process, so this
    /// installs it the first time and does nothing after.
    public static func startRecording() {
        let first = recorded.withLock { list in
            guard list == nil else { return false }
            list = []
            return true
        }
        guard first else { return }
        g_log_set_writer_func({ level, fields, count, _ in
            let serious = UNFOLD_G_LOG_LEVEL_WARNING.rawValue | UNFOLD_G_LOG_LEVEL_CRITICAL.rawValue
            if level.rawValue & serious != 0, let text = g_log_writer_format_fields(level, fields, count, 0) {
                let message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
                g_free(text)
                if !LoggedWarnings.isGDKsOwn(message) { LoggedWarnings.recorded.withLock { $0?.append(message) } }
            }
            return g_log_writer_default(level, fields, count, nil)
        }, nil, nil)
    }

    /// GDK 4.24's X11 frame clock says this of itself under Xvfb, at a frame
    /// now and then, from its own paint cycle with nothing of Unfold's on
    /// the stack (seen through a backtrace taken in this writer; GTK 4.8 and
    /// 4.18 never say it). It is printed, not counted.
    nonisolated static func isGDKsOwn(_ message: String) -> Bool {
        gtk_get_minor_version() >= 24 && message.contains("Gdk-WARNING") &&
            message.hasSuffix("gdk_frame_timings_submitted() called on submitted frame.")
    }

    /// What was logged since the last call, oldest first.
    public static func take() -> [String] {
        recorded.withLock { list in
            defer { if list != nil { list = [] } }
            return list ?? []
        }
    }
}
