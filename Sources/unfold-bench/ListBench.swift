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

    struct Model {
        let filter: OpaquePointer
        let filtered: OpaquePointer
    }

    /// `count` GtkStringObjects ("Label 1" …) behind a GtkFilterListModel.
    static func model(_ count: Int) -> Model {
        var strings: [UnsafePointer<CChar>?] = (1...count).map { UnsafePointer(strdup("Label \($0)")) } + [nil]
        let list = gtk_string_list_new(&strings)!
        strings.forEach { free(UnsafeMutablePointer(mutating: $0)) }
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        let filter = gtk_string_filter_new(expression)!
        gtk_string_filter_set_match_mode(filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING)
        let filtered = gtk_filter_list_model_new(list, gCast(UnsafeMutableRawPointer(filter)))!
        return Model(filter: filter, filtered: filtered)
    }

    final class Measured {
        /// Main-thread CPU per `items-changed`: the list's handler, and for
        /// ours the update it defers to before the next frame.
        var perChange: [Double] = []
        /// Of which, in the create-widget function (ours only): what making
        /// the widgets of the rows that come into view costs.
        var makingRows: [Double] = []
        /// CPU per painted frame from the change until the list is at rest.
        var perFrame: [Double] = []
        var frames: [Double] = []
    }

    /// When the change's first handler ran.
    final class Started { var at = 0.0 }

    static func ours(items count: Int) -> Measured {
        let model = model(count)
        let list = ListView.make()
        let started = Started()
        // Before the list's own handler, and after it (with what it defers).
        onItemsChanged(model.filtered) { _, _, _ in started.at = threadCPUMilliseconds() }
        let measured = Measured()
        var making = 0.0
        bindLabels(list, to: model) { making += $0 }
        // (The handlers go with the model, which goes with the list.)
        onItemsChanged(model.filtered) { [weak list] _, _, _ in
            making = 0
            list?.flushChanges()
            measured.perChange.append(threadCPUMilliseconds() - started.at)
            measured.makingRows.append(making)
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gCast(scrolled), list.widget)
        g_object_unref(UnsafeMutableRawPointer(model.filtered))  // the list holds it
        search(model, in: scrolled, measured) { !list.isAnimating }
        return measured
    }

    static func gtk(items count: Int) -> Measured {
        let model = model(count)
        let started = Started()
        onItemsChanged(model.filtered) { _, _, _ in started.at = threadCPUMilliseconds() }
        // GtkNoSelection passes the change on, and GtkListView handles it
        // there: the handler after both times them together.
        let selection = gtk_no_selection_new(model.filtered)!
        let list = gtk_list_view_new(selection, labelFactory())!
        let measured = Measured()
        onItemsChanged(model.filtered) { _, _, _ in measured.perChange.append(threadCPUMilliseconds() - started.at) }
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

    /// Each search, in a window: the frames from the change until `isAtRest`.
    static func search(_ model: Model, in widget: WidgetPointer, _ measured: Measured, until isAtRest: @escaping () -> Bool) {
        inWindow(widget) { probe in
            for search in searches {
                _ = probe.nextFrame()
                probe.reset()
                gtk_string_filter_set_search(model.filter, search)
                _ = probe.nextFrame()
                iterate(until: isAtRest, timeout: benchTimeout)
                measured.perFrame += probe.frameWork
                measured.frames.append(Double(probe.frames))
            }
        }
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
