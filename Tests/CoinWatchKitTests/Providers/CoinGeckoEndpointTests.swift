import Foundation
import Testing
@testable import CoinWatchKit

/// The `/coins/list` and `/simple/price` decoders, on the real captures.
@Suite struct CoinGeckoEndpointTests {
    static let folder = "real/coingecko/"

    @Test func theCoinListDecodesAll7248Entries() throws {
        let body = try Fixtures.bytes(Self.folder + "coins-list_2021-05-15.json")
        let coins = try CoinGecko.decodeCoinList(body)
        #expect(coins.count == 7248)
        #expect(coins.first == CoinGeckoCoin(id: "01coin", symbol: "zoc", name: "01coin"))
        #expect(coins.filter { $0.symbol == "btc" } == [CoinGeckoCoin(id: "bitcoin", symbol: "btc", name: "Bitcoin")])
    }

    @Test func theCoinListKeepsEveryIdThatSharesASymbol() throws {
        let body = try Fixtures.bytes(Self.folder + "coins-list_2021-05-15.json")
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [[String: String]])
        let expected = Dictionary(grouping: raw, by: { $0["symbol"] ?? "" }).filter { $0.value.count > 1 }.count
        let decoded = Dictionary(grouping: try CoinGecko.decodeCoinList(body), by: \.symbol).filter { $0.value.count > 1 }
        #expect(decoded.count == expected)
        #expect(decoded.count == 676)
    }

    @Test func oneSimplePriceDecodes() throws {
        let prices = try CoinGecko.decodeSimplePrices(try Fixtures.bytes(Self.folder + "simple-price_bitcoin_usd_2021-05-15.json"))
        #expect(prices == ["bitcoin": CoinGeckoSimplePrice(price: ["usd": 49013])])
    }

    @Test func droppedIdsAreSimplyAbsent() throws {
        let prices = try CoinGecko.decodeSimplePrices(try Fixtures.bytes(
            Self.folder + "simple-price_space-padded-ids-silently-dropped_2021-05-15.json"))
        #expect(Array(prices.keys) == ["bitcoin"])
        #expect(prices["bitcoin"]?.price["usd"] == 49357)
        #expect(prices["ethereum"] == nil)
    }

    @Test func theBOMCaptureWithAnEmptyObjectAndENotationDecodes() throws {
        let body = try Fixtures.bytes(
            Self.folder + "simple-price_5-ids_usd_mcap-vol-change_unknown-id-empty-object_2026.json")
        #expect(body.starts(with: [0xEF, 0xBB, 0xBF]))
        let prices = try CoinGecko.decodeSimplePrices(body)
        #expect(Set(prices.keys) == ["terra-luna", "terra-classic", "terrausd", "bitcoin", "ethereum"])
        #expect(prices["terra-classic"] == CoinGeckoSimplePrice())
        let luna = try #require(prices["terra-luna"])
        #expect(luna.price == ["usd": 4.88e-05])
        #expect(luna.marketCap["usd"] == 269557970.47281134)
        #expect(luna.volume24h["usd"] == 7993164.148568958)
        #expect(luna.change24h["usd"] == -2.7354765895182145)
        #expect(prices["bitcoin"]?.price["usd"] == 64497)
    }

    @Test func lastUpdatedAtIsUnixSeconds() throws {
        let body = Array(#"{"bitcoin":{"usd":1,"eur":"2","last_updated_at":1700000000,"usd_24h_change":null}}"#.utf8)
        let bitcoin = try #require(try CoinGecko.decodeSimplePrices(body)["bitcoin"])
        #expect(bitcoin.price == ["usd": 1, "eur": 2])
        #expect(bitcoin.change24h.isEmpty)
        #expect(bitcoin.lastUpdatedAt == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func aSimplePriceArrayIsADecodingError() {
        #expect(throws: ProviderError.decoding(provider: "coingecko", detail: "expected a JSON object, got a JSON array")) {
            try CoinGecko.decodeSimplePrices(Array("[]".utf8))
        }
    }
}
