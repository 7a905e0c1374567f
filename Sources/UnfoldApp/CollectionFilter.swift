// SPDX-License-Identifier: GPL-3.0-or-later
import UnfoldGtk
import UnfoldCore

/// The Collection page's filtering, between the page and a `FilterWorker`.
///
/// A filter whose result is known, or whose scan is small, is settled at once;
/// a longer scan runs on the worker's thread while the main thread keeps
/// drawing. Either way the page hears of a result at the start of the next
/// frame, once (typing "b" over "a" passes through an empty entry nobody should
/// see), and only of the newest filter's: a report from an older request is
/// dropped when it reaches the main thread.
@MainActor
final class CollectionFilter {
    /// Scans that go through fewer positions than this run on the main thread:
    /// well under a millisecond, less than a hop to another thread costs.
    static let inlineLimit = 20_000
    /// Scans that read fewer bytes of titles than this (about ten ms on this
    /// machine's two cores, at 7–8 GB/s) are waited for at the next frame,
    /// up to `briefWait`, a frame's period: that frame then shows the result,
    /// instead of a frame saying it is filtering and the result a frame
    /// later. Under a software renderer a frame costs 20–40 ms, so a frame
    /// drawn to say "Filtering…" delays the result by more than the wait
    /// would. The scan's cost is its bytes, not its labels: a million of
    /// Debian's package descriptions are four times a million short titles.
    static let briefScanBytes = 80 << 20
    static var briefWait: UInt64 = 16_000_000
    /// Given to each worker made from now on (see `FilterWorker`'s
    /// `afterStep`): where a test holds a scan part way through, instead of
    /// hoping the machine is slow enough to show its frames.
    static var afterScanStep: (@Sendable (_ generation: Int, _ examined: Int) -> Void)?

    private(set) var filter = LabelFilter()
    private var worker: FilterWorker!
    /// The newest request made to the worker; reports of older ones are dropped.
    private var awaited: Int?
    /// How far the awaited scan has got, once it has said.
    private(set) var progress: Double?
    /// A settled result the page has yet to take, and the filter it is for.
    private var pending: (filter: LabelFilter, indices: LabelSet)?
    /// Whether the next frame waits briefly for the awaited scan.
    private var waitsBriefly = false
    private var atNextFrame: NextFrameAction!

    /// At the start of a frame: there is a new result (`visibleIndices`), or a
    /// scan under way has progressed (`progress`).
    var onResult: (@MainActor (LabelSet) -> Void)?
    var onProgress: (@MainActor (Double) -> Void)?
    /// Sees each result as it reaches the page, with its filter (tests).
    var observeDelivery: (@MainActor (LabelFilter, LabelSet) -> Void)?

    /// `widget` gives the frames; off screen, results are taken at once.
    init(collection: LabelCollection, widget: WidgetPointer) {
        atNextFrame = NextFrameAction(widget) { [unowned self] in self.deliver() }
        worker = makeWorker(collection)
    }

    var collection: LabelCollection { worker.collection }

    /// Whether the worker is scanning for the current filter.
    var isFiltering: Bool { awaited != nil }
    /// Whether a result or progress waits for the next frame.
    var isDeliveryPending: Bool { atNextFrame.isPending }
    /// The current filter's result, once it is known.
    var visibleIndices: LabelSet? { worker.known(filter) }

    func set(_ newFilter: LabelFilter) {
        guard newFilter != filter else { return }
        filter = newFilter
        request()
    }

    /// Filters another collection (the one that finished loading).
    func replaceCollection(_ collection: LabelCollection) {
        worker.cancelAll()
        worker = makeWorker(collection)
        request()
    }

    /// Asks for the current filter's result again (the first time).
    func refresh() { request() }

    /// Off screen now: whatever waits for a frame is taken at once.
    func flush() { atNextFrame.flush() }

    func cancel() {
        worker.cancelAll()
        awaited = nil
        atNextFrame.cancel()
    }

    private func request() {
        progress = nil
        waitsBriefly = false
        if let known = worker.known(filter) {
            return settle(known, for: filter)
        }
        let work = worker.workFor(filter)
        if work < Self.inlineLimit {
            return settle(worker.filterNow(filter), for: filter)
        }
        awaited = worker.submit(filter)
        waitsBriefly = work * (collection.searchedBytes / max(collection.count, 1) + 1) < Self.briefScanBytes
        // The first frame shows that a scan is under way (unless it is brief
        // enough to wait for).
        pending = nil
        progress = 0
        atNextFrame.schedule()
    }

    private func settle(_ indices: LabelSet, for filter: LabelFilter) {
        awaited = nil
        pending = (filter, indices)
        atNextFrame.schedule()
    }

    /// On the main thread: a report from the worker.
    private func take(_ event: FilterWorker.Event, from worker: FilterWorker) {
        guard worker === self.worker else { return }
        switch event {
        case .progress(let generation, let fraction) where generation == awaited:
            progress = fraction
            atNextFrame.schedule()
        case .finished(let generation, let filter, let indices) where generation == awaited:
            settle(indices, for: filter)
        default:
            break  // an older request's: its filter is no longer asked for
        }
    }

    private func deliver() {
        if pending == nil, waitsBriefly, let awaited,
           let result = worker.waitForResult(of: awaited, timeout: Self.briefWait) {
            // Its report, still on its way, finds nothing awaited.
            self.awaited = nil
            pending = result
        }
        waitsBriefly = false
        if let pending {
            self.pending = nil
            // Every change of filter replaces or drops what was pending.
            assert(pending.filter == filter, "a result reaches the page only for the current filter")
            observeDelivery?(pending.filter, pending.indices)
            onResult?(pending.indices)
        } else if let progress, isFiltering {
            onProgress?(progress)
        }
    }

    private func makeWorker(_ collection: LabelCollection) -> FilterWorker {
        // The worker reports on its thread; the main thread learns of it at its
        // loop's next turn and checks it still cares.
        let box = WorkerBox()
        let worker = FilterWorker(collection: collection, report: { event in
            MainThread.post {
                guard let worker = box.worker, let owner = box.owner else { return }
                owner.take(event, from: worker)
            }
        }, afterStep: Self.afterScanStep)
        box.worker = worker
        box.owner = self
        return worker
    }
}

/// Who hears a worker's reports: set once on the main thread, read there only.
private final class WorkerBox: @unchecked Sendable {
    weak var worker: FilterWorker?
    @MainActor weak var owner: CollectionFilter?
}
