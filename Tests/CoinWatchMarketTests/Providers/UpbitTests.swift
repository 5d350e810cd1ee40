import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

/// Upbit's `/market/all` and `/ticker` on the real captures (SPEC §6).
@Suite struct UpbitTests {
    static let folder = "real/upbit/"
    let provider = Upbit(config: ProviderConfig(name: .upbit))

    func body(_ file: String) throws -> [UInt8] { try Fixtures.bytes(Self.folder + file) }

    func listing(_ vs: String = "krw") throws -> MarketListing {
        MarketListing(fetchedAt: 0, markets: try provider.decodeListing(try body("market-all_isDetails-true_2025-07-27.json"), vs: vs))
    }

    @Test func theMarketListSplitsByQuoteCurrency() throws {
        #expect(try listing("krw").markets.count == 183)
        #expect(try listing("btc").markets.count == 239)
        #expect(try listing("usdt").markets.count == 114)
        #expect(try listing("krw").markets.contains(ListedMarket(code: "KRW-BTC", base: "BTC", name: "Bitcoin")))
    }

    @Test func theLegacyMarketListStillDecodes() throws {
        let markets = try provider.decodeListing(try body("market-all_isDetails-true_legacy-market_warning_TRIMMED_2022-03.json"), vs: "krw")
        #expect(markets.map(\.code) == ["KRW-BTC", "KRW-ETH", "KRW-NU"])
    }

    @Test func theTickerHasItsFiguresAndChangeInPercent() throws {
        let quotes = try provider.decode([try body("ticker_markets-KRW-BTC,KRW-ETH_2025-07-30.json")],
                                         favorites: ["bitcoin", "ETH"], vs: "krw", listing: try listing())
        let btc = try #require(quotes["bitcoin"])
        #expect(btc.providerID == "KRW-BTC")
        #expect(btc.symbol == "BTC")
        #expect(btc.name == "Bitcoin")
        #expect(btc.price == 162876000)
        #expect(abs((btc.change24h ?? 0) - -0.1728386) < 1e-9, "signed_change_rate × 100")
        #expect(btc.high52w == 166800000)
        #expect(btc.low52w == 72100000)
        #expect(btc.high24h == nil, "high_price runs since 00:00 UTC: not a 24h high")
        #expect(btc.volume24h == 167740032580.71786)
        #expect(btc.time == Date(timeIntervalSince1970: 1_753_894_995.113))
        #expect(quotes["ETH"]?.change24h == 0)
        #expect(quotes["ETH"]?.name == "Ethereum")
    }

    @Test func onlyListedMarketsAreSentSoUpbitNever404s() throws {
        let requests = try provider.requests(for: ["bitcoin", "NOTACOIN", "ETH", "KRW-BTC"], vs: "krw", listing: try listing())
        #expect(requests.map(\.url) == ["https://api.upbit.com/v1/ticker?markets=KRW-BTC,KRW-ETH"])
        #expect(try provider.requests(for: ["NOTACOIN"], vs: "krw", listing: try listing()).isEmpty)
        #expect(try provider.requests(for: ["BTC"], vs: "krw").isEmpty, "no listing, nothing is known to be listed")
    }

    @Test func aLearnedSymbolServesAnIdStyleFavorite() throws {
        let query = QuoteQuery(favorites: ["wrapped-bitcoin-x"], vs: "krw", listing: try listing(), symbols: ["wrapped-bitcoin-x": "BTC"])
        #expect(try provider.requests(query).map(\.url) == ["https://api.upbit.com/v1/ticker?markets=KRW-BTC"])
    }

    @Test func manyMarketsArePagedByAHundred() throws {
        let favorites = try listing().markets.map(\.base)
        let requests = try provider.requests(for: favorites, vs: "krw", listing: try listing())
        #expect(requests.count == 2)
        #expect(requests.map { $0.url.split(separator: ",").count } == [100, 83])
    }

    @Test func itsErrorEnvelopeIsAnAPIError() {
        let body = Array(#"{"error":{"name":404,"message":"Code not found"}}"#.utf8)
        #expect(provider.errorMessage(in: body) == "Code not found (404)")
    }

    @Test func theExchangesServeBySymbolAndTheAggregatorsDoNot() {
        let providers: [any PriceProvider] = [provider, Binance(config: ProviderConfig(name: .binance)),
                                              Bithumb(config: ProviderConfig(name: .bithumb)),
                                              CoinGecko(config: ProviderConfig(name: .coingecko), environment: [:]),
                                              CoinPaprika(config: ProviderConfig(name: .coinpaprika), environment: [:])]
        #expect(providers.map(\.servesBySymbol) == [true, true, true, false, false])
    }

    @Test func euroIsNotOffered() {
        #expect(throws: ProviderError.unsupportedCurrency(provider: "upbit", vs: "eur", offered: ["krw", "btc", "usdt"])) {
            try provider.requests(for: ["BTC"], vs: "eur")
        }
    }
}
