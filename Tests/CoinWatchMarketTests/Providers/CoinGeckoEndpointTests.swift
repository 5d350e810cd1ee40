import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

/// The `/coins/list` decoder, on the real captures.
@Suite struct CoinGeckoEndpointTests {
    static let folder = "real/coingecko/"
    static let gecko = CoinGecko(config: ProviderConfig(name: .coingecko), environment: [:])

    @Test func theCoinListDecodesAll7248Entries() throws {
        let body = try Fixtures.bytes(Self.folder + "coins-list_2021-05-15.json")
        let coins = try Self.gecko.decodeCatalog(body, vs: "usd")
        #expect(coins.count == 7248)
        #expect(coins.first == CatalogCoin(id: "01coin", symbol: "zoc", name: "01coin"))
        #expect(coins.filter { $0.symbol == "BTC" } == [CatalogCoin(id: "bitcoin", symbol: "btc", name: "Bitcoin")])
    }

    @Test func theCoinListKeepsEveryIdThatSharesASymbol() throws {
        let body = try Fixtures.bytes(Self.folder + "coins-list_2021-05-15.json")
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [[String: String]])
        let expected = Dictionary(grouping: raw, by: { ($0["symbol"] ?? "").uppercased() }).filter { $0.value.count > 1 }.count
        let decoded = Dictionary(grouping: try Self.gecko.decodeCatalog(body, vs: "usd"), by: \.symbol).filter { $0.value.count > 1 }
        #expect(decoded.count == expected)
        #expect(decoded.count == 687)
    }
}
