import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

/// The search, trending and card decoders on every relevant real capture, as stored.
@Suite struct WatchlistDecoderTests {
    static let gecko = "real/coingecko/"
    static let geckoAPI = CoinGecko(config: ProviderConfig(name: .coingecko), environment: [:])

    @Test func searchDecodesTheOlderCaptureWithNumericCategoryIds() throws {
        let hits = try Self.geckoAPI.searchHits(try Fixtures.bytes(Self.gecko + "search_query-bi_2023-01-08.json"))
        #expect(hits.count == 25)
        #expect(hits.first == CatalogCoin(id: "bitcoin", symbol: "BTC", name: "Bitcoin", rank: 1))
        #expect(hits.map(\.rank) == hits.map(\.rank).sorted { ($0 ?? .max) < ($1 ?? .max) }, "CoinGecko orders by rank")
        #expect(hits.contains(CatalogCoin(id: "bitcoin-avalanche-bridged-btc-b", symbol: "btc.b",
                                        name: "Bitcoin Avalanche Bridged (BTC.b)", rank: 258)))
    }

    @Test func searchDecodesTheCurrentCaptureWithStringCategoryIds() throws {
        let hits = try Self.geckoAPI.searchHits(try Fixtures.bytes(Self.gecko + "search_query-ethereum_TRIMMED_2025.json"))
        #expect(hits.first == CatalogCoin(id: "ethereum", symbol: "ETH", name: "Ethereum", rank: 2))
        #expect(hits.count == 3)
    }

    @Test func searchResolvesIdThenSymbolThenNameByBestRank() throws {
        let hits = try Self.geckoAPI.searchHits(try Fixtures.bytes(Self.gecko + "search_query-bi_2023-01-08.json"))
        #expect(CatalogCoin.best(for: "bitcoin-cash", in: hits)?.id == "bitcoin-cash")
        #expect(CatalogCoin.best(for: "bch", in: hits)?.id == "bitcoin-cash")
        #expect(CatalogCoin.best(for: " Bitcoin SV ", in: hits)?.id == "bitcoin-cash-sv")
        #expect(CatalogCoin.best(for: "nothing-like-it", in: hits) == nil)
    }

    @Test func searchReportsCoinGeckosErrorEnvelope() throws {
        #expect(throws: ProviderError.api(provider: "coingecko", message: "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits.")) {
            try Self.geckoAPI.searchHits(try Fixtures.bytes(Self.gecko + "error-429_rate-limit_2023.json"))
        }
    }

    @Test func coinPaprikaSearchDecodesCurrenciesAndTreatsRankZeroAsUnranked() throws {
        let hits = try CoinPaprika(config: ProviderConfig(name: .coinpaprika), environment: [:]).searchHits(try Fixtures.bytes("real/coinpaprika/search_q-ethereum_c-all_limit-100_2022-01-29.json"))
        #expect(hits.count == 46)
        #expect(hits.first == CatalogCoin(id: "eth-ethereum", symbol: "ETH", name: "Ethereum", rank: 2))
        #expect(hits.filter { $0.rank == nil }.count == 33)
        #expect(CatalogCoin.best(for: "etc", in: hits)?.id == "etc-ethereum-classic")
    }

    @Test func coinPaprikaSearchRequestAsksForCurrenciesOnly() {
        let search = CoinPaprika(config: ProviderConfig(name: .coinpaprika, baseURL: "http://h/v1/"), environment: [:])
        #expect(search.searchRequest(query: "bit coin", limit: 500).url == "http://h/v1/search?q=bit%20coin&c=currencies&limit=250")
    }

    @Test func trendingDecodesThe2021ShapeWithOnlyABTCPrice() throws {
        let list = try Self.geckoAPI.trendingList(try Fixtures.bytes(Self.gecko + "search-trending_2021-05-18.json"))
        #expect(list.coins.count == 7)
        #expect(list.nfts.isEmpty)
        #expect(list.coins.first == TrendingCoin(id: "matic-network", symbol: "MATIC", name: "Polygon", rank: 16,
                                                 priceBTC: 4.774496780022442e-05))
    }

    @Test func trendingDecodesThe2025ShapeWithTextAmountsAndNullableContent() throws {
        let list = try Self.geckoAPI.trendingList(try Fixtures.bytes(Self.gecko + "search-trending_2025-04.json"))
        #expect(list.coins.count == 15)
        #expect(list.nfts.count == 7)
        let bitcoin = try #require(list.coins.first { $0.id == "bitcoin" })
        #expect(bitcoin.priceUSD == 76700.11615527925)
        #expect(bitcoin.priceBTC == 1)
        #expect(bitcoin.marketCapUSD == 1_525_034_530_242)
        #expect(bitcoin.volumeUSD == 71_123_989_677)
        #expect(bitcoin.change24h["usd"] == -7.194373034749329)
        #expect(list.coins.first?.priceBTC == 1.1792020782950375e-11)
        #expect(list.nfts.first == TrendingNFT(id: "runestone", name: "Runestone", symbol: "RUNESTONE",
                                               floorPrice: "0.002 BTC", floorChange24h: -7.340129332743706))
    }

    @Test func trendingAmountsReadDollarTextWithSeparators() {
        #expect(CoinGecko.amount("$1,525,034,530,242") == 1_525_034_530_242)
        #expect(CoinGecko.amount("1354.025469919968") == 1354.025469919968)
        #expect(CoinGecko.amount("n/a") == nil)
    }

    @Test func cardsOfARealMarketsCaptureHaveNoSparkline() throws {
        let cards = try Self.geckoAPI.cards(try Fixtures.bytes(Self.gecko + "coins-markets_vs-usd_ids-bitcoin_2021-05-15.json"), vs: "usd")
        #expect(cards.count == 1)
        #expect(cards.first?.id == "bitcoin")
        #expect(cards.first?.sparkline == [])
    }

    @Test func cardsReadSparklineIn7dAndSkipNullPoints() throws {
        let body = try MarketCaptures.withSparkline("coins-markets_vs-usd_ids-bitcoin_2021-05-15.json", [[1, 2, NSNull(), 3]])
        let cards = try Self.geckoAPI.cards(body, vs: "usd")
        #expect(cards.first?.sparkline == [1, 2, 3])
        #expect(cards.first?.quote?.price == 49053)
    }

    @Test func cardRequestAsksForOneIdWithTheSparkline() {
        let gecko = CoinGecko(config: ProviderConfig(name: .coingecko, baseURL: "http://h/api/v3"), environment: [:])
        #expect(gecko.cardRequest(id: "Bitcoin", vs: "EUR").url
            == "http://h/api/v3/coins/markets?vs_currency=eur&ids=bitcoin&per_page=1&page=1&sparkline=true&price_change_percentage=24h")
    }
}
