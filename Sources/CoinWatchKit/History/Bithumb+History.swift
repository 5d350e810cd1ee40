extension Bithumb: HistorySource {
    public var servedTimeframes: [Timeframe] { [.m1, .m5, .h1, .d1] }
    public var answersLatestOnly: Bool { true }

    /// `BTC_KRW`.
    public func historyMarket(for quote: Quote) -> String { "\(quote.symbol.uppercased())_\(quote.vs.uppercased())" }

    /// `/public/candlestick/BTC_KRW/{1m,5m,1h,24h}`: one request; the API answers its latest rows.
    public func historyRequests(market: String, vs: String, timeframe: Timeframe, from: Int64, to: Int64,
                                now: Int64) -> [HTTPRequest] {
        let interval = timeframe == .d1 ? "24h" : timeframe.rawValue
        return [endpoint.get("/public/candlestick/\(QueryString.escape(market))/\(interval)")]
    }

    /// `{"status":"0000","data":[[ms, "open", "close", "high", "low", "volume"], …]}`: note close before high and low.
    public func decodeHistory(_ body: [UInt8], timeframe: Timeframe) throws -> [Candle] {
        try HistoryRows.decode(body, provider: name, member: "data") { rows in
            var time: Int64 = 0
            var values = [Double](repeating: 0, count: 5)
            var count = 0
            try rows.array { rows, index in
                switch index {
                case 0: time = try rows.milliseconds(field: "[0]")
                case 1...5: values[index - 1] = try rows.number(field: "[\(index)]")
                default: try rows.skip(field: "[\(index)]")
                }
                count = index + 1
            }
            guard count >= 6 else { throw rows.fail("expected 6 fields, got \(count)") }
            return Candle(openTime: time, open: values[0], high: values[2], low: values[3], close: values[1], volume: values[4])
        }
    }
}
