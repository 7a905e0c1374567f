// SPDX-License-Identifier: LGPL-2.1-or-later
#if canImport(Glibc)
import Glibc
#endif

/// When assistive technologies can hear this process.
///
/// GTK 4.8 puts an application on the accessibility bus when its first
/// accessible object needs it, and does it asynchronously: it asks the
/// registry to embed it, and what it says before the registry answers (a window
/// taking the focus, becoming active) goes to nobody — a screen reader then
/// says nothing at launch. GTK has no signal for the answer; the registry's
/// own "children changed" on its desktop does, once for this process.
@MainActor
public enum AccessibilityBus {
    /// Runs `then` once the registry has embedded this process: at once when
    /// it has, when there is no accessibility bus or GTK's accessibility is
    /// off, and never later than `patience` milliseconds (a registry that does
    /// not answer must not keep a window from the screen).
    ///
    /// It makes GTK register: a widget of a realized window taking the focus
    /// does, and a window of its own is used for that — a window of the app's
    /// realized for assistive technologies before it is mapped would keep the
    /// wrong role (GTK 4.8 says "filler" for it ever after).
    public static func whenRegistered(patience: UInt32 = 1000, _ then: @escaping @MainActor () -> Void) {
        // (Known by the time the window shows its first rows.)
        followListening()
        if answered { then(); return }
        waiting.append(then)
        guard watch == nil else { return }
        guard let connection = connectToRegistry() else { finish(); return }
        watch = connection
        herald = gtk_window_new()
        let focusable = gtk_button_new()!
        gtk_window_set_child(gCast(herald!), focusable)
        gtk_widget_realize(herald)
        gtk_widget_grab_focus(focusable)
        subscription = g_dbus_connection_signal_subscribe(
            connection, "org.a11y.atspi.Registry", "org.a11y.atspi.Event.Object", "ChildrenChanged",
            "/org/a11y/atspi/accessible/root", nil, UNFOLD_G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, _ in
                // (kind, index, 0, <(bus name, path)>, properties): "add" when an application is embedded.
                guard let parameters, g_variant_n_children(parameters) >= 4 else { return }
                let kind = g_variant_get_child_value(parameters, 0)
                defer { g_variant_unref(kind) }
                guard String(cString: g_variant_get_string(kind, nil)).hasPrefix("add") else { return }
                let boxed = g_variant_get_child_value(parameters, 3)
                defer { g_variant_unref(boxed) }
                let child = g_variant_get_variant(boxed)
                defer { g_variant_unref(child) }
                MainActor.assumeIsolated { AccessibilityBus.checkApplication(busNameIn: child) }
            }, nil, nil)
        // Already embedded before the subscription began?
        let childrenType = g_variant_type_new("(a(so))")
        defer { g_variant_type_free(childrenType) }  // the call keeps a copy
        g_dbus_connection_call(connection, "org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root",
                               "org.a11y.atspi.Accessible", "GetChildren", nil, childrenType,
                               UNFOLD_G_DBUS_CALL_FLAGS_NONE, -1, nil, { source, result, _ in
            guard let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil) else { return }
            defer { g_variant_unref(reply) }
            let children = g_variant_get_child_value(reply, 0)
            defer { g_variant_unref(children) }
            MainActor.assumeIsolated {
                for index in 0..<g_variant_n_children(children) {
                    let child = g_variant_get_child_value(children, index)
                    AccessibilityBus.checkApplication(busNameIn: child)
                    g_variant_unref(child)
                }
            }
        }, nil)
        Timeout.after(milliseconds: patience) { finish() }
    }

    /// Whether an assistive technology listens: the accessibility bus's
    /// IsEnabled, which a screen reader sets as it starts (GTK 3 read it to
    /// decide whether to load its bridge at all). Work only a listener needs
    /// (telling that a list's new rows came: its accessibles made as they
    /// come, which GTK alone makes only when asked) is skipped without one.
    /// False until the bus has answered, which it does as the first window
    /// waits for `whenRegistered`; followed as it changes from then on.
    public static var isListenedTo: Bool {
        followListening()
        return listenedTo
    }

    private static var listenedTo = false
    private static var followsListening = false

    private static func followListening() {
        guard !followsListening else { return }
        followsListening = true
        if let mode = getenv("GTK_A11Y").map({ String(cString: $0) }), mode != "atspi" { return }
        guard let session = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(session)) }
        // (interface, changed, invalidated)
        _ = g_dbus_connection_signal_subscribe(
            session, "org.a11y.Bus", "org.freedesktop.DBus.Properties", "PropertiesChanged", "/org/a11y/bus",
            "org.a11y.Status", UNFOLD_G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, _ in
                guard let parameters, g_variant_n_children(parameters) >= 2 else { return }
                let changed = g_variant_get_child_value(parameters, 1)
                defer { g_variant_unref(changed) }
                guard let value = g_variant_lookup_value(changed, "IsEnabled", nil) else { return }
                defer { g_variant_unref(value) }
                guard g_variant_classify(value) == G_VARIANT_CLASS_BOOLEAN else { return }
                let enabled = g_variant_get_boolean(value) != 0
                MainActor.assumeIsolated { AccessibilityBus.listenedTo = enabled }
            }, nil, nil)
        var arguments: [OpaquePointer?] = [g_variant_new_string("org.a11y.Status"), g_variant_new_string("IsEnabled")]
        let replyType = g_variant_type_new("(v)")
        defer { g_variant_type_free(replyType) }
        // Not started for this: with no bus launcher running, nothing listens.
        g_dbus_connection_call(session, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get",
                               g_variant_new_tuple(&arguments, 2), replyType, UNFOLD_G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, nil,
                               { source, result, _ in
            guard let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil) else { return }
            defer { g_variant_unref(reply) }
            let boxed = g_variant_get_child_value(reply, 0)
            defer { g_variant_unref(boxed) }
            let value = g_variant_get_variant(boxed)
            defer { g_variant_unref(value) }
            guard g_variant_classify(value) == G_VARIANT_CLASS_BOOLEAN else { return }
            let enabled = g_variant_get_boolean(value) != 0
            MainActor.assumeIsolated { AccessibilityBus.listenedTo = enabled }
        }, nil)
    }

    /// Whether the registry answered (or there is none to wait for).
    public private(set) static var answered = false
    private static var waiting: [@MainActor () -> Void] = []
    private static var watch: OpaquePointer?
    private static var subscription: guint = 0
    /// This process's name on the accessibility bus (GTK's connection), once known.
    private static var ourBusName: String?
    private final class NameBox: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }
    /// The window, never shown, whose focus puts the app on the bus. It is
    /// kept for the app's life: taken away (destroyed, or its button), GTK
    /// 4.8 tells the bus in words Orca reads as the app itself gone, and Orca
    /// heard nothing more of it — in about half the launches.
    private static var herald: WidgetPointer?

    /// A private connection to the accessibility bus (GTK's own is not
    /// public), or nil when there is none to use.
    private static func connectToRegistry() -> OpaquePointer? {
        if let mode = getenv("GTK_A11Y").map({ String(cString: $0) }), mode != "atspi" { return nil }
        var address = getenv("AT_SPI_BUS_ADDRESS").map { String(cString: $0) }
        if address == nil {
            guard let session = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(session)) }
            let addressType = g_variant_type_new("(s)")
            defer { g_variant_type_free(addressType) }
            guard let reply = g_dbus_connection_call_sync(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus",
                                                          "GetAddress", nil, addressType,
                                                          UNFOLD_G_DBUS_CALL_FLAGS_NO_AUTO_START, 2000, nil, nil) else { return nil }
            defer { g_variant_unref(reply) }
            let text = g_variant_get_child_value(reply, 0)
            defer { g_variant_unref(text) }
            address = String(cString: g_variant_get_string(text, nil))
        }
        let flags = GDBusConnectionFlags(rawValue: UNFOLD_G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | UNFOLD_G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        return g_dbus_connection_new_for_address_sync(address, flags, nil, nil, nil)
    }

    /// `child` is (bus name, object path): is that bus name this process?
    private static func checkApplication(busNameIn child: OpaquePointer?) {
        guard let connection = watch, let child, g_variant_n_children(child) == 2 else { return }
        let name = g_variant_get_child_value(child, 0)
        defer { g_variant_unref(name) }
        let busName = String(cString: g_variant_get_string(name, nil))
        var argument: OpaquePointer? = g_variant_new_string(busName)
        let pidType = g_variant_type_new("(u)")
        defer { g_variant_type_free(pidType) }
        g_dbus_connection_call(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                               "GetConnectionUnixProcessID", g_variant_new_tuple(&argument, 1),
                               pidType, UNFOLD_G_DBUS_CALL_FLAGS_NONE, -1, nil, { source, result, data in
            guard let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil) else {
                Unmanaged<NameBox>.fromOpaque(data!).release()
                return
            }
            defer { g_variant_unref(reply) }
            let pid = g_variant_get_child_value(reply, 0)
            defer { g_variant_unref(pid) }
            let candidate = Unmanaged<NameBox>.fromOpaque(data!).takeRetainedValue().name
            guard pid_t(g_variant_get_uint32(pid)) == getpid() else { return }
            MainActor.assumeIsolated {
                guard AccessibilityBus.ourBusName == nil else { return }
                AccessibilityBus.ourBusName = candidate
                AccessibilityBus.probeGtk()
            }
        }, Unmanaged.passRetained(NameBox(busName)).toOpaque())
    }

    /// The registry tells its listeners that it embedded the app before it
    /// answers GTK; what GTK says until it has the answer is still lost. GTK
    /// puts its cache of accessibles on the bus when it has: this asks for it
    /// until it is there.
    private static func probeGtk() {
        guard let connection = watch, let busName = ourBusName else { return }
        g_dbus_connection_call(connection, busName, "/org/a11y/atspi/cache", "org.freedesktop.DBus.Properties",
                               "GetAll", g_variant_new_tuple([g_variant_new_string("org.a11y.atspi.Cache")], 1),
                               nil, UNFOLD_G_DBUS_CALL_FLAGS_NONE, -1, nil, { source, result, _ in
            let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil)
            MainActor.assumeIsolated {
                if let reply {
                    g_variant_unref(reply)
                    AccessibilityBus.finish()
                } else {
                    Timeout.after(milliseconds: 5) { AccessibilityBus.probeGtk() }
                }
            }
        }, nil)
    }

    private static func finish() {
        guard !answered else { return }
        answered = true
        if let connection = watch {
            g_dbus_connection_signal_unsubscribe(connection, subscription)
            g_dbus_connection_close(connection, nil, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(connection))
            watch = nil
        }
        let ready = waiting
        waiting = []
        for then in ready { then() }
    }
}
