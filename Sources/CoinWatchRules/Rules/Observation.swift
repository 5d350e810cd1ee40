import CoinWatchMarket
/// What a condition is judged against in one pass for one coin: the quote's figures, the
/// previous price and the recorded history. A pass makes one per quoted coin and every rule on
/// that coin reads the same one; it holds numbers and the history only, not the quote's strings,
/// packed so that the figures every kind reads share the first cache line.
package struct Observation: Sendable, Equatable {
    /// The current price.
    package var price: Double
    /// The instant of the pass, seconds since 1970.
    package var now: Double
    private var previousValue: Double
    private var changeValue: Double
    private var present: Present
    /// The provider's own highs and lows, where it reports them.
    package var marks: Marks
    /// Prices recorded before this pass (the current price not yet added). A pass fills it only
    /// for coins some rule looks back on (`ConditionNeeds.history`).
    package var series: PriceSeries?
    private var volumeValue: Double
    private var capValue: Double
    private var rankValue: Int
    private var spanLowValue: Double
    private var spanHighValue: Double
    /// The indicators of the coin's closed candles that some rule on it reads (nil for the others).
    package var indicators: IndicatorReadings?
    /// The pair's stored reference price (`ConditionNeeds.pairMemory`), set by the pass for the
    /// pair being judged; nil for a pair that has none yet.
    package var reference: Double?
    /// Figures a pass derives for some rules only (a premium's other leg, a holding), kept apart
    /// so the observations of other rules stay as small as before.
    package var derived: Derived?

    /// What a pass derives beside the quote for premium and holdings rules.
    package struct Derived: Sendable, Equatable {
        /// Per premium leg: its base, the same coin on the leg's provider converted into the rule's
        /// currency; a leg missing this pass has none, and `premiumGaps` says why.
        package var premiumBases: [PremiumLeg: Double]
        /// Per missing leg, why, in words: `no quote on binance in usdt`.
        package var premiumGaps: [PremiumLeg: String]
        /// The coin's holding (units and cost in vs_currency); for the portfolio, amount 1 and
        /// the total cost (its price is the total value). Nil when the coin is not held.
        package var holding: Position?

        package init(premiumBases: [PremiumLeg: Double] = [:], premiumGaps: [PremiumLeg: String] = [:], holding: Position? = nil) {
            self.premiumBases = premiumBases
            self.premiumGaps = premiumGaps
            self.holding = holding
        }
    }

    /// Which optional figures are there.
    private struct Present: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        static let previous = Present(rawValue: 1)
        static let change = Present(rawValue: 2)
        static let volume = Present(rawValue: 4)
        static let cap = Present(rawValue: 8)
        static let rank = Present(rawValue: 16)
        static let span = Present(rawValue: 32)
    }

    /// The last price recorded in state for the coin and currency; nil at the first observation.
    package var previous: Double? {
        get { present.contains(.previous) ? previousValue : nil }
        set {
            previousValue = newValue ?? 0
            if newValue == nil { present.remove(.previous) } else { present.insert(.previous) }
        }
    }

    /// The provider's 24h change in percent, where it reports one.
    package var change24h: Double? {
        get { present.contains(.change) ? changeValue : nil }
        set {
            changeValue = newValue ?? 0
            if newValue == nil { present.remove(.change) } else { present.insert(.change) }
        }
    }

    /// The provider's 24h traded volume in the quote currency, where it reports a finite one ≥ 0
    /// (setting any other value leaves it unreported).
    package var volume24h: Double? {
        get { present.contains(.volume) ? volumeValue : nil }
        set {
            if let volume = newValue, volume.isFinite, volume >= 0 {
                volumeValue = volume
                present.insert(.volume)
            } else {
                volumeValue = 0
                present.remove(.volume)
            }
        }
    }
    /// The provider's market cap in the quote currency, where it reports a finite one ≥ 0.
    package var marketCap: Double? { present.contains(.cap) ? capValue : nil }
    /// The provider's market-cap rank (1 is the largest), where it reports one ≥ 1.
    package var rank: Int? { present.contains(.rank) ? rankValue : nil }

    /// The lowest and highest price traded since the previous observation, where the answer
    /// carries them (SPEC §2 wicks); nil for a plain quote.
    package var span: PriceSpan? {
        get { present.contains(.span) ? PriceSpan(low: spanLowValue, high: spanHighValue) : nil }
        set {
            (spanLowValue, spanHighValue) = (newValue?.low ?? 0, newValue?.high ?? 0)
            if newValue == nil { present.remove(.span) } else { present.insert(.span) }
        }
    }

    /// The highest price since the previous observation: the span's high, and the current price.
    var highest: Double { present.contains(.span) ? max(price, spanHighValue) : price }
    /// The lowest price since the previous observation: the span's low, and the current price.
    var lowest: Double { present.contains(.span) ? min(price, spanLowValue) : price }

    /// The provider's highs and lows for the windows it reports.
    package struct Marks: Sendable, Equatable {
        /// 24h, 52-week and all-time highs and lows, in that order; 0 where `reported` lacks the bit.
        private var values: (Double, Double, Double, Double, Double, Double)
        /// Bit `i` set: `values.i` was reported.
        private var reported: UInt8

        /// The highs and lows of `quote`.
        package init(_ quote: borrowing Quote) {
            // Written out rather than through an array: a pass makes one per coin.
            var bits: UInt8 = 0
            func value(_ mark: Double?, _ bit: UInt8) -> Double {
                guard let mark else { return 0 }
                bits |= bit
                return mark
            }
            values = (value(quote.high24h, 1), value(quote.low24h, 2), value(quote.high52w, 4),
                      value(quote.low52w, 8), value(quote.ath, 16), value(quote.atl, 32))
            reported = bits
        }

        /// The provider's high (or low) for `window`: 24h, 52w or all-time; nil for 7d and 30d.
        func mark(high: Bool, window: Window) -> Double? {
            let index: Int
            switch window {
            case .h24: index = high ? 0 : 1
            case .w52: index = high ? 2 : 3
            case .all: index = high ? 4 : 5
            case .d7, .d30: return nil
            }
            guard reported & (1 << index) != 0 else { return nil }
            switch index {
            case 0: return values.0
            case 1: return values.1
            case 2: return values.2
            case 3: return values.3
            case 4: return values.4
            default: return values.5
            }
        }

        package static func == (lhs: Marks, rhs: Marks) -> Bool {
            lhs.reported == rhs.reported && lhs.values == rhs.values
        }
    }

    /// An observation of `quote` at `now` against what state recorded before it. `quote` is
    /// borrowed: a pass reads it where the quotes dictionary holds it, without copying its strings.
    package init(quote: borrowing Quote, previous: Double?, series: PriceSeries?, now: Double) {
        self.price = quote.price
        self.now = now
        self.previousValue = 0
        self.changeValue = 0
        self.present = []
        self.marks = Marks(quote)
        self.series = series
        self.volumeValue = 0
        self.capValue = 0
        self.rankValue = 0
        self.spanLowValue = 0
        self.spanHighValue = 0
        self.indicators = nil
        self.reference = nil
        self.derived = nil
        self.previous = previous
        self.change24h = quote.change24h
        self.volume24h = quote.volume24h
        if let cap = quote.marketCap, cap.isFinite, cap >= 0 {
            capValue = cap
            present.insert(.cap)
        }
        if let rank = quote.rank, rank >= 1 {
            rankValue = rank
            present.insert(.rank)
        }
        if let span = quote.span { self.span = span }
    }

    /// Recorded points no older than `seconds` before `now`; every point when `seconds` is nil.
    package func recorded(within seconds: Double?) -> [PricePoint] {
        guard let points = series?.points else { return [] }
        guard let seconds else { return points }
        let from = now - seconds
        return points.filter { $0.time >= from }
    }
}
