// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Synchronization

/// Filters a collection off the caller's thread: each request gets a
/// generation number; the scan runs on a background queue (the second core),
/// in steps, and stops as soon as a newer request comes. What it reports goes
/// to `report`, on the worker's thread: the receiver takes it to its own
/// thread and drops anything older than the last request it made.
///
/// Nothing here knows about GTK: the app's side is `CollectionFilter`.
public final class FilterWorker: Sendable {
    public enum Event: Sendable {
        /// A scan waited for is this far through (0–1): see `progressIsDue`.
        case progress(generation: Int, fraction: Double)
        /// The result of a request: the positions of the labels it lets through.
        case finished(generation: Int, filter: LabelFilter, indices: LabelSet)
        /// A request gave way to a newer one after going through this many positions.
        case cancelled(generation: Int, examined: Int)
    }

    /// Positions examined between two looks at whether the request is still
    /// the newest: a few milliseconds of scanning, long enough to be split
    /// between the two cores (see `FilterPass.runScannedOnTwoCores`).
    static let step = 262_144
    /// A scan says how far it has got once it has lasted long enough to be
    /// waited for (a fifth of a second), then ten times a second. Its first
    /// frame already says it is filtering; each report repaints the window,
    /// and with GL drawn on the CPU (llvmpipe) a repaint takes tens of ms of
    /// the CPU the scan needs: reports every frame made a 10M-label scan
    /// twice as long.
    static let firstProgress: UInt64 = 200_000_000
    static let progressInterval: UInt64 = 100_000_000

    /// Whether a scan that last reported `sinceLast` ns ago (or started then,
    /// when it has not reported yet) reports now.
    public static func progressIsDue(sinceLast: UInt64, reportsSoFar: Int) -> Bool {
        sinceLast >= (reportsSoFar == 0 ? firstProgress : progressInterval)
    }

    private let session: Mutex<FilterSession>
    private let newest = Atomic<Int>(0)
    /// The last result finished, for a receiver that waits for it
    /// (`waitForResult`), and a signal at each.
    private let lastFinished = Mutex<(generation: Int, filter: LabelFilter, indices: LabelSet)?>(nil)
    private let finishing = DispatchSemaphore(value: 0)
    private let queue = DispatchQueue(label: "unfold.filter", qos: .userInitiated)
    private let report: @Sendable (Event) -> Void
    /// Called on the worker's thread after each step of a scan, before it
    /// looks whether its request is still the newest: where a test holds a
    /// scan part way through, instead of hoping the machine is slow enough.
    private let afterStep: (@Sendable (_ generation: Int, _ examined: Int) -> Void)?

    public convenience init(collection: LabelCollection, report: @escaping @Sendable (Event) -> Void) {
        self.init(collection: collection, report: report, afterStep: nil)
    }

    package init(collection: LabelCollection, report: @escaping @Sendable (Event) -> Void,
                 afterStep: (@Sendable (_ generation: Int, _ examined: Int) -> Void)?) {
        session = Mutex(FilterSession(collection: collection))
        self.report = report
        self.afterStep = afterStep
    }

    public var collection: LabelCollection { session.withLock { $0.collection } }

    /// The result of `filter` if it is known without a scan (the last one, or a recent one).
    public func known(_ filter: LabelFilter) -> LabelSet? {
        session.withLock { $0.cachedIndices(filter) }
    }

    /// How many positions a pass for `filter` would go through now: 0 when the
    /// result is known.
    public func workFor(_ filter: LabelFilter) -> Int {
        session.withLock { $0.start(filter).total }
    }

    /// Filters at once, on the calling thread (for work too small to be worth
    /// a thread hop). Cancels whatever is under way.
    public func filterNow(_ filter: LabelFilter) -> LabelSet {
        newest.add(1, ordering: .sequentiallyConsistent)
        return session.withLock { $0.visibleIndices(filter) }
    }

    /// Starts filtering in the background; returns the request's generation.
    /// Any request under way stops at its next step.
    @discardableResult
    public func submit(_ filter: LabelFilter) -> Int {
        let generation = newest.add(1, ordering: .sequentiallyConsistent).newValue
        queue.async { [self] in run(filter, generation: generation) }
        return generation
    }

    /// Stops whatever is under way (the receiver is going away).
    public func cancelAll() {
        newest.add(1, ordering: .sequentiallyConsistent)
    }

    /// Waits until every request made so far has finished or given way (tests).
    public func waitUntilIdle() {
        queue.sync {}
    }

    private func isCurrent(_ generation: Int) -> Bool {
        newest.load(ordering: .sequentiallyConsistent) == generation
    }

    private func run(_ filter: LabelFilter, generation: Int) {
        guard isCurrent(generation) else { return report(.cancelled(generation: generation, examined: 0)) }
        var pass = session.withLock { $0.start(filter) }
        var lastReport = DispatchTime.now().uptimeNanoseconds
        var reports = 0
        while !pass.isDone {
            pass.run(upTo: Self.step)
            afterStep?(generation, pass.examined)
            guard isCurrent(generation) else {
                return report(.cancelled(generation: generation, examined: pass.examined))
            }
            let now = DispatchTime.now().uptimeNanoseconds
            if Self.progressIsDue(sinceLast: now - lastReport, reportsSoFar: reports), !pass.isDone {
                lastReport = now
                reports += 1
                report(.progress(generation: generation, fraction: pass.fractionDone))
            }
        }
        // A finished result is right for its filter even if a newer request
        // came meanwhile: the session keeps it to refine from.
        let indices = session.withLock { $0.finish(pass) }
        lastFinished.withLock { $0 = (generation, filter, indices) }
        finishing.signal()
        report(.finished(generation: generation, filter: filter, indices: indices))
    }

    /// Waits up to `timeout` ns for the request `generation` to finish, and
    /// returns its result if it did (it is also reported, as always). For a
    /// receiver that would rather show a short scan's result than a frame
    /// saying it is filtering.
    public func waitForResult(of generation: Int, timeout: UInt64) -> (filter: LabelFilter, indices: LabelSet)? {
        let deadline = DispatchTime.now() + .nanoseconds(Int(timeout))
        while true {
            if let last = lastFinished.withLock({ $0 }), last.generation == generation { return (last.filter, last.indices) }
            // Each finish signals once, waited for or not: a signal left from
            // an earlier one only makes this look again.
            guard finishing.wait(timeout: deadline) == .success else {
                return lastFinished.withLock { $0 }.flatMap { $0.generation == generation ? ($0.filter, $0.indices) : nil }
            }
        }
    }
}
