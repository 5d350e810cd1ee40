extension HistoryStore {
    /// How long fine candles are kept, in days, before they are rolled up into a coarser timeframe
    /// (price points thin the same way); 1d and 1w are kept for ever.
    package static let retention: [Timeframe: (days: Int64, into: Timeframe)] = [
        .m1: (7, .h1), .m5: (30, .h1), .m15: (90, .h1), .h1: (730, .d1), .h4: (1825, .d1),
    ]

    /// Rolls up, at most once a day (`now` in ms) and in one transaction, whole chunks older than their
    /// retention behind their series' newest candle, building coarse candles only from complete spans.
    package func rollUp(now: Int64) throws(SQLiteError) {
        try recovering { () throws(SQLiteError) in
            let last = try meta("rolled_up_at") ?? 0
            guard now - last >= 86_400_000 else { return }
            try db.transaction { () throws(SQLiteError) in
                for (id, key) in try allSeries() {
                    guard let rule = Self.retention[key.timeframe] else { continue }
                    guard let newest = try newest(key) else { continue }
                    let span = CandleChunk.widths * key.timeframe.milliseconds
                    let horizon = rule.into.floor((min(now, newest) - rule.days * 86_400_000) / span * span)
                    try rollUp(id: id, key: key, into: rule.into, before: horizon)
                }
                try setMeta("rolled_up_at", now)
            }
        }
    }

    private func rollUp(id: Int64, key: SeriesKey, into coarse: Timeframe, before horizon: Int64) throws(SQLiteError) {
        let old = try candles(key, from: .min, to: horizon)
        guard !old.isEmpty else { return }
        let known = try complete(key)
        var target = key
        target.timeframe = coarse
        let built = key.points ? Self.thin(old, to: coarse) : CandleAggregator.aggregate(old, to: coarse, now: horizon).closed
        let whole = built.filter { candle in
            let start = coarse.floor(candle.openTime)
            return known.missing(start, min(horizon, start + coarse.milliseconds)).isEmpty
        }
        let present = Set(try candles(target, from: .min, to: horizon).map { coarse.floor($0.openTime) })
        let fresh = whole.filter { !present.contains(coarse.floor($0.openTime)) }
        if let coarseID = try seriesID(target, create: true) {
            try write(coarseID, coarse, fresh)
            var coarseKnown = try complete(target)
            for span in known.spans where span.start < horizon {
                let start = coarse.floor(span.start) == span.start ? span.start : coarse.floor(span.start) + coarse.milliseconds
                coarseKnown.insert(start, coarse.floor(min(span.end, horizon)))
            }
            try replaceComplete(coarseID, coarseKnown)
        }
        try deleteChunks(id, key.timeframe, before: horizon)
        var trimmed = known
        trimmed.trim(before: horizon)
        try replaceComplete(id, trimmed)
    }

    /// The last point of each `timeframe` bucket of `points` (sorted).
    static func thin(_ points: [Candle], to timeframe: Timeframe) -> [Candle] {
        var out: [Candle] = []
        for point in points {
            if let last = out.last, timeframe.floor(last.openTime) == timeframe.floor(point.openTime) {
                out[out.count - 1] = point
            } else {
                out.append(point)
            }
        }
        return out
    }
}
