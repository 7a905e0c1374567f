// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import Foundation
import UnfoldGtk
import UnfoldGtkTestSupport
@testable import UnfoldApp
import UnfoldCore
import XCTest

/// Titles of every length and script, on every page, at every width from the
/// tutorial's minimum up: the window never grows by itself nor past the
/// screen, and no text is cut off without an ellipsis or a wrap.
final class LayoutAuditTests: GtkTestCase {
    static let widths: [Int32] = [360, 640, 1200]
    /// A short window (a laptop's, with a panel): every page fits in it.
    static let shortHeight: Int32 = 390

    /// A title of `length` characters in the style of `sample`, repeated.
    static func title(_ sample: String, length: Int) -> String {
        String(String(repeating: sample, count: length / sample.count + 1).prefix(length))
    }

    static let scripts = [
        ("Latin", "Lorem ipsum dolor sit amet "), ("CJK", "日本語の見出しと中文标题"),
        ("Arabic", "عنوان طويل جدا بالعربية "), ("no spaces", "x"),
    ]

    /// The demo hierarchy with every title made `title` (and each a little different).
    static func hierarchy(_ title: String) -> [OutlineNode] {
        func renamed(_ node: OutlineNode) -> OutlineNode {
            OutlineNode(id: node.id, title: "\(node.id) \(title)", children: node.children.map(renamed))
        }
        return OutlineNode.sample.map(renamed)
    }

    func testTitlesOfEveryLengthAndScriptAtEveryWidth() {
        onMain {
            AnimationSettings.setAnimationsEnabled(false)  // each state at once: this audits layout, not motion
            for (script, sample) in Self.scripts {
                // (1,500 characters make tens of lines at the narrowest width,
                // as 5,000 did; 5,000 took five minutes of Pango's shaping,
                // which grows faster than the length, to show nothing more.)
                for length in [1, 40, 300, 1_500] {
                    let title = Self.title(sample, length: length)
                    let records = (1...40).map { LabelRecord(id: $0, title: "\($0) \(title)", category: $0 % 2 == 0 ? .tile : .dot) }
                    Self.audit(collection: try! LabelCollection(records), hierarchy: Self.hierarchy(title), "\(script), \(length) characters")
                }
            }
        }
    }

    /// A title of a million characters (32-bit text layout overflows far
    /// before) is shown cut short, and the window keeps its width.
    func testAMillionCharacterTitle() {
        onMain {
            AnimationSettings.setAnimationsEnabled(false)
            let records = [LabelRecord(id: 1, title: "Short", category: .tile),
                           LabelRecord(id: 2, title: String(repeating: "W", count: 1_000_000), category: .dot)]
            Self.audit(collection: try! LabelCollection(records), hierarchy: OutlineNode.sample, "a million characters")
        }
    }

    /// Right to left, the same holds (long titles once ended up off-screen).
    func testRightToLeft() {
        onMain {
            AnimationSettings.setAnimationsEnabled(false)
            gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL)  // put back by tearDown
            for (script, sample) in [Self.scripts[0], Self.scripts[2]] {
                let title = Self.title(sample, length: 300)
                let records = (1...40).map { LabelRecord(id: $0, title: "\($0) \(title)", category: .tile) }
                Self.audit(collection: try! LabelCollection(records), hierarchy: Self.hierarchy(title), "right to left, \(script)")
            }
        }
    }

    /// Real names nobody here wrote: countries in 158 languages, and every
    /// character's name in Unicode (as the Swift library knows them).
    func testRealNames() throws {
        try onMain {
            AnimationSettings.setAnimationsEnabled(false)
            let countries = try LabelsFile.load(path: repositoryRoot.appendingPathComponent("Tests/Data/country-names.tsv").path)
            Self.audit(collection: countries, hierarchy: Self.hierarchy(countries.records.max { $0.title.count < $1.title.count }!.title),
                  "country names", queries: ["republic", "ירדן", "ä"])
            var id = 0
            let names = (0..<UInt32(0x110000)).compactMap { Unicode.Scalar($0)?.properties.name }.map { name -> LabelRecord in
                id += 1
                return LabelRecord(id: id, title: name, category: id % 3 == 0 ? .tile : .dot)
            }
            Self.audit(collection: try LabelCollection(names), hierarchy: OutlineNode.sample, "Unicode names", queries: ["kirghiz", "arabic ligature"])
        }
    }

    /// Every page of one window at every width, then the collection filtered by
    /// `queries` and scrolled to its end: the window keeps the width it was given.
    @MainActor
    static func audit(collection: LabelCollection, hierarchy: [OutlineNode], _ what: String, queries: [String] = []) {
        let start = Date()
        defer { print("layout audit: \(what) took \(String(format: "%.2f", Date().timeIntervalSince(start))) s") }
        let main = MainWindow.open(application: nil, state: WindowState(width: 760, height: 600), collection: collection, hierarchy: hierarchy)
        main.present()
        defer { gtk_window_destroy(gCast(main.window)) }
        expandEverything(main)
        let screen = screenWidth()
        for page in Page.allCases {
            main.showPage(page)
            for (width, height) in Self.widths.map({ ($0, Int32(600)) }) + [(Self.widths[0], Self.shortHeight)] {
                gtk_window_set_default_size(gCast(main.window), width, height)
                settle(main.window)
                let context = "\(what), \(page), \(width)×\(height) px"
                // The window's default size counts its frame; what matters is that
                // the content never asks for more than it was given.
                XCTAssertLessThanOrEqual(gtk_widget_get_width(main.window), width, "\(context): the window takes the width it is given")
                XCTAssertLessThanOrEqual(gtk_widget_get_height(main.window), height, "\(context): the window takes the height it is given")
                XCTAssertLessThanOrEqual(gtk_widget_get_width(main.window), screen, "\(context): not wider than the screen")
                // A page switcher bar the width hides leaves no empty band at the
                // bottom (a revealer with no transition measures what it hides).
                if adw_view_switcher_bar_get_reveal(gCast(main.switcherBar)) == 0 {
                    XCTAssertEqual(gtk_widget_get_mapped(main.switcherBar) != 0 ? gtk_widget_get_height(main.switcherBar) : 0, 0,
                                   "\(context): the hidden page bar takes no height")
                }
                assertNoTextIsCut(in: main.window, context)
            }
        }
        main.showPage(.collection)
        gtk_window_set_default_size(gCast(main.window), 480, 600)
        settle(main.window)
        let given = gtk_widget_get_width(main.window)
        for query in queries {
            gtk_editable_set_text(gCast(main.collectionPage.searchEntry), query)
            XCTAssertTrue(iterate(until: { !main.collectionPage.isFiltering && !main.collectionPage.isColumnUpdatePending }))
            let adjustment = gtk_scrollable_get_vadjustment(gCast(main.collectionPage.list.widget))!
            for fraction in [0.0, 0.5, 1.0] {
                gtk_adjustment_set_value(adjustment, fraction * (gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)))
                settle(main.window)
                XCTAssertEqual(gtk_widget_get_width(main.window), given, "\(what), “\(query)” scrolled to \(fraction): the rows in view never widen the window")
                assertNoTextIsCut(in: main.window, "\(what), “\(query)” scrolled to \(fraction)")
            }
        }
    }

    @MainActor
    static func expandEverything(_ main: MainWindow) {
        for group in main.revealPage.groups.values { group.setExpanded(true) }
        for expander in main.nativePage.expanders.values { gtk_expander_set_expanded(gCast(expander), 1) }
        var count = 0
        while main.outlinePage.rows.count != count {
            count = main.outlinePage.rows.count
            for position in 0..<count { main.outlinePage.setExpanded(true, at: UInt32(position)) }
            // The list model answers at once; the view takes what is ready.
            turnMainLoop()
        }
    }

    @MainActor
    static func settle(_ window: WidgetPointer) {
        for _ in 0..<2 { paintedFrame(window) }
    }

    @MainActor
    static func screenWidth() -> Int32 {
        let monitors = gdk_display_get_monitors(gdk_display_get_default())!
        let monitor = g_list_model_get_item(monitors, 0)!
        defer { g_object_unref(monitor) }
        var geometry = GdkRectangle()
        gdk_monitor_get_geometry(OpaquePointer(monitor), &geometry)
        return geometry.width
    }
}

/// Fails for every label on screen in `root` whose text does not fit where it
/// is: it must fit, wrap to fit, or end in an ellipsis.
@MainActor
func assertNoTextIsCut(in root: WidgetPointer, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
    for label in descendants(of: root, ofType: gtk_label_get_type()) where gtk_widget_get_mapped(label) != 0 {
        let layout = gtk_label_get_layout(gCast(label))
        guard pango_layout_is_ellipsized(layout) == 0 else { continue }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        let text = String(cString: gtk_label_get_text(gCast(label)))
        XCTAssertLessThanOrEqual(width, gtk_widget_get_width(label) + 1,
                                 "\(context): “\(text.prefix(40))” is \(width) px wide in \(gtk_widget_get_width(label)) px", file: file, line: line)
        XCTAssertLessThanOrEqual(height, gtk_widget_get_height(label) + 1,
                                 "\(context): “\(text.prefix(40))” is \(height) px tall in \(gtk_widget_get_height(label)) px", file: file, line: line)
    }
}
