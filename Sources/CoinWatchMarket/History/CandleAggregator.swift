/// Builds candles of a coarser timeframe from finer ones on UTC boundaries (SPEC §7); a coarse candle
/// with no finer candle is a gap, not a candle.
package enum CandleAggregator {
    /// `candles` (sorted by open time, width `from`) aggregated into `to` candles. A coarse candle
    /// is closed only when it ends by `now` (ms); the newest one otherwise is returned as forming.
    package static func aggregate(_ candles: [Candle], to timeframe: Timeframe, now: Int64) -> HistoryBatch {
        var out: [Candle] = []
        out.reserveCapacity(candles.count / 4 + 1)
        var current: Candle?
        for candle in candles {
            let start = timeframe.floor(candle.openTime)
            if var building = current, building.openTime == start {
                building.high = max(building.high, candle.high)
                building.low = min(building.low, candle.low)
                building.close = candle.close
                building.volume = sum(building.volume, candle.volume)
                current = building
            } else {
                if let done = current { out.append(done) }
                current = Candle(openTime: start, open: candle.open, high: candle.high, low: candle.low,
                                 close: candle.close, volume: candle.volume)
            }
        }
        if let last = current { out.append(last) }
        return HistoryBatch.split(out, timeframe: timeframe, points: false, now: now)
    }

    private static func sum(_ a: Double?, _ b: Double?) -> Double? {
        switch (a, b) {
        case (let a?, let b?): a + b
        default: a ?? b
        }
    }
}
