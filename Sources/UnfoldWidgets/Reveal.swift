// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldMotion

/// Reveals its child by growing from zero to the child's natural height for the
/// current width, driven by the frame clock (`UnfoldReveal`). Under GTK 4.22's
/// reduced motion it moves nothing: the height changes at once and the child
/// fades in or out (`RevealMotion`).
///
/// The child is always allocated its full height-for-width at the top and the
/// reveal clips it, so wrapping text is shown at its wrapped height and never
/// squashed; only the reveal's own measured height animates, which is what makes
/// the rows below move continuously.
///
/// Properties, GtkRevealer's by name, so a slide-down GtkRevealer in a .ui
/// file becomes one by its class alone: `child`, `reveal-child` (setting it
/// animates), `child-revealed` (true once the child is wholly shown, false as
/// soon as a collapse starts), `transition-duration` (milliseconds; 0 does not
/// animate), `transition-type` (slide-down, or none) and its own `progress`
/// (the fraction shown, notified each frame it changes). A `<child>` in a
/// GtkBuilder file is its child.
@MainActor
public final class Reveal: WidgetImplementation {
    public enum Property: Int, CaseIterable {
        case child, revealChild, childRevealed, progress, transitionDuration, transitionType
    }

    /// The tutorial's quarter-second ease-in-out.
    nonisolated public static let defaultDuration: UInt32 = 250

    public override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(
            typeName: "UnfoldReveal", cssName: "reveal", accessibleRole: GTK_ACCESSIBLE_ROLE_GROUP,
            properties: [
                PropertyDescription("child", .object(type: { gtk_widget_get_type() })),
                PropertyDescription("reveal-child", .boolean(default: false)),
                PropertyDescription("child-revealed", .boolean(default: false), readOnly: true),
                PropertyDescription("progress", .double(minimum: 0, maximum: 1, default: 0), readOnly: true),
                PropertyDescription("transition-duration", .unsigned(minimum: 0, maximum: .max, default: defaultDuration)),
                PropertyDescription("transition-type", .enumeration(type: { gtk_revealer_transition_type_get_type() },
                                                                    default: Int32(GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN.rawValue))),
            ],
            isBuildable: true)
    }

    public private(set) var child: WidgetPointer?
    /// What the motion trace calls it: its group's title.
    public var traceName = "reveal"
    /// Where focus goes when the content collapses around it (a group's header).
    /// Held weakly: the fallback is usually a sibling the parent owns.
    public var focusFallback: WeakObjectRef?
    public private(set) var transitionDuration = Reveal.defaultDuration
    /// Slide-down (the reveal's one motion) or none.
    public private(set) var transitionType = GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
    /// Notified only when it changes.
    public private(set) var isChildRevealed = false

    private var motion = RevealMotion(duration: Microseconds(Reveal.defaultDuration) * 1_000)
    /// The eased fraction of the child's height shown.
    private var progress: AnimatedValue { motion.height }
    private var driver: AnimationDriver!

    public required init(widget: WidgetPointer) {
        super.init(widget: widget)
        driver = AnimationDriver(widget: widget, step: { [weak self] time in
            guard let self else { return false }
            self.motion.advance(to: time)
            self.progressDidChange()
            MotionTrace.record(self.traceName, "progress", self.progress.current)
            MotionTrace.observe(self.motionFrame(at: time))
            return self.motion.isAnimating
        }, finish: { [weak self] in
            guard let self else { return }
            self.motion.finish()
            self.progressDidChange()
        })
        driver.reportRest = { [weak self] in
            guard let self else { return }
            MotionTrace.observe(self.motionFrame(at: MotionTrace.motionTimeNow))
        }
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    }

    private func motionFrame(at time: Microseconds) -> MotionRecorder.Frame {
        MotionRecorder.Frame(source: Int(bitPattern: widget), kind: .reveal, name: traceName, time: time,
                             values: [.init(name: traceName, property: "progress", value: progress.current,
                                            course: progress.course, range: 0...1)])
    }

    /// A new reveal of `child`.
    public static func make(child: WidgetPointer?, revealed: Bool = false) -> Reveal {
        let reveal = make()
        reveal.setChild(child)
        if revealed { reveal.setRevealed(true) }
        return reveal
    }

    // MARK: State

    public var isRevealed: Bool { motion.isRevealed }
    /// The eased fraction of the child's height on screen now.
    public var displayedProgress: Double { progress.current }
    public var isAnimating: Bool { driver.isRunning }
    /// The child's opacity now: below 1 only while reduced motion fades it.
    public var contentOpacity: Double { motion.opacity.current }

    public func setRevealed(_ revealed: Bool) {
        guard revealed != motion.isRevealed else { return }
        // A new move from the value on screen at the speed it has there, at
        // the duration set now.
        let moves = transitionDuration > 0 && transitionType != GTK_REVEALER_TRANSITION_TYPE_NONE
        motion.reveal(revealed, preference: moves ? driver.preference : .none, duration: Microseconds(transitionDuration) * 1_000)
        if motion.isAnimating { driver.start() } else { driver.stop() }
        updateContentInteraction()
        notifyProperty(Property.revealChild.rawValue)
        progressDidChange()
    }

    public func setChild(_ newChild: WidgetPointer?) {
        guard newChild != child, newChild.map({ isAcceptableChild($0, of: widget, "unfold_reveal_set_child") }) ?? true else { return }
        if let old = child {
            child = nil
            gtk_widget_unparent(old)
        }
        child = newChild
        if let newChild { gtk_widget_set_parent(newChild, widget) }
        updateContentInteraction()
        updateChildVisibility()
        gtk_widget_queue_resize(widget)
        notifyProperty(Property.child.rawValue)
    }

    public func setTransitionDuration(_ milliseconds: UInt32) {
        guard milliseconds != transitionDuration else { return }
        transitionDuration = milliseconds
        notifyProperty(Property.transitionDuration.rawValue)
    }

    /// GtkRevealer's other motions (crossfade, slides sideways or up, swings)
    /// are not this widget's: asked for one, it says so and slides down.
    public func setTransitionType(_ type: GtkRevealerTransitionType) {
        let supported = [GTK_REVEALER_TRANSITION_TYPE_NONE, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN]
        if !supported.contains(type) {
            let value = g_enum_get_value(gCast(g_type_class_peek(gtk_revealer_transition_type_get_type())), Int32(type.rawValue))
            let nick = value.map { String(cString: $0.pointee.value_nick) } ?? "\(type.rawValue)"
            unfold_log_warning("UnfoldReveal slides down or not at all: transition-type \(nick) is shown as slide-down")
        }
        let effective = type == GTK_REVEALER_TRANSITION_TYPE_NONE ? type : GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
        guard effective != transitionType else { return }
        transitionType = effective
        notifyProperty(Property.transitionType.rawValue)
    }

    /// Told the displayed progress whenever it changes: a group's chevron,
    /// by a direct call at each frame, where a GBinding on "progress" would
    /// take a notify emission and a property round trip through GValues.
    var onProgressChange: ((Double) -> Void)?

    /// The single place the displayed progress takes effect.
    private var lastNotifiedProgress = 0.0

    private func progressDidChange() {
        updateChildVisibility()
        // A frame of a fade alone changes no size: it is only drawn again.
        if motion.opacity.isAnimating && progress.current == lastNotifiedProgress {
            gtk_widget_queue_draw(widget)
        } else {
            gtk_widget_queue_resize(widget)
        }
        if progress.current != lastNotifiedProgress {
            lastNotifiedProgress = progress.current
            onProgressChange?(progress.current)
            notifyProperty(Property.progress.rawValue)
        }
        // Wholly shown only once the child is all there (and opaque); not
        // any more from the moment a collapse starts.
        let childRevealed = motion.isChildWhollyShown
        if childRevealed != isChildRevealed {
            isChildRevealed = childRevealed
            notifyProperty(Property.childRevealed.rawValue)
        }
    }

    // MARK: Content

    /// From the moment a collapse starts, the content takes no pointer events or
    /// focus and leaves the accessibility tree; clipping alone would not do that.
    private func updateContentInteraction() {
        guard let child else { return }
        Accessibility.setInert(child, !isRevealed, focusFallback: focusFallback?.get()?.widget)
    }

    /// Closed content is not drawn (nor mapped) at all. Content on its way in is
    /// mapped from the moment it is asked for, before its first frame has
    /// height: GTK moves focus only into mapped widgets, and a Tab pressed
    /// right after Space must reach what is opening.
    private func updateChildVisibility() {
        guard let child else { return }
        let visible: gboolean = motion.isChildPresent ? 1 : 0
        if gtk_widget_get_child_visible(child) != visible {
            gtk_widget_set_child_visible(child, visible)
        }
    }

    // MARK: Properties

    public override func property(_ index: Int) -> PropertyValue {
        switch Property(rawValue: index)! {
        case .child: .object(child.map { gCast($0) })
        case .revealChild: .boolean(isRevealed)
        case .childRevealed: .boolean(isChildRevealed)
        case .progress: .double(progress.current)
        case .transitionDuration: .unsigned(transitionDuration)
        case .transitionType: .enumeration(Int32(transitionType.rawValue))
        }
    }

    public override func setProperty(_ index: Int, _ value: PropertyValue) {
        switch Property(rawValue: index)! {
        case .child: setChild(value.object.map { gCast($0) })
        case .revealChild: setRevealed(value.boolean!)
        case .transitionDuration: setTransitionDuration(value.unsigned!)
        case .transitionType: setTransitionType(GtkRevealerTransitionType(UInt32(value.enumeration!)))
        case .childRevealed, .progress: preconditionFailure("read-only")
        }
    }

    public override func addBuildableChild(_ object: UnsafeMutablePointer<GObject>, type: String?) -> Bool {
        guard type == nil, g_type_check_instance_is_a(gCast(object), gtk_widget_get_type()) != 0 else { return false }
        setChild(gCast(object))
        return true
    }

    // MARK: vfuncs

    /// The child's own mode. Claiming height-for-width for a child whose height
    /// does not depend on its width would make every container above measure
    /// twice per frame for nothing; `measure` answers for a width either way.
    public override var requestMode: GtkSizeRequestMode {
        child.map { gtk_widget_get_request_mode($0) } ?? GTK_SIZE_REQUEST_CONSTANT_SIZE
    }

    public override func measure(_ orientation: GtkOrientation, forSize: Int32) -> Measurement {
        guard let child, gtk_widget_get_visible(child) != 0 else { return .zero }
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            return Measurement.of(child, orientation)
        }
        // Height-for-width with an unspecified height: the child's own answer,
        // scaled, never a squashed one.
        let full = Measurement.of(child, orientation, forSize: forSize)
        return Measurement(minimum: scaled(full.minimum), natural: scaled(full.natural))
    }

    private func scaled(_ height: Int32) -> Int32 {
        Int32((Double(height) * min(max(progress.current, 0), 1)).rounded(.up))
    }

    public override func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        guard let child else { return }
        let natural = Measurement.of(child, GTK_ORIENTATION_VERTICAL, forSize: width).natural
        gtk_widget_allocate(child, width, max(natural, height), -1, nil)
    }

    /// The child, at the opacity a reduced-motion fade gives it.
    public override func snapshot(_ snapshot: OpaquePointer) {
        guard let child else { return }
        let opacity = motion.opacity.current
        guard opacity < 1 else { return gtk_widget_snapshot_child(widget, child, snapshot) }
        gtk_snapshot_push_opacity(snapshot, opacity)
        gtk_widget_snapshot_child(widget, child, snapshot)
        gtk_snapshot_pop(snapshot)
    }

    public override func didMap() { driver.widgetDidMap() }

    public override func willUnmap() { driver.widgetWillUnmap() }

    public override func dispose() {
        driver.widgetDispose()
        if let child {
            self.child = nil
            gtk_widget_unparent(child)
        }
    }
}
