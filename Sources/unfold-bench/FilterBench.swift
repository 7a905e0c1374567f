// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
import UnfoldApp
import UnfoldCore

/// Per-keystroke latency: from the query's change to the first frame that
/// shows its result, keys landing at the same spread of moments between frames
/// for every contestant. Ours (the Collection page) against GTK's filtered list
/// view and, for smaller N, GtkListBox with a filter function.
@MainActor
enum FilterBench {
    static let keystrokes = ["a", "am", "amb", "ambe", "amber", "ambe", "amb", "am", "a", ""]

    /// One keystroke, as a person makes it: a character added at the end, or the
    /// last one deleted (setting the whole text would clear the entry first).
    static func type(_ query: String, into entry: WidgetPointer) {
        let editable: OpaquePointer = gCast(entry)
        let current = String(cString: gtk_editable_get_text(editable))
        if query.count > current.count {
            var position = Int32(current.count)
            gtk_editable_insert_text(editable, String(query.suffix(query.count - current.count)), -1, &position)
        } else {
            gtk_editable_delete_text(editable, Int32(query.count), -1)
        }
    }

    static func ours(_ collection: LabelCollection) -> [Double] {
        let page = CollectionPage(collection: collection)
        return inWindow(page.widget) { probe in
            keystrokes.enumerated().map { index, query in
                probe.waitForKeyMoment(index)
                let start = g_get_monotonic_time()
                type(query, into: page.searchEntry)
                let shown = probe.firstFrame { page.filter.query == query && !page.isFiltering && !page.isColumnUpdatePending }
                iterate(until: { !page.list.isAnimating }, timeout: benchTimeout)
                return Double(shown - start) / 1000
            }
        }
    }

    /// GtkFilterListModel (incremental) + GtkStringFilter feeding a GtkListView.
    static func gtkListView(_ collection: LabelCollection) -> [Double] {
        let list = GtkFilteredList(collection)
        return inWindow(list.widget) { probe in
            keystrokes.enumerated().map { index, query in
                probe.waitForKeyMoment(index)
                let start = g_get_monotonic_time()
                gtk_string_filter_set_search(list.filter, query)
                let shown = probe.firstFrame { gtk_filter_list_model_get_pending(list.filtered) == 0 }
                return Double(shown - start) / 1000
            }
        }
    }

    /// GtkListBox with a filter function (every row a widget: for small N only).
    static func gtkListBox(_ collection: LabelCollection) -> [Double] {
        let box = gtk_list_box_new()!
        var query = ""
        var titles: [WidgetPointer: String] = [:]
        for record in collection.records {
            let label = Widgets.label(record.title)
            gtk_list_box_append(gCast(box), label)
            titles[gtk_widget_get_parent(label)!] = SearchFolding.fold(record.title)
        }
        let filterData = FilterData { row in titles[row].map { query.isEmpty || $0.contains(query) } ?? true }
        gtk_list_box_set_filter_func(gCast(box), { row, data in
            MainActor.assumeIsolated {
                Unmanaged<FilterData>.fromOpaque(data!).takeUnretainedValue().keeps(gCast(row!)) ? 1 : 0
            }
        }, Unmanaged.passRetained(filterData).toOpaque()) { data in
            Unmanaged<FilterData>.fromOpaque(data!).release()
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gCast(scrolled), box)
        return inWindow(scrolled) { probe in
            keystrokes.enumerated().map { index, keystroke in
                probe.waitForKeyMoment(index)
                let start = g_get_monotonic_time()
                query = SearchFolding.fold(keystroke)
                gtk_list_box_invalidate_filter(gCast(box))
                let shown = probe.firstFrame { true }  // the filter runs at once; the next frame shows it
                return Double(shown - start) / 1000
            }
        }
    }

    final class FilterData {
        let keeps: @MainActor (WidgetPointer) -> Bool
        init(_ keeps: @escaping @MainActor (WidgetPointer) -> Bool) { self.keeps = keeps }
    }
}
