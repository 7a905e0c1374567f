// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldMotion

/// Drives one widget's animations from its frame clock, separate from the widget
/// it animates (as libadwaita separates AdwAnimation from its widget).
///
/// It only runs while the widget is mapped and `gtk-enable-animations` is on; when
/// either stops holding mid-animation, it asks the widget to finish at once.
/// What a change may move (GTK 4.22's reduced motion) is `preference`'s.
@MainActor
final class AnimationDriver {
    private let widget: WidgetPointer
    /// Advances the widget to a frame's motion time (`SlowMotion`'s); returns
    /// whether it still animates.
    private let step: (Microseconds) -> Bool
    /// Jumps the widget to the end of its animations.
    private let finish: () -> Void

    /// Reports the widget's values when it stops between frames (a jump, an
    /// unmap, its end): where a motion plot sees it come to rest.
    var reportRest: (() -> Void)?

    private var tick: TickCallback?
    private var settingsWatch: SignalConnection?

    init(widget: WidgetPointer, step: @escaping (Microseconds) -> Bool, finish: @escaping () -> Void) {
        self.widget = widget
        self.step = step
        self.finish = finish
    }

    var isRunning: Bool { tick != nil }

    /// Whether a change now should animate rather than jump.
    var canAnimate: Bool { preference != .none }

    /// How a change now may move: not at all while unmapped (nobody sees
    /// it), else as the display's settings say.
    var preference: MotionPreference {
        guard gtk_widget_get_mapped(widget) != 0 else { return .none }
        switch AnimationSettings.motion(for: widget) {
        case .full: return .full
        case .reduced: return .reduced
        case .none: return .none
        }
    }

    func start() {
        guard tick == nil else { return }
        tick = TickCallback.add(to: widget) { [weak self] frameTime in
            guard let self else { return false }
            MotionTrace.frameTime = frameTime
            MotionTrace.isInFrame = true
            defer { MotionTrace.isInFrame = false }
            let keepGoing = self.step(SlowMotion.time(at: frameTime))
            if !keepGoing { self.tick = nil }  // GTK removes the callback when we return false
            return keepGoing
        }
    }

    func stop() {
        guard let tick else { return }
        tick.remove()
        self.tick = nil
        reportRest?()
    }

    // Forwarded from the widget's vfuncs.

    func widgetDidMap() {
        settingsWatch = AnimationSettings.observe(for: widget) { [weak self] in
            guard let self else { return }
            // Off: everything to its end. Turned to reduced: what moves was
            // started in full motion, and goes to its end too.
            if self.preference != .full { self.stopAndFinish() }
        }
    }

    /// Unmapped, nobody sees the animation: jump to its end.
    func widgetWillUnmap() {
        settingsWatch?.disconnect()
        settingsWatch = nil
        stopAndFinish()
    }

    /// Going mid-motion, the widget says only that it is gone: its state may
    /// be half torn down.
    func widgetDispose() {
        if let tick {
            tick.remove()
            self.tick = nil
            MotionTrace.observe(MotionRecorder.gone(source: Int(bitPattern: widget), at: MotionTrace.motionTimeNow))
        }
        settingsWatch?.disconnect()
        settingsWatch = nil
    }

    private func stopAndFinish() {
        guard let tick else { return }
        tick.remove()
        self.tick = nil
        finish()
        reportRest?()
    }
}
