import CoinWatchTransport
/// CoinGecko's candles for indicator conditions (SPEC §6, §7) from `/coins/{id}/ohlc`: 1h from pairs of
/// 30-minute rows (the last day), 4h as served (30 days), 1d and 1w built from 4h; no volume.
package struct CoinGeckoCandles: HistorySource {
    package let gecko: CoinGecko

    package init(gecko: CoinGecko) { self.gecko = gecko }

    package var name: String { gecko.name }
    package var servedTimeframes: [Timeframe] { [.h1, .h4] }
    package var servesVolume: Bool { false }
    /// CoinGecko refreshes `ohlc` every 15 minutes and the last UTC day's only at 00:35: a candle
    /// counts as closed 35 minutes after it ends.
    package var settleMilliseconds: Int64 { 35 * 60_000 }
    package func historyMarket(for quote: Quote) -> String { gecko.historyMarket(for: quote) }
    package func planHint(for message: String) -> String? { gecko.planHint(for: message) }

    /// The last day of 1h candles (`days=1`), the last 30 days of 4h ones (`days=30`).
    package func servedSpan(_ timeframe: Timeframe) -> Int64? { (timeframe == .h1 ? 1 : 30) * 86_400_000 }

    /// The `days` values `ohlc` accepts that give 4-hour candles.
    static let fourHourDays: [Int64] = [7, 14, 30]

    /// One `ohlc` request: `days=1` (30-minute candles) for 1h, else the fewest of 7, 14, 30 days that
    /// cover [`from`, `now`] (30 when none does: the answer starts 30 days back).
    package func historyRequests(market: String, vs: String, timeframe: Timeframe, from: Int64, to: Int64,
                                now: Int64) -> [HTTPRequest] {
        guard timeframe == .h1 || timeframe == .h4 else { return [] }
        let span = max(1, (now - from + 86_399_999) / 86_400_000)
        let days = timeframe == .h1 ? 1 : Self.fourHourDays.first { $0 >= span } ?? 30
        return [gecko.ohlcRequest(id: market, vs: vs, days: Int(days))]
    }

    /// The 30-minute rows of a 1h request paired into hours (a lone half dropped), or the 4-hour rows as they
    /// are. Throws `ProviderError.decoding` when the rows are not `timeframe`'s source width apart.
    package func decodeHistory(_ body: [UInt8], timeframe: Timeframe) throws -> [Candle] {
        let width: Int64 = timeframe == .h1 ? 1_800_000 : timeframe.milliseconds
        let rows = try gecko.decodeOHLC(body, width: width)
        for (a, b) in zip(rows, rows.dropFirst()) where (b.openTime - a.openTime) % width != 0 {
            throw ProviderError.decoding(provider: name, detail: "ohlc rows \(a.openTime) and \(b.openTime) are not \(width / 60_000) minutes apart; "
                                         + "expected \(timeframe == .h1 ? "days=1" : "days=7 to 30") candles")
        }
        guard timeframe == .h1 else { return rows }
        var hours: [Candle] = []
        var index = rows.startIndex
        while index < rows.endIndex {
            let first = rows[index]
            let hour = Timeframe.h1.floor(first.openTime)
            if first.openTime == hour, index + 1 < rows.endIndex, rows[index + 1].openTime == hour + width {
                let second = rows[index + 1]
                hours.append(Candle(openTime: hour, open: first.open, high: max(first.high, second.high), low: min(first.low, second.low),
                                    close: second.close, volume: nil))
                index += 2
            } else {
                index += 1
            }
        }
        return hours
    }
}
