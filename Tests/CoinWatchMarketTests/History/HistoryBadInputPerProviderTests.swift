@testable import CoinWatchMarket
import Foundation
import Testing
@testable import TestHelpers

/// Bad history rows for every provider's history decoder (issue 15, bad input), each made from
/// that provider's real capture: cut short, rows reversed and repeated, one price replaced by
/// text, and the provider's empty answer. A bad answer is an error naming the provider (and the
/// row and field where one is wrong); reordered and repeated rows come out sorted once.
struct HistoryBadInputPerProviderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var provider: String
        var capture: String
        var timeframe: Timeframe
        /// The key holding the rows in a top-level object (nil: the body is the array).
        var member: String?
        /// Where a price sits in a row: an index for array rows, a key for object rows.
        var price: String
        var empty: String
        var testDescription: String { provider }

        func decode(_ body: [UInt8]) throws -> [Candle] {
            switch provider {
            case "binance": try HistoryCaptures.binance.decodeHistory(body, timeframe: timeframe)
            case "upbit": try HistoryCaptures.upbit.decodeHistory(body, timeframe: timeframe)
            case "bithumb": try HistoryCaptures.bithumb.decodeHistory(body, timeframe: timeframe)
            case "coinpaprika": try HistoryCaptures.paprika.decodeHistory(body, timeframe: timeframe)
            case "coingecko-ohlc": try CoinGeckoCandlesTests.candles.decodeHistory(body, timeframe: timeframe)
            default: try HistoryCaptures.gecko.decodeHistory(body, timeframe: timeframe)
            }
        }

        var name: String { provider.hasPrefix("coingecko") ? "coingecko" : provider }
    }

    static let cases: [Case] = [
        Case(provider: "binance", capture: "binance-klines_ETHUSDT_1h_240-rows_python-binance_pretty-printed_2021-11-18.json",
             timeframe: .h1, price: "4", empty: "[]"),
        Case(provider: "upbit", capture: "upbit-candles-minutes-1_KRW-BTC_count-40_KST-2020-2100_pretty-printed_2020-02-20.json",
             timeframe: .m1, price: "trade_price", empty: "[]"),
        Case(provider: "bithumb", capture: "bithumb-candlestick_BTC_KRW_1m_TRIMMED-1-row_DERIVED_2024-08-07.json",
             timeframe: .m1, member: "data", price: "2", empty: #"{"status":"0000","data":[]}"#),
        Case(provider: "coinpaprika", capture: "coinpaprika-ohlcv-historical_eth-ethereum_quotes-USD_start-2022-01-19_end-2022-04-19_2022-04-19.json",
             timeframe: .d1, price: "close", empty: "[]"),
        Case(provider: "coingecko-ohlc", capture: "coingecko-ohlc_bitcoin_vs-usd_days-7_4h-candles_2021-05-15.json",
             timeframe: .h4, price: "4", empty: "[]"),
        Case(provider: "coingecko", capture: "coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json",
             timeframe: .h1, member: "prices", price: "1", empty: #"{"prices":[],"market_caps":[],"total_volumes":[]}"#),
    ]

    static func rows(_ c: Case) throws -> (doc: Any, rows: [Any]) {
        let doc = try JSONSerialization.jsonObject(with: Data(try HistoryCaptures.capture(c.capture)))
        let rows = c.member.map { ((doc as? [String: Any])?[$0] as? [Any]) ?? [] } ?? (doc as? [Any] ?? [])
        return (doc, rows)
    }

    static func body(_ c: Case, doc: Any, rows: [Any]) throws -> [UInt8] {
        var out: Any = rows
        if let member = c.member, var object = doc as? [String: Any] {
            object[member] = rows
            out = object
        }
        return Array(try JSONSerialization.data(withJSONObject: out))
    }

    @Test(arguments: cases)
    func aTruncatedAnswerIsADecodingErrorNamingTheProvider(_ c: Case) throws {
        let capture = try HistoryCaptures.capture(c.capture)
        for cut in [capture.count / 2, capture.count - 2] {
            #expect {
                try c.decode(Array(capture.prefix(cut)))
            } throws: { error in
                guard case ProviderError.decoding(let provider, let detail) = error else { return false }
                return provider == c.name && detail.contains("not valid JSON")
            }
        }
    }

    @Test(arguments: cases)
    func reversedAndRepeatedRowsComeOutSortedOnce(_ c: Case) throws {
        let (doc, rows) = try Self.rows(c)
        let plain = try c.decode(try Self.body(c, doc: doc, rows: rows))
        let shuffled = try c.decode(try Self.body(c, doc: doc, rows: rows.reversed() + rows))
        #expect(shuffled == plain)
        #expect(HistoryCaptures.isSortedWithoutDuplicates(shuffled))
    }

    @Test(arguments: cases)
    func aPriceThatIsNotANumberNamesTheProviderRowAndField(_ c: Case) throws {
        var (doc, rows) = try Self.rows(c)
        let at = rows.count - 1
        if let index = Int(c.price), var row = rows[at] as? [Any] {
            row[index] = "abc"
            rows[at] = row
        } else if var row = rows[at] as? [String: Any] {
            row[c.price] = "abc"
            rows[at] = row
        }
        #expect {
            try c.decode(try Self.body(c, doc: doc, rows: rows))
        } throws: { error in
            guard case ProviderError.decoding(let provider, let detail) = error else { return false }
            return provider == c.name && detail.contains("[\(at)]") && detail.contains("expected a number")
        }
    }

    @Test(arguments: cases)
    func theProvidersEmptyAnswerIsNoCandles(_ c: Case) throws {
        #expect(try c.decode(Array(c.empty.utf8)).isEmpty)
    }
}
