/// How finely recorded prices are kept as they age: every point for 2 h, then the low and the high of each
/// 15 min up to 1 d, 3 h up to 7 d, 12 h up to 30 d and 3 d beyond (a year of 100 coins: under 2 MB).
/// Buckets start at the Unix epoch and each width divides the next, so thinning every pass or once is the same.
enum HistoryTiers {
    /// (bucket width, age the whole bucket must have reached), seconds; coarsest first.
    static let tiers: [(width: Double, age: Double)] = [
        (3 * 86_400, 30 * 86_400),
        (12 * 3600, 7 * 86_400),
        (3 * 3600, 86_400),
        (900, 2 * 3600),
    ]

    /// The finest width and every tier's age are whole multiples of this many seconds, so which
    /// bucket a point belongs to changes only when `now` crosses a multiple of it.
    static let slotWidth: Double = 900

    /// The slot of `now`: within one, `bucket(of:now:)` gives every point the same answer.
    static func slot(_ now: Double) -> Double { (now / slotWidth).rounded(.down) }

    /// The time of the newest of `points` (oldest first) that is old enough to be thinned at `now`,
    /// nil when none is. The points a bucket takes are the oldest ones, so a binary search finds it.
    static func newestAged(_ points: [PricePoint], now: Double) -> Double? {
        var low = 0, high = points.count  // the first point kept as is lies in low...high
        while low < high {
            let middle = (low + high) / 2
            if bucket(of: points[middle].time, now: now) == nil { high = middle } else { low = middle + 1 }
        }
        return low > 0 ? points[low - 1].time : nil
    }

    /// The bucket (width, index) a point at `t` belongs to at `now`; nil while it is kept as is.
    static func bucket(of t: Double, now: Double) -> (width: Double, index: Double)? {
        for tier in tiers {
            let index = (t / tier.width).rounded(.down)
            if now - (index + 1) * tier.width >= tier.age { return (tier.width, index) }
        }
        return nil
    }

    /// `points` (oldest first) with each aged bucket reduced to its lowest and highest price.
    static func thinned(_ points: [PricePoint], now: Double) -> [PricePoint] {
        var out: [PricePoint] = []
        out.reserveCapacity(points.count)
        var start = 0
        while start < points.count {
            guard let bucket = bucket(of: points[start].time, now: now) else {
                out.append(points[start])
                start += 1
                continue
            }
            var end = start + 1
            while end < points.count, let next = self.bucket(of: points[end].time, now: now),
                  next == bucket {
                end += 1
            }
            out += extremes(points[start..<end])
            start = end
        }
        return out
    }

    /// The lowest and the highest point of a bucket, in time order (one point when they coincide).
    static func extremes(_ bucket: ArraySlice<PricePoint>) -> [PricePoint] {
        guard bucket.count > 1 else { return Array(bucket) }
        var low = bucket.startIndex
        var high = bucket.startIndex
        for index in bucket.indices {
            if bucket[index].price < bucket[low].price { low = index }
            if bucket[index].price > bucket[high].price { high = index }
        }
        if low == high { return [bucket[low]] }
        return [bucket[min(low, high)], bucket[max(low, high)]]
    }
}
