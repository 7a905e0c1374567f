/// What a Swift-implemented GtkWidget subclass declares about its GType.
public struct WidgetClassDescription: Sendable {
    public var typeName: String
    public var cssName: String
    public var accessibleRole: GtkAccessibleRole

    public init(typeName: String, cssName: String, accessibleRole: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_GENERIC) {
        self.typeName = typeName
        self.cssName = cssName
        self.accessibleRole = accessibleRole
    }
}

/// Measurement a widget reports from `measure` (GTK's four out-parameters).
public struct Measurement: Equatable, Sendable {
    public var minimum: Int32
    public var natural: Int32
    public var minimumBaseline: Int32 = -1
    public var naturalBaseline: Int32 = -1

    public init(minimum: Int32, natural: Int32, minimumBaseline: Int32 = -1, naturalBaseline: Int32 = -1) {
        self.minimum = minimum
        self.natural = natural
        self.minimumBaseline = minimumBaseline
        self.naturalBaseline = naturalBaseline
    }

    public static let zero = Measurement(minimum: 0, natural: 0)

    /// `gtk_widget_measure` on `widget`.
    @MainActor public static func of(_ widget: WidgetPointer, _ orientation: GtkOrientation, forSize: Int32 = -1) -> Measurement {
        var m = Measurement.zero
        gtk_widget_measure(widget, orientation, forSize, &m.minimum, &m.natural, &m.minimumBaseline, &m.naturalBaseline)
        return m
    }
}

/// The Swift half of a GtkWidget subclass instance.
///
/// The GObject owns its implementation (through qdata, released at finalize), and
/// the implementation refers back to the widget without a reference: the widget's
/// lifetime is GTK's, as for any widget. Subclasses override the vfunc methods;
/// each default chains up to GtkWidget's own implementation.
@MainActor
open class WidgetImplementation {
    public let widget: WidgetPointer

    /// Creates the GObject instance of `description`'s GType (registered on first use).
    public init(_ description: WidgetClassDescription) {
        let type = WidgetTypeRegistry.type(for: description)
        let instance = g_object_new_with_properties(type, 0, nil, nil)!
        widget = gCast(instance)
        g_object_set_qdata_full(instance, WidgetTypeRegistry.implementationQuark,
                                Unmanaged.passRetained(self).toOpaque()) { data in
            Unmanaged<WidgetImplementation>.fromOpaque(data!).release()
        }
        ImplementationLedger.live += 1
        InstanceLedger.created += 1
    }

    deinit { MainActor.assumeIsolated { ImplementationLedger.live -= 1 } }

    /// The implementation attached to a widget of one of our GTypes, if any.
    public static func of(_ widget: WidgetPointer) -> WidgetImplementation? {
        guard let data = g_object_get_qdata(widget.object, WidgetTypeRegistry.implementationQuark) else { return nil }
        return Unmanaged<WidgetImplementation>.fromOpaque(data).takeUnretainedValue()
    }

    // MARK: vfuncs

    open var requestMode: GtkSizeRequestMode {
        WidgetTypeRegistry.parentClass.pointee.get_request_mode!(widget)
    }

    open func measure(_ orientation: GtkOrientation, forSize: Int32) -> Measurement {
        var m = Measurement.zero
        WidgetTypeRegistry.parentClass.pointee.measure!(
            widget, orientation, forSize, &m.minimum, &m.natural, &m.minimumBaseline, &m.naturalBaseline)
        return m
    }

    open func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        WidgetTypeRegistry.parentClass.pointee.size_allocate!(widget, width, height, baseline)
    }

    open func snapshot(_ snapshot: OpaquePointer) {
        WidgetTypeRegistry.parentClass.pointee.snapshot!(widget, snapshot)
    }

    /// Moves the focus within the widget in `direction`; returns whether it
    /// stays inside (GTK's `focus` vfunc).
    open func focus(_ direction: GtkDirectionType) -> Bool {
        WidgetTypeRegistry.parentClass.pointee.focus!(widget, direction) != 0
    }

    /// Called when the child that holds (or contains) the focus changes.
    open func focusChildChanged(_ child: WidgetPointer?) {}

    /// Called after the widget is mapped.
    open func didMap() {}

    /// Called before the widget is unmapped.
    open func willUnmap() {}

    /// Drop children and callbacks here; GtkWidget's dispose runs afterwards.
    open func dispose() {}
}

/// Counts live Swift widget implementations, so tests can prove none leak.
@MainActor
public enum ImplementationLedger {
    public internal(set) static var live = 0
}

/// Counts GObject instances of our own GTypes: made by `WidgetImplementation`,
/// and finalized by GObject (counted in the class's finalize, so an instance
/// that anything still holds a reference to is never counted as gone).
@MainActor
public enum InstanceLedger {
    public internal(set) static var created = 0
    public internal(set) static var finalized = 0
    public static var live: Int { created - finalized }
}

/// Registers one GType per description; all share the vfuncs below, which find
/// the instance's Swift implementation and dispatch to it.
@MainActor
enum WidgetTypeRegistry {
    static let implementationQuark = g_quark_from_static_string("unfold-swift-implementation")
    private static var types: [String: GType] = [:]

    /// GtkWidgetClass, whose vfuncs ours chain up to. Set by the first class_init.
    nonisolated(unsafe) static var parentClass: UnsafeMutablePointer<GtkWidgetClass>!

    static func type(for description: WidgetClassDescription) -> GType {
        if let type = types[description.typeName] { return type }
        precondition(g_type_from_name(description.typeName) == 0,
                     "GType \(description.typeName) is already registered elsewhere")
        let classInit: GClassInitFunc = { klass, data in
            MainActor.assumeIsolated {
                let widgetClass: UnsafeMutablePointer<GtkWidgetClass> = gCast(klass)
                let description = Unmanaged<ClassData>.fromOpaque(data!).takeUnretainedValue().description
                WidgetTypeRegistry.parentClass = gCast(g_type_class_peek_parent(klass))
                gtk_widget_class_set_css_name(widgetClass, description.cssName)
                gtk_widget_class_set_accessible_role(widgetClass, description.accessibleRole)
                WidgetTypeRegistry.installVFuncs(widgetClass)
            }
        }
        // Class data lives as long as the class, which is forever.
        let classData = Unmanaged.passRetained(ClassData(description)).toOpaque()
        var info = GTypeInfo(
            class_size: guint16(MemoryLayout<GtkWidgetClass>.size),
            base_init: nil, base_finalize: nil,
            class_init: classInit, class_finalize: nil, class_data: classData,
            instance_size: guint16(MemoryLayout<GtkWidget>.size),
            n_preallocs: 0, instance_init: nil, value_table: nil)
        let type = g_type_register_static(gtk_widget_get_type(), description.typeName, &info, GTypeFlags(0))
        types[description.typeName] = type
        return type
    }

    final class ClassData {
        let description: WidgetClassDescription
        init(_ description: WidgetClassDescription) { self.description = description }
    }

    static func implementation(_ widget: WidgetPointer?) -> WidgetImplementation? {
        widget.flatMap(WidgetImplementation.of)
    }

    private static func installVFuncs(_ widgetClass: UnsafeMutablePointer<GtkWidgetClass>) {
        widgetClass.pointee.get_request_mode = { widget in
            MainActor.assumeIsolated {
                WidgetTypeRegistry.implementation(widget)?.requestMode ?? GTK_SIZE_REQUEST_CONSTANT_SIZE
            }
        }
        widgetClass.pointee.measure = { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
            MainActor.assumeIsolated {
                let m = WidgetTypeRegistry.implementation(widget)?.measure(orientation, forSize: forSize) ?? .zero
                minimum?.pointee = m.minimum
                natural?.pointee = m.natural
                minimumBaseline?.pointee = m.minimumBaseline
                naturalBaseline?.pointee = m.naturalBaseline
            }
        }
        widgetClass.pointee.size_allocate = { widget, width, height, baseline in
            MainActor.assumeIsolated {
                WidgetTypeRegistry.implementation(widget)?.sizeAllocate(width: width, height: height, baseline: baseline)
            }
        }
        widgetClass.pointee.snapshot = { widget, snapshot in
            MainActor.assumeIsolated {
                WidgetTypeRegistry.implementation(widget)?.snapshot(snapshot!)
            }
        }
        widgetClass.pointee.focus = { widget, direction in
            MainActor.assumeIsolated {
                guard let implementation = WidgetTypeRegistry.implementation(widget) else { return 0 }
                return implementation.focus(direction) ? 1 : 0
            }
        }
        widgetClass.pointee.set_focus_child = { widget, child in
            MainActor.assumeIsolated {
                WidgetTypeRegistry.parentClass.pointee.set_focus_child!(widget, child)
                WidgetTypeRegistry.implementation(widget)?.focusChildChanged(child)
            }
        }
        widgetClass.pointee.map = { widget in
            MainActor.assumeIsolated {
                WidgetTypeRegistry.parentClass.pointee.map!(widget)
                WidgetTypeRegistry.implementation(widget)?.didMap()
            }
        }
        widgetClass.pointee.unmap = { widget in
            MainActor.assumeIsolated {
                WidgetTypeRegistry.implementation(widget)?.willUnmap()
                WidgetTypeRegistry.parentClass.pointee.unmap!(widget)
            }
        }
        let objectClass: UnsafeMutablePointer<GObjectClass> = gCast(widgetClass)
        objectClass.pointee.dispose = { object in
            MainActor.assumeIsolated {
                WidgetTypeRegistry.implementation(gCast(object))?.dispose()
                let parentObjectClass: UnsafeMutablePointer<GObjectClass> = gCast(WidgetTypeRegistry.parentClass)
                parentObjectClass.pointee.dispose!(object)
            }
        }
        objectClass.pointee.finalize = { object in
            MainActor.assumeIsolated {
                InstanceLedger.finalized += 1
                let parentObjectClass: UnsafeMutablePointer<GObjectClass> = gCast(WidgetTypeRegistry.parentClass)
                parentObjectClass.pointee.finalize!(object)
            }
        }
    }
}
