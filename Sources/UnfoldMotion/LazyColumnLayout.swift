// SPDX-License-Identifier: LGPL-2.1-or-later
/// The animated layout of a long column of equal-height rows, of which only
/// those near the viewport need to exist — the counterpart of the tutorial's
/// lazy stack, for a million labels.
///
/// Rows are keyed by their position in the collection (filtering keeps the
/// collection's order, so the visible keys are ascending and a row's place is
/// a binary search away, not a diff of two million-entry lists). A change
/// animates only the rows that were on screen or come onto it: they glide from
/// where they were shown, fade and slide in from 8 px below, or fade out where
/// they were; a row that matches again while fading comes back from where it
/// is. Rows off screen cost nothing, before, during and after.
public struct LazyColumnLayout: Sendable {
    /// Where a row is drawn now, and how opaque.
    public struct Frame: Sendable, Equatable {
        public let id: Int
        public let y: Double
        public let opacity: Double
        public let isLeaving: Bool

        public init(id: Int, y: Double, opacity: Double, isLeaving: Bool) {
            self.id = id
            self.y = y
            self.opacity = opacity
            self.isLeaving = isLeaving
        }
    }

    /// The tutorial's timing, and the 8 px an inserted row slides up.
    public static let duration: Microseconds = 220_000
    public static let insertionSlide = 8.0

    public let rowHeight: Double
    public let spacing: Double
    public var pitch: Double { rowHeight + spacing }

    /// The visible keys (collection indices), ascending.
    public private(set) var order: [Int] = []

    private struct Motion: Sendable {
        var appearance: AnimatedValue
        var glide: SettlingOffset
        /// Where a leaving row stays while it fades.
        var leavingY: Double?
    }

    /// Animation state, only for rows that are moving, appearing or leaving.
    private var motions: [Int: Motion] = [:]
    private var heightGlide: SettlingOffset
    /// How long a change takes (the tutorial's by default); moves under way keep theirs.
    public var duration: Microseconds

    public init(rowHeight: Double, spacing: Double, duration: Microseconds = LazyColumnLayout.duration) {
        precondition(rowHeight > 0 && spacing >= 0 && duration >= 0)
        self.rowHeight = rowHeight
        self.spacing = spacing
        self.duration = duration
        heightGlide = SettlingOffset(duration: duration)
    }

    public var isAnimating: Bool {
        heightGlide.isAnimating || motions.values.contains { $0.appearance.isAnimating || $0.glide.isAnimating }
    }

    /// The number of rows with animation state: bounded by what is on screen, not by the collection.
    public var animatedRowCount: Int { motions.count }

    // MARK: Geometry

    public func targetHeight(count: Int? = nil) -> Double {
        let rows = count ?? order.count
        return rows == 0 ? 0 : Double(rows) * pitch - spacing
    }

    public var displayedHeight: Double { max(0, targetHeight() + heightGlide.current) }

    /// The place in `order` of `key`, if it is visible.
    public func index(of key: Int) -> Int? { Self.index(of: key, in: order) }

    static func index(of key: Int, in order: [Int]) -> Int? {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if order[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < order.count && order[low] == key ? low : nil
    }

    /// The indices of the rows that intersect `viewport` (top and height).
    public func visibleRange(_ viewport: Viewport) -> Range<Int> {
        Self.range(viewport, count: order.count, pitch: pitch)
    }

    static func range(_ viewport: Viewport, count: Int, pitch: Double) -> Range<Int> {
        guard count > 0, viewport.height > 0 else { return 0..<0 }
        let first = max(0, Int((viewport.top / pitch).rounded(.down)))
        let last = min(count, Int(((viewport.top + viewport.height) / pitch).rounded(.up)))
        return first < last ? first..<last : 0..<0
    }

    public struct Viewport: Sendable, Equatable {
        public var top: Double
        public var height: Double
        public init(top: Double, height: Double) { self.top = top; self.height = height }
    }

    // MARK: Frames

    /// Every row to draw now for `viewport`: leaving rows first (under), then
    /// rows in order, each where it is shown and how opaque.
    public func frames(_ viewport: Viewport) -> [Frame] {
        var frames: [Frame] = []
        for (key, motion) in motions {
            if let y = motion.leavingY { frames.append(Frame(id: key, y: y, opacity: motion.appearance.current, isLeaving: true)) }
        }
        frames.sort { $0.id < $1.id }
        var shown = Set<Int>()
        for index in visibleRange(viewport) {
            frames.append(frame(of: order[index], at: index))
            shown.insert(order[index])
        }
        // Rows gliding in or out from beyond the viewport are drawn too.
        var travelling: [Frame] = []
        for (key, motion) in motions where motion.leavingY == nil && !shown.contains(key) {
            if let index = index(of: key) { travelling.append(frame(of: key, at: index)) }
        }
        return frames + travelling.sorted { $0.id < $1.id }
    }

    private func frame(of key: Int, at index: Int) -> Frame {
        let place = Double(index) * pitch
        guard let motion = motions[key] else { return Frame(id: key, y: place, opacity: 1, isLeaving: false) }
        let slide = Self.insertionSlide * (1 - motion.appearance.current)
        return Frame(id: key, y: place + motion.glide.current + slide, opacity: motion.appearance.current, isLeaving: false)
    }

    /// The keys of every row that must exist now.
    public func presentKeys(_ viewport: Viewport) -> [Int] { frames(viewport).map(\.id) }

    // MARK: Changes

    /// Moves to `newOrder` (ascending keys), animating what is seen through
    /// `viewport`. Returns what changed among the rows on screen — the standard
    /// library's difference of two short lists, never of the whole collection —
    /// or nil when the order did not change.
    @discardableResult
    public mutating func update(to newOrder: [Int], viewport: Viewport, animated: Bool) -> IdentityChange? {
        guard newOrder != order else { return nil }
        let seenBefore = visibleRange(viewport).map { order[$0] }
        // What is on screen now, and where. Rows that have glided out of view
        // carry nothing over: off screen, a row simply takes its place.
        let onScreen = frames(viewport).filter { $0.y + rowHeight > viewport.top && $0.y < viewport.top + viewport.height }
        let shownBefore = Dictionary(onScreen.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let heightBefore = displayedHeight
        let oldOrder = order
        order = newOrder

        var next: [Int: Motion] = [:]
        for (key, frame) in shownBefore {
            guard let newIndex = index(of: key) else {
                // Gone from the list: fades where it is (or keeps fading).
                var motion = motions[key] ?? Motion(appearance: AnimatedValue(1, fullDuration: duration),
                                                    glide: SettlingOffset(duration: duration))
                motion.leavingY = frame.y
                motion.appearance.animate(to: 0)
                next[key] = motion
                continue
            }
            // Still listed: glides from where it was shown to its new place.
            var motion = motions[key] ?? Motion(appearance: AnimatedValue(1, fullDuration: duration),
                                                glide: SettlingOffset(duration: duration))
            if motion.leavingY != nil {
                motion.leavingY = nil
                motion.appearance.animate(to: 1)
            }
            let appearance = motion.appearance.current
            let place = Double(newIndex) * pitch
            if appearance > 0 {
                motion.glide.restart(from: frame.y - place - Self.insertionSlide * (1 - appearance))
            } else {
                motion.glide.restart(from: 0)
            }
            next[key] = motion
        }
        // Rows that come into view: those listed before glide in from where they
        // were (from just beyond the viewport's edge when they were far away);
        // the others fade and slide in.
        for index in Self.range(viewport, count: newOrder.count, pitch: pitch) where next[newOrder[index]] == nil {
            let key = newOrder[index]
            let place = Double(index) * pitch
            if let oldIndex = Self.index(of: key, in: oldOrder) {
                let oldY = Double(oldIndex) * pitch
                let edge = oldY < viewport.top ? viewport.top - pitch : viewport.top + viewport.height
                let from = (oldY < viewport.top ? max(oldY, edge) : min(oldY, edge)) - place
                var motion = Motion(appearance: AnimatedValue(1, fullDuration: duration),
                                    glide: SettlingOffset(duration: duration))
                motion.glide.restart(from: from)
                next[key] = motion
            } else {
                var appearance = AnimatedValue(0, fullDuration: duration)
                appearance.animate(to: 1)
                next[key] = Motion(appearance: appearance, glide: SettlingOffset(duration: duration))
            }
        }
        motions = next
        heightGlide = SettlingOffset(duration: duration)
        heightGlide.restart(from: heightBefore - targetHeight())
        if !animated { finish() }
        dropSettled()
        return IdentityChange(from: seenBefore, to: visibleRange(viewport).map { order[$0] })
    }

    /// Ends every animation at its target.
    public mutating func finish() {
        for key in motions.keys {
            motions[key]!.appearance.finish()
            motions[key]!.glide.finish()
        }
        heightGlide.finish()
        dropSettled()
    }

    /// Advances to frame time `time`.
    public mutating func advance(to time: Microseconds) {
        for key in motions.keys {
            motions[key]!.appearance.advance(to: time)
            motions[key]!.glide.advance(to: time)
        }
        heightGlide.advance(to: time)
        dropSettled()
    }

    /// Rows at rest need no state; rows that finished leaving are gone.
    private mutating func dropSettled() {
        motions = motions.filter { _, motion in
            motion.appearance.isAnimating || motion.glide.isAnimating
                || (motion.leavingY == nil && motion.appearance.current < 1)
        }
    }
}
