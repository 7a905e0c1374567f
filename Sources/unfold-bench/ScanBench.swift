// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import UnfoldCore

/// The filter's scan alone, off screen, on both cores as the app runs it:
/// each query from a fresh session, so every one reads every title (the
/// first key of a wide query, a query that matches every label, one that
/// matches none). Its cost is set beside the machine's memory bandwidth, the
/// limit of any scan.
enum ScanBench {
    /// Wide, narrow, non-ASCII, matching every synthetic title (they all have
    /// a space), matching none.
    static let queries = ["a", "amber", "ß", " ", "qqq"]

    /// Wall milliseconds per query, and the bytes it read per millisecond;
    /// apart, the query that matches every label (its result is the most
    /// to write).
    static func perQuery(_ collection: LabelCollection, rounds: Int)
        -> (milliseconds: [Double], bytesPerMillisecond: [Double], matchingEvery: [Double]) {
        var milliseconds: [Double] = [], rates: [Double] = [], matchingEvery: [Double] = []
        for _ in 0..<rounds {
            for query in queries {
                var session = FilterSession(collection: collection)
                let start = monotonicMilliseconds()
                let found = session.visibleIndices(LabelFilter(query: query))
                let elapsed = monotonicMilliseconds() - start
                precondition(query != " " || found.count == collection.count, "every synthetic title has a space")
                milliseconds.append(elapsed)
                rates.append(Double(collection.searchedBytes) / elapsed)
                if query == " " { matchingEvery.append(elapsed) }
            }
        }
        return (milliseconds, rates, matchingEvery)
    }

    /// Wall milliseconds of a deletion: "a" after "am", which keeps what "am"
    /// found and looks again at every other label.
    static func deletion(_ collection: LabelCollection, rounds: Int) -> [Double] {
        (0..<rounds).map { _ in
            var session = FilterSession(collection: collection)
            _ = session.visibleIndices(LabelFilter(query: "am"))
            let start = monotonicMilliseconds()
            _ = session.visibleIndices(LabelFilter(query: "a"))
            return monotonicMilliseconds() - start
        }
    }

    /// The labels `ScriptsBench.write` puts in a file, built in memory.
    static func collection(of corpus: ScriptsBench.Corpus, count: Int) -> LabelCollection {
        var builder = LabelCollection.Builder()
        for index in 0..<count {
            let copy = index / corpus.titles.count
            let source = corpus.titles[index % corpus.titles.count]
            builder.append(id: index + 1, title: copy == 0 ? source : "\(source) \(copy)", category: index % 2 == 0 ? .tile : .dot)
        }
        return try! LabelCollection(builder)  // IDs 1...count are unique
    }

    /// Wall milliseconds per query of the characters typed into `corpus`
    /// (each from a fresh session), and the bytes each read per millisecond.
    static func perQuery(_ collection: LabelCollection, typedInto corpus: ScriptsBench.Corpus, rounds: Int)
        -> (milliseconds: [Double], bytesPerMillisecond: [Double]) {
        let queries = corpus.keys.filter { $0 != "BackSpace" }.map { $0 == "space" ? " " : $0 }
        var milliseconds: [Double] = [], rates: [Double] = []
        for _ in 0..<rounds {
            for query in queries {
                var session = FilterSession(collection: collection)
                let start = monotonicMilliseconds()
                _ = session.visibleIndices(LabelFilter(query: query))
                let elapsed = monotonicMilliseconds() - start
                milliseconds.append(elapsed)
                rates.append(Double(collection.searchedBytes) / elapsed)
            }
        }
        return (milliseconds, rates)
    }

    /// Bytes per millisecond one thread reads from memory: glibc's memchr
    /// (vectorised) over 256 MB, far beyond the caches, for a byte that is
    /// not there. The best of five.
    static func memoryBandwidth() -> Double {
        let size = 256 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        defer { buffer.deallocate() }
        memset(buffer, 0x61, size)
        var best = 0.0
        for _ in 0..<5 {
            let start = monotonicMilliseconds()
            let found = memchr(buffer, 0x62, size)
            let elapsed = monotonicMilliseconds() - start
            precondition(found == nil)
            best = max(best, Double(size) / elapsed)
        }
        return best
    }
}
