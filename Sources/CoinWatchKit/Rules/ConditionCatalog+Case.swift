extension ConditionCatalog {
    /// A worked example: a situation and whether the condition holds in it.
    public struct Case: Sendable {
        /// The condition as a rule would hold it.
        public var condition: Condition
        /// The current price.
        public var price: Double
        /// The last recorded price; nil at the first observation.
        public var previous: Double?
        /// The provider's 24h change, percent.
        public var change24h: Double?
        /// The provider's own marks: 24h, 52-week and all-time highs and lows.
        public var high24h: Double?, low24h: Double?, high52w: Double?, low52w: Double?, ath: Double?, atl: Double?
        /// Recorded prices as (seconds ago, price), oldest first.
        public var history: [(ago: Double, price: Double)]
        /// How long ago coinwatch started watching (seconds); nil: since the oldest recorded price.
        public var watchedFor: Double?
        /// Whether the condition holds in this situation.
        public var holds: Bool

        init(_ condition: Condition, price: Double, previous: Double? = nil, change24h: Double? = nil,
             high24h: Double? = nil, low24h: Double? = nil, high52w: Double? = nil, low52w: Double? = nil,
             ath: Double? = nil, atl: Double? = nil, history: [(ago: Double, price: Double)] = [],
             watchedFor: Double? = nil, holds: Bool) {
            self.condition = condition
            self.price = price
            self.previous = previous
            self.change24h = change24h
            (self.high24h, self.low24h, self.high52w, self.low52w, self.ath, self.atl) = (high24h, low24h, high52w, low52w, ath, atl)
            self.history = history
            self.watchedFor = watchedFor
            self.holds = holds
        }

        /// The observation this case describes at `now` (seconds since 1970). `previous` defaults
        /// to the newest recorded price.
        public func observation(now: Double) -> Observation {
            let quote = Quote(providerID: "example", symbol: "EX", name: "Example", vs: "usd", price: price,
                              change24h: change24h, high24h: high24h, low24h: low24h, high52w: high52w, low52w: low52w,
                              ath: ath, atl: atl, provider: "example")
            let points = history.map { PricePoint(t: now - $0.ago, p: $0.price) }
            var series: PriceSeries?
            if let first = watchedFor.map({ now - $0 }) ?? points.first?.t {
                series = PriceSeries(firstSeen: first, points: points)
            }
            return Observation(quote: quote, previous: previous ?? points.last?.p, series: series, now: now)
        }

        /// The situation in words: `price 105; provider's 24h high 104; recorded 100 1h ago`.
        public var situation: String {
            let n = ConditionEvaluator.format
            var parts = ["price \(n(price))"]
            if let previous { parts.append("previous \(n(previous))") }
            if let change24h { parts.append("24h change \(n(change24h))%") }
            let marks: [(String, Double?)] = [("24h high", high24h), ("24h low", low24h), ("52-week high", high52w),
                                              ("52-week low", low52w), ("all-time high", ath), ("all-time low", atl)]
            for (name, value) in marks {
                if let value { parts.append("provider's \(name) \(n(value))") }
            }
            if !history.isEmpty {
                parts.append("recorded " + history.map { "\(n($0.price)) \(TimeText.duration($0.ago)) ago" }
                    .joined(separator: ", "))
            }
            if let watchedFor { parts.append("watched for \(TimeText.duration(watchedFor))") }
            if previous == nil, history.isEmpty, !condition.isLevel { parts.append("no previous price") }
            return parts.joined(separator: "; ")
        }
    }
}
