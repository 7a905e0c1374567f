// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
@testable import UnfoldCore
import XCTest

/// The one filter rule and its change rule, and filtering on a worker thread.
final class FilterChangeTests: XCTestCase {
    func testEachCriterionSaysHowItChanged() {
        let a = LabelFilter(query: "am"), tiles = LabelFilter(query: "am", tilesOnly: true)
        XCTAssertEqual(a.change(from: a), .same)
        XCTAssertEqual(LabelFilter(query: "AM").change(from: a), .same, "queries compare folded")
        XCTAssertNotEqual(LabelFilter(query: "AM"), a, "but they are written differently: the entry shows which")
        XCTAssertEqual(LabelFilter(query: "amb").change(from: a), .moreStrict)
        XCTAssertEqual(LabelFilter(query: "xamy").change(from: a), .moreStrict, "any query containing the old one")
        XCTAssertEqual(LabelFilter(query: "a").change(from: a), .lessStrict)
        XCTAssertEqual(LabelFilter(query: "b").change(from: a), .different)
        XCTAssertEqual(tiles.change(from: a), .moreStrict)
        XCTAssertEqual(a.change(from: tiles), .lessStrict)
        XCTAssertEqual(LabelFilter(query: "amb", tilesOnly: true).change(from: a), .moreStrict)
        XCTAssertEqual(LabelFilter(query: "a", tilesOnly: false).change(from: tiles), .lessStrict)
        XCTAssertEqual(LabelFilter(query: "a", tilesOnly: true).change(from: a), .different, "looser query, stricter toggle")
    }

    /// The change rule is what refinement trusts: over random filters, whenever
    /// it says stricter, the new result is inside the old; less strict, around it.
    func testTheChangeRuleAgreesWithTheMatchRule() {
        let labels = LabelCollection.synthetic(count: 2_000, seed: 21)
        var random = SplitMix64(seed: 9)
        let pieces = ["a", "m", "b", "er", " ", "1", "ti", "é", "SS", "İ", "ł", "e"]
        func randomFilter() -> LabelFilter {
            var query = ""
            for _ in 0..<Int(random.next() % 4) { query += pieces[Int(random.next() % UInt64(pieces.count))] }
            return LabelFilter(query: query, tilesOnly: random.next() % 2 == 0)
        }
        for _ in 0..<600 {
            let old = randomFilter(), new = randomFilter()
            let before = Set(labels.records.filter(old.matches).map(\.id))
            let after = Set(labels.records.filter(new.matches).map(\.id))
            switch new.change(from: old) {
            case .same: XCTAssertEqual(after, before, "\(old) → \(new)")
            case .moreStrict: XCTAssertTrue(after.isSubset(of: before), "\(old) → \(new)")
            case .lessStrict: XCTAssertTrue(after.isSuperset(of: before), "\(old) → \(new)")
            case .different: break
            }
        }
    }

    /// A wider query that is not a recent result reads every title again:
    /// the scan finds what the narrower one found as cheaply as it would step
    /// over it, and the result holds it.
    func testALessStrictFilterReadsEveryTitleAndKeepsWhatTheOldOneFound() {
        let labels = LabelCollection.synthetic(count: 20_000, seed: 4)
        // A session that only knows the narrow result.
        var session = FilterSession(collection: labels)
        let narrow = session.visibleIDs(LabelFilter(query: "amber t"))
        let wide = session.visibleIDs(LabelFilter(query: "amber"))
        XCTAssertEqual(session.examined, 20_000, "every title read once")
        XCTAssertTrue(Set(narrow).isSubset(of: wide))
        XCTAssertEqual(wide, labels.records.filter(LabelFilter(query: "amber").matches).map(\.id))
    }
}

final class FilterWorkerTests: XCTestCase {
    /// Collects what a worker reports, from its thread.
    final class Reports: Sendable {
        private let events = Mutex<[FilterWorker.Event]>([])
        func append(_ event: FilterWorker.Event) { events.withLock { $0.append(event) } }
        var all: [FilterWorker.Event] { events.withLock { $0 } }
        var finished: [(generation: Int, filter: LabelFilter, indices: LabelSet)] {
            all.compactMap { if case .finished(let g, let f, let i) = $0 { (g, f, i) } else { nil } }
        }
    }

    static let big = LabelCollection.synthetic(count: 1_000_000, seed: 77)

    func testANewerRequestCancelsTheOneUnderWay() {
        let reports = Reports()
        // The first scan is held after its first step until the second request
        // is made: part way through on any machine, fast or loaded.
        let underWay = DispatchSemaphore(value: 0), asked = DispatchSemaphore(value: 0)
        let held = Atomic<Bool>(false)
        let worker = FilterWorker(collection: Self.big, report: { reports.append($0) }, afterStep: { _, _ in
            if !held.exchange(true, ordering: .sequentiallyConsistent) {
                underWay.signal()
                asked.wait()
            }
        })
        let first = worker.submit(LabelFilter(query: "e"))
        underWay.wait()
        let second = worker.submit(LabelFilter(query: "ru"))
        asked.signal()
        worker.waitUntilIdle()
        let finished = reports.finished
        XCTAssertEqual(finished.map(\.generation), [second], "only the newest request finishes")
        let cancelled = reports.all.compactMap { if case .cancelled(let g, let examined) = $0 { (g, examined) } else { nil } }
        XCTAssertEqual(cancelled.map(\.0), [first])
        XCTAssertEqual(cancelled.first?.1, FilterWorker.step, "it stopped at the first look after being told, a step in")
        XCTAssertEqual(finished.first.map { Array($0.indices) }, Self.big.records.indices.filter { LabelFilter(query: "ru").matches(Self.big.records[$0]) })
    }

    /// The first report once a scan is waited for (a fifth of a second);
    /// then ten a second, not sixty: each one repaints the window, which
    /// takes CPU from the scan.
    func testProgressIsToldOnceWaitedForThenTenTimesASecond() {
        XCTAssertFalse(FilterWorker.progressIsDue(sinceLast: 199_000_000, reportsSoFar: 0))
        XCTAssertTrue(FilterWorker.progressIsDue(sinceLast: 200_000_000, reportsSoFar: 0))
        XCTAssertFalse(FilterWorker.progressIsDue(sinceLast: 16_000_000, reportsSoFar: 1))
        XCTAssertFalse(FilterWorker.progressIsDue(sinceLast: 99_000_000, reportsSoFar: 3))
        XCTAssertTrue(FilterWorker.progressIsDue(sinceLast: 100_000_000, reportsSoFar: 3))
    }

    /// A receiver may wait for a request's result: it gets that request's,
    /// never another's, and nothing once the time is up.
    func testWaitingForAResultGetsThatRequestsOrNothing() {
        let reports = Reports()
        let worker = FilterWorker(collection: Self.big) { reports.append($0) }
        let filter = LabelFilter(query: "ru")
        let generation = worker.submit(filter)
        let result = worker.waitForResult(of: generation, timeout: 600_000_000_000)
        XCTAssertEqual(result?.filter, filter)
        XCTAssertEqual(result.map { Array($0.indices) }, Self.big.records.indices.filter { filter.matches(Self.big.records[$0]) })
        XCTAssertNil(worker.waitForResult(of: generation + 1, timeout: 1_000_000), "a request never made finishes never")
        worker.waitUntilIdle()
        XCTAssertEqual(worker.waitForResult(of: generation, timeout: 0)?.filter, filter, "a finished result stays until the next")
    }

    func testALongScanReportsProgressInOrder() {
        let reports = Reports()
        let worker = FilterWorker(collection: Self.big) { reports.append($0) }
        worker.submit(LabelFilter(query: "zzz"))
        worker.waitUntilIdle()
        let fractions = reports.all.compactMap { if case .progress(_, let f) = $0 { f } else { nil } }
        XCTAssertEqual(fractions, fractions.sorted())
        XCTAssertTrue(fractions.allSatisfy { $0 > 0 && $0 < 1 })
        guard case .finished(_, _, let indices) = reports.all.last else { return XCTFail("the last report is the result") }
        XCTAssertEqual(Array(indices), [])
    }

    /// Keys faster than any scan: every request but the last may give way, the
    /// results that do come are in request order and each is right for its own
    /// filter, and the last request always gets its result.
    func testATypingStormEndsWithTheLastQuerysRows() {
        let reports = Reports()
        let worker = FilterWorker(collection: Self.big) { reports.append($0) }
        var random = SplitMix64(seed: 12)
        var query = ""
        var asked: [Int: LabelFilter] = [:]
        var last = 0
        for _ in 0..<150 {
            if query.count > 3 || (random.next() % 3 == 0 && !query.isEmpty) { query.removeLast() } else {
                query += ["a", "e", "m", "r", "1", " ", "t"][Int(random.next() % 7)]
            }
            let filter = LabelFilter(query: query, tilesOnly: random.next() % 5 == 0)
            last = worker.submit(filter)
            asked[last] = filter
            if random.next() % 4 == 0 { usleep(UInt32(random.next() % 3_000)) }
        }
        worker.waitUntilIdle()
        let finished = reports.finished
        XCTAssertEqual(finished.map(\.generation), finished.map(\.generation).sorted(), "results come in request order")
        XCTAssertEqual(finished.last?.generation, last, "the last request is answered")
        for result in finished {
            XCTAssertEqual(result.filter, asked[result.generation])
        }
        // Checking every result against a full scan is slow in a debug build: the last and two others.
        for result in [finished.first, finished.dropLast().last, finished.last].compactMap({ $0 }) {
            let filter = result.filter
            XCTAssertEqual(Array(result.indices), Self.big.records.indices.filter { filter.matches(Self.big.records[$0]) }, "\(filter)")
        }
    }

    func testWhatIsKnownIsAnsweredWithoutAScan() {
        let worker = FilterWorker(collection: .synthetic(count: 50_000, seed: 1)) { _ in }
        let filter = LabelFilter(query: "amber t")
        XCTAssertNil(worker.known(filter))
        XCTAssertEqual(worker.workFor(filter), 50_000)
        let now = worker.filterNow(filter)
        XCTAssertEqual(worker.known(filter), now)
        XCTAssertEqual(worker.workFor(filter), 0)
        XCTAssertLessThanOrEqual(now.count, 50_000 / FilterPass.membersTestedOneByOne, "(few labels are amber tiles)")
        XCTAssertEqual(worker.workFor(LabelFilter(query: "amber ti")), now.count, "a stricter filter tests the few left")
    }
}
