import CoinWatchSupport
import CoinWatchTransport
/// Gets one chart's history: what the store holds, and from the provider (through `fetch`) only the spans
/// the store does not know complete, whose closed candles it then stores in one transaction.
package struct HistoryLoader {
    /// What a load produced.
    package struct Loaded: Sendable {
        /// The chart's points: (ms since 1970, price), sorted, no time twice.
        package var points: [(time: Int64, price: Double)]
        /// The candles the points were taken from, one per point, same order (a point as a candle
        /// of four equal prices, no volume, where the provider serves points).
        package var candles: [Candle]
        /// How many of the fetched width's candles came from the store and how many from the network
        /// (`key.timeframe`'s: a chart built from finer candles counts those).
        package var fromStore: Int
        package var fromNetwork: Int
        /// Requests made.
        package var requests: Int
        /// The series the chart was drawn from (as fetched, before any aggregation).
        package var key: SeriesKey
        /// The width of `candles`, one point each: the range's where they were built from finer `key`
        /// candles, else `key.timeframe` (the resolution a chart draws and a backtest replays).
        package var timeframe: Timeframe
        /// A line for stderr: the store or the provider could not be used, but a chart was drawn.
        package var warning: String?
        /// The last candle is the one still forming, as the provider served it this time (its
        /// "close" is the latest trade, not a close; a load from the store has none).
        package var endsForming = false

        /// The closed candles only: what a chart that must agree with its source draws (SPEC §7).
        package var closed: Loaded {
            guard endsForming else { return self }
            var copy = self
            copy.points.removeLast()
            copy.candles.removeLast()
            copy.fromNetwork = max(0, copy.fromNetwork - 1)
            copy.endsForming = false
            return copy
        }
    }

    package let source: any HistorySource
    package let store: HistoryStore?

    package init(source: any HistorySource, store: HistoryStore?) {
        self.source = source
        self.store = store
    }

    /// The points of `range` ending at `until` (ms; nil: `now`) for `market` in `vs`, asking the provider
    /// for that span (SPEC §8). Fails with a one-line message when neither the store nor the provider has any,
    /// ending with the command's `advice` (what to change, in its own options) when the provider answered none.
    package func load(market: String, vs: String, range: ChartRange, now: Int64, until: Int64? = nil, advice: String? = nil,
                     fetch: (HTTPRequest) -> Result<[UInt8], ProviderError>) -> Result<Loaded, OneLineError> {
        let wanted = range.timeframe
        let clock = now
        let (key, start, now) = series(market: market, vs: vs, range: range, now: clock, until: until)
        let timeframe = key.timeframe
        let filled = fill(key, market: market, vs: vs, from: start, to: now, now: clock, fetch: fetch)
        let newest = max(filled.fetched.last?.openTime ?? .min, filled.forming?.openTime ?? .min, (try? store?.newest(key)) ?? .min)
        guard newest != .min else {
            return .failure(OneLineError(filled.error.map(Self.describe)
                ?? "\(source.name) answered no history for \(market) in \(vs) (\(range.rawValue))" + (advice.map { "; " + $0 } ?? "")))
        }
        // The window ends now, or at the newest data when that is older than the whole range (a
        // provider that stopped quoting the coin, or a replayed capture).
        let anchor = range.milliseconds.map { now - newest <= $0 } ?? true ? now : newest
        // The range, applied here once to every candle drawn (stored, fetched, forming): open time in
        // [from, end). A chart built from finer candles starts at its first whole candle, so that none
        // of its candles (a point at its open time) lies before the range.
        let built = wanted.isBuilt(from: timeframe)
        let end = anchor + 1
        let from = range.milliseconds.map { built ? Self.firstOpen(wanted, atOrAfter: anchor - $0) : anchor - $0 } ?? .min
        let inRange = { (candle: Candle) in candle.openTime >= from && candle.openTime < end }
        let stored = (try? store?.candles(key, from: from, to: end)) ?? []
        let fresh = filled.fetched.filter(inRange)
        let freshTimes = Set(fresh.map(\.openTime))
        let fromStore = stored.count(where: { !freshTimes.contains($0.openTime) })
        var candles = CandleChunk.merge(stored, fresh)
        var endsForming = false
        if let forming = filled.forming, inRange(forming) {
            candles = CandleChunk.merge(candles, [forming])
            endsForming = candles.last?.openTime == forming.openTime
        }
        // Counted as fetched, before any aggregation: the store and the network hold `timeframe` candles.
        let fromNetwork = candles.count - fromStore
        if built {
            let aggregated = CandleAggregator.aggregate(candles, to: wanted, now: now)
            candles = aggregated.closed + (aggregated.forming.map { [$0] } ?? [])
        }
        let drawn = built ? wanted : timeframe
        let points = candles.map { candle -> (time: Int64, price: Double) in
            (source.servesPoints ? candle.openTime : min(candle.openTime + drawn.milliseconds, now), candle.close)
        }
        var warnings = filled.warnings
        if let error = filled.error { warnings.append("\(Self.describe(error)); the chart shows what the store holds") }
        var loaded = Loaded(points: points, candles: candles, fromStore: fromStore, fromNetwork: fromNetwork, requests: filled.requests,
                            key: key, timeframe: drawn, warning: warnings.isEmpty ? nil : warnings.joined(separator: "; "))
        // Built candles keep their forming one: its close is the close of a finer closed candle.
        loaded.endsForming = endsForming && wanted == timeframe
        return .success(loaded)
    }

    /// The series `load` fills for `range` ending at `until` (ms; nil: `now`) and the span it fills, [`from`, `to`).
    package func series(market: String, vs: String, range: ChartRange, now: Int64, until: Int64? = nil) -> (key: SeriesKey, from: Int64, to: Int64) {
        let key = SeriesKey(provider: source.name, coin: market, currency: vs, timeframe: source.fetchTimeframe(for: range.timeframe),
                            points: source.servesPoints)
        let to = min(until ?? now, now)
        return (key, range.milliseconds.map { to - $0 } ?? source.earliest, to)
    }

    /// The open time of the first `timeframe` candle that opens at or after `time` (ms).
    static func firstOpen(_ timeframe: Timeframe, atOrAfter time: Int64) -> Int64 {
        let open = timeframe.floor(time)
        return open < time ? open + timeframe.milliseconds : open
    }

    /// What `fill` did: the closed candles it fetched (sorted, none the store knew complete), the
    /// newest forming one, the requests made, the failure that stopped it, and store warnings.
    package struct Filled {
        package var fetched: [Candle] = []
        var forming: Candle?
        package var requests = 0
        /// The failure that stopped it: a refusal the source's plan explains is `.planLimit`, which says what to do.
        package var error: ProviderError?
        package var warnings: [String] = []
    }

    /// Fetches and stores, in one transaction, the parts of [`start`, `to`) (ms; nil: `now`) of `key` the
    /// store does not know complete, skipping spans shorter than one candle.
    package func fill(_ key: SeriesKey, market: String, vs: String, from start: Int64, to end: Int64? = nil, now: Int64,
              fetch: (HTTPRequest) -> Result<[UInt8], ProviderError>) -> Filled {
        let timeframe = key.timeframe
        var filled = Filled()
        var known = Intervals()
        if let store {
            do { known = try store.complete(key) } catch { filled.warnings.append("\(error.message); fetching the whole range") }
        }
        var completed: [(start: Int64, end: Int64)] = []
        var skipped = 0
        spans: for (span, requests) in self.requests(key, market: market, vs: vs, from: start, to: end, now: now, known: known) {
            var spanCandles: [Candle] = []
            for request in requests {
                let answer = fetch(request)
                if case .failure(.backingOff) = answer {} else { filled.requests += 1 }  // skipped in a 429 backoff: not made
                switch answer.flatMap({ body in Result { try source.decodeHistory(body, timeframe: timeframe) }
                    .mapError { $0 as? ProviderError ?? .decoding(provider: source.name, detail: "\($0)") } }) {
                case .success(let candles): spanCandles += candles
                case .failure(let error):
                    filled.error = limited(error)
                    break spans
                }
            }
            // A row with impossible prices (zero, negative, low above high) is left out, not the whole answer.
            let sane = spanCandles.filter(\.isSane)
            skipped += spanCandles.count - sane.count
            let sorted = HistoryRows.normalized(sane)
            let batch = HistoryBatch.split(sorted, timeframe: timeframe, points: source.servesPoints, now: now)
            if let last = batch.forming, last.openTime >= (filled.forming?.openTime ?? .min) { filled.forming = last }
            filled.fetched += batch.closed.filter { known.missing($0.openTime, $0.openTime + 1).count == 1 }
            if !sorted.isEmpty {
                // A latest-only answer (Bithumb, CoinGecko `ohlc`) is all the provider serves of the
                // span: what precedes its first row is not there to fetch, so it is not asked again.
                let end = source.servesPoints ? span.end : min(span.end, timeframe.floor(now))
                completed.append((span.start, end))
            }
        }
        if skipped > 0 {
            filled.warnings.append("\(source.name): \(skipped) history \(skipped == 1 ? "row" : "rows") with impossible prices "
                                   + "(zero, negative, low above high) left out")
        }
        filled.fetched = HistoryRows.normalized(filled.fetched)
        if let store, !filled.fetched.isEmpty || !completed.isEmpty {
            do {
                try store.save(key, closed: filled.fetched, complete: completed)
            } catch {
                filled.warnings.append("\(error.message); history not stored")
            }
        }
        return filled
    }

    /// The requests `fill` sends for [`start`, `end`) (ms; nil: `now`) of `key` when the store knows `known` complete:
    /// each span it misses (none shorter than one candle) with its requests, none asked twice.
    package func requests(_ key: SeriesKey, market: String, vs: String, from start: Int64, to end: Int64?, now: Int64,
                          known: Intervals) -> [(span: (start: Int64, end: Int64), requests: [HTTPRequest])] {
        var seen = Set<String>()
        return known.missing(start, min(end ?? now, now)).filter { $0.end - $0.start >= key.timeframe.milliseconds }.map { span in
            (span, source.historyRequests(market: market, vs: vs, timeframe: key.timeframe, from: span.start, to: span.end, now: now)
                .filter { seen.insert($0.url).inserted })
        }
    }

    /// `error`, or the plan limit it tells of (`HistorySource.planHint`).
    private func limited(_ error: ProviderError) -> ProviderError {
        let refusal: String? = switch error {
        case .api(_, let message): message
        case .transport(_, .http(_, let status, let body, _)) where status == 402 || status == 403 || status == 401: String(body.prefix(300))
        default: nil
        }
        return refusal.flatMap(source.planHint).map { .planLimit(provider: source.name, hint: $0) } ?? error
    }

    /// A chart's or a replay's words for `error`: a rate limit says when to try again.
    package static func describe(_ error: ProviderError) -> String {
        guard case .backingOff(let provider, let until) = error else { return error.message }
        return "\(provider): rate-limited (HTTP 429); skipped until \(TimeText.iso(until)), try again then"
    }
}
