/// A provider's history endpoints (SPEC §6 history table): which candle widths it serves, the
/// requests that cover a span, and the decoder of their answers.
public protocol HistorySource: Sendable {
    /// Lower-case provider name (`binance`).
    var name: String { get }
    /// Whether its history is price points (CoinGecko `market_chart`) rather than candles.
    var servesPoints: Bool { get }
    /// The candle widths its API serves, finest first.
    var servedTimeframes: [Timeframe] { get }
    /// The requests that together cover [`from`, `to`) (ms since 1970) of `market` at `timeframe`
    /// (one the API serves), at `now` (ms); several when the API pages.
    func historyRequests(market: String, vs: String, timeframe: Timeframe, from: Int64, to: Int64, now: Int64) -> [HTTPRequest]
    /// The candles (or points) of one answer, sorted by time, duplicates dropped.
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    func decodeHistory(_ body: [UInt8], timeframe: Timeframe) throws -> [Candle]
    /// The earliest time (ms) `max` asks for.
    var earliest: Int64 { get }
    /// Whether one answer holds only the provider's latest rows whatever span is asked (Bithumb), so
    /// nothing before its first row is known complete.
    var answersLatestOnly: Bool { get }
    /// How its history endpoints name the market of `quote` (`bitcoin`, `BTCUSDT`, `KRW-BTC`, `BTC_KRW`).
    func historyMarket(for quote: Quote) -> String
    /// A hint for what to do when the API refused the span (a plan limit), nil when `message` is not that.
    func planHint(for message: String) -> String?
}

extension HistorySource {
    /// The served width `wanted` is fetched as: itself when served, else the coarsest served one
    /// it can be built from (then aggregated), else the finest served (the chart is coarser).
    public func fetchTimeframe(for wanted: Timeframe) -> Timeframe {
        if servedTimeframes.contains(wanted) { return wanted }
        if let finer = servedTimeframes.last(where: { wanted.isBuilt(from: $0) }) { return finer }
        return servedTimeframes.first ?? wanted
    }

    public var servesPoints: Bool { false }

    public var earliest: Int64 { 1_230_940_800_000 }

    public var answersLatestOnly: Bool { false }

    public func historyMarket(for quote: Quote) -> String { quote.providerID }

    public func planHint(for message: String) -> String? { nil }

    /// Consecutive windows of at most `size` ms covering [`from`, `to`).
    static func windows(from: Int64, to: Int64, size: Int64) -> [(from: Int64, to: Int64)] {
        guard size > 0, from < to else { return [] }
        var out: [(from: Int64, to: Int64)] = []
        var start = from
        while start < to {
            let end = min(to, start + size)
            out.append((start, end))
            start = end
        }
        return out
    }
}
