import CoinWatchMarket
/// What a condition is judged against in one pass for one coin: the quote's figures, the
/// previous price and the recorded history. A pass makes one per quoted coin and every rule on
/// that coin reads the same one; it holds numbers and the history only, not the quote's strings.
package struct Observation: Sendable, Equatable {
    /// The current price.
    package var price: Double
    /// The instant of the pass, seconds since 1970.
    package var now: Double
    /// The last price recorded in state for the coin and currency; nil at the first observation.
    package var previous: Double?
    /// The provider's 24h change in percent, where it reports one.
    package var change24h: Double?
    /// The provider's 24h traded volume in the quote currency, where it reports a finite one ≥ 0
    /// (setting any other value leaves it unreported).
    package var volume24h: Double? {
        didSet { volume24h = Self.reportable(volume24h) }
    }
    /// The provider's market cap in the quote currency, where it reports a finite one ≥ 0.
    package private(set) var marketCap: Double?
    /// The provider's market-cap rank (1 is the largest), where it reports one ≥ 1.
    package private(set) var rank: Int?
    /// The lowest and highest price traded since the previous observation, where the answer
    /// carries them (SPEC §2 wicks); nil for a plain quote.
    package var span: PriceSpan?
    /// The provider's own highs and lows, where it reports them.
    package var marks: Marks
    /// Prices recorded before this pass (the current price not yet added). A pass fills it only
    /// for coins some rule looks back on (`ConditionNeeds.history`).
    package var series: PriceSeries?
    /// The indicators of the coin's closed candles that some rule on it reads (nil for the others).
    package var indicators: IndicatorReadings?
    /// The pair's stored reference price (`ConditionNeeds.pairMemory`), set by the pass for the
    /// pair being judged; nil for a pair that has none yet.
    package var reference: Double?
    /// Figures a pass derives for some rules only (a premium's other leg, a holding).
    package var derived: Derived? {
        get { derivedBox?.value }
        set { derivedBox = newValue.map(DerivedBox.init) }
    }
    /// Where `derived` is kept: boxed, since most observations have none and an inline one took 272
    /// of an observation's 552 bytes (a 5000-coin pass holds one observation per coin at its peak).
    private var derivedBox: DerivedBox?

    /// A `Derived`, held by reference.
    private final class DerivedBox: Sendable, Equatable {
        let value: Derived
        init(_ value: Derived) { self.value = value }
        static func == (a: DerivedBox, b: DerivedBox) -> Bool { a.value == b.value }
    }

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
        /// The market on the exchange's two last lists, for the exchange event kinds (SPEC §14).
        package var market: MarketChange?

        package init(premiumBases: [PremiumLeg: Double] = [:], premiumGaps: [PremiumLeg: String] = [:], holding: Position? = nil,
                    market: MarketChange? = nil) {
            self.premiumBases = premiumBases
            self.premiumGaps = premiumGaps
            self.holding = holding
            self.market = market
        }
    }

    /// The highest price since the previous observation: the span's high, and the current price.
    var highest: Double { span.map { max(price, $0.high) } ?? price }
    /// The lowest price since the previous observation: the span's low, and the current price.
    var lowest: Double { span.map { min(price, $0.low) } ?? price }

    /// The provider's highs and lows for the windows it reports.
    package struct Marks: Sendable, Equatable {
        var high24h, low24h, high52w, low52w, ath, atl: Double?

        /// The highs and lows of `quote`.
        package init(_ quote: borrowing Quote) {
            (high24h, low24h, high52w) = (quote.high24h, quote.low24h, quote.high52w)
            (low52w, ath, atl) = (quote.low52w, quote.ath, quote.atl)
        }

        /// The provider's high (or low) for `window`: 24h, 52w or all-time; nil for 7d and 30d.
        package func mark(high: Bool, window: Window) -> Double? {
            switch window {
            case .h24: return high ? high24h : low24h
            case .w52: return high ? high52w : low52w
            case .all: return high ? ath : atl
            case .d7, .d30: return nil
            }
        }
    }

    /// An observation of `quote` at `now` against what state recorded before it. `quote` is
    /// borrowed: a pass reads it where the quotes dictionary holds it, without copying its strings.
    package init(quote: borrowing Quote, previous: Double?, series: PriceSeries?, now: Double) {
        self.price = quote.price
        self.now = now
        self.previous = previous
        self.change24h = quote.change24h
        self.volume24h = Self.reportable(quote.volume24h)
        self.marketCap = Self.reportable(quote.marketCap)
        self.rank = quote.rank.flatMap { $0 >= 1 ? $0 : nil }
        self.span = quote.span
        self.marks = Marks(quote)
        self.series = series
    }

    /// `figure` when a provider can report it (finite and ≥ 0), else nil.
    private static func reportable(_ figure: Double?) -> Double? { figure.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }

    /// Recorded points no older than `seconds` before `now`; every point when `seconds` is nil.
    package func recorded(within seconds: Double?) -> [PricePoint] {
        guard let points = series?.points else { return [] }
        guard let seconds else { return points }
        let from = now - seconds
        return points.filter { $0.time >= from }
    }
}
