// SPDX-License-Identifier: GPL-3.0-or-later
import ChildProcessTestSupport
import Foundation
import UnfoldGtk
import UnfoldGtkTestSupport
@testable import UnfoldApp
import UnfoldCore
import UnfoldWidgets
import XCTest

/// The widgets as GObject types: made by name from anywhere, with properties
/// that notify once per real change, from GtkBuilder files, from C, and from
/// another Swift package.
final class GObjectTypeTests: GtkTestCase {
    /// A GObject property's value, read as C code reads it.
    @MainActor
    static func read(_ object: UnsafeMutablePointer<GtkWidget>, _ name: String, as type: GType) -> GValue {
        var value = GValue()
        g_value_init(&value, type)
        g_object_get_property(object.object, name, &value)
        return value
    }

    @MainActor
    static func write(_ object: UnsafeMutablePointer<GtkWidget>, _ name: String, _ value: PropertyValue) {
        var gvalue = GValue()
        switch value {
        case .boolean(let flag): g_value_init(&gvalue, unfold_type_boolean()); g_value_set_boolean(&gvalue, flag ? 1 : 0)
        case .unsigned(let number): g_value_init(&gvalue, unfold_type_uint()); g_value_set_uint(&gvalue, number)
        case .double(let number): g_value_init(&gvalue, unfold_type_double()); g_value_set_double(&gvalue, number)
        case .string(let text): g_value_init(&gvalue, unfold_type_string()); g_value_set_string(&gvalue, text)
        case .object(let object): g_value_init(&gvalue, gtk_widget_get_type()); g_value_set_object(&gvalue, object)
        case .enumeration(let number):
            g_value_init(&gvalue, gtk_revealer_transition_type_get_type())
            g_value_set_enum(&gvalue, number)
        }
        defer { g_value_unset(&gvalue) }
        g_object_set_property(object.object, name, &gvalue)
    }

    /// Counts `notify::name` on an object.
    @MainActor
    final class Notifications {
        private(set) var count = 0
        init(_ object: UnsafeMutablePointer<GtkWidget>, _ name: String) {
            onNotify(UnsafeMutableRawPointer(object), name) { [unowned self] in self.count += 1 }
        }
    }

    func testEveryTypeIsMadeByNameOnceRegistered() {
        onMain {
            UnfoldTypes.register()
            UnfoldTypes.register()
            for name in ["UnfoldReveal", "UnfoldRevealGroup", "UnfoldChevron", "UnfoldListView", "UnfoldListRow"] {
                let type = g_type_from_name(name)
                XCTAssertNotEqual(type, 0, name)
                let widget: WidgetPointer = gCast(g_object_ref_sink(g_object_new_with_properties(type, 0, nil, nil))!)
                XCTAssertNotNil(WidgetImplementation.of(widget), "\(name) has its Swift half from instance_init")
                g_object_unref(widget)
            }
            // Widgets of their own, as GtkExpander and GtkRevealer are: no
            // GtkBox API to put children beside the header; final, as GTK 4's are.
            for type in UnfoldTypes.all.map({ $0.gType }) {
                XCTAssertEqual(g_type_parent(type), gtk_widget_get_type(), String(cString: g_type_name(type)))
                XCTAssertNotEqual(g_type_test_flags(type, UNFOLD_G_TYPE_FLAG_FINAL.rawValue), 0, String(cString: g_type_name(type)))
            }
        }
    }

    func testRevealProperties() {
        onMain {
            let reveal = Reveal.make()
            let widget = reveal.widget
            g_object_ref_sink(widget)
            defer { g_object_unref(widget) }
            var duration = Self.read(widget, "transition-duration", as: unfold_type_uint())
            XCTAssertEqual(g_value_get_uint(&duration), 250)
            var revealed = Self.read(widget, "reveal-child", as: unfold_type_boolean())
            XCTAssertEqual(g_value_get_boolean(&revealed), 0)

            let revealedNotes = Notifications(widget, "reveal-child")
            let childNotes = Notifications(widget, "child")
            let durationNotes = Notifications(widget, "transition-duration")
            let childRevealedNotes = Notifications(widget, "child-revealed")
            let label = Widgets.label("Content")
            Self.write(widget, "child", .object(gCast(label)))
            Self.write(widget, "child", .object(gCast(label)))
            XCTAssertEqual(childNotes.count, 1, "one notify per real change")
            Self.write(widget, "transition-duration", .unsigned(0))
            Self.write(widget, "transition-duration", .unsigned(0))
            XCTAssertEqual(durationNotes.count, 1)
            // No transition: revealing is at once, and says so once.
            Self.write(widget, "reveal-child", .boolean(true))
            Self.write(widget, "reveal-child", .boolean(true))
            XCTAssertEqual(revealedNotes.count, 1)
            XCTAssertEqual(reveal.displayedProgress, 1, "transition-duration 0 jumps")
            XCTAssertEqual(childRevealedNotes.count, 1)
            XCTAssertTrue(reveal.isChildRevealed)
            Self.write(widget, "reveal-child", .boolean(false))
            XCTAssertEqual(childRevealedNotes.count, 2, "false as soon as a collapse starts")
            XCTAssertFalse(reveal.isChildRevealed)
        }
    }

    /// `progress` is notified every frame it changes, `child-revealed` once,
    /// at the end; the chevron turns with the reveal through a property binding.
    func testProgressIsNotifiedEveryFrameAndTheChevronFollowsIt() {
        onMain {
            let group = RevealGroup.make(title: "Collection", child: Widgets.label("Palette"))
            let window = TestWindow(child: group.widget)
            defer { window.destroy() }
            var seen: [Double] = []
            onNotify(UnsafeMutableRawPointer(group.reveal.widget), "progress") { seen.append(group.reveal.displayedProgress) }
            let childRevealed = Notifications(group.reveal.widget, "child-revealed")
            let expandedNotes = Notifications(group.widget, "expanded")
            Self.write(group.widget, "expanded", .boolean(true))
            XCTAssertTrue(iterate(until: { !group.reveal.isAnimating && group.reveal.displayedProgress == 1 }))
            XCTAssertGreaterThanOrEqual(Set(seen.filter { $0 > 0 && $0 < 1 }).count, 5, "\(seen)")
            XCTAssertEqual(seen, seen.sorted())
            XCTAssertEqual(childRevealed.count, 1)
            XCTAssertEqual(expandedNotes.count, 1)
            XCTAssertEqual(group.chevron.progress, 1, "bound to the reveal's progress")
            var title = Self.read(group.widget, "title", as: unfold_type_string())
            XCTAssertEqual(String(cString: g_value_get_string(&title)), "Collection")
            g_value_unset(&title)
        }
    }

    /// A vfunc GTK calls before an instance's Swift half exists (here, while
    /// it is being made: its init measures the widget) is the parent class's,
    /// not a crash; once made, the Swift half answers.
    func testAVfuncBeforeTheSwiftHalfExistsIsTheParentClasss() {
        onMain {
            let widget = MeasuresItselfWhileMade.make().widget
            g_object_ref_sink(widget)
            defer { g_object_unref(widget) }
            XCTAssertEqual(MeasuresItselfWhileMade.measuredWhileMade, 0, "GtkWidget's own measure: nothing in it")
            gtk_widget_queue_resize(widget)
            var natural: Int32 = -1
            gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
            XCTAssertEqual(natural, MeasuresItselfWhileMade.height, "the Swift half's measure, once it exists")
        }
    }

    /// A Swift implementation derived from another is refused at
    /// registration, in words, and nothing of it is registered.
    func testASwiftImplementationDerivedFromAnotherIsRefusedInWords() throws {
        let probe = URL(fileURLWithPath: AppProcessTests.executable).deletingLastPathComponent()
            .appendingPathComponent("unfold-registration-probe").path
        let run = try Children.run(probe, environment: launchEnvironment(["SWIFT_BACKTRACE": "enable=no"]))
        XCTAssertNotEqual(run.status, 0, "the process is stopped: \(run.stdout)")
        XCTAssertTrue(run.stdout.contains("registered UnfoldProbeBase"), run.stdout)
        XCTAssertFalse(run.stdout.contains("UnfoldProbeDerived"), "never registered: \(run.stdout)")
        XCTAssertTrue(run.stderr.contains("ProbeDerived derives from ProbeBase, another widget implementation: "
                                          + "derive implementation classes from WidgetImplementation only"), run.stderr)
    }

    /// Disposing twice is harmless for every type (GObject may do it).
    func testDisposingTwiceIsHarmless() {
        onMain {
            for type in UnfoldTypes.all {
                let widget: WidgetPointer = gCast(g_object_ref_sink(g_object_new_with_properties(type.gType, 0, nil, nil))!)
                g_object_run_dispose(widget.object)
                g_object_run_dispose(widget.object)
                g_object_unref(widget)
            }
            let group = RevealGroup.make(title: "Group", child: Widgets.label("Child"))
            g_object_ref_sink(group.widget)
            g_object_run_dispose(group.widget.object)
            g_object_run_dispose(group.widget.object)
            g_object_unref(group.widget)
        }
    }

    /// Ten thousand widgets made by name, as GtkBuilder or C would, and dropped:
    /// the ledgers come back to where they were.
    func testTenThousandWidgetsMadeByNameLeaveNothing() {
        onMain {
            let before = Census.now()
            for index in 0..<10_000 {
                let type = UnfoldTypes.all[index % UnfoldTypes.all.count].gType
                let widget = g_object_ref_sink(g_object_new_with_properties(type, 0, nil, nil))
                g_object_unref(widget)
            }
            XCTAssertEqual(Census.now(), before)
        }
    }

    /// The tutorial's hierarchy from GtkBuilder XML, opened through `expanded`,
    /// lays out exactly as the page built in code.
    func testAHierarchyFromGtkBuilderLaysOutAsTheCodeBuiltOne() throws {
        try onMain {
            let xml = """
                <interface>
                  <object class="GtkBox" id="root">
                    <property name="orientation">vertical</property>
                    <property name="margin-top">16</property><property name="margin-bottom">16</property>
                    <property name="margin-start">16</property><property name="margin-end">16</property>
                    <child><object class="UnfoldRevealGroup" id="collection">
                      <property name="title">Collection</property>
                      <child><object class="GtkBox"><property name="orientation">vertical</property><property name="spacing">8</property>
                        <child><object class="UnfoldRevealGroup" id="shapes">
                          <property name="title">Shapes</property>
                          <child><object class="GtkBox"><property name="orientation">vertical</property><property name="spacing">8</property>
                            <child><object class="GtkLabel"><property name="label">Circle</property><property name="xalign">0</property></object></child>
                            <child><object class="GtkLabel"><property name="label">Square</property><property name="xalign">0</property></object></child>
                          </object></child>
                        </object></child>
                        <child><object class="GtkLabel"><property name="label">Palette</property><property name="xalign">0</property></object></child>
                      </object></child>
                    </object></child>
                    <child><object class="GtkLabel" id="following">
                      <property name="label">Following item</property><property name="xalign">0</property>
                      <property name="margin-top">8</property><property name="margin-bottom">8</property>
                    </object></child>
                  </object>
                </interface>
                """
            UnfoldTypes.register()
            let builder = try Builder(xml: xml)
            let built = builder.takeWidget("root")
            let code = RevealPage(nodes: OutlineNode.sample)
            let both = Widgets.box(GTK_ORIENTATION_HORIZONTAL)
            gtk_box_set_homogeneous(gCast(both), 1)
            let builtScroller = Widgets.verticalScroller(built, label: "built")
            for child in [builtScroller, code.widget] {
                gtk_widget_set_hexpand(child, 1)
                Widgets.append(child, to: both)
            }
            let window = TestWindow(child: both, width: 800, height: 500)
            defer { window.destroy() }
            AnimationSettings.setAnimationsEnabled(false)
            let builtCollection: WidgetPointer = gCast(builder.object("collection")!)
            let builtShapes: WidgetPointer = gCast(builder.object("shapes")!)
            let following: WidgetPointer = gCast(builder.object("following")!)
            @MainActor func positions() -> [Double] {
                [top(of: following, in: window.window), top(of: builtShapes, in: window.window)]
            }
            @MainActor func codePositions() -> [Double] {
                [top(of: code.followingItem, in: window.window), top(of: code.shapes.widget, in: window.window)]
            }
            for (collection, shapes) in [(true, false), (true, true), (false, true), (true, true)] {
                Self.write(builtCollection, "expanded", .boolean(collection))
                Self.write(builtShapes, "expanded", .boolean(shapes))
                code.collection.setExpanded(collection)
                code.shapes.setExpanded(shapes)
                window.waitForFrames(2)
                XCTAssertEqual(positions(), codePositions(), "Collection \(collection), Shapes \(shapes)")
            }
        }
    }
}

/// Measures itself in its init, before its Swift half is in place.
@MainActor
final class MeasuresItselfWhileMade: WidgetImplementation {
    static let height: Int32 = 99
    static var measuredWhileMade: Int32?

    override class var typeDescription: WidgetClassDescription {
        WidgetClassDescription(typeName: "UnfoldTestMeasuresItselfWhileMade", cssName: "probe")
    }

    required init(widget: WidgetPointer) {
        var natural: Int32 = -1
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
        Self.measuredWhileMade = natural
        super.init(widget: widget)
    }

    override func measure(_ orientation: GtkOrientation, forSize: Int32) -> UnfoldGtk.Measurement {
        UnfoldGtk.Measurement(minimum: Self.height, natural: Self.height)
    }
}
