/// What one history answer held: the closed candles (or past points), sorted by time without
/// duplicates, and the one still forming, which is shown but never stored as closed.
package struct HistoryBatch: Sendable, Equatable {
    package var closed: [Candle]
    package var forming: Candle?

    package init(closed: [Candle], forming: Candle? = nil) {
        self.closed = closed
        self.forming = forming
    }

    /// Splits sorted `candles` of width `timeframe` at `now` (ms): a candle that has not ended by
    /// `now` is forming. For points, the newest is the provider's "now" point when it is younger than `timeframe`.
    package static func split(_ candles: [Candle], timeframe: Timeframe, points: Bool, now: Int64) -> HistoryBatch {
        guard let last = candles.last else { return HistoryBatch(closed: []) }
        let open = points ? now - last.openTime < timeframe.milliseconds : last.openTime + timeframe.milliseconds > now
        return open ? HistoryBatch(closed: Array(candles.dropLast()), forming: last) : HistoryBatch(closed: candles)
    }
}
