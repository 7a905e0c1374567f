// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldApp
import UnfoldCore
import UnfoldWidgets

/// A header over a revealed content, the same for both contestants but for the
/// reveal itself: ours (`Reveal`) or GTK's (GtkRevealer, slide-down, 250 ms).
/// (Our groups also turn a chevron each frame; GtkRevealer has none to compare.)
@MainActor
struct BenchGroup {
    let widget: WidgetPointer
    let toggle: () -> Void
    let isAnimating: () -> Bool

    init(title: String, children: [WidgetPointer], ours: Bool) {
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL)
        let header = gtk_button_new_with_label(title)!
        header.addCSSClass("flat")
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: RevealGroup.contentSpacing)
        content.setMargins(bottom: RevealGroup.contentBottomPadding, start: RevealGroup.contentIndent)
        for child in children { Widgets.append(child, to: content) }
        Widgets.append(header, to: widget)
        if ours {
            let reveal = Reveal.make(child: content)
            Widgets.append(reveal.widget, to: widget)
            toggle = { reveal.setRevealed(!reveal.isRevealed) }
            isAnimating = { reveal.isAnimating }
        } else {
            let revealer = gtk_revealer_new()!
            gtk_revealer_set_transition_type(gCast(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
            gtk_revealer_set_transition_duration(gCast(revealer), guint(Reveal.defaultDuration))
            gtk_revealer_set_child(gCast(revealer), content)
            Widgets.append(revealer, to: widget)
            toggle = { gtk_revealer_set_reveal_child(gCast(revealer), gtk_revealer_get_reveal_child(gCast(revealer)) == 0 ? 1 : 0) }
            // GtkRevealer says no more than whether its child is fully where it was asked to be.
            isAnimating = {
                let target: gboolean = gtk_revealer_get_reveal_child(gCast(revealer))
                return gtk_revealer_get_child_revealed(gCast(revealer)) != target
            }
        }
    }
}

/// Frame work and frames delivered while groups expand, ours vs GtkRevealer.
@MainActor
enum RevealBench {
    struct Result { var work: [Double]; var delivered: [Double] }

    /// `groups` columns of the sample hierarchy, all toggled together, `runs` times each way.
    static func run(groups: Int, runs: Int) -> (ours: Result, gtk: Result) {
        (measure(groups: groups, runs: runs, ours: true), measure(groups: groups, runs: runs, ours: false))
    }

    private static func measure(groups: Int, runs: Int, ours: Bool) -> Result {
        let column = Widgets.box(GTK_ORIENTATION_VERTICAL)
        var toggles: [() -> Void] = []
        var animating: [() -> Bool] = []
        for _ in 0..<groups {
            let shapes = BenchGroup(title: "Shapes", children: [Widgets.label("Circle"), Widgets.label("Square")], ours: ours)
            let collection = BenchGroup(title: "Collection", children: [shapes.widget, Widgets.label("Palette")], ours: ours)
            Widgets.append(collection.widget, to: column)
            Widgets.append(Widgets.label("Following item"), to: column)
            toggles.append { collection.toggle(); shapes.toggle() }
            animating.append { collection.isAnimating() || shapes.isAnimating() }
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gCast(scrolled), column)
        return inWindow(scrolled) { probe in
            var result = Result(work: [], delivered: [])
            for _ in 0..<(2 * runs) {
                toggles.forEach { $0() }
                _ = probe.nextFrame()  // the frame in which the animations start
                probe.reset()
                let start = g_get_monotonic_time()
                iterate(until: { !animating.contains { $0() } }, timeout: benchTimeout)
                let elapsed = Double(g_get_monotonic_time() - start)
                result.work += probe.frameWork
                // Frames painted while animating, against a 60 Hz display's count for that time.
                result.delivered.append(Double(probe.frames) / max(1, elapsed / 16_667))
            }
            return result
        }
    }
}
