/// How finely recorded prices are kept as they age: every point for the last 2 h, then the
/// low and the high of each 15 min up to 1 d, of each 3 h up to 7 d, of each 12 h up to 30 d
/// and of each 3 d beyond. 100 coins × one price a minute × a year (52w window) stay
/// under 2 MB of state (740 points, about 16 KB, a coin; with five rules a coin the test
/// measures 1.72 MB).
///
/// Buckets are aligned to the Unix epoch and each width divides the next, and a bucket takes
/// a tier only once all of it is old enough, so a coarse bucket is always the union of whole
/// finer ones: thinning every pass or once gives the same points.
enum HistoryTiers {
    /// (bucket width, age the whole bucket must have reached), seconds; coarsest first.
    static let tiers: [(width: Double, age: Double)] = [
        (3 * 86_400, 30 * 86_400),
        (12 * 3600, 7 * 86_400),
        (3 * 3600, 86_400),
        (900, 2 * 3600),
    ]

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
