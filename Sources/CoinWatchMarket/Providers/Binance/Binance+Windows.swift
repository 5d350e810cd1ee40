import CoinWatchTransport
/// Binance's rolling-window ticker (SPEC §6: `/api/v3/ticker?symbols=[…]&windowSize=…&type=MINI`,
/// up to 100 symbols a request): the low and high of the last `windowSize`, for the wicks of SPEC §2.
extension Binance: TradedWindowProvider {
    /// The `windowSize` for `elapsed` seconds since the previous pass: the longest the API offers that is
    /// not longer, `1m` to `7d`; rounding down never reaches past the previous window (`TradedWindow.span`).
    static func windowSize(elapsed: Double) -> String {
        let minutes = elapsed.isFinite ? max(1, min(Int(max(0, min(elapsed, 7 * 86_400)) / 60), 7 * 1440)) : 1
        if minutes < 60 { return "\(minutes)m" }
        if minutes < 1440 { return "\(minutes / 60)h" }
        return "\(minutes / 1440)d"
    }

    /// `/api/v3/ticker?symbols=["BTCUSDT"]&windowSize=1m&type=MINI`, URL-encoded.
    func windowPath(_ codes: [String], windowSize: String) -> String {
        "/api/v3/ticker?symbols=" + QueryString.escape("[" + codes.map { "\"\($0)\"" }.joined(separator: ",") + "]")
            + "&windowSize=" + windowSize + "&type=MINI"
    }

    package func windowRequests(_ query: QuoteQuery, elapsed: Double) -> [HTTPRequest] {
        let size = Self.windowSize(elapsed: elapsed)
        return query.marketCodeChunks(size: Self.chunkSize).map { endpoint.get(windowPath($0, windowSize: size)) }
    }

    package func decodeWindows(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: TradedWindow] {
        var byCode: [String: TradedWindow] = [:]
        for ticker in try JSONBody.decodeEach(bodies, Self.decodeTickers) where byCode[ticker.symbol] == nil {
            byCode[ticker.symbol] = ticker.window
        }
        var windows: [String: TradedWindow] = [:]
        for (favorite, market) in query.listedMarkets() { windows[favorite] = byCode[market.code] }
        return windows
    }
}
