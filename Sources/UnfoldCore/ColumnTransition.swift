/// The animation state of a column of rows keyed by ID, as a pure function of
/// the row heights and frame times it is given.
///
/// Rows that stay glide from where they are shown to their new place (an offset
/// that settles to zero, so a resize mid-animation needs no special case);
/// inserted rows fade in while sliding up from `insertionSlide` below their place;
/// removed rows fade out where they were, then leave; the column's height eases
/// between totals. A row fading out that matches again fades back in from its
/// current opacity: the same row, never a second one.
public struct ColumnTransition: Sendable {
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

    public let spacing: Double
    /// The rows that match now, in order.
    public private(set) var visibleIDs: [Int] = []

    private struct Row: Sendable {
        var appearance: AnimatedValue
        var glide: SettlingOffset
        /// Where a leaving row stays while it fades.
        var leavingY: Double?
    }

    private var rows: [Int: Row] = [:]
    /// Rows fading out, in the order they started to, drawn under the others.
    private var leavingIDs: [Int] = []
    private var heightGlide = SettlingOffset(duration: ColumnTransition.duration)

    public init(spacing: Double) { self.spacing = spacing }

    /// Every row that exists now: the visible ones, then those fading out.
    public var presentIDs: [Int] { leavingIDs + visibleIDs }

    public var isAnimating: Bool {
        heightGlide.isAnimating || rows.values.contains { $0.appearance.isAnimating || $0.glide.isAnimating }
    }

    /// Moves to `newIDs`; `height(id)` is each present or new row's height now.
    /// Returns nil when the ordered IDs did not change (nothing animates), else the change.
    @discardableResult
    public mutating func update(to newIDs: [Int], animated: Bool, height: (Int) -> Double) -> IdentityChange? {
        guard newIDs != visibleIDs else { return nil }
        let change = IdentityChange(from: visibleIDs, to: newIDs)
        let before = Dictionary(uniqueKeysWithValues: frames(height: height).map { ($0.id, $0.y) })
        let heightBefore = displayedHeight(height: height)
        let incoming = Set(newIDs)

        for id in visibleIDs where !incoming.contains(id) {
            rows[id]!.leavingY = before[id]
            rows[id]!.appearance.animate(to: 0)
            leavingIDs.append(id)
        }
        for id in newIDs {
            if rows[id] == nil {
                var appearance = AnimatedValue(0, fullDuration: Self.duration)
                appearance.animate(to: 1)
                rows[id] = Row(appearance: appearance, glide: SettlingOffset(duration: Self.duration))
            } else if rows[id]!.leavingY != nil {
                rows[id]!.leavingY = nil
                rows[id]!.appearance.animate(to: 1)
                leavingIDs.removeAll { $0 == id }
            }
        }
        visibleIDs = newIDs

        // Each row that was seen starts from where it was shown; a row not yet
        // seen (still at opacity 0) has no position to keep and slides in at its place.
        for (id, place) in zip(newIDs, places(height: height)) {
            let appearance = rows[id]!.appearance.current
            guard let shown = before[id], appearance > 0 else {
                rows[id]!.glide.restart(from: 0)
                continue
            }
            let slide = Self.insertionSlide * (1 - appearance)
            rows[id]!.glide.restart(from: shown - place - slide)
        }
        heightGlide.restart(from: heightBefore - targetHeight(height: height))
        if !animated { finish() }
        return change
    }

    /// Ends every animation at its target; rows fading out leave.
    public mutating func finish() {
        for id in rows.keys {
            rows[id]!.appearance.finish()
            rows[id]!.glide.finish()
        }
        heightGlide.finish()
        dropLeftRows()
    }

    /// Advances to frame time `time`; returns the IDs of rows that have finished
    /// leaving (their widgets can go).
    @discardableResult
    public mutating func advance(to time: Microseconds) -> [Int] {
        for id in rows.keys {
            rows[id]!.appearance.advance(to: time)
            rows[id]!.glide.advance(to: time)
        }
        heightGlide.advance(to: time)
        return dropLeftRows()
    }

    @discardableResult
    private mutating func dropLeftRows() -> [Int] {
        let gone = leavingIDs.filter { rows[$0]!.appearance.current == 0 && !rows[$0]!.appearance.isAnimating }
        for id in gone { rows[id] = nil }
        leavingIDs.removeAll { rows[$0] == nil }
        return gone
    }

    // MARK: Geometry

    /// Where the visible rows sit once everything settles.
    public func places(height: (Int) -> Double) -> [Double] {
        var y = 0.0
        return visibleIDs.map { id in
            defer { y += height(id) + spacing }
            return y
        }
    }

    public func targetHeight(height: (Int) -> Double) -> Double {
        visibleIDs.isEmpty ? 0 : visibleIDs.reduce(0) { $0 + height($1) } + spacing * Double(visibleIDs.count - 1)
    }

    /// The column's height on screen now.
    public func displayedHeight(height: (Int) -> Double) -> Double {
        max(0, targetHeight(height: height) + heightGlide.current)
    }

    /// Where every present row is drawn now, and how opaque: leaving rows first
    /// (under), then the visible ones in order.
    public func frames(height: (Int) -> Double) -> [Frame] {
        let leaving = leavingIDs.map { id in
            Frame(id: id, y: rows[id]!.leavingY!, opacity: rows[id]!.appearance.current, isLeaving: true)
        }
        let visible = zip(visibleIDs, places(height: height)).map { id, place in
            let row = rows[id]!
            let slide = Self.insertionSlide * (1 - row.appearance.current)
            return Frame(id: id, y: place + row.glide.current + slide, opacity: row.appearance.current, isLeaving: false)
        }
        return leaving + visible
    }
}

/// An offset that eases from where it starts to zero over a fixed duration.
/// Restarting mid-way starts from the offset shown then, so nothing jumps.
public struct SettlingOffset: Sendable, Equatable {
    private var from = 0.0
    private var progress: AnimatedValue

    public init(duration: Microseconds) {
        progress = AnimatedValue(1, fullDuration: duration)
    }

    public var current: Double { from * (1 - progress.current) }
    public var isAnimating: Bool { progress.isAnimating }

    public mutating func restart(from offset: Double) {
        from = offset
        progress.jump(to: 0)
        if offset != 0 { progress.animate(to: 1) } else { progress.jump(to: 1) }
    }

    public mutating func finish() { progress.finish() }

    public mutating func advance(to time: Microseconds) { progress.advance(to: time) }
}
