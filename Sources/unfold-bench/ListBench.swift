// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldWidgets

/// libunfold's list against GtkListView on the same model, in the same run:
/// a GtkFilterListModel over GtkStringObjects, filtered by a GtkStringFilter
/// as a GTK program filters (here, non-incrementally: each search is one
/// `items-changed`, whatever its size).
@MainActor
enum ListBench {
    /// Searches that narrow, widen and replace the result: 1M items to a few
    /// thousand, back, and to another set.
    static let searches = ["7", "77", "777", "77", "7", "", "1", "12", "1", ""]
    /// GTK's list paints a change in one frame, whose cost varies by half
    /// from change to change: the searches go round this often, so its
    /// median is one of 30 frames, not 10 (once in a quick run).
    static var rounds = 3

    struct Model {
        let filter: OpaquePointer
        let filtered: OpaquePointer
        let changeStart = ChangeStart()
    }

    /// `count` GtkStringObjects ("Label 1" …) behind a GtkFilterListModel.
    static func model(_ count: Int) -> Model {
        // Each string is the list's from the start: copies made first and freed
        // after left the benchmark's own holes in the heap (10 MB at a million
        // items), which either list then filled by chance and had counted as
        // its memory per item.
        let list = gtk_string_list_new(nil)!
        for index in 1...count { gtk_string_list_take(list, strdup("Label \(index)")) }
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let filter = gtk_string_filter_new(expression)!
        gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
        let filtered = gtk_filter_list_model_new(list, gCast(UnsafeMutableRawPointer(filter)))!
        let model = Model(filter: filter, filtered: filtered)
        // First of the model's handlers: it hears a change before any list does.
        onItemsChanged(filtered) { [changeStart = model.changeStart] _, _, _ in
            if changeStart.at == nil { changeStart.at = threadCPUMilliseconds() }
        }
        return model
    }

    final class Measured {
        /// Main-thread CPU from a change's first `items-changed` to the next
        /// frame's start: the lists' handlers and whatever they defer to
        /// before that frame (ours takes the change in an idle).
        var perChange: [Double] = []
        /// CPU per painted frame from the change until the list is at rest.
        var perFrame: [Double] = []
        /// The first of those frames: ours makes the rows a change brings
        /// into view there (GTK's list binds its rows in its frame too).
        var firstFrame: [Double] = []
        /// All of a change's main-thread CPU: to the first frame, and every
        /// frame until the list is at rest.
        var wholeChange: [Double] = []
        var frames: [Double] = []
        /// Of a change's CPU, in the create-widget function (ours only): what
        /// making the widgets of the rows that come into view costs.
        var makingRows: [Double] = []
        /// The searches after which the list did not show its result in
        /// rows down the view (see `showsRows`).
        var blankResults: [String] = []
    }

    /// When a change's first `items-changed` came (the thread's CPU clock).
    final class ChangeStart { var at: Double? }

    static func ours(items count: Int) -> Measured {
        let model = model(count)
        let list = ListView.make()
        let measured = Measured()
        var making = 0.0
        bindLabels(list, to: model) { making += $0 }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gCast(scrolled), list.widget)
        g_object_unref(UnsafeMutableRawPointer(model.filtered))  // the list holds it
        search(model, in: scrolled, measured, beforeEach: { making = 0 }, afterEach: { measured.makingRows.append(making) }) {
            !list.isAnimating
        }
        return measured
    }

    static func gtk(items count: Int) -> Measured {
        let model = model(count)
        let selection = gtk_no_selection_new(model.filtered)!
        let list = gtk_list_view_new(selection, labelFactory())!
        let measured = Measured()
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gCast(scrolled), list)
        search(model, in: scrolled, measured) { true }  // GTK's list paints a change in one frame
        return measured
    }

    /// The lists alone, in a scrolled window, for the memory children.
    static func oursWidget(items count: Int) -> WidgetPointer {
        let model = model(count)
        let list = ListView.make()
        bindLabels(list, to: model)
        g_object_unref(UnsafeMutableRawPointer(model.filtered))
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gCast(scrolled), list.widget)
        return scrolled
    }

    static func gtkWidget(items count: Int) -> WidgetPointer {
        let model = model(count)
        let list = gtk_list_view_new(gtk_no_selection_new(model.filtered), labelFactory())!
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gCast(scrolled), list)
        return scrolled
    }

    /// Each search, in a window: the change's CPU to the next frame, and the
    /// frames from it until `isAtRest`. Both lists are timed the same way,
    /// from outside: the first `items-changed` is heard before either list's
    /// handler (it was connected before the list took the model).
    static func search(_ model: Model, in widget: WidgetPointer, _ measured: Measured,
                       beforeEach: () -> Void = {}, afterEach: () -> Void = {}, until isAtRest: @escaping () -> Bool) {
        inWindow(widget) { probe in
            probe.waitUntilStill()
            for search in Array(repeating: searches, count: rounds).joined() {
                scrollToFirstItem(widget)
                probe.syncToFrame()
                probe.reset()
                beforeEach()
                model.changeStart.at = nil
                gtk_string_filter_set_search(model.filter, search)
                _ = probe.nextFrame()
                sleepingInLoop(until: isAtRest, timeout: benchTimeout)
                afterEach()
                if !showsRows(widget, items: Int(g_list_model_get_n_items(model.filtered))) { measured.blankResults.append(search) }
                if let changed = model.changeStart.at, let firstFrame = probe.frameStarts.first {
                    measured.perChange.append(firstFrame - changed)
                    measured.wholeChange.append(firstFrame - changed + probe.frameWork.reduce(0, +))
                }
                measured.perFrame += probe.frameWork
                measured.firstFrame += probe.frameWork.prefix(1)
                measured.frames.append(Double(probe.frames))
            }
        }
    }

    /// Both lists start each search from their first item. GTK 4.8's list
    /// otherwise keeps an anchor that a result which shrinks and then grows
    /// again leaves behind: from then on it draws a blank view, or a few rows
    /// low in it, at a fraction of the cost of drawing the rows (seen in
    /// screenshots of this benchmark, and caught by `showsRows`).
    static func scrollToFirstItem(_ scrolled: WidgetPointer) {
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(gCast(scrolled)), 0)
        let list = gtk_scrolled_window_get_child(gCast(scrolled))!
        if g_type_check_instance_is_a(gCast(list), gtk_list_view_get_type()) != 0 {
            gtk_widget_activate_action_variant(list, "list.scroll-to-item", g_variant_new_uint32(0))
        }
    }

    /// Whether the list shows rows from the top of the view down, as many as
    /// the view holds (or the result has): a frame of a list that drew
    /// nothing is no frame to compare with.
    static func showsRows(_ scrolled: WidgetPointer, items: Int) -> Bool {
        let height = Float(gtk_widget_get_height(scrolled))
        var tops = Set<Int>()
        func visit(_ widget: WidgetPointer) {
            guard gtk_widget_get_mapped(widget) != 0 else { return }
            if g_type_check_instance_is_a(gCast(widget), gtk_label_get_type()) != 0 {
                var bounds = graphene_rect_t()
                if gtk_widget_compute_bounds(widget, scrolled, &bounds) != 0,
                   bounds.origin.y >= 0, bounds.origin.y + bounds.size.height <= height {
                    tops.insert(Int(bounds.origin.y.rounded()))
                }
                return
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(scrolled)
        // Rows are 20 to 30 px high; a view half empty fails either way.
        let expected = min(items, Int(height / 30))
        return tops.count >= expected && (tops.min() ?? .max) < 30
    }

    /// Each item a label of its string, on our list and on GTK's.
    /// `timed` hears how long each widget took to make (ms, by the wall clock:
    /// nothing else runs on the thread meanwhile).
    static func bindLabels(_ list: ListView, to model: Model, timed: @escaping @MainActor (Double) -> Void = { _ in }) {
        list.bind(model: UnsafeMutableRawPointer(model.filtered)) { item in
            let start = monotonicMilliseconds()
            defer { timed(monotonicMilliseconds() - start) }
            return Widgets.label(String(cString: gtk_string_object_get_string(OpaquePointer(item))))
        }
    }

    /// GtkListView's rows: a label each, bound to its GtkStringObject.
    static func labelFactory() -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        onObjectSignal(UnsafeMutableRawPointer(factory), "setup") { item in
            gtk_list_item_set_child(OpaquePointer(item), Widgets.label(""))
        }
        onObjectSignal(UnsafeMutableRawPointer(factory), "bind") { item in
            guard let label = gtk_list_item_get_child(OpaquePointer(item)),
                  let object = gtk_list_item_get_item(OpaquePointer(item)) else { return }
            gtk_label_set_text(gCast(label), gtk_string_object_get_string(OpaquePointer(object)))
        }
        return factory
    }
}
