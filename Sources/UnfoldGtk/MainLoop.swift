// SPDX-License-Identifier: LGPL-2.1-or-later
/// Work for the main thread, from any thread: it runs at the main loop's next
/// turn. (GTK may be called only there.)
public enum MainThread {
    public static func post(_ work: @escaping @Sendable @MainActor () -> Void) {
        // The box is made and released off the main thread: it is not a ClosureBox,
        // whose ledger is the main thread's.
        let box = Unmanaged.passRetained(SendableWork(work)).toOpaque()
        // Not g_main_context_invoke: when no thread holds the default context at
        // that moment, it runs the function at once on the calling thread.
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            let work = Unmanaged<SendableWork>.fromOpaque(data!).takeUnretainedValue().body
            MainActor.assumeIsolated { work() }
            return 0  // G_SOURCE_REMOVE
        }, box) { data in
            Unmanaged<SendableWork>.fromOpaque(data!).release()
        }
    }

    private final class SendableWork: Sendable {
        let body: @Sendable @MainActor () -> Void
        init(_ body: @escaping @Sendable @MainActor () -> Void) { self.body = body }
    }
}

/// A thread of its own for long work (GLib's: named, so that it shows as such
/// in a debugger or `top -H`), detached: it ends with `work`.
public enum WorkerThread {
    public static func start(named name: String, _ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        let thread = g_thread_new(name, { data in
            let work = Unmanaged<Work>.fromOpaque(data!).takeRetainedValue()
            work.body()
            return nil
        }, box)
        g_thread_unref(thread)
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// What GTK hands a C callback (pointers, on its own thread, the main one),
/// carried into the main-actor code the callback runs with
/// `MainActor.assumeIsolated`. (Swift 6.0, Debian 13's, does not let a
/// `nonisolated(unsafe)` local into that closure; 6.1 and later do.)
public struct HandedOver<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
