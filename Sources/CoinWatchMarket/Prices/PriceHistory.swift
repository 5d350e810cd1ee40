/// Recording and pruning of `PriceSeries` (SPEC §5); thinning keeps each `HistoryTiers` bucket's lowest
/// and highest price with their times, so the extremes `new_high` and `move_pct` compare stay exact.
extension PriceSeries {
    /// A series whose first recorded price is `price` at `time` (seconds since 1970).
    package init(price: Double, at time: Double) {
        let t = time.rounded()
        self.init(firstSeen: t, points: [PricePoint(time: t, price: price)])
    }

    /// Adds a price at `time` (seconds since 1970, to the whole second), oldest first; a second price at
    /// the same second replaces the first.
    package mutating func record(price: Double, at time: Double) {
        let t = time.rounded()
        let point = PricePoint(time: t, price: price)
        guard let last = storedPoints.last else {
            firstSeen = t
            coveredFrom = t
            points = [point]
            return
        }
        if t > last.time {
            storedPoints.append(point)  // a newer point: `prune` sees whether it is old enough to thin
        } else if let same = points.lastIndex(where: { $0.time == t }) {
            points[same] = point
        } else {
            let index = points.lastIndex { $0.time < t }.map { $0 + 1 } ?? 0
            points.insert(point, at: index)
        }
    }

    /// Drops points older than `retain` seconds before `now` (nil: all but the last) and thins the rest by
    /// age, moving `coveredFrom` forward past what it dropped.
    package mutating func prune(now: Double, retain: Double?) {
        guard let last = points.last else { return }
        guard let retain else {
            // In place: no new array when only the last point is kept (every pass, for most coins).
            if points.count > 1 { points.removeFirst(points.count - 1) }
            coveredFrom = max(coveredFrom, last.time)
            return
        }
        let from = now - retain
        coveredFrom = max(coveredFrom, from)
        // In place: most passes drop nothing and thin nothing, and then no array is made.
        if storedPoints.contains(where: { $0.time < from }) {
            storedPoints.removeAll { $0.time < from }
            if storedPoints.last != last { storedPoints.append(last) }
        }
        // Thinning again changes nothing while `now` stays in the last thinning's slot and no newer
        // point has become old enough to thin.
        let slot = HistoryTiers.slot(now)
        let agedThrough = HistoryTiers.newestAged(storedPoints, now: now)
        if let done = thinnedAt, done.slot == slot, done.agedThrough == agedThrough { return }
        storedPoints = HistoryTiers.thinned(storedPoints, now: now)
        thinnedAt = (slot, HistoryTiers.newestAged(storedPoints, now: now))
    }
}
