// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import UnfoldGtk
import UnfoldMotion
import UnfoldWidgets

/// The motion of the last animations, recorded for the Motion Plot: one
/// recorder for the whole app, fed by every Unfold widget's frames while a
/// window shows the plot (and by none, at no cost, while none does).
@MainActor
enum MotionMonitor {
    private(set) static var recorder = MotionRecorder()
    private static var watchers: [ObjectIdentifier: () -> Void] = [:]

    /// `panel` is shown: it is told of every frame from now on.
    static func watch(_ panel: MotionPanel) {
        watchers[ObjectIdentifier(panel)] = { [weak panel] in panel?.recordingDidChange() }
        MotionTrace.frameObserver = { frame in
            MotionMonitor.recorder.record(frame)
            for watcher in MotionMonitor.watchers.values { watcher() }
        }
    }

    /// `panel` is hidden (or gone); with no panel left, nothing is recorded.
    static func unwatch(_ panel: MotionPanel) {
        watchers[ObjectIdentifier(panel)] = nil
        if watchers.isEmpty { MotionTrace.frameObserver = nil }
    }

    /// Whether windows show the Motion Plot (the main menu's toggle,
    /// `--motion-plot`). Turned off, what it recorded goes: turned on again,
    /// it shows what moved since.
    static var isPlotShown = false {
        didSet {
            if !isPlotShown { recorder.clear() }
            for window in MainWindow.all { window.showMotionPlot(isPlotShown) }
        }
    }
}

/// What a window shows under its pages while the Motion Plot is on: the
/// last animations' values over time (`MotionPlot`) and, in words, how many
/// frames they had over how long and where they turned back — the same
/// words assistive technologies read as the plot's description.
@MainActor
final class MotionPanel {
    let widget: WidgetPointer
    /// The plot itself (a GtkDrawingArea).
    let plot: WidgetPointer
    private let summary: WidgetPointer
    private var shownSummary = ""

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_add_css_class(widget, "motion-panel")
        gtk_widget_set_margin_start(widget, 12)
        gtk_widget_set_margin_end(widget, 12)
        gtk_widget_set_margin_top(widget, 6)
        gtk_widget_set_margin_bottom(widget, 6)

        let header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let title = gtk_label_new(tr("Motion"))!
        gtk_widget_add_css_class(title, "heading")
        gtk_label_set_xalign(gCast(title), 0)
        gtk_widget_set_hexpand(title, 1)
        gtk_box_append(gCast(header), title)
        let close = gtk_button_new_from_icon_name("window-close-symbolic")!
        gtk_widget_add_css_class(close, "flat")
        Widgets.setTooltip(close, tr("Hide the Motion Plot"))
        Accessibility.setLabel(close, tr("Hide the Motion Plot"))
        // Its icon is the button, not a thing of its own (GTK 4.8 names it after its type).
        if let icon = gtk_widget_get_first_child(close) { Accessibility.keepHidden(icon) }
        gtk_actionable_set_action_name(gCast(close), "app.motion-plot")
        gtk_box_append(gCast(header), close)
        gtk_box_append(gCast(widget), header)

        plot = gtk_drawing_area_new()
        gtk_drawing_area_set_content_height(gCast(plot), 150)
        gtk_widget_set_hexpand(plot, 1)
        // Focusable, so that Tab reaches it and a screen reader reads its
        // description: the plot in words.
        gtk_widget_set_focusable(plot, 1)
        gtk_widget_add_css_class(plot, "motion-plot")
        Accessibility.setRole(plot, GTK_ACCESSIBLE_ROLE_IMG)
        Accessibility.setLabel(plot, tr("Motion plot"))
        gtk_box_append(gCast(widget), plot)

        summary = gtk_label_new(nil)
        gtk_label_set_xalign(gCast(summary), 0)
        gtk_label_set_wrap(gCast(summary), 1)
        gtk_widget_add_css_class(summary, "caption")
        gtk_box_append(gCast(widget), summary)

        // The theme's colours the plot draws with, each the colour of a hidden
        // label the stylesheet colours (.motion-plot-ink): GTK 4.10 took away
        // looking a named colour up from code, and the stylesheet follows
        // light, dark and high contrast by itself.
        let box = widget
        inks = Dictionary(uniqueKeysWithValues: MotionPlot.Ink.allCases.map { ink in
            let probe = gtk_label_new(nil)!
            gtk_widget_add_css_class(probe, "motion-plot-ink")
            gtk_widget_add_css_class(probe, ink.rawValue)
            gtk_widget_set_visible(probe, 0)
            gtk_box_append(gCast(box), probe)
            return (ink, probe)
        })

        Drawing.setDrawFunction(plot) { [weak self] cairo, width, height in
            guard let self else { return }
            MotionPlot(area: self.plot, palette: self.palette, episode: MotionMonitor.recorder.latest, animationsOn: self.animationsOn)
                .draw(cairo, width: width, height: height)
        }
        // With animations off nothing moves: the plot says why it stays empty.
        animationsWatch = AnimationSettings.observe(for: plot) { [weak self] in self?.recordingDidChange() }
        updateSummary()
    }

    private var animationsWatch: SignalConnection?
    private var animationsOn: Bool { AnimationSettings.animationsEnabled(for: plot) }
    private let inks: [MotionPlot.Ink: WidgetPointer]

    /// The colours the plot is drawn in now, as the stylesheet gives them.
    var palette: MotionPlot.Palette {
        var colors: [MotionPlot.Ink: GdkRGBA] = [:]
        for (ink, probe) in inks {
            var color = GdkRGBA()
            unfold_widget_get_color(probe, &color)
            colors[ink] = color
        }
        var foreground = GdkRGBA()
        unfold_widget_get_color(plot, &foreground)
        return MotionPlot.Palette(foreground: foreground, inks: colors)
    }

    /// Shown, the panel records and draws every frame; hidden, nothing.
    func setShown(_ shown: Bool) {
        gtk_widget_set_visible(widget, shown ? 1 : 0)
        if shown { MotionMonitor.watch(self) } else { MotionMonitor.unwatch(self) }
        recordingDidChange()
    }

    /// A frame was recorded: the plot is drawn again in the frame being made.
    func recordingDidChange() {
        gtk_widget_queue_draw(plot)
        updateSummary()
    }

    var summaryText: String { shownSummary }

    /// The words change only when an animation starts or settles, not at
    /// every frame: assistive technologies hear each once.
    private func updateSummary() {
        let text = MotionPlot.summary(of: MotionMonitor.recorder.latest, animationsOn: animationsOn)
        guard text != shownSummary else { return }
        shownSummary = text
        gtk_label_set_text(gCast(summary), text)
        Accessibility.setDescription(plot, text)
    }

    func dispose() {
        MotionMonitor.unwatch(self)
        animationsWatch?.disconnect()
    }
}

/// Draws an episode: time across, each value up as the fraction of its range
/// (a progress, an opacity) or of its way (a place, a height: see
/// `MotionRecorder.Series.fraction`);
/// the exact curve each value followed faint behind, a dot at each frame
/// drawn (a dropped frame is a gap), each reversal marked where it turned.
@MainActor
struct MotionPlot {
    let area: WidgetPointer
    let palette: Palette
    let episode: MotionRecorder.Episode?
    let animationsOn: Bool

    /// The theme's colours the plot takes, by the CSS class of the hidden
    /// label that holds each (data/unfold.css gives them their colour).
    enum Ink: String, CaseIterable {
        case height = "height", opacity = "opacity", place = "place"
        /// The window's background: dots are ringed in it so that those that
        /// overlap stay apart.
        case background = "background"
    }

    struct Palette {
        /// The plot's own text colour: its axes, ticks and labels.
        var foreground: GdkRGBA
        var inks: [Ink: GdkRGBA]

        subscript(_ ink: Ink) -> GdkRGBA { inks[ink] ?? foreground }
    }

    /// Room for the axes' labels.
    static let margins = (left: 44.0, right: 12.0, top: 26.0, bottom: 22.0)

    /// What a series is, and the colour it is drawn in: libadwaita's named
    /// colours, which stay readable on the window in light, dark and high
    /// contrast.
    enum Role: CaseIterable {
        case height, opacity, place

        init(property: String) {
            switch property {
            case "opacity": self = .opacity
            case "y": self = .place
            default: self = .height
            }
        }

        var ink: Ink {
            switch self {
            case .height: .height
            case .opacity: .opacity
            case .place: .place
            }
        }

        /// Drawn from the lowest layer up.
        var layer: Int {
            switch self {
            case .place: 0
            case .opacity: 1
            case .height: 2
            }
        }

        /// A lower layer's dots are larger, so that where two values are at
        /// the same point of their ways at the same frame (the rows moving up
        /// as the list's height shrinks, in step), the lower shows as a ring
        /// round the upper instead of hiding under it.
        var dotRadius: Double {
            switch self {
            case .place: 6
            case .opacity: 4.5
            case .height: 3
            }
        }

        var legend: String {
            switch self {
            case .height: tr("Height")
            case .opacity: tr("Row opacity")
            case .place: tr("Row place")
            }
        }
    }

    func draw(_ cairo: OpaquePointer, width: Int32, height: Int32) {
        let foreground = palette.foreground
        let highContrast = AppStyle.isHighContrast
        let plotLeft = Self.margins.left, plotTop = Self.margins.top
        let plotWidth = max(1, Double(width) - Self.margins.left - Self.margins.right)
        let plotHeight = max(1, Double(height) - Self.margins.top - Self.margins.bottom)
        func y(_ fraction: Double) -> Double { plotTop + (1 - fraction) * plotHeight }

        // Grid: 0 % and 100 %, and the time ticks.
        setColor(cairo, foreground, alpha: highContrast ? 0.6 : 0.25)
        cairo_set_line_width(cairo, 1)
        for fraction in [0.0, 1.0] {
            cairo_move_to(cairo, plotLeft, y(fraction).rounded() + 0.5)
            cairo_line_to(cairo, plotLeft + plotWidth, y(fraction).rounded() + 0.5)
        }
        cairo_stroke(cairo)
        setColor(cairo, foreground, alpha: highContrast ? 1 : 0.7)
        text(cairo, fill(tr("{percent} %"), ["percent": formatted(100)]), x: plotLeft - 6, y: y(1), alignment: .end)
        text(cairo, fill(tr("{percent} %"), ["percent": formatted(0)]), x: plotLeft - 6, y: y(0), alignment: .end)

        guard animationsOn, let episode, let start = episode.start else {
            let placeholder = animationsOn
                ? tr("Open a group or filter the collection to see its motion here")
                : tr("Animations are off: nothing moves to plot")
            text(cairo, placeholder, x: plotLeft + plotWidth / 2, y: plotTop + plotHeight / 2, alignment: .center,
                 wrappedTo: plotWidth)
            return
        }
        let end = max(episode.expectedEnd ?? start, episode.end ?? start, start + 50_000)
        func x(_ time: Microseconds) -> Double { plotLeft + Double(time - start) / Double(end - start) * plotWidth }

        let step = Self.tickStep(span: end - start, width: plotWidth)
        var tick: Microseconds = 0
        while start + tick <= end {
            let tickX = x(start + tick).rounded() + 0.5
            setColor(cairo, foreground, alpha: highContrast ? 0.6 : 0.25)
            cairo_move_to(cairo, tickX, plotTop + plotHeight)
            cairo_line_to(cairo, tickX, plotTop + plotHeight + 4)
            cairo_stroke(cairo)
            setColor(cairo, foreground, alpha: highContrast ? 1 : 0.7)
            text(cairo, fill(tr("{milliseconds} ms"), ["milliseconds": formatted(Int(tick / 1_000))]),
                 x: tickX, y: plotTop + plotHeight + 12, alignment: .center)
            tick += step
        }

        // Places under opacities under heights: the list's own height on top.
        let series = episode.animations.flatMap(\.series).compactMap { item in item.axis.map { (item, $0) } }
            .sorted { Role(property: $0.0.property).layer < Role(property: $1.0.property).layer }
        func fraction(_ value: Double, _ axis: (bottom: Double, top: Double)) -> Double { (value - axis.bottom) / (axis.top - axis.bottom) }
        // Reversals and changes mid-motion: a dashed line where the course was replaced.
        setColor(cairo, foreground, alpha: highContrast ? 0.9 : 0.5)
        var dashes = [4.0, 3.0]
        cairo_set_dash(cairo, &dashes, 2, 0)
        for time in Set(series.flatMap { $0.0.retargets.map(\.time) }) {
            cairo_move_to(cairo, x(time).rounded() + 0.5, plotTop)
            cairo_line_to(cairo, x(time).rounded() + 0.5, plotTop + plotHeight)
        }
        cairo_stroke(cairo)
        cairo_set_dash(cairo, nil, 0, 0)

        // The exact curves, faint, under every dot.
        cairo_set_line_width(cairo, 2)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        for (item, axis) in series {
            setColor(cairo, color(Role(property: item.property), foreground), alpha: highContrast ? 0.6 : 0.3)
            for (index, course) in item.courses.enumerated() {
                let until = index + 1 < item.courses.count ? item.courses[index + 1].from : (course.curve.end ?? course.from)
                let points = max(2, Int((x(until) - x(course.from)) / 2))
                for (number, point) in MotionRecorder.samples(of: course.curve, from: course.from, to: until, count: points).enumerated() {
                    let pointY = y(fraction(point.value, axis))
                    if number == 0 { cairo_move_to(cairo, x(point.time), pointY) } else { cairo_line_to(cairo, x(point.time), pointY) }
                }
                cairo_stroke(cairo)
            }
        }
        // A dot per frame drawn, ringed in the window's colour so that dots
        // that overlap stay apart.
        let background = palette[.background]
        for (item, axis) in series {
            let role = Role(property: item.property)
            let seriesColor = color(role, foreground)
            for dot in item.dots {
                cairo_new_sub_path(cairo)
                cairo_arc(cairo, x(dot.time), y(fraction(dot.value, axis)), role.dotRadius, 0, 2 * Double.pi)
                setColor(cairo, seriesColor, alpha: 1)
                cairo_fill_preserve(cairo)
                setColor(cairo, background, alpha: 1)
                cairo_set_line_width(cairo, 1)
                cairo_stroke(cairo)
            }
            // A reversal: a ring round the point it turned at.
            for retarget in item.retargets where retarget.isReversal {
                cairo_new_sub_path(cairo)
                cairo_arc(cairo, x(retarget.time), y(fraction(retarget.value, axis)), 7, 0, 2 * Double.pi)
                setColor(cairo, seriesColor, alpha: 1)
                cairo_set_line_width(cairo, 2)
                cairo_stroke(cairo)
            }
        }

        // The legend, for the kinds of values shown.
        let roles = Role.allCases.filter { role in series.contains { Role(property: $0.0.property) == role } }
        var legendX = plotLeft + plotWidth
        for role in roles.reversed() {
            setColor(cairo, foreground, alpha: highContrast ? 1 : 0.7)
            let textWidth = text(cairo, role.legend, x: legendX, y: plotTop - 14, alignment: .end)
            setColor(cairo, color(role, foreground), alpha: 1)
            cairo_new_sub_path(cairo)
            cairo_arc(cairo, legendX - textWidth - 10, plotTop - 14, role.dotRadius, 0, 2 * Double.pi)
            cairo_fill(cairo)
            legendX -= textWidth + 28
        }
    }

    /// The time between ticks: a round number of milliseconds that leaves
    /// about 80 px between them.
    static func tickStep(span: Microseconds, width: Double) -> Microseconds {
        let room = max(1, Int(width / 80))
        let steps: [Microseconds] = [10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]
        return (steps.first { span / ($0 * 1_000) <= room } ?? steps.last!) * 1_000
    }

    private func color(_ role: Role, _ fallback: GdkRGBA) -> GdkRGBA {
        palette.inks[role.ink] ?? fallback
    }

    private func setColor(_ cairo: OpaquePointer, _ color: GdkRGBA, alpha: Double) {
        cairo_set_source_rgba(cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha) * alpha)
    }

    enum Alignment { case start, center, end }

    /// Shows `string` centred vertically on `y` — in lines no wider than
    /// `wrappedTo`, if given; returns its width.
    @discardableResult
    private func text(_ cairo: OpaquePointer, _ string: String, x: Double, y: Double, alignment: Alignment,
                      wrappedTo wrapWidth: Double? = nil) -> Double {
        let layout = gtk_widget_create_pango_layout(area, string)!
        defer { g_object_unref(gCast(layout)) }
        if let wrapWidth {
            pango_layout_set_width(layout, Int32(wrapWidth * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            let lines: PangoAlignment = switch alignment {
            case .start: PANGO_ALIGN_LEFT
            case .center: PANGO_ALIGN_CENTER
            case .end: PANGO_ALIGN_RIGHT
            }
            pango_layout_set_alignment(layout, lines)
        }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        // Wrapped lines are aligned within the wrapping width: that is the box placed.
        let boxWidth = wrapWidth ?? Double(width)
        let wanted = switch alignment {
        case .start: x
        case .center: x - boxWidth / 2
        case .end: x - boxWidth
        }
        // Inside the area: the last tick's label ends at its edge.
        let left = max(0, min(wanted, Double(gtk_widget_get_width(area)) - boxWidth))
        cairo_move_to(cairo, left, y - Double(height) / 2)
        pango_cairo_show_layout(cairo, layout)
        return Double(width)
    }

    // MARK: In words

    /// Each animation of `episode` in a sentence: "Reveal “Shapes”: 15
    /// frames over 250 ms, reversed at 40 %."
    static func summary(of episode: MotionRecorder.Episode?, animationsOn: Bool) -> String {
        guard animationsOn else { return tr("Animations are off: nothing moves") }
        guard let episode, !episode.animations.isEmpty else { return tr("No animation yet") }
        return episode.animations.map { sentence($0) }.joined(separator: "\n")
    }

    static func sentence(_ animation: MotionRecorder.Animation) -> String {
        guard animation.isSettled, let start = animation.start, let end = animation.end else {
            return fill(animation.kind == .reveal ? tr("Reveal “{name}”: moving…") : tr("List “{name}”: moving…"),
                        ["name": animation.name])
        }
        let frames = animation.frameTimes.count
        let duration = formatted(Int(((Double(end - start)) / 1_000).rounded()))
        var sentence = animation.kind == .reveal
            ? fill(ntr("Reveal “{name}”: {frames} frame over {duration} ms", "Reveal “{name}”: {frames} frames over {duration} ms", frames),
                   ["name": animation.name, "frames": formatted(frames), "duration": duration])
            : fill(ntr("List “{name}”: {frames} frame over {duration} ms", "List “{name}”: {frames} frames over {duration} ms", frames),
                   ["name": animation.name, "frames": formatted(frames), "duration": duration])
        if animation.kind == .list {
            sentence += fill(tr(", rows: {in} in, {out} out, {moved} moved"),
                             ["in": formatted(animation.rowsIn), "out": formatted(animation.rowsOut), "moved": formatted(animation.rowsMoved)])
            for time in animation.retargetTimes {
                sentence += fill(tr(", changed again at {milliseconds} ms"),
                                 ["milliseconds": formatted(Int((Double(time - start) / 1_000).rounded()))])
            }
        } else {
            for series in animation.series {
                for reversal in series.retargets where reversal.isReversal {
                    func percent(_ value: Double) -> String { formatted(Int((value * 100).rounded())) }
                    // Where the click came, and where the motion, keeping its speed, turned round.
                    sentence += fill(tr(", reversed at {percent} %"), ["percent": percent(reversal.value)])
                    if let turn = series.turn(after: reversal) {
                        sentence += fill(tr(", turned at {percent} %"), ["percent": percent(turn)])
                    }
                }
            }
        }
        return sentence
    }
}
