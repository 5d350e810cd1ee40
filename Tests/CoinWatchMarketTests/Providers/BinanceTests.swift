import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

/// Binance's `/api/v3/ticker/24hr` on the real captures (SPEC §6): prices as strings, delisted pairs
/// with zero prices, errors as `{"code":…,"msg":…}`.
@Suite struct BinanceTests {
    static let folder = "real/binance/"
    let provider = Binance(config: ProviderConfig(name: .binance))

    func body(_ file: String) throws -> [UInt8] { try Fixtures.bytes(Self.folder + file) }

    /// Every symbol of the all-symbols capture as a USDT market (no exchangeInfo capture exists).
    func everyUSDTMarket() throws -> MarketListing {
        let json = try JSONSerialization.jsonObject(with: Data(try body("ticker-24hr_all-symbols_2020-09-29.json")))
        let symbols = try #require(json as? [[String: Any]]).compactMap { $0["symbol"] as? String }.filter { $0.hasSuffix("USDT") }
        return MarketListing(fetchedAt: 0, markets: symbols.map { ListedMarket(code: $0, base: String($0.dropLast(4))) })
    }

    @Test func delistedZeroPricePairsAreNotQuotes() throws {
        let listing = try everyUSDTMarket()
        let favorites = listing.markets.map(\.base)
        let quotes = try provider.decode([try body("ticker-24hr_all-symbols_2020-09-29.json")], favorites: favorites,
                                         vs: "usdt", listing: listing)
        #expect(quotes["BCC"] == nil, "BCCUSDT was delisted: all prices 0.00000000")
        #expect(quotes["VEN"] == nil)
        #expect(quotes.values.allSatisfy { $0.price > 0 })
        let json = try JSONSerialization.jsonObject(with: Data(try body("ticker-24hr_all-symbols_2020-09-29.json")))
        let priced = try #require(json as? [[String: Any]]).filter {
            ($0["symbol"] as? String)?.hasSuffix("USDT") == true && Double($0["lastPrice"] as? String ?? "") ?? 0 > 0
        }
        #expect(quotes.count == priced.count)
    }

    @Test func bitcoinHasItsRolling24hFigures() throws {
        let listing = MarketListing(fetchedAt: 0, markets: [ListedMarket(code: "BTCUSDT", base: "BTC")])
        for file in ["ticker-24hr_all-symbols_2020-09-29.json", "ticker-24hr_symbol-BTCUSDT_DERIVED-from-all-symbols_2020-09-29.json"] {
            let btc = try #require(try provider.decode([try body(file)], favorites: ["btc"], vs: "usdt", listing: listing)["btc"])
            #expect(btc.providerID == "BTCUSDT")
            #expect(btc.symbol == "BTC")
            #expect(btc.price == 10694.87)
            #expect(btc.change24h == -1.727)
            #expect(btc.high24h == 10941.99)
            #expect(btc.low24h == 10626)
            #expect(btc.volume24h == 488699847.68920986)
            #expect(btc.time == Date(timeIntervalSince1970: 1_601_357_946.166))
            #expect(btc.provider == "binance")
        }
    }

    @Test func symbolsAreSentAsAnEncodedJSONList() throws {
        let listing = MarketListing(fetchedAt: 0, markets: [ListedMarket(code: "BTCUSDT", base: "BTC"), ListedMarket(code: "ETHUSDT", base: "ETH")])
        let requests = try provider.requests(for: ["eth", "SOL", "BTC"], vs: "usdt", listing: listing)
        #expect(requests.map(\.url) == ["https://api.binance.com/api/v3/ticker/24hr?symbols=%5B%22ETHUSDT%22%2C%22BTCUSDT%22%5D"])
    }

    @Test func theListingKeepsTradingSymbolsOfTheCurrency() throws {
        let info = #"{"timezone":"UTC","symbols":[{"symbol":"BTCUSDT","status":"TRADING","baseAsset":"BTC","quoteAsset":"USDT"},{"symbol":"ETHBTC","status":"TRADING","baseAsset":"ETH","quoteAsset":"BTC"},{"symbol":"BCCUSDT","status":"BREAK","baseAsset":"BCC","quoteAsset":"USDT"}]}"#
        #expect(try provider.decodeListing(Array(info.utf8), vs: "usdt") == [ListedMarket(code: "BTCUSDT", base: "BTC")])
    }

    @Test func codeAndMsgIsAnAPIError() {
        let body = Array(#"{"code":-1121,"msg":"Invalid symbol."}"#.utf8)
        #expect(provider.errorMessage(in: body) == "Invalid symbol. (code -1121)")
        #expect(throws: ProviderError.api(provider: "binance", message: "Invalid symbol. (code -1121)")) {
            try provider.decode([body], favorites: ["BTC"], vs: "usdt")
        }
    }

    @Test func thePriceOnlyTickerHasNoLastPriceSoNoQuote() throws {
        let listing = MarketListing(fetchedAt: 0, markets: [ListedMarket(code: "ETHUSDT", base: "ETH")])
        #expect(try provider.decode([try body("ticker-price_symbol-ETHUSDT_2021-12-17.json")], favorites: ["ETH"],
                                    vs: "usdt", listing: listing).isEmpty)
    }

    @Test func usdIsNotOfferedButUSDTIs() {
        #expect(throws: ProviderError.unsupportedCurrency(provider: "binance", vs: "usd", offered: Binance.offeredCurrencies ?? [])) {
            try provider.requests(for: ["BTC"], vs: "usd")
        }
    }
}
