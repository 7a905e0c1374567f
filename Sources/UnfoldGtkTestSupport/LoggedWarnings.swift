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
                LoggedWarnings.recorded.withLock { $0?.append(String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)) }
                g_free(text)
            }
            return g_log_writer_default(level, fields, count, nil)
        }, nil, nil)
    }

    /// What was logged since the last call, oldest first.
    public static func take() -> [String] {
        recorded.withLock { list in
            defer { if list != nil { list = [] } }
            return list ?? []
        }
    }
}
