import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

/// Decoding `/coins/markets` into quotes, on the real captures (SPEC §2 favorites, §6 providers).
@Suite struct CoinGeckoTests {
    static let folder = "real/coingecko/"
    static let marketCaptures: [String] = ((try? Fixtures.files(in: "real/coingecko")) ?? [])
        .filter { $0.hasPrefix("coins-markets") }

    let provider = CoinGecko(config: ProviderConfig(name: .coingecko), environment: [:])

    /// Ids and the number of elements with a non-null `current_price`, read with JSONSerialization.
    static func independentCount(_ file: String) throws -> (ids: [String], priced: Int) {
        let json = try JSONSerialization.jsonObject(with: Data(try Fixtures.bytes(folder + file)))
        let items = try #require(json as? [[String: Any]])
        let priced = items.filter { item in item["current_price"].map { !($0 is NSNull) } ?? false }
        return (items.compactMap { $0["id"] as? String }, priced.count)
    }

    func quotes(_ file: String, favorites: [String], vs: String = "usd") throws -> [String: Quote] {
        try provider.decode([try Fixtures.bytes(Self.folder + file)], favorites: favorites, vs: vs)
    }

    func quotes(json: String, favorites: [String]) throws -> [String: Quote] {
        try provider.decode([Array(json.utf8)], favorites: favorites, vs: "usd")
    }

    @Test func thereAreFiveMarketCaptures() {
        #expect(Self.marketCaptures.count == 5)
    }

    @Test(arguments: marketCaptures)
    func everyMarketsCaptureDecodesAsIs(file: String) throws {
        let expected = try Self.independentCount(file)
        #expect(expected.priced > 0)
        #expect(try CoinGecko.decodeMarkets(try Fixtures.bytes(Self.folder + file)).count == expected.ids.count)
        let quotes = try quotes(file, favorites: expected.ids)
        #expect(quotes.count == expected.priced)
        #expect(quotes.values.allSatisfy { $0.provider == "coingecko" && $0.vs == "usd" })
        #expect(quotes.values.allSatisfy { $0.symbol == $0.symbol.uppercased() && $0.time != nil })
    }

    @Test func bitcoinOn20210515HasTheCapturedFigures() throws {
        let btc = try #require(try quotes("coins-markets_vs-usd_ids-bitcoin_2021-05-15.json",
                                          favorites: ["bitcoin"])["bitcoin"])
        #expect(btc.providerID == "bitcoin")
        #expect(btc.symbol == "BTC")
        #expect(btc.name == "Bitcoin")
        #expect(btc.vs == "usd")
        #expect(btc.price == 49053)
        #expect(btc.rank == 1)
        #expect(btc.change24h == -4.37931)
        #expect(btc.high24h == 51300)
        #expect(btc.low24h == 48019)
        #expect(btc.ath == 64805)
        #expect(abs((btc.athDate?.timeIntervalSince1970 ?? 0) - 1_618_401_286.763) < 0.000_5)
        #expect(btc.atl == 67.81)
        #expect(btc.atlDate == Date(timeIntervalSince1970: 1_373_068_800))
        #expect(btc.volume24h == 61679663434)
        #expect(btc.marketCap == 917825524991)
        #expect(abs((btc.time?.timeIntervalSince1970 ?? 0) - 1_621_094_383.867) < 0.000_5)
        #expect(btc.provider == "coingecko")
        #expect(btc.high52w == nil && btc.low52w == nil)
    }

    /// The real capture with its dates written in other forms ISO 8601 allows (the same instants with an
    /// hour-only and a `-hhmm` offset) and an all-time low before 1970: each reads as the instant it names.
    @Test func datesWithAnyISOOffsetOrBefore1970AreRead() throws {
        let file = "coins-markets_vs-usd_ids-bitcoin_2021-05-15.json"
        let text = String(decoding: try Fixtures.bytes(Self.folder + file), as: UTF8.self)
        for (from, to, seconds) in [("2013-07-06T00:00:00.000Z", "2013-07-06T02:00:00.000+02", 1_373_068_800.0),
                                    ("2013-07-06T00:00:00.000Z", "2013-07-05T18:30:00.000-0530", 1_373_068_800),
                                    ("2013-07-06T00:00:00.000Z", "1969-07-20T20:17:40Z", -14_182_940)] {
            #expect(text.contains(#""atl_date":"\#(from)""#))
            let json = text.replacingOccurrences(of: #""atl_date":"\#(from)""#, with: #""atl_date":"\#(to)""#)
            let btc = try #require(try quotes(json: json, favorites: ["bitcoin"])["bitcoin"], "\(to)")
            #expect(btc.atlDate == Date(timeIntervalSince1970: seconds), "\(to)")
        }
    }

    @Test func pricesInEthAreQuotedInEth() throws {
        let quotes = try quotes("coins-markets_vs-eth_ids-bitcoin-ethereum_2021-05-15.json",
                                favorites: ["bitcoin", "ethereum"], vs: "ETH")
        #expect(quotes["bitcoin"]?.price == 12.666344)
        #expect(quotes["bitcoin"]?.vs == "eth")
        #expect(quotes["ethereum"]?.price == 1.0)
        #expect(quotes["ethereum"]?.change24h == 0.0)
        #expect(abs((quotes["ethereum"]?.athDate?.timeIntervalSince1970 ?? 0) - 1_571_156_790.106) < 0.000_5)
    }

    @Test func eNotationPricesDecode() throws {
        let quotes = try quotes("coins-markets_vs-usd_top100_2023-01-08.json", favorites: ["bittorrent"])
        #expect(quotes["bittorrent"]?.price == 6.31917e-7)
        #expect(quotes["bittorrent"]?.rank == 57)
    }

    @Test func nullAndMissingFiguresBecomeNil() throws {
        let json = """
            [{"id":"x","symbol":"xx","name":"X","current_price":1.5,"high_24h":null,"low_24h":null,
              "ath":null,"ath_date":null,"atl_date":null,"market_cap_rank":null,"last_updated":null,
              "price_change_percentage_24h":null,"total_volume":null,"roi":null}]
            """
        let quote = try #require(try quotes(json: json, favorites: ["x"])["x"])
        #expect(quote.price == 1.5)
        #expect(quote.symbol == "XX")
        #expect([quote.change24h, quote.high24h, quote.low24h, quote.ath, quote.atl,
                 quote.volume24h, quote.marketCap].allSatisfy { $0 == nil })
        #expect(quote.athDate == nil && quote.atlDate == nil && quote.time == nil && quote.rank == nil)
    }

    @Test func anItemWithANullPriceIsNoObservation() throws {
        let json = """
            [{"id":"dead","symbol":"ded","name":"Dead","current_price":null},
             {"id":"alive","symbol":"liv","name":"Alive","current_price":5}]
            """
        let quotes = try quotes(json: json, favorites: ["dead", "alive"])
        #expect(quotes["dead"].map { $0.price.isNaN && !$0.isObservation } == true, "listed, but no observation")
        #expect(quotes["alive"]?.price == 5)
    }

    @Test func aFavoriteIsNeverRedirectedToAnotherCoinWhenItsOwnHasNoPrice() throws {
        let json = """
            [{"id":"bitcoin","symbol":"btc","name":"Bitcoin","current_price":null,"market_cap_rank":1},
             {"id":"btc","symbol":"bitcoin","name":"BTC Clone","current_price":3,"market_cap_rank":4000},
             {"id":"bitcoin-wrapped","symbol":"btc","name":"Wrapped","current_price":5,"market_cap_rank":90}]
            """
        let found = try quotes(json: json, favorites: ["bitcoin", "BTC"])
        #expect(found["bitcoin"]?.providerID == "bitcoin" && found["bitcoin"]?.isObservation == false)
        #expect(found["BTC"]?.providerID == "btc")
        let bySymbol = try quotes(json: json.replacingOccurrences(of: #""id":"btc""#, with: #""id":"clone""#),
                                  favorites: ["BTC"])
        #expect(bySymbol["BTC"]?.providerID == "bitcoin" && bySymbol["BTC"]?.isObservation == false)
    }

    @Test func change24hFallsBackToTheInCurrencyField() throws {
        let json = """
            [{"id":"a","symbol":"a","name":"A","current_price":1,"price_change_percentage_24h":null,
              "price_change_percentage_24h_in_currency":-2.5}]
            """
        #expect(try quotes(json: json, favorites: ["a"])["a"]?.change24h == -2.5)
    }

    @Test func numbersSentAsStringsDecode() throws {
        let json = #"[{"id":"a","symbol":"a","name":"A","current_price":"0.00000000","high_24h":"3.2014e-8"}]"#
        let quote = try quotes(json: json, favorites: ["a"])["a"]
        #expect(quote?.price == 0)
        #expect(quote?.high24h == 3.2014e-8)
    }

    @Test func quotesAreKeyedByTheFavoriteAsWritten() throws {
        let quotes = try quotes("coins-markets_vs-eth_ids-bitcoin-ethereum_2021-05-15.json",
                                favorites: ["BTC", "Ethereum", "Bitcoin", "dogecoin"], vs: "eth")
        #expect(Set(quotes.keys) == ["BTC", "Ethereum", "Bitcoin"])
        #expect(quotes["BTC"]?.providerID == "bitcoin")
        #expect(quotes["Ethereum"]?.providerID == "ethereum")
    }

    @Test func anIdMatchWinsOverASymbolMatch() throws {
        let json = """
            [{"id":"eth","symbol":"x","name":"Some Coin","current_price":1,"market_cap_rank":900},
             {"id":"ethereum","symbol":"eth","name":"Ethereum","current_price":2,"market_cap_rank":2}]
            """
        #expect(try quotes(json: json, favorites: ["ETH"])["ETH"]?.providerID == "eth")
    }

    @Test func aSharedSymbolGoesToTheBestMarketCapRank() throws {
        let json = """
            [{"id":"unranked","symbol":"uni","name":"Uni A","current_price":1,"market_cap_rank":null},
             {"id":"small","symbol":"uni","name":"Uni B","current_price":1,"market_cap_rank":812},
             {"id":"uniswap","symbol":"uni","name":"Uniswap","current_price":7,"market_cap_rank":19}]
            """
        #expect(try quotes(json: json, favorites: ["UNI"])["UNI"]?.providerID == "uniswap")
    }

    @Test func everyChunkBodyContributes() throws {
        let first = #"[{"id":"a","symbol":"a","name":"A","current_price":1}]"#
        let second = #"[{"id":"b","symbol":"b","name":"B","current_price":2}]"#
        let quotes = try provider.decode([Array(first.utf8), Array(second.utf8)], favorites: ["a", "b"], vs: "usd")
        #expect(quotes["a"]?.price == 1 && quotes["b"]?.price == 2)
    }

    @Test func decodingForAPassGivesTheSameQuotesAndLetsGoOfThePages() throws {
        let pages = try Self.marketCaptures.map { try Fixtures.bytes(Self.folder + $0) }
        let query = QuoteQuery(favorites: ["bitcoin", "ethereum", "tether", "ETH", "Solana"], vs: "usd")
        var bodies = pages
        let released = try provider.decodeReleasing(&bodies, query: query)
        #expect(released == (try provider.decode(pages, query: query)))
        #expect(!released.isEmpty)
        #expect(bodies.isEmpty, "the pages are let go of once read")
    }

    @Test func decodingForAPassKeepsThePagesWhenOneIsBad() throws {
        var bodies = [Array(#"[{"id":"a","symbol":"a","name":"A","current_price":1}]"#.utf8), Array("<html>".utf8)]
        let before = bodies
        #expect(throws: ProviderError.self) { try provider.decodeReleasing(&bodies, query: QuoteQuery(favorites: ["a"], vs: "usd")) }
        #expect(bodies == before, "the pass then decodes them one by one to name the bad one")
    }
}
