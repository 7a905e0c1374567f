// SPDX-License-Identifier: LGPL-2.1-or-later
private typealias TimeoutHandler = @MainActor () -> Void

/// A one-shot GLib timeout on the main loop.
@MainActor
public enum Timeout {
    @discardableResult
    public static func after(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) -> guint {
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            MainActor.assumeIsolated { ClosureBox<TimeoutHandler>.from(data).body() }
            return 0  // G_SOURCE_REMOVE
        }, ClosureBox(handler as TimeoutHandler).retainedPointer()) { data in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
        }
    }
}

/// A one-shot GLib idle source on the main loop.
@MainActor
public enum Idle {
    /// Runs `handler` once, when nothing of a higher priority is pending. At
    /// G_PRIORITY_HIGH_IDLE it runs before GTK's next layout and drawing.
    @discardableResult
    public static func soon(priority: Int32 = G_PRIORITY_HIGH_IDLE, _ handler: @escaping @MainActor () -> Void) -> guint {
        g_idle_add_full(priority, { data in
            MainActor.assumeIsolated { ClosureBox<TimeoutHandler>.from(data).body() }
            return 0  // G_SOURCE_REMOVE
        }, ClosureBox(handler as TimeoutHandler).retainedPointer()) { data in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
        }
    }
}
