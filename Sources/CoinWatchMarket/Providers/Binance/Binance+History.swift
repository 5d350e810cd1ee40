import CoinWatchTransport
extension Binance {
    package var servedTimeframes: [Timeframe] { Timeframe.allCases }
    /// 2017-07-01, before Binance's first trades.
    package var earliest: Int64 { 1_498_867_200_000 }

    /// The most klines one request returns.
    package static let klinesPerRequest: Int64 = 1000

    /// `/api/v3/klines?symbol=BTCUSDT&interval=1h&startTime=…&endTime=…&limit=1000`, one request
    /// per 1000 candles of the span (SPEC §6).
    package func historyRequests(market: String, vs: String, timeframe: Timeframe, from: Int64, to: Int64,
                                now: Int64) -> [HTTPRequest] {
        let start = timeframe.floor(from)
        return Self.windows(from: start, to: to, size: Self.klinesPerRequest * timeframe.milliseconds).map { window in
            let query = QueryString.join([
                ("symbol", QueryString.escape(market.uppercased())), ("interval", timeframe.rawValue),
                ("startTime", String(window.from)), ("endTime", String(window.to - 1)), ("limit", "1000"),
            ])
            return endpoint.get("/api/v3/klines?\(query)")
        }
    }

    /// Kline rows `[openTime, "open", "high", "low", "close", "volume", closeTime, …]`.
    package func decodeHistory(_ body: [UInt8], timeframe: Timeframe) throws -> [Candle] {
        try HistoryRows.decode(body, provider: name) { rows in
            let row = try rows.numberRow(count: 5)
            let v = row.values ?? []
            return Candle(openTime: row.time, open: v[0], high: v[1], low: v[2], close: v[3], volume: v[4])
        }
    }
}
