import Gtk
import UnfoldApp
import UnfoldCore
import UnfoldWidgets

/// A disclosure built on GtkRevealer (slide-down, 250 ms), the same content as ours.
@MainActor
struct RevealerGroup {
    let widget: WidgetPointer
    let revealer: WidgetPointer

    init(title: String, children: [WidgetPointer]) {
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL)
        let header = gtk_button_new_with_label(title)!
        header.addCSSClass("flat")
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: RevealGroup.contentSpacing)
        content.setMargins(bottom: RevealGroup.contentBottomPadding, start: RevealGroup.contentIndent)
        for child in children { Widgets.append(child, to: content) }
        revealer = gtk_revealer_new()
        gtk_revealer_set_transition_type(gCast(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        gtk_revealer_set_transition_duration(gCast(revealer), guint(Reveal.duration / 1000))
        gtk_revealer_set_child(gCast(revealer), content)
        Widgets.append(header, to: widget)
        Widgets.append(revealer, to: widget)
    }

    func toggle() {
        gtk_revealer_set_reveal_child(gCast(revealer), gtk_revealer_get_reveal_child(gCast(revealer)) == 0 ? 1 : 0)
    }

    /// GtkRevealer has no such property: it is animating until its child is
    /// fully where it was asked to be (and, when hidden, unmapped).
    var isAnimating: Bool {
        let target = gtk_revealer_get_reveal_child(gCast(revealer)) != 0
        return gtk_revealer_get_child_revealed(gCast(revealer)) != (target ? 1 : 0)
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
            if ours {
                let shapes = RevealGroup(title: "Shapes", children: [Widgets.label("Circle"), Widgets.label("Square")])
                let collection = RevealGroup(title: "Collection", children: [shapes.widget, Widgets.label("Palette")])
                Widgets.append(collection.widget, to: column)
                toggles.append { collection.toggle(); shapes.toggle() }
                animating.append { collection.reveal.isAnimating || shapes.reveal.isAnimating }
            } else {
                let shapes = RevealerGroup(title: "Shapes", children: [Widgets.label("Circle"), Widgets.label("Square")])
                let collection = RevealerGroup(title: "Collection", children: [shapes.widget, Widgets.label("Palette")])
                Widgets.append(collection.widget, to: column)
                toggles.append { collection.toggle(); shapes.toggle() }
                animating.append { collection.isAnimating || shapes.isAnimating }
            }
            Widgets.append(Widgets.label("Following item"), to: column)
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gCast(scrolled), column)
        let window = newWindow(scrolled)
        defer { gtk_window_destroy(gCast(window)) }
        let probe = FrameProbe(window)
        defer { probe.stop() }
        iterate(until: { probe.frames >= 3 })
        var result = Result(work: [], delivered: [])
        for _ in 0..<(2 * runs) {
            toggles.forEach { $0() }
            _ = probe.nextFrame()  // the frame in which the animations start
            probe.reset()
            let start = g_get_monotonic_time()
            iterate(until: { !animating.contains { $0() } })
            let elapsed = Double(g_get_monotonic_time() - start)
            result.work += probe.frameWork
            // Frames painted while animating, against a 60 Hz display's count for that time.
            result.delivered.append(Double(probe.frames) / max(1, elapsed / 16_667))
        }
        return result
    }
}
