// SPDX-License-Identifier: LGPL-2.1-or-later
/// Holds a Swift closure as signal user data. GLib releases it (through the
/// destroy notify) when the handler is disconnected or the instance is disposed,
/// so a closure lives exactly as long as the connection.
@MainActor
class ClosureHolder {
    /// False once GLib has let go of the handler: disconnected, or its
    /// instance gone. A connection can then no longer be touched.
    fileprivate(set) var isConnected = true

    init() { ClosureLedger.live += 1 }

    deinit { MainActor.assumeIsolated { ClosureLedger.live -= 1 } }

    func retainedPointer() -> gpointer { Unmanaged.passRetained(self).toOpaque() }
}

@MainActor
final class ClosureBox<Body>: ClosureHolder {
    let body: Body

    init(_ body: Body) {
        self.body = body
    }

    static func from(_ pointer: gpointer?) -> ClosureBox<Body> {
        Unmanaged<ClosureBox<Body>>.fromOpaque(pointer!).takeUnretainedValue()
    }
}

/// Counts Swift closures currently held by GLib, so tests can prove none leak.
@MainActor
public enum ClosureLedger {
    public internal(set) static var live = 0
}

private let releaseHandler: GClosureNotify = { data, _ in
    guard let data else { return }
    let holder = Unmanaged<ClosureHolder>.fromOpaque(data)
    MainActor.assumeIsolated { holder.takeUnretainedValue().isConnected = false }
    holder.release()
}

/// A handler connected to a GObject signal. Disconnecting is optional: the
/// handler goes away with its instance; and disconnecting after that is
/// harmless, for the connection knows (it cannot outlive its instance).
public struct SignalConnection {
    private let instance: UnsafeMutablePointer<GObject>
    public let id: gulong
    private let holder: ClosureHolder

    fileprivate init(instance: UnsafeMutablePointer<GObject>, id: gulong, holder: ClosureHolder) {
        self.instance = instance
        self.id = id
        self.holder = holder
    }

    /// Whether the handler is still connected (its instance alive).
    @MainActor public var isConnected: Bool { holder.isConnected }

    @MainActor public func disconnect() {
        guard holder.isConnected else { return }
        g_signal_handler_disconnect(instance, id)
    }
}

@MainActor
func connect<Body>(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: Body,
    _ callback: GCallback, after: Bool, parameters: UInt32? = nil
) -> SignalConnection {
    let object: UnsafeMutablePointer<GObject> = gCast(instance)
    if let parameters { checkParameters(of: signal, on: object, parameters) }
    let box = ClosureBox(body)
    let id = g_signal_connect_data(
        object, signal, callback, box.retainedPointer(), releaseHandler,
        after ? UNFOLD_G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
    precondition(id != 0, "no signal \(signal) on \(typeName(of: object))")
    return SignalConnection(instance: object, id: id, holder: box)
}

/// A callback written for another signature reads its user data from the
/// wrong place (GtkEventControllerFocus's "leave", taken for a signal with an
/// object, crashed on GTK 4.24 and ran by luck before): the signal must take
/// the parameters the callback was written for.
@MainActor
private func checkParameters(of signal: String, on object: UnsafeMutablePointer<GObject>, _ parameters: UInt32) {
    let name = String(signal.prefix { $0 != ":" })
    let id = g_signal_lookup(name, object.pointee.g_type_instance.g_class.pointee.g_type)
    guard id != 0 else { return }  // (connect says so)
    var query = GSignalQuery()
    g_signal_query(id, &query)
    precondition(query.n_params == parameters,
                 "\(typeName(of: object)) \(name) has \(query.n_params) parameters; this handler is for signals with \(parameters)")
}

private typealias VoidHandler = @MainActor () -> Void

/// Connects a handler to a signal whose C signature is `void (*)(Instance *, gpointer)`
/// ("clicked", "toggled", "search-changed", "destroy", "after-paint", …).
@MainActor @discardableResult
public func onSignal(
    _ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
    _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        MainActor.assumeIsolated { ClosureBox<VoidHandler>.from(data).body() }
    }
    return connect(instance, signal, handler as VoidHandler, unsafeBitCast(callback, to: GCallback.self), after: after, parameters: 0)
}

/// Connects to `notify::property`.
@MainActor @discardableResult
public func onNotify(
    _ instance: UnsafeMutableRawPointer, _ property: String,
    _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
        MainActor.assumeIsolated { ClosureBox<VoidHandler>.from(data).body() }
    }
    return connect(instance, "notify::\(property)", handler as VoidHandler,
                   unsafeBitCast(callback, to: GCallback.self), after: false, parameters: 1)
}

private typealias KeyHandler = @MainActor (_ keyval: UInt32, _ state: GdkModifierType) -> Bool

/// Connects to a `GtkEventControllerKey`'s "key-pressed"; the handler returns
/// true when it handled the key.
@MainActor @discardableResult
public func onKeyPressed(
    _ controller: OpaquePointer,
    _ handler: @escaping @MainActor (_ keyval: UInt32, _ state: GdkModifierType) -> Bool
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
        _, keyval, _, state, data in
        MainActor.assumeIsolated { ClosureBox<KeyHandler>.from(data).body(keyval, state) ? 1 : 0 }
    }
    return connect(UnsafeMutableRawPointer(controller), "key-pressed", handler as KeyHandler,
                   unsafeBitCast(callback, to: GCallback.self), after: false)
}

private typealias ClickHandler = @MainActor (_ presses: Int, _ x: Double, _ y: Double) -> Void

/// Connects to a `GtkGestureClick`'s "pressed" or "released": how many
/// presses in a row, and where, in its widget's coordinates.
@MainActor @discardableResult
public func onClick(
    _ gesture: OpaquePointer, _ signal: String = "released",
    _ handler: @escaping @MainActor (_ presses: Int, _ x: Double, _ y: Double) -> Void
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, presses, x, y, data in
        MainActor.assumeIsolated { ClosureBox<ClickHandler>.from(data).body(Int(presses), x, y) }
    }
    return connect(UnsafeMutableRawPointer(gesture), signal, handler as ClickHandler,
                   unsafeBitCast(callback, to: GCallback.self), after: false)
}

private typealias OptionsHandler = @MainActor (_ options: UnsafeMutablePointer<GVariantDict>) -> Int32

/// Connects to GApplication's "handle-local-options"; the handler returns an exit
/// status to stop, or -1 to let the application go on.
@MainActor @discardableResult
public func onHandleLocalOptions(
    _ application: UnsafeMutablePointer<GApplication>,
    _ handler: @escaping @MainActor (_ options: UnsafeMutablePointer<GVariantDict>) -> Int32
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, UnsafeMutablePointer<GVariantDict>?, gpointer?) -> gint = { _, options, data in
        MainActor.assumeIsolated { ClosureBox<OptionsHandler>.from(data).body(options!) }
    }
    return connect(application, "handle-local-options", handler as OptionsHandler,
                   unsafeBitCast(callback, to: GCallback.self), after: false)
}

private typealias ActionHandler = @MainActor (_ parameter: OpaquePointer?) -> Void

/// Connects to a GSimpleAction's "activate"; the handler gets the parameter
/// (a GVariant), if the action takes one.
@MainActor @discardableResult
public func onActionActivated(
    _ action: OpaquePointer, _ handler: @escaping @MainActor (_ parameter: OpaquePointer?) -> Void
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, parameter, data in
        MainActor.assumeIsolated { ClosureBox<ActionHandler>.from(data).body(parameter) }
    }
    return connect(UnsafeMutableRawPointer(action), "activate", handler as ActionHandler,
                   unsafeBitCast(callback, to: GCallback.self), after: false)
}

private typealias BoolHandler = @MainActor () -> Bool

/// Connects to a signal whose C signature is `gboolean (*)(Instance *, gpointer)`
/// ("close-request"); the handler's result is the signal's.
@MainActor @discardableResult
public func onBoolSignal(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping @MainActor () -> Bool
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
        MainActor.assumeIsolated { ClosureBox<BoolHandler>.from(data).body() ? 1 : 0 }
    }
    return connect(instance, signal, handler as BoolHandler, unsafeBitCast(callback, to: GCallback.self), after: false, parameters: 0)
}

private typealias ObjectHandler = @MainActor (_ object: UnsafeMutableRawPointer) -> Void

/// Connects to a signal whose C signature is `void (*)(Instance *, GObject *, gpointer)`
/// (a list item factory's "setup" and "bind").
@MainActor @discardableResult
public func onObjectSignal(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping @MainActor (_ object: UnsafeMutableRawPointer) -> Void
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, object, data in
        MainActor.assumeIsolated { ClosureBox<ObjectHandler>.from(data).body(object!) }
    }
    return connect(instance, signal, handler as ObjectHandler, unsafeBitCast(callback, to: GCallback.self), after: false, parameters: 1)
}

private typealias PositionHandler = @MainActor (_ position: UInt32) -> Void

/// Connects to a signal whose C signature is `void (*)(Instance *, guint, gpointer)`
/// (GtkListView's "activate").
@MainActor @discardableResult
public func onPositionSignal(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping @MainActor (_ position: UInt32) -> Void
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in
        MainActor.assumeIsolated { ClosureBox<PositionHandler>.from(data).body(position) }
    }
    return connect(instance, signal, handler as PositionHandler, unsafeBitCast(callback, to: GCallback.self), after: false, parameters: 1)
}

private typealias CommandLineHandler = @MainActor (_ commandLine: OpaquePointer) -> Int32

/// Connects to GApplication's "command-line", emitted in the primary instance
/// for every launch; the handler returns the launch's exit status.
@MainActor @discardableResult
public func onCommandLine(
    _ application: UnsafeMutablePointer<GApplication>, after: Bool = false,
    _ handler: @escaping @MainActor (_ commandLine: OpaquePointer) -> Int32
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gint = { _, commandLine, data in
        MainActor.assumeIsolated { ClosureBox<CommandLineHandler>.from(data).body(commandLine!) }
    }
    return connect(application, "command-line", handler as CommandLineHandler,
                   unsafeBitCast(callback, to: GCallback.self), after: after)
}

private typealias ItemsChangedHandler = @MainActor (_ position: UInt32, _ removed: UInt32, _ added: UInt32) -> Void

/// Connects to a GListModel's "items-changed".
@MainActor @discardableResult
public func onItemsChanged(
    _ model: OpaquePointer,
    _ handler: @escaping @MainActor (_ position: UInt32, _ removed: UInt32, _ added: UInt32) -> Void
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
        MainActor.assumeIsolated { ClosureBox<ItemsChangedHandler>.from(data).body(position, removed, added) }
    }
    return connect(UnsafeMutableRawPointer(model), "items-changed", handler as ItemsChangedHandler,
                   unsafeBitCast(callback, to: GCallback.self), after: false)
}

private typealias TooltipHandler = @MainActor (_ tooltip: OpaquePointer) -> Bool

/// Connects to a widget's "query-tooltip"; the handler fills the tooltip and
/// returns true to show it, false to show none.
@MainActor @discardableResult
public func onQueryTooltip(
    _ widget: WidgetPointer, _ handler: @escaping @MainActor (_ tooltip: OpaquePointer) -> Bool
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, gint, gint, gboolean, OpaquePointer?, gpointer?) -> gboolean = {
        _, _, _, _, tooltip, data in
        MainActor.assumeIsolated { ClosureBox<TooltipHandler>.from(data).body(tooltip!) ? 1 : 0 }
    }
    gtk_widget_set_has_tooltip(widget, 1)
    return connect(widget, "query-tooltip", handler as TooltipHandler, unsafeBitCast(callback, to: GCallback.self), after: false)
}

private typealias RangeHandler = @MainActor (_ position: UInt32, _ count: UInt32) -> Void

/// Connects to a signal whose C signature is `void (*)(Instance *, guint, guint, gpointer)`
/// (GtkSelectionModel's "selection-changed").
@MainActor @discardableResult
public func onRangeSignal(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping @MainActor (_ position: UInt32, _ count: UInt32) -> Void
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, position, count, data in
        MainActor.assumeIsolated { ClosureBox<RangeHandler>.from(data).body(position, count) }
    }
    return connect(instance, signal, handler as RangeHandler, unsafeBitCast(callback, to: GCallback.self), after: false)
}

private typealias DropHandler = @MainActor (_ value: UnsafePointer<GValue>) -> Bool

/// Connects to a GtkDropTarget's "drop"; the handler gets the dropped value
/// and returns whether it took it.
@MainActor @discardableResult
public func onDrop(
    _ target: OpaquePointer, _ handler: @escaping @MainActor (_ value: UnsafePointer<GValue>) -> Bool
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = {
        _, value, _, _, data in
        MainActor.assumeIsolated { ClosureBox<DropHandler>.from(data).body(value!) ? 1 : 0 }
    }
    return connect(UnsafeMutableRawPointer(target), "drop", handler as DropHandler, unsafeBitCast(callback, to: GCallback.self), after: false)
}

private typealias FileMonitorHandler = @MainActor (_ file: OpaquePointer?, _ other: OpaquePointer?, _ event: GFileMonitorEvent) -> Void

/// Connects to a GFileMonitor's "changed": the file, the other file (of a
/// move or rename), and what happened.
@MainActor @discardableResult
public func onFileMonitorChanged(
    _ monitor: OpaquePointer,
    _ handler: @escaping @MainActor (_ file: OpaquePointer?, _ other: OpaquePointer?, _ event: GFileMonitorEvent) -> Void
) -> SignalConnection {
    let callback: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?) -> Void = {
        _, file, other, event, data in
        MainActor.assumeIsolated { ClosureBox<FileMonitorHandler>.from(data).body(file, other, event) }
    }
    return connect(UnsafeMutableRawPointer(monitor), "changed", handler as FileMonitorHandler,
                   unsafeBitCast(callback, to: GCallback.self), after: false)
}
