import CoinWatchTransport
extension Bithumb {
    package var servedTimeframes: [Timeframe] { [.m1, .m5, .h1, .d1] }

    /// `BTC_KRW`.
    package func historyMarket(for quote: Quote) -> String { "\(quote.symbol.uppercased())_\(quote.vs.uppercased())" }

    /// `/public/candlestick/BTC_KRW/{1m,5m,1h,24h}`: one request; the API answers its latest rows.
    package func historyRequests(market: String, vs: String, timeframe: Timeframe, from: Int64, to: Int64,
                                now: Int64) -> [HTTPRequest] {
        let interval = timeframe == .d1 ? "24h" : timeframe.rawValue
        return [endpoint.get("/public/candlestick/\(QueryString.escape(market))/\(interval)")]
    }

    /// `{"status":"0000","data":[[ms, "open", "close", "high", "low", "volume"], …]}`: note close before high and low.
    package func decodeHistory(_ body: [UInt8], timeframe: Timeframe) throws -> [Candle] {
        try HistoryRows.decode(body, provider: name, member: "data") { rows in
            let row = try rows.numberRow(count: 5)
            let v = row.values ?? []
            return Candle(openTime: row.time, open: v[0], high: v[2], low: v[3], close: v[1], volume: v[4])
        }
    }
}
