import CoinWatchSupport
import CoinWatchTransport
import FoundationEssentials

/// Bithumb's public API (SPEC §6): one `/public/ticker/ALL_KRW` GET answers every KRW market, and its
/// keys are the listing (remembered for a day, so an unlisted favorite is not asked for).
package struct Bithumb: MarketProvider {
    /// The public API root, used when rules.json gives no `base_url`.
    package static let publicRoot = "https://api.bithumb.com"
    package static let providerName = "bithumb"
    /// The quote currencies it serves, lower case.
    package static let offeredCurrencies: [String]? = ["krw"]
    /// The path of the batched request.
    package static let allTickersPath = "/public/ticker/ALL_KRW"

    /// An exchange: favorites are served by symbol from its listing.
    package var servesBySymbol: Bool { true }
    package let endpoint: ProviderEndpoint

    /// Its public ticker takes no API key, so `environment` is not read.
    package init(config: ProviderConfig, environment: [String: String] = [:]) {
        self.endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
    }

    package static var feed: (any ExchangeFeed)? { BithumbFeed() }

    /// `BTC_KRW`.
    package static func marketCode(symbol: String, vs: String) -> String? { symbol + "_" + vs.uppercased() }
    /// The trading page of the market: `https://www.bithumb.com/react/trade/order/BTC-KRW`.
    package static func pageURL(id: String, symbol: String, vs: String) -> String {
        "https://www.bithumb.com/react/trade/order/" + QueryString.escape(symbol.uppercased() + "-" + vs.uppercased())
    }

    /// One `ALL_KRW` GET, unless a known listing has none of the favorites.
    /// Throws `ProviderError.unsupportedCurrency` for any currency but KRW.
    package func requests(_ query: QuoteQuery) throws -> [HTTPRequest] {
        try ProviderError.requireOffered(query.vs, by: name, offered: Self.offeredCurrencies ?? [])
        if query.favorites.isEmpty || (query.listing != nil && query.listedMarkets().isEmpty) { return [] }
        return [endpoint.get(Self.allTickersPath)]
    }

    /// The `ALL_KRW` keys (without `date`) as markets; nil when `body` is not a successful `ALL_KRW` answer.
    package func listing(fromQuoteBody body: [UInt8], vs: String) -> [ListedMarket]? {
        guard let answer = try? Self.decodeAnswer(body), !answer.isSingleCoin else { return nil }
        return answer.tickers.keys.sorted().map { Self.market($0) }
    }

    /// The market of one symbol: code `BTC_KRW`, base `BTC`.
    static func market(_ symbol: String) -> ListedMarket {
        ListedMarket(code: symbol.uppercased() + "_KRW", base: symbol)
    }
}

extension Bithumb {
    /// Decodes `ALL_KRW` (or single-coin) bodies into quotes keyed by favorite as written, matched against
    /// the answer's keys. Throws `ProviderError.api` for a `status` other than "0000", `.decoding` for any other shape.
    package func decode(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        var byCode: [String: Quote] = [:]
        var markets: [ListedMarket] = []
        for body in bodies {
            let answer = try Self.decodeAnswer(body)
            for (symbol, ticker) in answer.tickers {
                let market = Self.market(answer.isSingleCoin ? try singleCoinSymbol(query) : symbol)
                markets.append(market)
                byCode[market.code] = ticker.quote(market, time: answer.date)
            }
        }
        var answered = query
        answered.listing = MarketListing(fetchedAt: query.listing?.fetchedAt ?? 0, markets: markets)
        return answered.assign(byCode)
    }

    /// One body, after its envelope: throws `ProviderError.api` when `status` is not "0000".
    static func decodeAnswer(_ body: [UInt8]) throws -> BithumbAnswer {
        try JSONBody.decodeAnswer(BithumbAnswer.self, from: body, expecting: .object, provider: providerName)
    }

    /// The symbol a single-coin answer is for: that of the only favorite asked.
    private func singleCoinSymbol(_ query: QuoteQuery) throws -> String {
        guard query.favorites.count == 1, let favorite = query.favorites.first else {
            throw ProviderError.decoding(provider: name, detail: "a single-coin answer for \(query.favorites.count) favorites")
        }
        return query.listedMarkets().first?.market.base ?? query.symbol(of: favorite) ?? lookupKey(favorite).uppercased()
    }
}

extension Bithumb {
    /// `ALL_KRW`, whose keys are what Bithumb lists.
    package func catalogRequest(vs: String) -> HTTPRequest? { endpoint.get(Self.allTickersPath) }

    /// The markets of an `ALL_KRW` body.
    /// Throws `ProviderError.api` for a `status` other than "0000", `ProviderError.decoding` for any other shape.
    package func decodeCatalog(_ body: [UInt8], vs: String) throws -> [CatalogCoin] {
        let answer = try Self.decodeAnswer(body)
        return answer.isSingleCoin ? [] : answer.tickers.keys.sorted().map { CatalogCoin(market: Self.market($0)) }
    }
}

/// One coin of a Bithumb ticker answer; every number arrives as a string.
package struct BithumbTicker: Decodable, Sendable, Equatable {
    /// Last price (`closing_price`).
    package var price: Double?
    /// Change since 00:00 KST in percent (`fluctate_rate_24H`).
    package var changeSinceMidnightKST: Double?
    /// KRW traded over the last 24 hours (`acc_trade_value_24H`).
    package var tradedValue24h: Double?

    enum CodingKeys: String, CodingKey {
        case price = "closing_price", change = "fluctate_rate_24H", tradedValue = "acc_trade_value_24H"
    }

    /// Decodes one coin's string figures; throws when one is not a number.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        price = try c.numberOrString(.price)
        changeSinceMidnightKST = try c.numberOrString(.change)
        tradedValue24h = try c.numberOrString(.tradedValue)
    }

    /// The quote for `market`, or nil without a positive price. Bithumb gives no name and no highs
    /// or lows that cover 24 hours (`max_price` runs since midnight), so none are set.
    func quote(_ market: ListedMarket, time: Date?) -> Quote? {
        guard let price, price > 0 else { return nil }
        return Quote(providerID: market.code, symbol: market.base, name: market.base, vs: "krw", price: price,
                     change24h: changeSinceMidnightKST, volume24h: tradedValue24h, time: time,
                     provider: Bithumb.providerName)
    }
}

/// A successful Bithumb ticker answer: `data` keyed by symbol (`ALL_KRW`, with a `date` entry that is no
/// coin), or one coin's fields (`BTC_KRW`, no symbol key); `date` is in milliseconds since 1970.
struct BithumbAnswer: Decodable {
    /// Tickers by upper-case symbol; the single-coin shape has one, under "".
    var tickers: [String: BithumbTicker] = [:]
    var date: Date?
    /// Whether this is the single-coin shape.
    var isSingleCoin = false

    private enum EnvelopeKeys: String, CodingKey { case data }

    init(from decoder: any Decoder) throws {
        let envelope = try decoder.container(keyedBy: EnvelopeKeys.self)
        let data = try envelope.nestedContainer(keyedBy: StringKey.self, forKey: .data)
        let dateKey = StringKey("date")
        date = try data.decodeIfPresent(NumberOrString.self, forKey: dateKey)?.value
            .map { Date(timeIntervalSince1970: $0 / 1000) }
        if data.contains(StringKey("closing_price")) {
            isSingleCoin = true
            tickers[""] = try envelope.decode(BithumbTicker.self, forKey: .data)
            return
        }
        for key in data.allKeys where key.stringValue != "date" {
            tickers[key.stringValue.uppercased()] = try data.decode(BithumbTicker.self, forKey: key)
        }
    }
}

extension ProviderName {
    package static let bithumb = ProviderName(Bithumb.self)
}
