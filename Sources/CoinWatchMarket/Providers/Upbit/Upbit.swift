import FoundationEssentials

/// Upbit's quotation API (SPEC §6): markets from `/market/all`, then `/ticker?markets=KRW-BTC,KRW-ETH`.
/// Upbit fails a whole call with 404 for one unknown market, so only listed markets are ever sent.
package struct Upbit: ListedMarketExchange {
    /// The public API root, used when rules.json gives no `base_url`.
    package static let publicRoot = "https://api.upbit.com/v1"
    package static let providerName = "upbit"
    /// The quote currencies of its markets (`KRW-`, `BTC-`, `USDT-`), lower case.
    package static let offeredCurrencies: [String]? = ["krw", "btc", "usdt"]
    /// The most markets one `/ticker` request carries.
    package static let chunkSize = 100
    /// The path of its market listing, with each market's caution flags (SPEC §14).
    package static let listingPath = "/market/all?isDetails=true"

    package let endpoint: ProviderEndpoint

    /// Its quotation API takes no API key, so `environment` is not read.
    package init(config: ProviderConfig, environment: [String: String] = [:]) {
        self.endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
    }

    package static var feed: (any ExchangeFeed)? { UpbitFeed() }

    /// `KRW-BTC`.
    package static func marketCode(symbol: String, vs: String) -> String? { vs.uppercased() + "-" + symbol }
    /// The exchange page of the market: `https://upbit.com/exchange?code=CRIX.UPBIT.KRW-BTC`.
    package static func pageURL(id: String, symbol: String, vs: String) -> String {
        "https://upbit.com/exchange?code=CRIX.UPBIT." + QueryString.escape(vs.uppercased() + "-" + symbol.uppercased())
    }

    /// `/ticker?markets=KRW-BTC,KRW-ETH`.
    package func tickerPath(_ codes: [String]) -> String {
        "/ticker?markets=" + codes.map(QueryString.escape).joined(separator: ",")
    }
}

extension Upbit {
    /// Decodes `/ticker` bodies into quotes keyed by favorite as written, by the markets of the listing.
    package func decode(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        let tickers = try JSONBody.decodeEach(bodies) {
            try JSONBody.decodeAnswer([UpbitTicker].self, from: $0, expecting: .array, provider: Self.providerName)
        }
        return query.assign(tickers, code: \.market) { $0.quote(vs: query.vs) }
    }

    /// The markets quoted in `vs` (`KRW-…` for krw) of a `/market/all` body, with their English names
    /// and caution flags (`UpbitMarket.flags`).
    package func decodeListing(_ body: [UInt8], vs: String) throws -> [ListedMarket] {
        let markets = try JSONBody.decodeAnswer([UpbitMarket].self, from: body, expecting: .array, provider: name)
        return markets.compactMap { entry in
            guard let (quote, base) = ListedMarket.split(entry.market), quote == vs.uppercased() else { return nil }
            return ListedMarket(code: entry.market, base: base, name: entry.englishName, flags: entry.flags)
        }
    }
}

/// One element of Upbit's `/ticker` array. Its day starts at 00:00 UTC (`high_price`/`low_price`
/// and `signed_change_rate` cover that day, not 24 hours); `highest_52_week_price` is a true 52-week high.
package struct UpbitTicker: Decodable, Sendable, Equatable {
    /// The market code (`KRW-BTC`).
    package var market: String
    /// Last trade price.
    package var price: Double?
    /// Change since 00:00 UTC as a fraction (−0.0017 is −0.17 %).
    package var signedChangeRate: Double?
    /// Highest price of the last 52 weeks.
    package var high52w: Double?
    /// Lowest price of the last 52 weeks.
    package var low52w: Double?
    /// Quote currency traded over the last 24 hours (`acc_trade_price_24h`).
    package var tradedValue24h: Double?
    /// When the figure was taken (`timestamp`, milliseconds since 1970).
    package var time: Date?

    enum CodingKeys: String, CodingKey {
        case market, price = "trade_price", signedChangeRate = "signed_change_rate"
        case high52w = "highest_52_week_price", low52w = "lowest_52_week_price"
        case tradedValue24h = "acc_trade_price_24h", timestamp
    }

    /// Decodes one ticker leniently; throws when `market` is missing.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        market = try c.decode(String.self, forKey: .market)
        price = try c.numberOrString(.price)
        signedChangeRate = try c.numberOrString(.signedChangeRate)
        high52w = try c.numberOrString(.high52w)
        low52w = try c.numberOrString(.low52w)
        tradedValue24h = try c.numberOrString(.tradedValue24h)
        time = try c.numberOrString(.timestamp).map { Date(timeIntervalSince1970: $0 / 1000) }
    }

    /// The quote in `vs`, or nil without a positive price; the change in percent (× 100).
    func quote(vs: String) -> Quote? {
        guard let price, price > 0 else { return nil }
        let base = ListedMarket.split(market)?.base ?? market
        return Quote(providerID: market, symbol: base, name: base, vs: vs, price: price,
                     change24h: signedChangeRate.map { $0 * 100 }, high52w: high52w, low52w: low52w,
                     volume24h: tradedValue24h, time: time, provider: Upbit.providerName)
    }
}

/// One element of Upbit's `/market/all` (old `market_warning` and new `market_event` formats alike).
package struct UpbitMarket: Decodable, Sendable, Equatable {
    /// The market code (`KRW-BTC`: quote currency, then the coin).
    package var market: String
    /// The coin's English name (`Bitcoin`).
    package var englishName: String?
    /// Its caution flags (SPEC §14), sorted: `WARNING` for `market_event.warning` (or the older
    /// `market_warning: "CAUTION"`), and each `market_event.caution` flag that is true.
    package var flags: [String]

    enum CodingKeys: String, CodingKey {
        case market, englishName = "english_name", marketEvent = "market_event", marketWarning = "market_warning"
    }

    /// `market_event`: `{"warning": false, "caution": {"PRICE_FLUCTUATIONS": false, …}}`.
    private struct Event: Decodable {
        var warning: Flag?
        var caution: [String: Flag]?
    }

    /// One flag's value: set only when it is `true`; anything but a boolean is not read as set, so one odd
    /// value (`"Y"`, `1`, `null`) neither fails the whole list nor raises a flag.
    private struct Flag: Decodable {
        var set: Bool
        init(from decoder: any Decoder) throws {
            set = (try? decoder.singleValueContainer().decode(Bool.self)) ?? false
        }
    }

    /// Decodes one market; the details are optional (a listing asked without `isDetails` has none).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        market = try c.decode(String.self, forKey: .market)
        englishName = try c.decodeIfPresent(String.self, forKey: .englishName)
        let event = try? c.decodeIfPresent(Event.self, forKey: .marketEvent)
        var flags = (event?.caution ?? [:]).filter(\.value.set).map { $0.key.uppercased() }
        let legacy = try? c.decodeIfPresent(String.self, forKey: .marketWarning)
        if event?.warning?.set == true || legacy?.uppercased() == "CAUTION" {
            flags.append(MarketFlag.warning)
        }
        self.flags = Array(Set(flags)).sorted()
    }

    /// A market as the listing decodes it.
    package init(market: String, englishName: String? = nil, flags: [String] = []) {
        self.market = market
        self.englishName = englishName
        self.flags = flags
    }
}

extension ProviderName {
    package static let upbit = ProviderName(Upbit.self)
}
