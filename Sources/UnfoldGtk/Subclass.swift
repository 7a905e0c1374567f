// SPDX-License-Identifier: LGPL-2.1-or-later
/// GtkWidget subclasses written in Swift, as real GTypes.
///
/// Each Swift implementation class registers one GType (deriving from any
/// GtkWidget subclass), whose `instance_init` makes the Swift half through the
/// class's `init(widget:)`: `g_object_new` from C, a GtkBuilder file, the
/// Inspector or Swift all give a complete widget. The class records its own
/// parent class and chains up to it; `class_init` installs the CSS name, the
/// accessible role, the vfuncs and the properties; GtkBuildable can be
/// implemented too. The GObject owns the Swift half: made in `instance_init`,
/// released in `finalize` (as gtk-rs's `ObjectSubclass` does).

/// What a Swift-implemented widget type declares about its GType.
public struct WidgetClassDescription: Sendable {
    public var typeName: String
    public var cssName: String
    public var accessibleRole: GtkAccessibleRole
    /// The GTK type it derives from.
    public var parent: @Sendable () -> GType
    /// Its GObject properties, in the order of their indices.
    public var properties: [PropertyDescription]
    /// Whether it implements GtkBuildable (a `<child>` in a .ui file goes to
    /// `addBuildableChild`).
    public var isBuildable: Bool
    /// Interfaces it implements with no vfuncs of its own to give, whose
    /// properties it declares as overridden ones (GtkScrollable's
    /// adjustments and policies).
    public var interfaces: [@Sendable () -> GType]
    /// Whether C code may derive from it (GTK 4 makes most of its widgets
    /// final, as GtkRevealer is: their instance and class structures stay
    /// private).
    public var isFinal: Bool
    /// The layout manager each instance gets (GTK's
    /// `gtk_widget_class_set_layout_manager_type`), if any: then the children
    /// are laid out by it and `measure`/`sizeAllocate` are not called.
    public var layoutManager: (@Sendable () -> GType)?
    /// A composite template: a GtkBuilder file in the registered resources
    /// whose `<template class="…">` is this type. Every instance is built from
    /// it before its Swift half is made, so `init(widget:)` finds its parts.
    public var template: Template?

    public struct Template: Sendable {
        /// The resource path of the .ui file.
        public var resource: String
        /// The ids of the objects in it that the Swift half reaches through
        /// `templateChild(_:)`.
        public var children: [String]

        /// GTK 4.8 has no per-class gettext domain: the file names its own
        /// (`<interface domain="…">`), or its strings are looked up in the
        /// process's default domain.
        public init(resource: String, children: [String]) {
            self.resource = resource
            self.children = children
        }
    }

    public init(typeName: String, cssName: String, accessibleRole: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_GENERIC,
                parent: @escaping @Sendable () -> GType = { gtk_widget_get_type() },
                properties: [PropertyDescription] = [], isBuildable: Bool = false,
                interfaces: [@Sendable () -> GType] = [], isFinal: Bool = true,
                layoutManager: (@Sendable () -> GType)? = nil, template: Template? = nil) {
        self.typeName = typeName
        self.cssName = cssName
        self.accessibleRole = accessibleRole
        self.parent = parent
        self.properties = properties
        self.isBuildable = isBuildable
        self.interfaces = interfaces
        self.isFinal = isFinal
        self.layoutManager = layoutManager
        self.template = template
    }
}

/// A GObject property of a Swift-implemented type.
public struct PropertyDescription: Sendable {
    public enum Kind: Sendable {
        case boolean(default: Bool)
        case double(minimum: Double, maximum: Double, default: Double)
        case unsigned(minimum: UInt32, maximum: UInt32, default: UInt32)
        case string(default: String?)
        case object(type: @Sendable () -> GType)
        /// A value of the GEnum `type` (registered by whoever owns it, GTK here).
        case enumeration(type: @Sendable () -> GType, default: Int32)
    }

    public var name: String
    public var kind: Kind
    public var isWritable: Bool
    /// An interface's property (GtkScrollable's `vadjustment`), which the
    /// type overrides rather than installs.
    public var overridesInterface: Bool

    /// A readable property, writable unless `readOnly`. Notification is
    /// explicit: a setter notifies only when the value changes.
    public init(_ name: String, _ kind: Kind, readOnly: Bool = false) {
        self.name = name
        self.kind = kind
        isWritable = !readOnly
        overridesInterface = false
    }

    /// An interface's property, overridden: its type and flags are the interface's.
    public static func overriding(_ name: String, _ kind: Kind) -> PropertyDescription {
        var description = PropertyDescription(name, kind)
        description.overridesInterface = true
        return description
    }

    func makeSpec() -> UnsafeMutablePointer<GParamSpec> {
        var flags = UNFOLD_G_PARAM_READABLE.rawValue | UNFOLD_G_PARAM_EXPLICIT_NOTIFY.rawValue
        if isWritable { flags |= UNFOLD_G_PARAM_WRITABLE.rawValue }
        let paramFlags = GParamFlags(rawValue: flags)
        switch kind {
        case .boolean(let value): return g_param_spec_boolean(name, nil, nil, value ? 1 : 0, paramFlags)
        case .double(let minimum, let maximum, let value): return g_param_spec_double(name, nil, nil, minimum, maximum, value, paramFlags)
        case .unsigned(let minimum, let maximum, let value): return g_param_spec_uint(name, nil, nil, minimum, maximum, value, paramFlags)
        case .string(let value): return g_param_spec_string(name, nil, nil, value, paramFlags)
        case .object(let type): return g_param_spec_object(name, nil, nil, type(), paramFlags)
        case .enumeration(let type, let value): return g_param_spec_enum(name, nil, nil, type(), value, paramFlags)
        }
    }
}

/// A property's value, as Swift code reads and writes it.
public enum PropertyValue: Equatable {
    case boolean(Bool)
    case double(Double)
    case unsigned(UInt32)
    case string(String?)
    case object(UnsafeMutablePointer<GObject>?)
    case enumeration(Int32)

    public var boolean: Bool? { if case .boolean(let value) = self { value } else { nil } }
    public var double: Double? { if case .double(let value) = self { value } else { nil } }
    public var unsigned: UInt32? { if case .unsigned(let value) = self { value } else { nil } }
    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var object: UnsafeMutablePointer<GObject>? { if case .object(let value) = self { value } else { nil } }
    public var enumeration: Int32? { if case .enumeration(let value) = self { value } else { nil } }

    init(_ value: UnsafePointer<GValue>, as kind: PropertyDescription.Kind) {
        switch kind {
        case .boolean: self = .boolean(g_value_get_boolean(value) != 0)
        case .double: self = .double(g_value_get_double(value))
        case .unsigned: self = .unsigned(g_value_get_uint(value))
        case .string: self = .string(g_value_get_string(value).map { String(cString: $0) })
        case .object: self = .object(g_value_get_object(value).map { gCast($0) })
        case .enumeration: self = .enumeration(g_value_get_enum(value))
        }
    }

    func store(in value: UnsafeMutablePointer<GValue>) {
        switch self {
        case .boolean(let flag): g_value_set_boolean(value, flag ? 1 : 0)
        case .double(let number): g_value_set_double(value, number)
        case .unsigned(let number): g_value_set_uint(value, number)
        case .string(let text): g_value_set_string(value, text)
        case .object(let object): g_value_set_object(value, object)
        case .enumeration(let number): g_value_set_enum(value, number)
        }
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

/// The Swift half of an instance of a Swift-implemented GType. Subclasses
/// declare their type in `typeDescription`, build themselves in
/// `init(widget:)` (called from `instance_init`: properties are set after),
/// and override the vfuncs they implement; each default chains up to the
/// parent class.
@MainActor
open class WidgetImplementation {
    /// The instance. The GObject owns this object, so it is valid for as long
    /// as this object is reachable through it; code that keeps this object
    /// keeps the widget alive with an `ObjectRef`.
    public let widget: WidgetPointer
    let record: WidgetTypeRegistry.ClassRecord

    /// Called by `instance_init` only: create instances with `make()` or
    /// `g_object_new`.
    public required init(widget: WidgetPointer) {
        self.widget = widget
        record = WidgetTypeRegistry.record(ofInstance: UnsafeMutableRawPointer(widget))!
        ImplementationLedger.live += 1
    }

    deinit { MainActor.assumeIsolated { ImplementationLedger.live -= 1 } }

    /// The type: override in each implementation. Read once, when the type
    /// is registered, on whichever thread first asks for it.
    nonisolated open class var typeDescription: WidgetClassDescription {
        fatalError("\(Self.self) must describe its GType")
    }

    /// The GType of this implementation, registered on first use, from any
    /// thread (as a C type's `_get_type ()`).
    nonisolated public static var gType: GType { WidgetTypeRegistry.type(for: Self.self) }

    /// A new instance (floating, as any new widget), through `g_object_new`.
    public static func make() -> Self {
        let instance = g_object_new_with_properties(gType, 0, nil, nil)!
        return of(gCast(instance)) as! Self
    }

    /// The implementation of a widget of one of our GTypes, if it is one.
    public static func of(_ widget: WidgetPointer) -> WidgetImplementation? {
        WidgetTypeRegistry.implementation(UnsafeMutableRawPointer(widget))
    }

    /// The implementation of `widget`, which is of this type.
    public static func implementation(of widget: WidgetPointer) -> Self {
        guard let implementation = of(widget) as? Self else {
            preconditionFailure("\(typeName(of: widget.object)) is not \(typeDescription.typeName)")
        }
        return implementation
    }

    /// The parent class's vfuncs, to chain up to.
    public var parentClass: UnsafeMutablePointer<GtkWidgetClass> { record.parentClass }

    /// The object with id `name` in this type's template (one of the
    /// description's `template.children`); the instance holds it.
    public func templateChild(_ name: String) -> UnsafeMutableRawPointer {
        precondition(record.description.template?.children.contains(name) == true,
                     "\(record.description.typeName)'s template declares no child \(name)")
        guard let child = gtk_widget_get_template_child(widget, record.gType, name) else {
            preconditionFailure("\(record.description.typeName)'s template has no object with id \(name)")
        }
        return UnsafeMutableRawPointer(child)
    }

    // MARK: Properties

    /// The value of property `index` (its place in `typeDescription.properties`).
    open func property(_ index: Int) -> PropertyValue {
        fatalError("\(Self.self) declares property \(index) but does not read it")
    }

    /// Sets property `index`; the setter notifies when the value changes.
    open func setProperty(_ index: Int, _ value: PropertyValue) {
        fatalError("\(Self.self) declares property \(index) writable but does not write it")
    }

    /// Emits `notify` for property `index`.
    public func notifyProperty(_ index: Int) {
        g_object_notify_by_pspec(widget.object, record.propertySpecs[index])
    }

    // MARK: vfuncs

    open var requestMode: GtkSizeRequestMode {
        parentClass.pointee.get_request_mode!(widget)
    }

    open func measure(_ orientation: GtkOrientation, forSize: Int32) -> Measurement {
        var m = Measurement.zero
        parentClass.pointee.measure!(widget, orientation, forSize, &m.minimum, &m.natural, &m.minimumBaseline, &m.naturalBaseline)
        return m
    }

    open func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        parentClass.pointee.size_allocate!(widget, width, height, baseline)
    }

    open func snapshot(_ snapshot: OpaquePointer) {
        parentClass.pointee.snapshot!(widget, snapshot)
    }

    /// Moves the focus within the widget in `direction`; returns whether it
    /// stays inside (GTK's `focus` vfunc).
    open func focus(_ direction: GtkDirectionType) -> Bool {
        parentClass.pointee.focus!(widget, direction) != 0
    }

    /// Called when the child that holds (or contains) the focus changes.
    open func focusChildChanged(_ child: WidgetPointer?) {}

    /// Called after the widget is mapped.
    open func didMap() {}

    /// Called before the widget is unmapped.
    open func willUnmap() {}

    /// Drop children and callbacks here, so that running it twice is harmless
    /// (GObject may): take what you hold, then let it go. The parent class's
    /// dispose runs afterwards.
    open func dispose() {}

    /// A `<child>` of this object in a GtkBuilder file; returns whether it was
    /// taken (otherwise the parent class's GtkBuildable gets it).
    open func addBuildableChild(_ child: UnsafeMutablePointer<GObject>, type: String?) -> Bool { false }
}

/// Counts live Swift widget implementations, so tests can prove none leak.
@MainActor
public enum ImplementationLedger {
    public internal(set) static var live = 0
}

/// Counts GObject instances of our own GTypes, however they were made: at
/// `instance_init`, and at the class's `finalize` (so an instance that
/// anything still holds a reference to is never counted as gone).
@MainActor
public enum InstanceLedger {
    public internal(set) static var created = 0
    public internal(set) static var finalized = 0
    public static var live: Int { created - finalized }
}

/// Registers one GType per implementation class, with the vfunc trampolines
/// that find an instance's Swift half and dispatch to it. Registration and
/// class initialisation may happen on any thread, as GObject allows; the
/// instances' vfuncs run on GTK's.
enum WidgetTypeRegistry {
    /// What one of our GTypes knows about itself; lives as long as the type
    /// (forever). Its variables are written while the type is registered
    /// (under `registrationLock`) and in `class_init` (which GObject runs
    /// once, under its own lock, before any instance exists), and only read
    /// afterwards: so it may cross threads.
    final class ClassRecord: @unchecked Sendable {
        let implementation: WidgetImplementation.Type
        let description: WidgetClassDescription
        var parentClass: UnsafeMutablePointer<GtkWidgetClass>!
        var gType: GType = 0
        var propertySpecs: [UnsafeMutablePointer<GParamSpec>] = []
        /// Where an instance keeps its Swift half, from the instance's start.
        var privateOffset: Int32 = 0
        var parentBuildable: UnsafeMutablePointer<GtkBuildableIface>?

        init(_ implementation: WidgetImplementation.Type) {
            self.implementation = implementation
            description = implementation.typeDescription
        }
    }

    private static let recordQuark = g_quark_from_string("unfold-swift-class-record")

    /// Guards `types`: two threads asking for one type at once must not both
    /// register it. Recursive, so that a description naming another of our
    /// types as its parent reaches the refusal below rather than a deadlock.
    nonisolated(unsafe) private static let registrationLock: UnsafeMutablePointer<GRecMutex> = {
        let lock = UnsafeMutablePointer<GRecMutex>.allocate(capacity: 1)
        lock.initialize(to: GRecMutex())
        g_rec_mutex_init(lock)
        return lock
    }()
    nonisolated(unsafe) private static var types: [ObjectIdentifier: GType] = [:]

    static func type(for implementation: WidgetImplementation.Type) -> GType {
        g_rec_mutex_lock(registrationLock)
        defer { g_rec_mutex_unlock(registrationLock) }
        if let type = types[ObjectIdentifier(implementation)] { return type }
        // Each implementation class stands directly on WidgetImplementation:
        // a Swift type derived from another would share its parent's class
        // record, and its vfuncs would chain up into its own trampolines.
        precondition(_getSuperclass(implementation) == WidgetImplementation.self,
                     "\(implementation) derives from \(_getSuperclass(implementation).map { "\($0)" } ?? "nothing"), "
                     + "another widget implementation: derive implementation classes from WidgetImplementation only")
        let record = ClassRecord(implementation)
        let description = record.description
        precondition(g_type_from_name(description.typeName) == 0,
                     "GType \(description.typeName) is already registered elsewhere")
        let parent = description.parent()
        precondition(g_type_get_qdata(parent, recordQuark) == nil,
                     "\(description.typeName) derives from \(String(cString: g_type_name(parent))), another Swift-implemented "
                     + "GType: derive from a GTK type (compose Swift-implemented widgets instead)")
        var query = GTypeQuery()
        g_type_query(parent, &query)
        precondition(query.type != 0 && g_type_is_a(parent, gtk_widget_get_type()) != 0,
                     "\(description.typeName) must derive from a GtkWidget type")
        var info = GTypeInfo(
            class_size: guint16(query.class_size), base_init: nil, base_finalize: nil,
            class_init: classInit, class_finalize: nil,
            class_data: UnsafeRawPointer(Unmanaged.passRetained(record).toOpaque()),
            instance_size: guint16(query.instance_size), n_preallocs: 0, instance_init: instanceInit, value_table: nil)
        let flags = description.isFinal ? UNFOLD_G_TYPE_FLAG_FINAL.rawValue : 0
        let type = g_type_register_static(parent, description.typeName, &info, GTypeFlags(rawValue: flags))
        record.gType = type
        g_type_set_qdata(type, recordQuark, Unmanaged.passUnretained(record).toOpaque())
        record.privateOffset = g_type_add_instance_private(type, gsize(MemoryLayout<UnsafeRawPointer>.size))
        for interface in description.interfaces {
            var info = GInterfaceInfo(interface_init: nil, interface_finalize: nil, interface_data: nil)
            g_type_add_interface_static(type, interface(), &info)
        }
        if description.isBuildable {
            var buildable = GInterfaceInfo(interface_init: buildableInit, interface_finalize: nil,
                                           interface_data: Unmanaged.passUnretained(record).toOpaque())
            g_type_add_interface_static(type, gtk_buildable_get_type(), &buildable)
        }
        types[ObjectIdentifier(implementation)] = type
        return type
    }

    /// The record of the nearest of our types an instance is of (a type
    /// derived from ours in C has no record of its own).
    static func record(ofInstance instance: UnsafeMutableRawPointer) -> ClassRecord? {
        var type = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        while type != 0 {
            if let data = g_type_get_qdata(type, recordQuark) { return Unmanaged<ClassRecord>.fromOpaque(data).takeUnretainedValue() }
            type = g_type_parent(type)
        }
        return nil
    }

    private static func slot(_ instance: UnsafeMutableRawPointer, _ record: ClassRecord) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        (instance + Int(record.privateOffset)).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    static func implementation(_ instance: UnsafeMutableRawPointer?) -> WidgetImplementation? {
        guard let instance, let record = record(ofInstance: instance), let stored = slot(instance, record).pointee else { return nil }
        return Unmanaged<WidgetImplementation>.fromOpaque(stored).takeUnretainedValue()
    }

    private static var instanceInit: GInstanceInitFunc {
        { instance, _ in
            let handed = HandedOver(instance)
            MainActor.assumeIsolated {
                let instance = handed.value
                let raw = UnsafeMutableRawPointer(instance!)
                let record = WidgetTypeRegistry.record(ofInstance: raw)!
                if record.description.template != nil { gtk_widget_init_template(raw.assumingMemoryBound(to: GtkWidget.self)) }
                let implementation = record.implementation.init(widget: raw.assumingMemoryBound(to: GtkWidget.self))
                WidgetTypeRegistry.slot(raw, record).pointee = Unmanaged.passRetained(implementation).toOpaque()
                InstanceLedger.created += 1
            }
        }
    }

    /// Runs where the class is first referenced, not necessarily on GTK's thread.
    private static var classInit: GClassInitFunc {
        { klass, data in
            let record = Unmanaged<ClassRecord>.fromOpaque(data!).takeUnretainedValue()
            let widgetClass: UnsafeMutablePointer<GtkWidgetClass> = gCast(klass!)
            record.parentClass = gCast(g_type_class_peek_parent(klass)!)
            g_type_class_adjust_private_offset(klass, &record.privateOffset)
            gtk_widget_class_set_css_name(widgetClass, record.description.cssName)
            gtk_widget_class_set_accessible_role(widgetClass, record.description.accessibleRole)
            if let layoutManager = record.description.layoutManager {
                gtk_widget_class_set_layout_manager_type(widgetClass, layoutManager())
            }
            WidgetTypeRegistry.installVFuncs(widgetClass)
            if let template = record.description.template {
                gtk_widget_class_set_template_from_resource(widgetClass, template.resource)
                for child in template.children {
                    gtk_widget_class_bind_template_child_full(widgetClass, child, 0, 0)
                }
            }
            let objectClass: UnsafeMutablePointer<GObjectClass> = gCast(widgetClass)
            for (index, property) in record.description.properties.enumerated() {
                if property.overridesInterface {
                    g_object_class_override_property(objectClass, guint(index + 1), property.name)
                    record.propertySpecs.append(g_object_class_find_property(objectClass, property.name))
                } else {
                    let spec = property.makeSpec()
                    g_object_class_install_property(objectClass, guint(index + 1), spec)
                    record.propertySpecs.append(spec)
                }
            }
        }
    }

    private static var buildableInit: GInterfaceInitFunc {
        { iface, data in
            let record = Unmanaged<ClassRecord>.fromOpaque(data!).takeUnretainedValue()
            let buildable: UnsafeMutablePointer<GtkBuildableIface> = gCast(iface!)
            record.parentBuildable = g_type_interface_peek_parent(iface).map { gCast($0) }
            buildable.pointee.add_child = { buildable, builder, child, type in
                let handed = HandedOver((buildable, builder, child, type))
                MainActor.assumeIsolated {
                    let (buildable, builder, child, type) = handed.value
                    let raw = UnsafeMutableRawPointer(buildable!)
                    let typeName = type.map { String(cString: $0) }
                    if let implementation = WidgetTypeRegistry.implementation(raw),
                       implementation.addBuildableChild(gCast(child!), type: typeName) { return }
                    WidgetTypeRegistry.record(ofInstance: raw)?.parentBuildable?.pointee.add_child?(buildable, builder, child, type)
                }
            }
        }
    }

    /// The GTK class our nearest type stands on: what a vfunc falls back to
    /// when the instance has no Swift half (yet: GTK may measure or map a
    /// widget from inside a parent's `instance_init`, or after `finalize` began).
    private static func parentClass(of instance: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkWidgetClass> {
        record(ofInstance: instance)!.parentClass
    }

    /// The Swift half and the property index GObject's `id` names; an ID the
    /// class never installed is GObject's G_OBJECT_WARN_INVALID_PROPERTY_ID,
    /// not a crash.
    private static func property(_ id: guint, _ spec: UnsafeMutablePointer<GParamSpec>?,
                                 of object: UnsafeMutablePointer<GObject>?) -> (WidgetImplementation, Int)? {
        let record = record(ofInstance: UnsafeMutableRawPointer(object!))!
        guard record.description.properties.indices.contains(Int(id) - 1) else {
            unfold_object_warn_invalid_property_id(object, id, spec)
            return nil
        }
        return implementation(object).map { ($0, Int(id) - 1) }
    }

    /// GTK calls these on its own thread, the main actor's: each trampoline
    /// carries its C arguments into `MainActor.assumeIsolated`, which checks.
    private static func installVFuncs(_ widgetClass: UnsafeMutablePointer<GtkWidgetClass>) {
        widgetClass.pointee.get_request_mode = { widget in
            let handed = HandedOver(widget)
            return MainActor.assumeIsolated {
                let widget = handed.value
                guard let implementation = WidgetTypeRegistry.implementation(widget) else {
                    return WidgetTypeRegistry.parentClass(of: widget!).pointee.get_request_mode!(widget)
                }
                return implementation.requestMode
            }
        }
        widgetClass.pointee.measure = { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
            let handed = HandedOver((widget, minimum, natural, minimumBaseline, naturalBaseline))
            MainActor.assumeIsolated {
                let (widget, minimum, natural, minimumBaseline, naturalBaseline) = handed.value
                guard let implementation = WidgetTypeRegistry.implementation(widget) else {
                    WidgetTypeRegistry.parentClass(of: widget!).pointee.measure!(
                        widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline)
                    return
                }
                let m = implementation.measure(orientation, forSize: forSize)
                minimum?.pointee = m.minimum
                natural?.pointee = m.natural
                minimumBaseline?.pointee = m.minimumBaseline
                naturalBaseline?.pointee = m.naturalBaseline
            }
        }
        widgetClass.pointee.size_allocate = { widget, width, height, baseline in
            let handed = HandedOver(widget)
            MainActor.assumeIsolated {
                let widget = handed.value
                guard let implementation = WidgetTypeRegistry.implementation(widget) else {
                    WidgetTypeRegistry.parentClass(of: widget!).pointee.size_allocate!(widget, width, height, baseline)
                    return
                }
                implementation.sizeAllocate(width: width, height: height, baseline: baseline)
            }
        }
        widgetClass.pointee.snapshot = { widget, snapshot in
            let handed = HandedOver((widget, snapshot))
            MainActor.assumeIsolated {
                let (widget, snapshot) = handed.value
                guard let implementation = WidgetTypeRegistry.implementation(widget) else {
                    WidgetTypeRegistry.parentClass(of: widget!).pointee.snapshot!(widget, snapshot)
                    return
                }
                implementation.snapshot(snapshot!)
            }
        }
        widgetClass.pointee.focus = { widget, direction in
            let handed = HandedOver(widget)
            return MainActor.assumeIsolated {
                let widget = handed.value
                guard let implementation = WidgetTypeRegistry.implementation(widget) else {
                    return WidgetTypeRegistry.parentClass(of: widget!).pointee.focus!(widget, direction)
                }
                return implementation.focus(direction) ? 1 : 0
            }
        }
        widgetClass.pointee.set_focus_child = { widget, child in
            let handed = HandedOver((widget, child))
            MainActor.assumeIsolated {
                let (widget, child) = handed.value
                WidgetTypeRegistry.parentClass(of: widget!).pointee.set_focus_child!(widget, child)
                WidgetTypeRegistry.implementation(widget)?.focusChildChanged(child)
            }
        }
        widgetClass.pointee.map = { widget in
            let handed = HandedOver(widget)
            MainActor.assumeIsolated {
                let widget = handed.value
                WidgetTypeRegistry.parentClass(of: widget!).pointee.map!(widget)
                WidgetTypeRegistry.implementation(widget)?.didMap()
            }
        }
        widgetClass.pointee.unmap = { widget in
            let handed = HandedOver(widget)
            MainActor.assumeIsolated {
                let widget = handed.value
                WidgetTypeRegistry.implementation(widget)?.willUnmap()
                WidgetTypeRegistry.parentClass(of: widget!).pointee.unmap!(widget)
            }
        }
        let objectClass: UnsafeMutablePointer<GObjectClass> = gCast(widgetClass)
        objectClass.pointee.get_property = { object, id, value, spec in
            let handed = HandedOver((object, value, spec))
            MainActor.assumeIsolated {
                let (object, value, spec) = handed.value
                guard let (implementation, index) = WidgetTypeRegistry.property(id, spec, of: object) else { return }
                implementation.property(index).store(in: value!)
            }
        }
        objectClass.pointee.set_property = { object, id, value, spec in
            let handed = HandedOver((object, value, spec))
            MainActor.assumeIsolated {
                let (object, value, spec) = handed.value
                guard let (implementation, index) = WidgetTypeRegistry.property(id, spec, of: object) else { return }
                let kind = implementation.record.description.properties[index].kind
                implementation.setProperty(index, PropertyValue(value!, as: kind))
            }
        }
        objectClass.pointee.dispose = { object in
            let handed = HandedOver(object)
            MainActor.assumeIsolated {
                let object = handed.value
                let raw = UnsafeMutableRawPointer(object!)
                let record = WidgetTypeRegistry.record(ofInstance: raw)!
                WidgetTypeRegistry.implementation(raw)?.dispose()
                // The template's objects go with the instance (a second dispose finds none).
                if record.description.template != nil { gtk_widget_dispose_template(gCast(raw), record.gType) }
                let parentObjectClass: UnsafeMutablePointer<GObjectClass> = gCast(record.parentClass)
                parentObjectClass.pointee.dispose!(object)
            }
        }
        objectClass.pointee.finalize = { object in
            let handed = HandedOver(object)
            MainActor.assumeIsolated {
                let object = handed.value
                let raw = UnsafeMutableRawPointer(object!)
                let record = WidgetTypeRegistry.record(ofInstance: raw)!
                let slot = WidgetTypeRegistry.slot(raw, record)
                if let stored = slot.pointee {
                    slot.pointee = nil
                    Unmanaged<WidgetImplementation>.fromOpaque(stored).release()
                }
                InstanceLedger.finalized += 1
                let parentObjectClass: UnsafeMutablePointer<GObjectClass> = gCast(record.parentClass)
                parentObjectClass.pointee.finalize!(object)
            }
        }
    }
}
