import CoinWatchTransport
extension CoinGecko {
    package var servesPoints: Bool { true }
    /// `market_chart`'s resolutions: 5-minute points for 1 day, hourly to 90 days, daily beyond.
    package var servedTimeframes: [Timeframe] { [.m5, .h1, .d1] }

    /// One `/coins/{id}/market_chart?days=N` request, the fewest days that cover [`from`, `now`] at
    /// `timeframe`'s resolution; a span ending in the past asks `/market_chart/range` for exactly that span.
    package func historyRequests(market: String, vs: String, timeframe: Timeframe, from: Int64, to: Int64,
                                now: Int64) -> [HTTPRequest] {
        if now - to > timeframe.milliseconds {
            let query = QueryString.join([("vs_currency", QueryString.escape(vs.lowercased())),
                                          ("from", String(max(0, from) / 1000)), ("to", String((to + 999) / 1000))])
            return [endpoint.get("/coins/\(QueryString.escape(lookupKey(market)))/market_chart/range?\(query)")]
        }
        let span = max(1, (now - from + 86_399_999) / 86_400_000)
        let days: String
        switch timeframe {
        case .m5, .m1, .m15: days = "1"
        case .h1, .h4: days = String(min(90, max(2, span)))
        default: days = from <= Self.firstDay ? "max" : String(max(91, span))
        }
        let query = QueryString.join([("vs_currency", QueryString.escape(vs.lowercased())), ("days", days)])
        return [endpoint.get("/coins/\(QueryString.escape(lookupKey(market)))/market_chart?\(query)")]
    }

    /// 2009-01-03, before any coin's first price.
    static let firstDay: Int64 = 1_230_940_800_000

    /// `{"prices":[[ms, price], …], "market_caps": …, "total_volumes": …}`: the prices as points.
    package func decodeHistory(_ body: [UInt8], timeframe: Timeframe) throws -> [Candle] {
        try HistoryRows.decode(body, provider: name, member: "prices") { rows in
            let row = try rows.numberRow(count: 1, nullable: true)
            return row.values.map { Candle(point: row.time, price: $0[0]) }
        }
    }

    /// `/coins/{id}/ohlc?vs_currency=usd&days=N` (candles for conditions; `show` draws `market_chart`).
    package func ohlcRequest(id: String, vs: String, days: Int) -> HTTPRequest {
        let query = QueryString.join([("vs_currency", QueryString.escape(vs.lowercased())), ("days", String(days))])
        return endpoint.get("/coins/\(QueryString.escape(lookupKey(id)))/ohlc?\(query)")
    }

    /// `ohlc` rows `[ms, open, high, low, close]`, stamped at the candle's END: the open time is
    /// the stamp minus `timeframe` (4h for 3 to 30 days). No volume.
    package func decodeOHLC(_ body: [UInt8], timeframe: Timeframe) throws -> [Candle] {
        try decodeOHLC(body, width: timeframe.milliseconds)
    }

    /// `ohlc` rows whose candles are `width` ms wide (30 minutes for `days=1`).
    func decodeOHLC(_ body: [UInt8], width: Int64) throws -> [Candle] {
        try HistoryRows.decode(body, provider: name) { rows in
            let row = try rows.numberRow(count: 4)
            let v = row.values ?? []
            return Candle(openTime: row.time - width, open: v[0], high: v[1], low: v[2], close: v[3], volume: nil)
        }
    }

    /// Indicator rules read `ohlc` candles (`CoinGeckoCandles`), not `market_chart`'s points.
    package var candleSource: any HistorySource { CoinGeckoCandles(gecko: self) }

    /// The 365-day limit of demo and keyless plans.
    package func planHint(for message: String) -> String? {
        let lower = message.lowercased()
        guard lower.contains("365 days") || lower.contains("time range") || lower.contains("10012") else { return nil }
        return "coingecko's demo and keyless plans serve only the past 365 days; use --range 1y or shorter, or a paid key"
    }
}
