import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchTransport
@testable import CoinWatchMarket

/// CoinPaprika's `/tickers` on the real capture (SPEC §6): quotes keyed by currency, `ath_price` may be null.
@Suite struct CoinPaprikaTests {
    static let capture = "real/coinpaprika/tickers_btc-bitcoin_quotes-USD_2022-04-19.json"
    let provider = CoinPaprika(config: ProviderConfig(name: .coinpaprika), environment: [:])

    /// The `/tickers` list shape: the capture's element bytes, unchanged, inside `[` `]` (no list capture exists).
    static func listBody() throws -> [UInt8] {
        Array("[".utf8) + (try Fixtures.bytes(capture)) + Array("]".utf8)
    }

    @Test func theCapturedTickerHasItsFigures() throws {
        let btc = try #require(try provider.decode([try Self.listBody()], favorites: ["bitcoin"], vs: "usd")["bitcoin"])
        #expect(btc.providerID == "btc-bitcoin")
        #expect(btc.symbol == "BTC")
        #expect(btc.name == "Bitcoin")
        #expect(btc.price == 41389.57931641128)
        #expect(btc.change24h == 5.25)
        #expect(btc.ath == 68692.137036932)
        #expect(btc.athDate == Date(timeIntervalSince1970: 1_636_563_075))
        #expect(btc.volume24h == 35357658696.99645)
        #expect(btc.marketCap == 787066061422)
        #expect(btc.rank == 1)
        #expect(btc.high24h == nil, "CoinPaprika's tickers have no 24h high")
        #expect(btc.time == Date(timeIntervalSince1970: 1_650_383_002))
        #expect(btc.provider == "coinpaprika")
    }

    @Test func theSingleTickerObjectDecodesAsIs() throws {
        let quotes = try provider.decode([try Fixtures.bytes(Self.capture)], favorites: ["btc-bitcoin"], vs: "usd")
        #expect(quotes["btc-bitcoin"]?.price == 41389.57931641128)
    }

    @Test func aFavoriteIsAnIdASymbolOrANameInAnyCase() throws {
        let favorites = ["btc-bitcoin", "btc", "BITCOIN", "eth"]
        let quotes = try provider.decode([try Self.listBody()], favorites: favorites, vs: "usd")
        #expect(Set(quotes.keys) == ["btc-bitcoin", "btc", "BITCOIN"])
    }

    @Test func aCurrencyTheTickerLacksGivesNoQuote() throws {
        #expect(try provider.decode([try Self.listBody()], favorites: ["bitcoin"], vs: "eur").isEmpty)
    }

    @Test func aNullAllTimeHighIsNoAllTimeHigh() throws {
        let body = #"[{"id":"x-x","name":"X","symbol":"X","rank":0,"last_updated":"2022-04-19T15:43:22Z","quotes":{"USD":{"price":"1.5","ath_price":null,"ath_date":null}}}]"#
        let x = try #require(try provider.decode([Array(body.utf8)], favorites: ["X"], vs: "usd")["X"])
        #expect(x.price == 1.5)
        #expect(x.ath == nil)
        #expect(x.rank == nil, "rank 0 is unranked")
    }

    @Test func oneRequestAsksForEveryTickerInTheCurrency() throws {
        let requests = try provider.requests(for: ["bitcoin", "ethereum"], vs: "krw")
        #expect(requests.map(\.url) == ["https://api.coinpaprika.com/v1/tickers?quotes=KRW"])
    }

    @Test func anUnsupportedCurrencyNamesWhatItOffers() {
        #expect(throws: ProviderError.unsupportedCurrency(provider: "coinpaprika", vs: "usdt", offered: CoinPaprika.offeredCurrencies ?? [])) {
            try provider.requests(for: ["bitcoin"], vs: "usdt")
        }
    }

    @Test func theAPIKeyIsSentAsAuthorization() throws {
        let config = ProviderConfig(name: .coinpaprika, baseURL: "https://api-pro.coinpaprika.com/v1/", apiKeyEnv: "CP_KEY")
        let paid = CoinPaprika(config: config, environment: ["CP_KEY": "s3cr3t"])
        let request = try #require(try paid.requests(for: ["bitcoin"], vs: "usd").first)
        #expect(request.url == "https://api-pro.coinpaprika.com/v1/tickers?quotes=USD")
        #expect(request.headers.contains(HTTPHeader("Authorization", "s3cr3t")))
        #expect(!"\(paid)".contains("s3cr3t"))
    }

    @Test func itsErrorEnvelopeIsAnAPIError() {
        #expect(throws: ProviderError.api(provider: "coinpaprika", message: "id not found")) {
            try provider.decode([Array(#"{"error":"id not found"}"#.utf8)], favorites: ["x"], vs: "usd")
        }
    }
}
