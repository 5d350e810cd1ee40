import CoinWatchSupport
import FoundationEssentials

/// One coin's market figures from one provider, normalized. Prices are in `vs`.
package struct Quote: Sendable, Equatable, Codable, StateRecord {
    /// The provider's own id for the coin (`bitcoin`, `btc-bitcoin`, `KRW-BTC`).
    package var providerID: String
    /// Ticker symbol, upper case (`BTC`).
    package var symbol: String
    /// Display name (`Bitcoin`); the symbol where the provider gives none.
    package var name: String
    /// Quote currency, lower case (`usd`, `krw`).
    package var vs: String
    /// Last price.
    package var price: Double
    /// 24h change in percent (−5.2 is a 5.2 % drop).
    package var change24h: Double?
    package var high24h: Double?
    package var low24h: Double?
    package var high52w: Double?
    package var low52w: Double?
    /// All-time high and low, and when they were set.
    package var ath: Double?
    package var athDate: Date?
    package var atl: Double?
    package var atlDate: Date?
    /// 24h traded volume, in `vs`.
    package var volume24h: Double?
    package var marketCap: Double?
    /// Market-cap rank (1 is largest).
    package var rank: Int?
    /// When the provider says the figure was taken.
    package var time: Date?
    /// The provider that served it (`coingecko`).
    package var provider: String
    /// The lowest and highest price traded since the previous observation, where the answer
    /// carries them (SPEC §2 wicks). Never cached: a quote reused from the cache saw no new trades.
    package var span: PriceSpan?

    package init(providerID: String, symbol: String, name: String, vs: String, price: Double,
                change24h: Double? = nil, high24h: Double? = nil, low24h: Double? = nil,
                high52w: Double? = nil, low52w: Double? = nil,
                ath: Double? = nil, athDate: Date? = nil, atl: Double? = nil, atlDate: Date? = nil,
                volume24h: Double? = nil, marketCap: Double? = nil, rank: Int? = nil,
                time: Date? = nil, provider: String, span: PriceSpan? = nil) {
        self.providerID = providerID
        self.symbol = symbol
        self.name = name
        self.vs = vs
        self.price = price
        self.change24h = change24h
        self.high24h = high24h
        self.low24h = low24h
        self.high52w = high52w
        self.low52w = low52w
        self.ath = ath
        self.athDate = athDate
        self.atl = atl
        self.atlDate = atlDate
        self.volume24h = volume24h
        self.marketCap = marketCap
        self.rank = rank
        self.time = time
        self.provider = provider
        self.span = span
    }

    /// Every field but `span`, which is not kept in the state's quote cache; dates as `Date` writes them.
    package static let fields = StateFields<Quote>(blank: Quote(providerID: "", symbol: "", name: "", vs: "", price: 0, provider: ""), [
        .required("providerID", \.providerID, .string),
        .required("symbol", \.symbol, .string),
        .required("name", \.name, .string),
        .required("vs", \.vs, .string),
        .required("price", \.price, .number),
        .optional("change24h", \.change24h, .number),
        .optional("high24h", \.high24h, .number),
        .optional("low24h", \.low24h, .number),
        .optional("high52w", \.high52w, .number),
        .optional("low52w", \.low52w, .number),
        .optional("ath", \.ath, .number),
        .optional("athDate", \.athDate, .date),
        .optional("atl", \.atl, .number),
        .optional("atlDate", \.atlDate, .date),
        .optional("volume24h", \.volume24h, .number),
        .optional("marketCap", \.marketCap, .number),
        .optional("rank", \.rank, .integer),
        .optional("time", \.time, .date),
        .required("provider", \.provider, .string),
    ])
}

extension Quote {
    /// Whether the quote is an observation (SPEC §2): a price above 0, and a volume and market cap ≥ 0
    /// where given, each finite and within `FigureRange`.
    package var isObservation: Bool {
        price > 0 && FigureRange.holds(price)
            && volume24h.map { $0 >= 0 && FigureRange.holds($0) } ?? true
            && marketCap.map { $0 >= 0 && FigureRange.holds($0) } ?? true
    }

    /// Whether every other figure, where given, is a finite number within `FigureRange` (the common
    /// case: nothing to clean).
    package var figuresAreFinite: Bool {
        for value in [change24h, high24h, low24h, high52w, low52w, ath, atl] {
            if let value, !FigureRange.holds(value) { return false }
        }
        return true
    }

    /// The quote with every other figure that is not a finite number within `FigureRange` (NaN, infinity
    /// or 1e300 read from text) left out.
    package var withFiniteFigures: Quote {
        var quote = self
        let finite = { (value: Double?) in value.flatMap { FigureRange.holds($0) ? $0 : nil } }
        quote.change24h = finite(change24h)
        quote.high24h = finite(high24h)
        quote.low24h = finite(low24h)
        quote.high52w = finite(high52w)
        quote.low52w = finite(low52w)
        quote.ath = finite(ath)
        quote.atl = finite(atl)
        return quote
    }
}
