/// Recording and pruning of `PriceSeries` (SPEC §5: "enough history for the windows in use,
/// pruned beyond them").
///
/// Thinning: points are grouped into buckets aligned to the Unix epoch whose width grows with
/// their age (`HistoryTiers`). Of each bucket only its lowest and its highest price survive,
/// each with its own time, so the extremes `new_high`/`new_low` and `move_pct` compare
/// against are still exact; only a bucket that straddles a window's edge can blur that edge
/// by at most the bucket's width. Because the buckets nest (each width divides the next),
/// thinning again later gives the same result as thinning once (see `HistoryTiers`).
extension PriceSeries {
    /// A series whose first recorded price is `price` at `time` (seconds since 1970).
    package init(price: Double, at time: Double) {
        let t = time.rounded()
        self.init(firstSeen: t, points: [PricePoint(time: t, price: price)])
    }

    /// Adds a price at `time` (seconds since 1970, stored to the whole second), keeping the
    /// points oldest first; a second price at the same second replaces the first. The first
    /// record of an empty series sets `firstSeen` and `coveredFrom`.
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

    /// Drops points older than `retain` seconds before `now` and thins the rest by age.
    /// `retain` is the longest window in use (`.infinity` for `all`); nil keeps only the last
    /// point, which is always kept. `coveredFrom` moves forward to the oldest instant whose
    /// prices are all still kept, so a longer window added later waits to be covered again.
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
        // Thinning again changes nothing while `now` stays in the slot of the last thinning (buckets
        // only age at slot edges) and no newer point has become old enough to thin; dropping old
        // points leaves the rest thinned (part of a thinned bucket is thinned).
        let slot = HistoryTiers.slot(now)
        let agedThrough = HistoryTiers.newestAged(storedPoints, now: now)
        if let done = thinnedAt, done.slot == slot, done.agedThrough == agedThrough { return }
        storedPoints = HistoryTiers.thinned(storedPoints, now: now)
        thinnedAt = (slot, HistoryTiers.newestAged(storedPoints, now: now))
    }
}
