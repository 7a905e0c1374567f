@_exported import CGtkTestSupport
import Foundation
import Gtk

/// Turns the default main loop until `condition` holds or `timeout` seconds
/// pass; returns whether the condition held. For tests and measurements, which
/// drive GTK from outside a running application.
@MainActor @discardableResult
public func iterate(until condition: () -> Bool, timeout: Double = 5) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        if g_main_context_iteration(nil, 0) == 0 { usleep(200) }
    }
    return true
}
