// SPDX-License-Identifier: GPL-3.0-or-later
@_exported import CUnfoldGtkTestSupport
import Foundation
import UnfoldGtk

/// Turns the default main loop until `condition` holds or `timeout` seconds
/// pass; returns whether the condition held. For tests and measurements, which
/// drive GTK from outside a running application. The default is a hang's, not
/// a measurement's: a condition that takes longer than that on a loaded
/// machine will never hold.
@MainActor @discardableResult
public func iterate(until condition: () -> Bool, timeout: Double = 180) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        if g_main_context_iteration(nil, 0) == 0 { usleep(200) }
    }
    return true
}

/// Dispatches whatever the default main context has ready, without waiting:
/// for a test that waits on something else (a child process) on the main
/// thread and must keep GTK answering meanwhile.
public func turnMainLoop() {
    while g_main_context_iteration(nil, 0) != 0 {}
}
