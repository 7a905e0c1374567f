// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldGtkTestSupport
@testable import UnfoldApp
import UnfoldCore
import UnfoldWidgets
import XCTest

/// Ten thousand groups and ten thousand rows come and go, mapped, animating and
/// laid out in a real window; afterwards nothing of ours is alive: no instance of
/// our GTypes (counted at finalize), no Swift widget state, no signal or tick
/// closure held by GLib, no row.
final class LeakTests: GtkTestCase {
    func testTenThousandRevealGroupsLeaveNothingBehind() {
        onMain {
            let window = TestWindow(child: Widgets.label("empty"))
            defer { window.destroy() }
            let before = Census.now()
            let createdBefore = InstanceLedger.created, finalizedBefore = InstanceLedger.finalized
            let rootsFinalized = FinalizationCounter()
            var random = SplitMix64(seed: 10_000)
            for _ in 0..<100 {
                let column = Widgets.box(GTK_ORIENTATION_VERTICAL)
                for index in 0..<100 {
                    let inner = RevealGroup.make(title: "Inner \(index)", children: [Widgets.label("Leaf")])
                    let group = RevealGroup.make(title: "Group \(index)", children: [Widgets.label("Content"), inner.widget])
                    rootsFinalized.watch(group.widget)
                    Widgets.append(group.widget, to: column)
                    // Some open at once, some open and close again: tick callbacks run.
                    switch random.next() % 3 {
                    case 0: group.toggle()
                    case 1: group.toggle(); inner.toggle()
                    default: break
                    }
                }
                let scrolled = gtk_scrolled_window_new()!
                gtk_scrolled_window_set_child(gCast(scrolled), column)
                gtk_window_set_child(gCast(window.window), scrolled)
                window.waitForFrames(2)  // mapped, laid out, mid-animation
                gtk_window_set_child(gCast(window.window), nil)
            }
            iterate(until: { rootsFinalized.count >= 10_000 && Census.now() == before })
            XCTAssertEqual(rootsFinalized.count, 10_000, "every group's root widget was finalized")
            let created = InstanceLedger.created - createdBefore
            let finalized = InstanceLedger.finalized - finalizedBefore
            print("reveal groups: 10000 made and dropped; GObjects of ours created \(created), finalized \(finalized)")
            XCTAssertEqual(created, 20_000 * 3, "a group, its Reveal and its Chevron per group, nested groups included")
            XCTAssertEqual(finalized, created)
            XCTAssertEqual(Census.now(), before)
        }
    }

    func testTenThousandCollectionRowsLeaveNothingBehind() {
        onMain {
            let before = Census.now()
            let rowsBefore = LabelRow.created
            let createdBefore = InstanceLedger.created, finalizedBefore = InstanceLedger.finalized
            do {
                let page = CollectionPage(collection: .synthetic(count: 20_000, seed: 3))
                let window = TestWindow(child: page.widget, width: 600, height: 900)
                settle(page)
                let scrolled = gtk_widget_get_ancestor(page.list.widget, gtk_scrolled_window_get_type())!
                let adjustment = gtk_scrolled_window_get_vadjustment(gCast(scrolled))!
                // Page after page: every row that scrolls out goes, every one that
                // scrolls in is made. Filter edits on the way make rows that fade.
                var step = 0
                while LabelRow.created - rowsBefore < 10_000 {
                    step += 1
                    if step % 50 == 0 {
                        type(step % 100 == 0 ? "" : "a", into: page)
                    }
                    let next = gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
                    let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
                    gtk_adjustment_set_value(adjustment, next > end ? 0 : next)
                    window.waitForFrames(1)
                }
                settle(page)
                XCTAssertLessThan(LabelRow.live, 60, "only the rows in view were alive")
                window.destroy()
            }
            iterate(until: { Census.now() == before && InstanceLedger.finalized - finalizedBefore >= InstanceLedger.created - createdBefore })
            let rows = LabelRow.created - rowsBefore
            let created = InstanceLedger.created - createdBefore
            let finalized = InstanceLedger.finalized - finalizedBefore
            print("collection rows: \(rows) made and dropped; GObjects of ours created \(created), finalized \(finalized)")
            XCTAssertGreaterThanOrEqual(rows, 10_000)
            XCTAssertEqual(finalized, created)
            XCTAssertEqual(Census.now(), before)
        }
    }
}

/// What must come back to where it was.
struct Census: Equatable, CustomStringConvertible {
    var instances, implementations, closures, ticks, rows: Int

    @MainActor static func now() -> Census {
        Census(instances: InstanceLedger.live, implementations: ImplementationLedger.live,
               closures: ClosureLedger.live, ticks: TickLedger.live, rows: LabelRow.live)
    }

    var description: String {
        "\(instances) GObjects of ours, \(implementations) Swift implementations, \(closures) closures, \(ticks) tick callbacks, \(rows) rows"
    }
}
