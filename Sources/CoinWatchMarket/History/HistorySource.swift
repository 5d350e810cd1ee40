import CoinWatchTransport
/// A provider's history endpoints (SPEC §6 history table): which candle widths it serves, the
/// requests that cover a span, and the decoder of their answers.
package protocol HistorySource: Sendable {
    /// Lower-case provider name (`binance`).
    var name: String { get }
    /// Whether its history is price points (CoinGecko `market_chart`) rather than candles.
    var servesPoints: Bool { get }
    /// The candle widths its API serves, finest first.
    var servedTimeframes: [Timeframe] { get }
    /// The requests that together cover [`from`, `to`) (ms since 1970) of `market` at `timeframe`
    /// (one the API serves), at `now` (ms); several when the API pages.
    func historyRequests(market: String, vs: String, timeframe: Timeframe, from: Int64, to: Int64, now: Int64) -> [HTTPRequest]
    /// The candles (or points) of one answer, sorted by time, duplicates dropped (rows with impossible prices
    /// kept: `HistoryLoader` leaves them out).
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    func decodeHistory(_ body: [UInt8], timeframe: Timeframe) throws -> [Candle]
    /// The earliest time (ms) `max` asks for.
    var earliest: Int64 { get }
    /// How its history endpoints name the market of `quote` (`bitcoin`, `BTCUSDT`, `KRW-BTC`, `BTC_KRW`).
    func historyMarket(for quote: Quote) -> String
    /// A hint for what to do when the API refused the span (a plan limit), nil when `message` is not that.
    func planHint(for message: String) -> String?
    /// The source indicator conditions read candles from (itself, but CoinGecko's `ohlc` for its points).
    var candleSource: any HistorySource { get }
    /// Whether its candles carry a traded volume (`volume_spike`).
    var servesVolume: Bool { get }
    /// How long after a candle ends the API's answer holds it final, in ms (0: at once).
    var settleMilliseconds: Int64 { get }
    /// How far back (ms) its answers reach at `timeframe` (one it serves), nil when as far as asked.
    func servedSpan(_ timeframe: Timeframe) -> Int64?
}

extension HistorySource {
    /// The served width `wanted` is fetched as: itself when served, else the coarsest served one
    /// it can be built from (then aggregated), else the finest served (the chart is coarser).
    package func fetchTimeframe(for wanted: Timeframe) -> Timeframe {
        if servedTimeframes.contains(wanted) { return wanted }
        if let finer = servedTimeframes.last(where: { wanted.isBuilt(from: $0) }) { return finer }
        return servedTimeframes.first ?? wanted
    }

    package var servesPoints: Bool { false }

    package var earliest: Int64 { 1_230_940_800_000 }

    package func historyMarket(for quote: Quote) -> String { quote.providerID }

    package func planHint(for message: String) -> String? { nil }

    package var candleSource: any HistorySource { self }

    package var servesVolume: Bool { true }

    package var settleMilliseconds: Int64 { 0 }

    package func servedSpan(_ timeframe: Timeframe) -> Int64? { nil }

    /// Why the candles stage cannot serve `timeframe` (with volume where `volume`) from this
    /// source, with what to do; nil when it can.
    package func candleRefusal(_ timeframe: Timeframe, volume: Bool) -> String? {
        let source = candleSource
        // The providers to suggest serve both: the timeframe and, when asked, its volume.
        var others: String {
            ProviderRegistry.names { $0.candleSource.serves(timeframe) && (!volume || $0.candleSource.servesVolume) }
                .map(\.rawValue).joined(separator: ", ")
        }
        if !source.serves(timeframe) {
            let widths = Timeframe.allCases.filter(source.serves)
            return "\(name) serves no \(timeframe.rawValue) candles (only " + widths.map(\.rawValue).joined(separator: ", ")
                + "): use one of those tf, or give the rule a \"provider\" that does (" + others + ")"
        }
        if volume, !source.servesVolume {
            return "\(name)'s candles carry no volume: give the rule a \"provider\" whose candles do (" + others + ")"
        }
        return nil
    }

    /// Whether its candles of `timeframe` can be fetched or built from a served width.
    func serves(_ timeframe: Timeframe) -> Bool {
        !servesPoints && servedTimeframes.contains { $0 == timeframe || timeframe.isBuilt(from: $0) }
    }

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
