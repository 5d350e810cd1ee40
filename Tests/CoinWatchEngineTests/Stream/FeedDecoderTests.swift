import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

/// The exchanges' feed messages (SPEC §9), decoded from the real captures exactly as recorded.
@Suite struct FeedDecoderTests {
    static func decode(_ feed: any ExchangeFeed, _ text: some Collection<UInt8>) -> FeedMessage {
        Array(text).withUnsafeBytes { feed.decode($0) }
    }

    static func lines(_ name: String) throws -> [[UInt8]] {
        try Fixtures.bytes("real/stream/" + name).split(separator: 10).map(Array.init)
    }

    @Test func binanceMiniTickerGivesTheLastPriceAndTheRolling24hChange() throws {
        let message = Self.decode(BinanceFeed(), try Fixtures.bytes("real/stream/binance-combined_btcusdt-miniTicker_2020-10-02.json"))
        guard case .ticks(let ticks) = message, let tick = ticks.first else { Issue.record("\(message)"); return }
        #expect(ticks.count == 1)
        #expect(tick.market == "BTCUSDT")
        #expect(tick.price == 10456.56)
        #expect(abs((tick.change24h ?? 0) - (10456.56 / 10884.90 - 1) * 100) < 1e-9)
    }

    @Test func binanceAggTradesGiveEveryTradePrice() throws {
        let messages = try Self.lines("binance-combined_aggTrade_3-symbols_DERIVED_2021-08-14.jsonl").map { Self.decode(BinanceFeed(), $0) }
        #expect(messages.count == 28)
        let ticks = messages.flatMap { message -> [FeedTick] in
            if case .ticks(let t) = message { return t }
            return []
        }
        #expect(ticks.count == 28)
        #expect(ticks.first == FeedTick(market: "FTMUSDT", price: 0.33993))
        #expect(Dictionary(grouping: ticks, by: \.market).mapValues(\.count) == ["FTMUSDT": 13, "SXPBTC": 12, "XMRBTC": 3])
    }

    /// SPEC §9 with §2: a feed's price string is read by the one number rule of the REST decoders
    /// (`APIText.number`): decimal digits only, so a hex float is no price.
    @Test func aFeedPriceStringIsReadByTheRESTDecodersNumberRule() throws {
        let line = try #require(try Self.lines("binance-combined_aggTrade_3-symbols_DERIVED_2021-08-14.jsonl").first)
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains(#""p":"0.33993000""#))
        let hex = Self.decode(BinanceFeed(), Array(text.replacingOccurrences(of: #""p":"0.33993000""#, with: #""p":"0x1p3""#).utf8))
        if case .ticks(let ticks) = hex { #expect(!ticks.contains { $0.price == 8 }, "0x1p3 is not read as 8") }
        #expect(APIText.number("0x1p3") == nil)
    }

    @Test func binanceKlineIsAnUnknownMessageType() throws {
        let message = Self.decode(BinanceFeed(), try Fixtures.bytes("real/stream/binance-combined_btcusdt-kline_1m_2020-10-02.json"))
        guard case .unknown(let reason) = message else { Issue.record("\(message)"); return }
        #expect(reason.contains("kline"))
    }

    @Test func binanceRawMiniTickerArrayAndFullTickerAreRead() throws {
        let array = Self.decode(BinanceFeed(), try Fixtures.bytes("real/stream/binance-ws_all-market-miniTicker-arr_26-entries_2020-06-19.json"))
        guard case .ticks(let ticks) = array else { Issue.record("\(array)"); return }
        #expect(ticks.count == 26)
        #expect(ticks.contains(FeedTick(market: "BTCUSDT", price: 9342.70, change24h: (9342.70 / 9393.74 - 1) * 100)))
        let full = Self.decode(BinanceFeed(), try Fixtures.bytes("real/stream/binance-combined_btcusdt-ticker_24hrTicker_2020-06-19.json"))
        guard case .ticks(let one) = full else { Issue.record("\(full)"); return }
        #expect(one.count == 1 && one[0].market == "BTCUSDT")
    }

    @Test func upbitDefaultTickerGivesPriceAndChangeSinceMidnight() throws {
        let message = Self.decode(UpbitFeed(), try Fixtures.bytes("real/stream/upbit_ticker_KRW-BTC_DEFAULT-format_SNAPSHOT_2025-04-20.json"))
        #expect(message == .ticks([FeedTick(market: "KRW-BTC", price: 122_902_000, change24h: 0.0014830508 * 100)]))
    }

    /// SPEC §14: the ticker's `delisting_date` (`dd` in the SIMPLE format), null in the real capture.
    @Test func upbitTickerDelistingDateIsTheAnnouncedEnd() throws {
        let edited = Self.decode(UpbitFeed(), try Fixtures.bytes("real/stream/upbit_ticker_KRW-BTC_DEFAULT-format_SNAPSHOT_2025-04-20_EDITED-delisting_date.json"))
        #expect(edited == .ticks([FeedTick(market: "KRW-BTC", price: 122_902_000, change24h: 0.0014830508 * 100, delistingDate: "2025-05-20")]))
        let simple = Self.decode(UpbitFeed(), Array(#"{"ty":"ticker","cd":"KRW-XYZ","tp":10,"scr":0,"dd":"2025-08-01","mw":"NONE"}"#.utf8))
        #expect(simple == .ticks([FeedTick(market: "KRW-XYZ", price: 10, change24h: 0, delistingDate: "2025-08-01")]))
        let none = Self.decode(UpbitFeed(), Array(#"{"ty":"ticker","cd":"KRW-XYZ","tp":10,"scr":0,"dd":null}"#.utf8))
        #expect(none == .ticks([FeedTick(market: "KRW-XYZ", price: 10, change24h: 0)]))
    }

    @Test func upbitSimpleTradesAreReadWithTheirMixedNumberPrinting() throws {
        let messages = try Self.lines("upbit_trade_SIMPLE-format_10-codes_DERIVED_2021-04-17.jsonl").map { Self.decode(UpbitFeed(), $0) }
        #expect(messages.count == 304)
        let ticks = messages.flatMap { message -> [FeedTick] in
            if case .ticks(let t) = message { return t }
            return []
        }
        #expect(ticks.count == 304)
        #expect(Dictionary(grouping: ticks, by: \.market).mapValues(\.count) == ["KRW-LAMB": 299, "KRW-WAVES": 3, "BTC-ITAM": 2])
        #expect(ticks[0].price == 127 && abs((ticks[0].change24h ?? 0) - (127.0 / 123 - 1) * 100) < 1e-9)
        #expect(ticks.allSatisfy { $0.price > 0 })
    }

    @Test func bithumbStatusLinesAreIgnoredAndATradeBurstKeepsEveryFillInOrder() throws {
        let messages = try Self.lines("bithumb_transaction-and-status_DERIVED_2021-06-01.jsonl").map { Self.decode(BithumbFeed(), $0) }
        #expect(messages.count == 6)
        #expect(messages[0] == .ignored && messages[1] == .ignored)
        #expect(messages[2] == .ticks([FeedTick(market: "CON_KRW", price: 3.908)]))
        #expect(messages[5] == .ticks([7.524, 7.525, 7.525, 7.525].map { FeedTick(market: "GOM2_KRW", price: $0) }))
    }

    @Test func bithumbTickerGivesCloseAndChangeRate() {
        let text = #"{"type":"ticker","content":{"tickType":"24H","date":"20240101","time":"120000","openPrice":"100","closePrice":"105.5","chgRate":"5.5","symbol":"BTC_KRW"}}"#
        #expect(Self.decode(BithumbFeed(), Array(text.utf8)) == .ticks([FeedTick(market: "BTC_KRW", price: 105.5, change24h: 5.5)]))
    }

    @Test func malformedAndUnknownMessagesAreReportedNotGuessed() {
        for feed in [BinanceFeed(), UpbitFeed(), BithumbFeed()] as [any ExchangeFeed] {
            for text in [#"{"stream":"x","data":{"e":"24hrMiniTicker","s":"BTCUSDT","c":"#, "not json", #"{"type":"orderbook","content":{}}"#, ""] {
                guard case .unknown = Self.decode(feed, Array(text.utf8)) else {
                    Issue.record("\(feed.provider) took \(text)")
                    continue
                }
            }
        }
    }

    @Test func subscriptionsNameEveryMarketAndTheTradesOfTheTradedOnesOnly() throws {
        #expect(BinanceFeed().url(root: "ws://127.0.0.1:9/", markets: ["BTCUSDT", "ETHUSDT"], traded: ["ETHUSDT"])
            == "ws://127.0.0.1:9/stream?streams=btcusdt@miniTicker/ethusdt@miniTicker/ethusdt@aggTrade")
        let upbit = try JSONSerialization.jsonObject(with: Data(UpbitFeed().subscription(markets: ["KRW-BTC", "KRW-ETH"], traded: ["KRW-BTC"])[0])) as? [[String: Any]]
        #expect(upbit?.count == 4)
        #expect(upbit?[1]["codes"] as? [String] == ["KRW-BTC", "KRW-ETH"])
        #expect(upbit?[2]["type"] as? String == "trade")
        #expect(upbit?[2]["codes"] as? [String] == ["KRW-BTC"])
        #expect(BithumbFeed().subscription(markets: ["BTC_KRW", "ETH_KRW"], traded: ["ETH_KRW"]).map { String(decoding: $0, as: UTF8.self) }
            == [#"{"type":"ticker","symbols":["BTC_KRW","ETH_KRW"],"tickTypes":["24H"]}"#, #"{"type":"transaction","symbols":["ETH_KRW"]}"#])
        let bithumb = BithumbFeed().subscription(markets: ["BTC_KRW"], traded: [])
        #expect(bithumb.map { String(decoding: $0, as: UTF8.self) } == [#"{"type":"ticker","symbols":["BTC_KRW"],"tickTypes":["24H"]}"#])
    }
}
