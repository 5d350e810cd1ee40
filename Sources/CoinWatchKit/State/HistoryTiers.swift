/// How finely recorded prices are kept as they age: every point for the last 2 h, then the
/// low and the high of each 15 min up to 1 d, of each 3 h up to 7 d, of each 12 h up to 30 d
/// and of each 3 d beyond. 100 coins × one price a minute × a year (52w window) stay
/// under 2 MB of state (about 700 points a coin).
enum HistoryTiers {
    /// (age below which the width applies, bucket width), seconds; width 0 keeps every point.
    static let tiers: [(age: Double, width: Double)] = [
        (2 * 3600, 0),
        (86_400, 900),
        (7 * 86_400, 3 * 3600),
        (30 * 86_400, 12 * 3600),
        (.infinity, 3 * 86_400),
    ]

    /// The bucket width for a point `age` seconds old.
    static func width(age: Double) -> Double {
        tiers.first { age < $0.age }?.width ?? 3 * 86_400
    }

    /// `points` (oldest first) with each aged bucket reduced to its lowest and highest price.
    static func thinned(_ points: [PricePoint], now: Double) -> [PricePoint] {
        var out: [PricePoint] = []
        out.reserveCapacity(points.count)
        var start = 0
        while start < points.count {
            let size = width(age: now - points[start].t)
            guard size > 0 else {
                out.append(points[start])
                start += 1
                continue
            }
            let bucket = (points[start].t / size).rounded(.down)
            var end = start + 1
            while end < points.count, width(age: now - points[end].t) == size,
                  (points[end].t / size).rounded(.down) == bucket {
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
            if bucket[index].p < bucket[low].p { low = index }
            if bucket[index].p > bucket[high].p { high = index }
        }
        if low == high { return [bucket[low]] }
        return [bucket[min(low, high)], bucket[max(low, high)]]
    }
}
