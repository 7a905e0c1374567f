// SPDX-License-Identifier: LGPL-2.1-or-later
/// The motion of a list's rows: the tutorial's timing, and the 8 px an
/// inserted row slides up as it fades in.
public enum ListMotion {
    public static let duration: Microseconds = 220_000
    public static let insertionSlide = 8.0
}

/// What a scrolled view shows of a list, in the list's coordinates.
public struct ListViewport: Sendable, Equatable {
    public var top: Double
    public var height: Double
    public init(top: Double, height: Double) { self.top = top; self.height = height }
}

/// The animated layout of a list of equal-height rows whose items live in a
/// model (a GListModel): the list is known by its count, by the keys of the
/// items in view, and by the changes it reports — `items-changed (position,
/// removed, added)` — never by a copy of all its keys. A million items cost
/// what is on screen.
///
/// Identity is a key per item (the item itself, or what a key function says
/// of it). A change animates what was on screen and what comes onto it:
///
/// - a row that stays (outside the change, shifted by it; or inside it, its
///   key found again among the items in view) glides from where it was shown;
/// - a row whose item is gone fades out where it was, under the others;
/// - a new row fades in while it slides up 8 px;
/// - a row that comes back while it fades revives from where it is, without
///   a second row;
/// - a row that was off screen and comes into view glides in from the edge.
///
/// Only rows in view are matched by key: an item that left the view and
/// reappears far away is, on screen, a removal and an insertion — the
/// difference is bounded by the viewport, whatever the change's size.
public struct ListLayout<Key: Hashable & Sendable>: Sendable {
    /// One `items-changed`: `removed` items at `position` replaced by `added` others.
    public struct Change: Sendable, Equatable {
        public let position: Int
        public let removed: Int
        public let added: Int

        public init(position: Int, removed: Int, added: Int) {
            precondition(position >= 0 && removed >= 0 && added >= 0)
            self.position = position
            self.removed = removed
            self.added = added
        }
    }

    /// Where a row is drawn now, and how opaque. `position` is the item's
    /// place in the model; nil for a row that is leaving.
    public struct Frame: Sendable, Equatable {
        public let key: Key
        public let position: Int?
        public let y: Double
        public let opacity: Double

        public var isLeaving: Bool { position == nil }

        public init(key: Key, position: Int?, y: Double, opacity: Double) {
            self.key = key
            self.position = position
            self.y = y
            self.opacity = opacity
        }
    }

    public typealias Viewport = ListViewport

    /// The tutorial's timing, and the 8 px an inserted row slides up.
    public static var duration: Microseconds { ListMotion.duration }
    public static var insertionSlide: Double { ListMotion.insertionSlide }

    public let rowHeight: Double
    public let spacing: Double
    public var pitch: Double { rowHeight + spacing }
    /// How long a change takes; moves under way keep theirs.
    public var duration: Microseconds
    /// The model's number of items.
    public private(set) var count: Int

    private struct Motion: Sendable {
        var appearance: AnimatedValue
        var glide: SettlingOffset
        /// Where a leaving row stays while it fades.
        var leavingY: Double?
        /// How far below its place the row is while transparent (the 8 px
        /// a new row slides up; none under reduced motion).
        var slide = ListMotion.insertionSlide
    }

    /// GTK 4.22's reduced motion, for the changes to come: rows fade, nothing
    /// moves. A new row fades in at its place, a kept row that changes place
    /// fades in at the new one, a leaving row fades where it is, and the
    /// list's height changes at once.
    public var reducesMotion = false

    /// Animation state, only for rows that are moving, appearing or leaving.
    private var motions: [Key: Motion] = [:]
    /// The model position of every row with motion that is not leaving, and
    /// of every row last placed: what a change's arithmetic moves.
    private var positions: [Key: Int] = [:]
    private var heightGlide: SettlingOffset

    public init(rowHeight: Double, spacing: Double, count: Int = 0, duration: Microseconds = ListMotion.duration) {
        precondition(rowHeight > 0 && spacing >= 0 && duration >= 0 && count >= 0)
        self.rowHeight = rowHeight
        self.spacing = spacing
        self.count = count
        self.duration = duration
        heightGlide = SettlingOffset(duration: duration)
    }

    public var isAnimating: Bool {
        heightGlide.isAnimating || motions.values.contains { $0.appearance.isAnimating || $0.glide.isAnimating }
    }

    /// The number of rows with animation state: bounded by what was on screen.
    public var animatedRowCount: Int { motions.count }

    /// A row's opacity, which never leaves 0...1.
    private func appearance(_ value: Double) -> AnimatedValue {
        AnimatedValue(value, fullDuration: duration, bounds: 0...1)
    }

    // MARK: Geometry

    public func targetHeight() -> Double { count == 0 ? 0 : Double(count) * pitch - spacing }

    public var displayedHeight: Double { max(0, targetHeight() + heightGlide.current) }

    /// Where `viewport` must scroll to show the row at `position` whole
    /// (its top, if the view is lower than a row), moving as little as it
    /// can; nil if it need not move, or if the view has no height yet: a row
    /// brought "into" an empty view would only push the list off its top.
    public func topShowing(_ position: Int, from viewport: Viewport) -> Double? {
        guard viewport.height > 0 else { return nil }
        let rowTop = Double(position) * pitch, rowBottom = rowTop + rowHeight
        let top: Double
        if rowTop < viewport.top {
            top = rowTop
        } else if rowBottom > viewport.top + viewport.height {
            top = min(rowTop, rowBottom - viewport.height)
        } else {
            return nil
        }
        return top == viewport.top ? nil : top
    }

    /// The positions of the rows that intersect `viewport`.
    public func visibleRange(_ viewport: Viewport) -> Range<Int> {
        guard count > 0, viewport.height > 0 else { return 0..<0 }
        let first = max(0, Int((viewport.top / pitch).rounded(.down)))
        let last = min(count, Int(((viewport.top + viewport.height) / pitch).rounded(.up)))
        return first < last ? first..<last : 0..<0
    }

    // MARK: Frames

    /// Every row to draw for `viewport`: leaving rows first (under the
    /// others), then the rows in view in order, then rows gliding in or out
    /// of view — from the change on for a row that glides in, so that a
    /// motion's rows are all there from its first frame. `keyAt` gives the
    /// key of the item at a position in view.
    public func frames(_ viewport: Viewport, keyAt: (Int) -> Key) -> [Frame] {
        var frames: [Frame] = []
        for (key, motion) in motions {
            if let y = motion.leavingY { frames.append(Frame(key: key, position: nil, y: y + motion.glide.current, opacity: motion.appearance.current)) }
        }
        frames.sort { $0.y < $1.y }
        let range = visibleRange(viewport)
        var shown = Set<Key>(minimumCapacity: range.count)
        for position in range {
            let key = keyAt(position)
            frames.append(frame(of: key, at: position))
            shown.insert(key)
        }
        var travelling: [Frame] = []
        for (key, motion) in motions where motion.leavingY == nil && !shown.contains(key) {
            guard let position = positions[key] else { continue }
            let frame = frame(of: key, at: position)
            let place = Double(position) * pitch
            if max(frame.y, place) + rowHeight > viewport.top && min(frame.y, place) < viewport.top + viewport.height {
                travelling.append(frame)
            }
        }
        return frames + travelling.sorted { $0.position! < $1.position! }
    }

    private func frame(of key: Key, at position: Int) -> Frame {
        let place = Double(position) * pitch
        guard let motion = motions[key] else { return Frame(key: key, position: position, y: place, opacity: 1) }
        let slide = motion.slide * (1 - motion.appearance.current)
        return Frame(key: key, position: position, y: place + motion.glide.current + slide, opacity: motion.appearance.current)
    }

    /// The courses `frame`'s place and opacity follow (see `MotionCurve`):
    /// what a plot draws behind the frames that sample them.
    public func courses(of frame: Frame) -> (y: MotionCurve, opacity: MotionCurve) {
        guard let motion = motions[frame.key] else { return (MotionCurve(constant: frame.y), MotionCurve(constant: frame.opacity)) }
        let opacity = motion.appearance.course
        if let leavingY = motion.leavingY { return (motion.glide.course + leavingY, opacity) }
        // y = slot + glide + slide × (1 − opacity)
        let slot = Double(frame.position ?? 0) * pitch
        return (motion.glide.course + (-motion.slide) * opacity + (slot + motion.slide), opacity)
    }

    /// The course of the list's height.
    public var heightCourse: MotionCurve { heightGlide.course + targetHeight() }

    /// Records which rows are on screen (the frames the widget drew): what the
    /// next change animates from. Only their positions are kept.
    public mutating func placed(_ frames: [Frame]) {
        var next: [Key: Int] = .init(minimumCapacity: frames.count + motions.count)
        for frame in frames { if let position = frame.position { next[frame.key] = position } }
        for (key, motion) in motions where motion.leavingY == nil { if let position = positions[key] { next[key] = next[key] ?? position } }
        positions = next
    }

    // MARK: Changes

    /// The model replaced `removed` items at `position` with `added` others.
    /// `keyAt` gives the key of an item of the new model; it is asked only
    /// for positions in view.
    public mutating func itemsChanged(at position: Int, removed: Int, added: Int, viewport: Viewport,
                                      keyAt: (Int) -> Key, animated: Bool) {
        itemsChanged([Change(position: position, removed: removed, added: added)], viewport: viewport,
                     keyAt: keyAt, animated: animated)
    }

    /// The model reported `changes`, one after another (a model may say one
    /// change as several signals): they animate as one, from what was on
    /// screen before the first to the model after the last, so an item that
    /// a signal takes away and a later one brings back is one row throughout.
    public mutating func itemsChanged(_ changes: [Change], viewport: Viewport, keyAt: (Int) -> Key, animated: Bool) {
        var running = count
        for change in changes {
            precondition(change.position + change.removed <= running, "a change beyond the list's \(running) items")
            running += change.added - change.removed
        }
        let changes = changes.filter { $0.removed > 0 || $0.added > 0 }
        guard !changes.isEmpty else { return }
        // What is on screen now, and where.
        let onScreen = currentFrames(viewport).filter { $0.y + rowHeight > viewport.top && $0.y < viewport.top + viewport.height }
        let heightBefore = displayedHeight
        count = running

        // Where each tracked row's item is now: outside every change, by
        // arithmetic; inside one, only if its key is among the new items in view.
        let newRange = visibleRange(viewport)
        var newKeys: [Key: Int] = [:]
        for newPosition in newRange { newKeys[keyAt(newPosition)] = newPosition }
        func newPosition(of key: Key, from oldPosition: Int) -> Int? {
            Self.position(after: changes, of: oldPosition) ?? newKeys[key]
        }
        var next: [Key: Motion] = [:]
        var nextPositions: [Key: Int] = [:]
        for frame in onScreen where next[frame.key] == nil {
            let key = frame.key
            var motion = motions[key] ?? Motion(appearance: appearance(1), glide: SettlingOffset(duration: duration))
            // A placed row's item moves by the change's arithmetic (or is found
            // again in view); a leaving row's comes back only if it is in view.
            let found = frame.position.map { newPosition(of: key, from: $0) } ?? newKeys[key]
            // How fast it moves on screen: what it goes on at, whatever comes next.
            let speed = motion.glide.velocity - (motion.leavingY == nil ? motion.slide * motion.appearance.velocity : 0)
            guard let place = found else {
                // Gone: fades where it is, coasting to rest if it was moving
                // (or keeps fading, as it was).
                if motion.leavingY == nil && reducesMotion {
                    motion.leavingY = frame.y
                    motion.glide.restart(from: 0, velocity: 0)
                    motion.appearance.animate(to: 0)
                } else if motion.leavingY == nil {
                    // It comes to rest where its speed carries it, slowing all
                    // the way (half what the speed would cover in the time).
                    let coast = speed / 1_000_000 * Double(duration) / 2
                    motion.leavingY = frame.y + coast
                    motion.glide.restart(from: -coast, velocity: speed)
                    motion.appearance.animate(to: 0)
                }
                next[key] = motion
                continue
            }
            // Kept (or back while it faded): glides from where it was shown.
            if motion.leavingY != nil {
                motion.leavingY = nil
                motion.appearance.animate(to: 1)
            }
            let appearance = motion.appearance.current
            let y = Double(place) * pitch
            if reducesMotion {
                // Shown elsewhere, it fades in at its new place.
                if abs(frame.y - y) > 0.5 { motion.appearance.jump(to: 0); motion.appearance.animate(to: 1) }
                motion.slide = 0
                motion.glide.restart(from: 0, velocity: 0)
                next[key] = motion
                nextPositions[key] = place
                continue
            }
            // (Its speed on screen is the glide's less the slide's, which goes on
            // with the appearance.)
            motion.glide.restart(from: appearance > 0 ? frame.y - y - motion.slide * (1 - appearance) : 0,
                                 velocity: speed + motion.slide * motion.appearance.velocity)
            next[key] = motion
            nextPositions[key] = place
        }
        // Rows that come into view: items that were in the list glide in from
        // where they were (from just beyond the viewport's edge when far
        // away); new items fade and slide in.
        for newPosition in newRange {
            let key = keyAt(newPosition)
            guard next[key] == nil else { continue }
            nextPositions[key] = newPosition
            let y = Double(newPosition) * pitch
            let oldPosition = Self.position(before: changes, of: newPosition)
            if reducesMotion {
                // From elsewhere or new, it fades in here.
                var fadingIn = appearance(0)
                fadingIn.animate(to: 1)
                next[key] = Motion(appearance: fadingIn, glide: SettlingOffset(duration: duration), slide: 0)
            } else if let oldPosition {
                let oldY = Double(oldPosition) * pitch
                let edge = oldY < viewport.top ? viewport.top - pitch : viewport.top + viewport.height
                let from = (oldY < viewport.top ? max(oldY, edge) : min(oldY, edge)) - y
                var motion = Motion(appearance: appearance(1), glide: SettlingOffset(duration: duration))
                motion.glide.restart(from: from)
                next[key] = motion
            } else {
                var fadingIn = appearance(0)
                fadingIn.animate(to: 1)
                next[key] = Motion(appearance: fadingIn, glide: SettlingOffset(duration: duration))
            }
        }
        motions = next
        positions = nextPositions
        // From the height shown, at the speed it changes.
        heightGlide.duration = duration
        heightGlide.restart(from: reducesMotion ? 0 : heightBefore - targetHeight())
        if !animated { finish() }
        dropSettled()
    }

    /// The frames of the rows tracked now, wherever they are (the last placed
    /// rows and the rows in motion): what is on screen before a change.
    private func currentFrames(_ viewport: Viewport) -> [Frame] {
        var frames: [Frame] = []
        for (key, motion) in motions {
            if let y = motion.leavingY { frames.append(Frame(key: key, position: nil, y: y + motion.glide.current, opacity: motion.appearance.current)) }
        }
        for (key, position) in positions where motions[key]?.leavingY == nil { frames.append(frame(of: key, at: position)) }
        return frames
    }

    /// Where the item at `position` is after `changes`; nil if one replaced it.
    static func position(after changes: [Change], of position: Int) -> Int? {
        var position = position
        for change in changes where position >= change.position {
            guard position >= change.position + change.removed else { return nil }
            position += change.added - change.removed
        }
        return position
    }

    /// Where the item now at `position` was before `changes`; nil if one added it.
    static func position(before changes: [Change], of position: Int) -> Int? {
        var position = position
        for change in changes.reversed() where position >= change.position {
            guard position >= change.position + change.added else { return nil }
            position += change.removed - change.added
        }
        return position
    }

    /// Ends every animation at its target.
    public mutating func finish() {
        eachMotion { $0.appearance.finish(); $0.glide.finish() }
        heightGlide.finish()
        dropSettled()
    }

    /// Advances to frame time `time`.
    /// The moves a change began that no frame has advanced yet start at
    /// `time`: when the change happened (see `AnimatedValue.start(at:)`).
    public mutating func startMoves(at time: Microseconds) {
        eachMotion { $0.appearance.start(at: time); $0.glide.start(at: time) }
        heightGlide.start(at: time)
    }

    public mutating func advance(to time: Microseconds) {
        eachMotion { $0.appearance.advance(to: time); $0.glide.advance(to: time) }
        heightGlide.advance(to: time)
        dropSettled()
    }

    /// Changes every motion in place, through the table's values: indexing
    /// by key while iterating the keys, or iterating `values.indices` (which
    /// holds the table), would copy the whole table at every frame.
    private mutating func eachMotion(_ change: (inout Motion) -> Void) {
        var index = motions.values.startIndex
        while index != motions.values.endIndex {
            change(&motions.values[index])
            motions.values.formIndex(after: &index)
        }
    }

    /// Rows at rest need no state; rows that finished leaving are gone.
    private mutating func dropSettled() {
        func isSettled(_ motion: Motion) -> Bool {
            !(motion.appearance.isAnimating || motion.glide.isAnimating || (motion.leavingY == nil && motion.appearance.current < 1))
        }
        // Most frames settle nothing: no new table for them.
        guard motions.values.contains(where: isSettled) else { return }
        motions = motions.filter { !isSettled($0.value) }
    }
}
