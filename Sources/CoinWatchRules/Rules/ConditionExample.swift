import CoinWatchSupport
import CoinWatchMarket
/// A worked example on a condition kind: a `when`, a situation, and whether the condition holds in it;
/// the docs print it and one test runs it through the real parser and evaluator.
package struct ConditionExample: Sendable {
    /// The `when` object: `{"above": 100}`.
    var when: String
    /// The current price.
    var price: Double
    /// The last recorded price; nil: the newest recorded price, if any.
    var previous: Double?
    /// The provider's 24h change, percent.
    var change24h: Double?
    /// The provider's own marks: 24h, 52-week and all-time highs and lows.
    var high24h: Double?, low24h: Double?, high52w: Double?, low52w: Double?, ath: Double?, atl: Double?
    /// The provider's 24h volume and market cap (in the quote currency) and market-cap rank.
    var volume24h: Double?, marketCap: Double?, rank: Int?
    /// A premium's base (the other leg, converted into the rule's currency); nil: a leg is missing.
    var premiumBase: Double?
    /// The coin's holding; nil: not held.
    var holding: Position?
    /// The lowest and highest price traded since the previous observation (SPEC §2 wicks); nil: none reported.
    var traded: ClosedRange<Double>?
    /// Recorded prices as (seconds ago, price), oldest first.
    var history: [(ago: Double, price: Double)] = []
    /// Closes of closed candles, oldest first (indicator kinds), and their volumes (nil: none).
    var closes: [Double] = []
    var volumes: [Double]?
    /// The pair's stored reference price (`change_from` from the start, trailing kinds).
    var reference: Double?
    /// The market on the exchange's two last lists (the exchange event kinds, SPEC §14).
    var market: MarketChange?
    /// Whether the pair has fired and not stopped holding (a level kind's hysteresis).
    var firing = false
    /// Whether the condition holds in this situation: a fresh pair notifies; a firing one stays
    /// firing (when false, it resolves).
    var holds: Bool

    /// The quote this example describes.
    var quote: Quote {
        Quote(providerID: "example", symbol: "EX", name: "Example", vs: "usd", price: price,
              change24h: change24h, high24h: high24h, low24h: low24h, high52w: high52w, low52w: low52w,
              ath: ath, atl: atl, volume24h: volume24h, marketCap: marketCap, rank: rank, provider: "example",
              span: traded.flatMap { PriceSpan(low: $0.lowerBound, high: $0.upperBound) })
    }

    /// The observation this example describes at `now` (seconds since 1970), with the readings of
    /// `indicators` over `closes`. `previous` defaults to the newest recorded price.
    func observation(now: Double, indicators: [IndicatorNeed] = [], premiums: [PremiumLeg] = []) -> Observation {
        let points = history.map { PricePoint(time: now - $0.ago, price: $0.price) }
        var series: PriceSeries?
        if let first = points.first?.time {
            series = PriceSeries(firstSeen: first, points: points)
        }
        var observation = Observation(quote: quote, previous: previous ?? points.last?.price, series: series, now: now)
        if !indicators.isEmpty {
            var tracks: [IndicatorKey: IndicatorTrack] = [:]
            for need in indicators where tracks[need.key] == nil {
                var track = IndicatorTrack(need.indicator)
                for (index, close) in closes.enumerated() {
                    let open = Int64(index) * need.timeframe.milliseconds
                    track.add(Candle(openTime: open, open: close, high: close, low: close, close: close, volume: volumes.flatMap { index < $0.count ? $0[index] : nil }))
                }
                tracks[need.key] = track
            }
            observation.indicators = IndicatorReadings(tracks: tracks)
        }
        if premiumBase != nil || holding != nil || market != nil {
            let bases = premiumBase.map { base in Dictionary(premiums.map { ($0, base) }, uniquingKeysWith: { a, _ in a }) } ?? [:]
            observation.derived = Observation.Derived(premiumBases: bases, holding: holding, market: market)
        }
        return observation
    }

    /// The situation in words: `price 105; provider's 24h high 104; recorded 100 1h ago`.
    /// `level` says whether the kind is a level kind (an event kind mentions a missing previous price).
    func situation(level: Bool) -> String {
        let n = NumberText.plain
        var parts = ["price \(n(price))"]
        if let previous { parts.append("previous \(n(previous))") }
        if let change24h { parts.append("24h change \(n(change24h))%") }
        let marks: [(String, Double?)] = [("24h high", high24h), ("24h low", low24h), ("52-week high", high52w),
                                          ("52-week low", low52w), ("all-time high", ath), ("all-time low", atl)]
        for (name, value) in marks {
            if let value { parts.append("provider's \(name) \(n(value))") }
        }
        if let volume24h { parts.append("24h volume \(n(volume24h))") }
        if let marketCap { parts.append("market cap \(n(marketCap))") }
        if let rank { parts.append("rank \(rank)") }
        if let premiumBase { parts.append("the other leg, converted, \(n(premiumBase))") }
        if let holding { parts.append("holding \(n(holding.amount)) bought for \(n(holding.cost))") }
        if let traded { parts.append("traded \(n(traded.lowerBound))–\(n(traded.upperBound)) since the previous price") }
        if !history.isEmpty {
            parts.append("recorded " + history.map { "\(n($0.price)) \(TimeText.duration($0.ago)) ago" }
                .joined(separator: ", "))
        }
        if !closes.isEmpty { parts.append("closed candles " + closes.map(n).joined(separator: ", ")) }
        if let volumes { parts.append("volumes " + volumes.map(n).joined(separator: ", ")) }
        if let reference { parts.append("pair's reference price \(n(reference))") }
        if let market {
            let side = { (listed: ListedMarket?) -> String in
                guard let listed else { return "not listed" }
                let flags = listed.flags.map { "flagged " + $0.joined(separator: ", ") } ?? "not flagged"
                return listed.ending.map { "ending (\($0))" } ?? "listed, \(flags)"
            }
            return "\(market.exchange) \(market.code) before: \(side(market.before)); now: \(side(market.after))"
        }
        if previous == nil, history.isEmpty, !level { parts.append("no previous price") }
        if firing { parts.append("fired before") }
        return parts.joined(separator: "; ")
    }
}
