// SPDX-License-Identifier: LGPL-2.1-or-later
private typealias TickHandler = @MainActor (_ frameTime: Int64) -> Bool

/// A frame-clock tick callback whose Swift closure GTK releases when the callback
/// is removed (or the widget disposed).
public struct TickCallback {
    public let widget: WidgetPointer
    public let id: guint

    /// Calls `handler` with the frame clock's frame time (µs) before each frame
    /// while it returns true.
    @MainActor
    public static func add(to widget: WidgetPointer, _ handler: @escaping @MainActor (_ frameTime: Int64) -> Bool) -> TickCallback {
        let callback: GtkTickCallback = { _, clock, data in
            MainActor.assumeIsolated {
                let frameTime = Int64(gdk_frame_clock_get_frame_time(clock))
                return ClosureBox<TickHandler>.from(data).body(frameTime) ? 1 : 0
            }
        }
        let box = ClosureBox(handler as TickHandler).retainedPointer()
        let id = gtk_widget_add_tick_callback(widget, callback, box) { data in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
            MainActor.assumeIsolated { TickLedger.live -= 1 }
        }
        TickLedger.live += 1
        return TickCallback(widget: widget, id: id)
    }

    /// Removes the callback. Not needed after its handler returned false.
    @MainActor public func remove() { gtk_widget_remove_tick_callback(widget, id) }
}

/// Counts tick callbacks GTK holds for us, from adding until GTK lets go of
/// them, so tests can prove no animation is left ticking.
@MainActor
public enum TickLedger {
    public internal(set) static var live = 0
}

/// Runs an action once, at the start of a widget's next frame, however often
/// it is asked for before then. A widget off screen gets no frames: then the
/// action runs at once, unless `waitsForFrame` (its result only matters when
/// the widget is drawn).
@MainActor
public final class NextFrameAction {
    private let widget: WidgetPointer
    private let waitsForFrame: Bool
    private let action: @MainActor () -> Void
    private var tick: TickCallback?

    /// `widget` must outlive this object (its owner holds both).
    public init(_ widget: WidgetPointer, waitsForFrame: Bool = false, _ action: @escaping @MainActor () -> Void) {
        self.widget = widget
        self.waitsForFrame = waitsForFrame
        self.action = action
    }

    public var isPending: Bool { tick != nil }

    public func schedule() {
        guard tick == nil else { return }
        guard waitsForFrame || gtk_widget_get_mapped(widget) != 0 else { return action() }
        tick = TickCallback.add(to: widget) { [weak self] _ in
            guard let self else { return false }
            self.tick = nil
            self.action()
            return false
        }
    }

    /// Runs a pending action now (the widget is leaving the screen).
    public func flush() {
        guard isPending else { return }
        cancel()
        action()
    }

    public func cancel() {
        tick?.remove()
        tick = nil
    }
}
