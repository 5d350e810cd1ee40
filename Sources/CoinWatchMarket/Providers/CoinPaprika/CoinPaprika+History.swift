import CoinWatchSupport
import CoinWatchTransport
extension CoinPaprika {
    package var servedTimeframes: [Timeframe] { [.d1] }

    /// The most days one request may span.
    package static let daysPerRequest: Int64 = 366

    /// `/coins/{id}/ohlcv/historical?start=YYYY-MM-DD&end=YYYY-MM-DD` (daily), one request per 366 days.
    package func historyRequests(market: String, vs: String, timeframe: Timeframe, from: Int64, to: Int64,
                                now: Int64) -> [HTTPRequest] {
        let day = Timeframe.d1.milliseconds
        return Self.windows(from: Timeframe.d1.floor(from), to: to, size: Self.daysPerRequest * day).map { window in
            let query = QueryString.join([
                ("quotes", vs.uppercased()),
                ("start", String(TimeText.iso(Double(window.from) / 1000).prefix(10))),
                ("end", String(TimeText.iso(Double(window.to - 1) / 1000).prefix(10))),
                ("limit", String(Self.daysPerRequest)),
            ])
            return endpoint.get("/coins/\(QueryString.escape(market))/ohlcv/historical?\(query)")
        }
    }

    /// Objects `{time_open, open, high, low, close, volume, …}`, oldest first; `volume` is in the quote
    /// currency, so it is divided by the close to be in the base asset as everywhere else.
    package func decodeHistory(_ body: [UInt8], timeframe: Timeframe) throws -> [Candle] {
        try HistoryRows.decode(body, provider: name) { rows in
            var candle = try rows.objectCandle(time: "time_open", open: "open", high: "high", low: "low", close: "close", volume: "volume")
            candle.volume = candle.volume.flatMap { candle.close > 0 ? $0 / candle.close : nil }
            return candle
        }
    }

    /// The free plan's limit on how far back history goes.
    package func planHint(for message: String) -> String? {
        let lower = message.lowercased()
        guard lower.contains("plan") || lower.contains("not allowed") || lower.contains("upgrade") else { return nil }
        return "coinpaprika's plan does not serve history that far back; use a shorter --range, or set an API key of a paid plan (api_key_env)"
    }
}
