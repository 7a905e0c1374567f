// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization
import UnfoldGtk
import UnfoldCore

/// Loads a launch's labels on a worker thread, so that the window is up and
/// drawing while a big file or a slow pipe is read, and reports to the main
/// thread. The worker never touches GTK; a load that is cancelled (its window
/// closed) stops within a tenth of a second and reports nothing more.
@MainActor
public final class LabelsLoad {
    /// Where the labels come from.
    public enum Origin: Sendable {
        case file(LabelsSource)
        case synthetic(count: Int)
    }

    /// How far a load has got.
    public enum Progress: Sendable, Equatable {
        /// A stream whose writer has not written anything yet.
        case waiting
        /// Bytes read so far, of the file's size when it is known.
        case reading(bytes: Int, of: Int?)
        /// The fraction of the bytes parsed.
        case parsing(fraction: Double)
    }

    public let origin: Origin
    /// Where a regular file is, in full (what Open Recent reopens); nil for a
    /// stream or generated labels.
    public let path: String?
    private let flag = CancellationFlag()

    public init(_ origin: Origin, path: String? = nil) {
        self.origin = origin
        if case .file(let source) = origin, source.size != nil { self.path = path } else { self.path = nil }
    }

    /// How the labels are named in messages: a file as the user wrote it.
    public var name: String {
        switch origin {
        case .file(let source): source.name
        case .synthetic(let count): fill(ntr("{count} generated label", "{count} generated labels", count), ["count": formatted(count)])
        }
    }

    /// How a window showing them is titled: a regular file by its own name
    /// ("countries.tsv", not "../data/countries.tsv"); a stream as it was
    /// given (a FIFO's path, `/dev/fd/63` for `<(command)`).
    public var title: String {
        guard case .file(let source) = origin, source.size != nil, !source.name.hasSuffix("/") else { return name }
        return Self.fileName(of: source.name)
    }

    /// The last part of `path`: how a window names the file it shows.
    static func fileName(of path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    public var isCancelled: Bool { flag.isSet }

    /// Starts the worker. `progress` and then `finish` (once) are called on the
    /// main thread, unless the load is cancelled first.
    public func start(progress: @escaping @Sendable @MainActor (Progress) -> Void,
                      finish: @escaping @Sendable @MainActor (Result<LabelCollection, LabelsFile.Failure>) -> Void) {
        let origin = self.origin, flag = self.flag
        WorkerThread.start(named: "unfold-labels-load") {
            let reporter = ProgressReporter(flag: flag, deliver: progress)
            let result = Self.load(origin, reporter: reporter, flag: flag)
            MainThread.post { if !flag.isSet { finish(result) } }
        }
    }

    public func cancel() { flag.set() }

    private nonisolated static func load(_ origin: Origin, reporter: ProgressReporter,
                                         flag: CancellationFlag) -> Result<LabelCollection, LabelsFile.Failure> {
        switch origin {
        case .synthetic(let count):
            // Made, not read: the whole load is the "parsing" part.
            guard let collection = LabelCollection.synthetic(count: count, progress: { reporter.report(.parsing(fraction: $0)) },
                                                             isCancelled: { flag.isSet }) else {
                return .failure(LabelsFile.Failure(path: "", location: nil, problem: LabelsFile.stopped))  // never reported: cancelled
            }
            return .success(collection)
        case .file(let source):
            do throws(LabelsFile.Failure) {
                return .success(try LabelsFile.load(source, reading: { reporter.report($0 == .waiting ? .waiting : .init($0)) },
                                                    parsing: { reporter.report(.parsing(fraction: $0)) },
                                                    isCancelled: { flag.isSet }))
            } catch {
                return .failure(error)
            }
        }
    }
}

extension LabelsFile.Failure {
    /// The failure as the user's terminal shows it: its place as it is, what
    /// is wrong in the user's language (UnfoldCore keeps it as a template and
    /// values, having no gettext of its own).
    public var translated: String { description(translatedBy: tr) }
}

extension LabelsLoad.Progress {
    init(_ reading: LabelsSource.Progress) {
        switch reading {
        case .waiting: self = .waiting
        case .reading(let bytes, let size): self = .reading(bytes: bytes, of: size)
        }
    }
}

/// Passes a worker's progress to the main thread, at most every 50 ms (a frame
/// or three): more would only queue work for the main loop.
private final class ProgressReporter: @unchecked Sendable {
    private let flag: CancellationFlag
    private let deliver: @Sendable @MainActor (LabelsLoad.Progress) -> Void
    private var last = 0
    private var lastProgress: LabelsLoad.Progress?

    init(flag: CancellationFlag, deliver: @escaping @Sendable @MainActor (LabelsLoad.Progress) -> Void) {
        self.flag = flag
        self.deliver = deliver
    }

    /// Called on the worker only.
    func report(_ progress: LabelsLoad.Progress) {
        let now = g_get_monotonic_time()  // µs
        // A change of kind (waiting, then reading) is always told.
        let sameKind = lastProgress.map { Self.kind($0) == Self.kind(progress) } ?? false
        guard !sameKind || now - last >= 50_000 else { return }
        last = now
        lastProgress = progress
        let flag = self.flag, deliver = self.deliver
        MainThread.post { if !flag.isSet { deliver(progress) } }
    }

    private static func kind(_ progress: LabelsLoad.Progress) -> Int {
        switch progress {
        case .waiting: 0
        case .reading: 1
        case .parsing: 2
        }
    }
}

/// A flag one thread sets and others read.
final class CancellationFlag: Sendable {
    private let value = Atomic(false)

    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
