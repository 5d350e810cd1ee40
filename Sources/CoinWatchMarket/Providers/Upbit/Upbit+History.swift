import CoinWatchSupport
import CoinWatchTransport
extension Upbit {
    package var servedTimeframes: [Timeframe] { Timeframe.allCases }
    /// 2017-09-25, before Upbit's first trades.
    package var earliest: Int64 { 1_506_297_600_000 }

    /// The most candles one request returns.
    package static let candlesPerRequest: Int64 = 200

    /// `/v1/candles/minutes/{1,5,15,60,240}`, `/days` or `/weeks` `?market=KRW-BTC&to=…&count=200`
    /// (newest first, `to` exclusive), one request per 200 candles of the span.
    package func historyRequests(market: String, vs: String, timeframe: Timeframe, from: Int64, to: Int64,
                                now: Int64) -> [HTTPRequest] {
        let path: String
        switch timeframe {
        case .d1: path = "/candles/days"
        case .w1: path = "/candles/weeks"
        default: path = "/candles/minutes/\(timeframe.milliseconds / 60_000)"
        }
        return Self.windows(from: timeframe.floor(from), to: to, size: Self.candlesPerRequest * timeframe.milliseconds).map { window in
            let query = QueryString.join([
                ("market", QueryString.escape(market)),
                ("to", QueryString.escape(String(TimeText.iso(Double(window.to) / 1000)))),
                ("count", "200"),
            ])
            return endpoint.get("\(path)?\(query)")
        }
    }

    /// Candle objects, newest first: `candle_date_time_utc`, `opening_price`, `high_price`, `low_price`,
    /// `trade_price` (the close), `candle_acc_trade_volume`.
    package func decodeHistory(_ body: [UInt8], timeframe: Timeframe) throws -> [Candle] {
        try HistoryRows.decode(body, provider: name) { rows in
            try rows.objectCandle(time: "candle_date_time_utc", open: "opening_price", high: "high_price", low: "low_price",
                                  close: "trade_price", volume: "candle_acc_trade_volume")
        }
    }
}
