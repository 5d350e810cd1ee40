/// What one history answer held: the closed candles (or points), sorted without duplicates, and the candle
/// still forming, never stored as closed (a point is never forming, SPEC §7).
package struct HistoryBatch: Sendable, Equatable {
    package var closed: [Candle]
    package var forming: Candle?

    /// Splits sorted `candles` of width `timeframe` at `now` (ms): a candle that has not ended by
    /// `now` is forming; `points` are all past.
    package static func split(_ candles: [Candle], timeframe: Timeframe, points: Bool, now: Int64) -> HistoryBatch {
        guard let last = candles.last, !points else { return HistoryBatch(closed: candles) }
        let open = last.openTime + timeframe.milliseconds > now
        return open ? HistoryBatch(closed: Array(candles.dropLast()), forming: last) : HistoryBatch(closed: candles)
    }
}
