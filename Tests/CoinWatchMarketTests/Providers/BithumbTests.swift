import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

/// Bithumb's ticker answers on the real captures (SPEC §6): numbers as strings, a `date` entry that
/// is no coin, and errors sent with HTTP 200 as a `status` other than "0000".
@Suite struct BithumbTests {
    static let folder = "real/bithumb/"
    let provider = Bithumb(config: ProviderConfig(name: .bithumb))

    func body(_ file: String) throws -> [UInt8] { try Fixtures.bytes(Self.folder + file) }

    @Test func allKRWDecodesEveryCoinAndSkipsDate() throws {
        let quotes = try provider.decode([try body("ticker_ALL_KRW_TRIMMED-2-coins_2022-02-24.json")],
                                         favorites: ["BTC", "eth", "date", "XRP"], vs: "krw")
        #expect(Set(quotes.keys) == ["BTC", "eth"])
        let btc = try #require(quotes["BTC"])
        #expect(btc.providerID == "BTC_KRW")
        #expect(btc.symbol == "BTC")
        #expect(btc.price == 43344000)
        #expect(btc.change24h == -5.88, "fluctate_rate_24H: since 00:00 KST")
        #expect(btc.volume24h == 219614467198.1342)
        #expect(btc.high24h == nil, "max_price runs since midnight: not a 24h high")
        #expect(btc.time == Date(timeIntervalSince1970: 1_645_677_730.995))
        #expect(btc.vs == "krw")
        #expect(quotes["eth"]?.price == 2958000)
    }

    @Test func theAnswerKeysAreTheListing() throws {
        let markets = try #require(provider.listing(fromQuoteBody: try body("ticker_ALL_KRW_TRIMMED-2-coins_2022-02-24.json"), vs: "krw"))
        #expect(markets == [ListedMarket(code: "BTC_KRW", base: "BTC"), ListedMarket(code: "ETH_KRW", base: "ETH")])
    }

    @Test func theSingleCoinShapeServesTheOneFavoriteAsked() throws {
        let quotes = try provider.decode([try body("ticker_BTC_KRW_2022-02-25.json")], favorites: ["BTC"], vs: "krw")
        #expect(quotes["BTC"]?.price == 47307000)
        #expect(quotes["BTC"]?.change24h == 9.76)
        #expect(quotes["BTC"]?.time == Date(timeIntervalSince1970: 1_645_762_009.832))
    }

    @Test func statusOtherThan0000IsAnAPIErrorWithItsMessage() throws {
        #expect(throws: ProviderError.api(provider: "bithumb", message: "Invalid Parameter (status 5500)")) {
            try provider.decode([try body("error-5500_invalid-parameter.json")], favorites: ["BTC"], vs: "krw")
        }
    }

    @Test func aKoreanMessageArrivesUnescaped() throws {
        let error = ProviderError.api(provider: "bithumb", message: "입력값을 확인해주세요. (status 5600)")
        #expect(throws: error) {
            try provider.decode([try body("error-5600_unicode-escaped-message_2020.json")], favorites: ["BTC"], vs: "krw")
        }
        #expect(error.message == "bithumb: API error: 입력값을 확인해주세요. (status 5600)")
    }

    @Test func oneRequestForAllKRWUnlessTheListingHasNoFavorite() throws {
        #expect(try provider.requests(for: ["BTC", "ETH"], vs: "krw").map(\.url) == ["https://api.bithumb.com/public/ticker/ALL_KRW"])
        let listing = MarketListing(fetchedAt: 0, markets: [ListedMarket(code: "BTC_KRW", base: "BTC")])
        #expect(try provider.requests(for: ["DOGE"], vs: "krw", listing: listing).isEmpty)
        #expect(try provider.requests(for: ["DOGE", "btc"], vs: "krw", listing: listing).count == 1)
    }

    @Test func onlyKRWIsOffered() {
        #expect(throws: ProviderError.unsupportedCurrency(provider: "bithumb", vs: "usd", offered: ["krw"])) {
            try provider.requests(for: ["BTC"], vs: "usd")
        }
    }
}
