import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
/// The candles stage of a pass (SPEC §2 indicators, §7): the closed candles of each coin and
/// timeframe indicator rules watch, and the indicators over them.
///
/// Candles come from the history store; the provider is asked only for those closed since its
/// newest. The tracks live in memory (loop mode, O(1) per new candle); `--once` rebuilds them from
/// the store's last 251 candles, and nothing of them is kept in state.json.
package final class CandleFeed: @unchecked Sendable {
    /// What one pass's candles stage produced.
    package struct Update: Sendable {
        /// The `QuoteKey` of a coin's feed (the coin as written in rules.json, in `vs_currency`) → its readings.
        package var readings: [String: IndicatorReadings] = [:]
        /// History requests made.
        package var requests = 0
        /// Lines for stderr (a store that could not be used).
        package var warnings: [String] = []
        /// History requests that failed: an outage of their provider, said at its edges (`OutageEdges`).
        package var failures: [ProviderError] = []
    }

    /// One series' tracks: the indicators the rules read on it and how far they have been fed.
    private struct Series {
        var tracks: [IndicatorKey: IndicatorTrack]
        /// Open time (ms) of the last closed candle the tracks were brought up to.
        var fedThrough: Int64?
    }

    private let storePath: String?
    private var store: HistoryStore?
    private var storeOpened = false
    private var series: [String: Series] = [:]

    /// A feed over the history store at `storePath` (nil: none, every candle from the provider).
    package init(storePath: String?) {
        self.storePath = storePath
    }

    /// Brings the tracks of every feed in `needs` (`DataPlan.indicatorNeeds`) up to the last candle
    /// closed at `now` (seconds since 1970); HTTP 429 backoff in `memory`.
    package func update(needs: [String: [IndicatorNeed]], quotes: [String: Quote], sources: [any HistorySource],
                       transport: any HTTPTransport, memory: inout ProviderMemory, now: Double) -> Update {
        var update = Update()
        guard !needs.isEmpty else { return update }
        if !storeOpened, let storePath {
            storeOpened = true
            store = HistoryStore.open(path: storePath, now: now) { update.warnings.append($0) }
        }
        let clockMs = Int64((min(max(now, 0), 1e12) * 1000).rounded())
        for (coin, coinNeeds) in needs {
            guard let quote = quotes[coin], let quoted = sources.first(where: { $0.name == quote.provider }) else { continue }
            let source = quoted.candleSource
            let market = source.historyMarket(for: quote)
            // A candle the provider may still revise (CoinGecko's cached `ohlc`) is not closed yet.
            let nowMs = clockMs - source.settleMilliseconds
            // Timeframes built from one served series (CoinGecko's 4h, 1d, 1w) share one fill of it.
            var behind: [(timeframe: Timeframe, name: String, entry: Series, lastClosed: Int64, from: Int64?)] = []
            var earliest: [Timeframe: Int64] = [:]
            for timeframe in Timeframe.allCases {
                let group = coinNeeds.filter { $0.timeframe == timeframe }
                guard !group.isEmpty else { continue }
                let name = "\(source.name)|\(market)|\(quote.vs)|\(timeframe.rawValue)"
                let keys = Set(group.map(\.key))
                var entry = series[name] ?? Series(tracks: [:])
                if Set(entry.tracks.keys) != keys {
                    entry = Series(tracks: Dictionary(uniqueKeysWithValues: keys.map { ($0, IndicatorTrack($0.indicator)) }))
                }
                let width = timeframe.milliseconds
                let lastClosed = timeframe.floor(nowMs) - width
                var from: Int64?
                if entry.fedThrough.map({ $0 < lastClosed }) ?? true {
                    let start = entry.fedThrough.map { $0 + width } ?? lastClosed - Int64(Indicator.window) * width
                    if let served = Self.served(source, timeframe) { earliest[served] = min(earliest[served] ?? start, start) }
                    from = start
                }
                behind.append((timeframe, name, entry, lastClosed, from))
            }
            var fills: [Timeframe: HistoryLoader.Filled] = [:]
            var readings: [IndicatorKey: IndicatorReading] = [:]
            for item in behind {
                var entry = item.entry
                if let from = item.from {
                    let (candles, complete) = closedCandles(source, market: market, vs: quote.vs, timeframe: item.timeframe, from: from,
                                                            fillFrom: earliest, fills: &fills, now: nowMs, transport: transport,
                                                            memory: &memory, update: &update)
                    var fed = entry.fedThrough
                    for candle in candles where candle.openTime <= item.lastClosed {
                        for index in entry.tracks.values.indices { entry.tracks.values[index].add(candle) }
                        fed = candle.openTime
                    }
                    // After a failed fill the next pass asks again for what is missing, rather than skip it.
                    entry.fedThrough = complete ? item.lastClosed : fed
                }
                series[item.name] = entry
                for (key, track) in entry.tracks { readings[key] = track.reading }
            }
            update.readings[coin] = IndicatorReadings(readings)
        }
        return update
    }

    /// The readings of `coin`'s indicator rules over closed `candles`, oldest first (for the bench and tests).
    package static func readings(of candles: [Candle], rules: RulesFile, coin: String) -> IndicatorReadings {
        var tracks: [IndicatorKey: IndicatorTrack] = [:]
        for need in DataPlan(rules).indicatorNeeds[coin] ?? [] where tracks[need.key] == nil {
            var track = IndicatorTrack(need.indicator)
            for candle in candles { track.add(candle) }
            tracks[need.key] = track
        }
        return IndicatorReadings(tracks: tracks)
    }

    /// The timeframe `source` fetches to make `timeframe`'s candles; nil when it cannot make them.
    private static func served(_ source: any HistorySource, _ timeframe: Timeframe) -> Timeframe? {
        let served = source.fetchTimeframe(for: timeframe)
        return served == timeframe || timeframe.isBuilt(from: served) ? served : nil
    }

    /// The closed candles of `timeframe` from `from` (ms) to the last closed at `now`: the store's,
    /// after one fill per served series and pass (kept in `fills`), built from finer ones where needed;
    /// `complete` false when the fill failed.
    private func closedCandles(_ source: any HistorySource, market: String, vs: String, timeframe: Timeframe, from: Int64,
                               fillFrom: [Timeframe: Int64], fills: inout [Timeframe: HistoryLoader.Filled],
                               now: Int64, transport: any HTTPTransport, memory: inout ProviderMemory,
                               update: inout Update) -> (candles: [Candle], complete: Bool) {
        guard let served = Self.served(source, timeframe) else {
            update.warnings.append("\(source.name) serves no \(timeframe.rawValue) candles for \(market); its indicator rules stay in warm-up")
            return ([], true)
        }
        let key = SeriesKey(provider: source.name, coin: market, currency: vs, timeframe: served)
        let filled: HistoryLoader.Filled
        if let done = fills[served] {
            filled = done
        } else {
            let seconds = Double(now) / 1000
            filled = HistoryLoader(source: source, store: store).fill(key, market: market, vs: vs, from: fillFrom[served] ?? from,
                                                                      now: now) { request in
                ProviderCall.ask(request, from: source.name, through: transport, memory: &memory, now: seconds)
            }
            fills[served] = filled
            update.requests += filled.requests
            update.warnings += filled.warnings
            if let error = filled.error { update.failures.append(error) }
        }
        let end = timeframe.floor(now)
        let stored = (try? store?.candles(key, from: from, to: end)) ?? []
        var candles = CandleChunk.merge(stored, filled.fetched.filter { $0.openTime >= from && $0.openTime < end })
        if served != timeframe, let first = candles.first?.openTime {
            candles = CandleAggregator.aggregate(candles, to: timeframe, now: end).closed
            // The coarse candle the finer history starts inside of is partial: not a candle.
            if timeframe.floor(first) != first { candles.removeAll { $0.openTime == timeframe.floor(first) } }
        }
        return (candles, fills[served]?.error == nil)
    }
}
