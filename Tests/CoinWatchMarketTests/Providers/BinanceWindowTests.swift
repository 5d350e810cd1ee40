import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

/// Binance's rolling-window ticker in passes (SPEC §2 wicks, §6): the `windowSize` chosen from the
/// time since the previous pass, the request, the decoder, and how a window overlapping the
/// previous one is judged. No real capture of `/api/v3/ticker?windowSize=` exists (SOURCES.md,
/// "Not found"); its fields are the 24hr ticker's, so the decoder is tested on the real 24hr
/// capture as is, and on the MINI shape of Binance's documentation (written out here, not a capture).
@Suite struct BinanceWindowTests {
    let provider = Binance(config: ProviderConfig(name: .binance))

    static let listing = MarketListing(fetchedAt: 0, markets: [ListedMarket(code: "BTCUSDT", base: "BTC"),
                                                                ListedMarket(code: "ETHUSDT", base: "ETH")])

    @Test(arguments: [(0.0, "1m"), (30, "1m"), (60, "1m"), (61, "1m"), (119.9, "1m"), (120, "2m"), (3599, "59m"),
                      (3600, "1h"), (5400, "1h"), (86_399, "23h"), (86_400, "1d"), (6.5 * 86_400, "6d"),
                      (30 * 86_400, "7d"), (-5, "1m"), (.nan, "1m"), (.infinity, "1m")])
    func theWindowIsTheLongestSizeTheAPIOffersThatIsNotLongerThanTheTimeSinceThePreviousPass(
        _ row: (elapsed: Double, size: String)) {
        #expect(Binance.windowSize(elapsed: row.elapsed) == row.size)
    }

    @Test func aPassAsksForTheListedFavoritesWindowInChunksOf100() throws {
        let query = QuoteQuery(favorites: ["BTC", "ETH", "NOTLISTED"], vs: "usdt", listing: Self.listing)
        let requests = provider.windowRequests(query, elapsed: 300)
        #expect(requests.count == 1)
        let url = try #require(requests.first?.url)
        #expect(url == "https://api.binance.com/api/v3/ticker?symbols=%5B%22BTCUSDT%22%2C%22ETHUSDT%22%5D&windowSize=5m&type=MINI")
        let many = MarketListing(fetchedAt: 0, markets: (0..<150).map { ListedMarket(code: "C\($0)USDT", base: "C\($0)") })
        let chunks = provider.windowRequests(QuoteQuery(favorites: (0..<150).map { "C\($0)" }, vs: "usdt", listing: many),
                                             elapsed: 60)
        #expect(chunks.count == 2, "up to 100 symbols a request")
    }

    @Test func theDecoderReadsTheWindowOfTheReal24hrCaptureAsIs() throws {
        let body = try Fixtures.bytes("real/binance/ticker-24hr_all-symbols_2020-09-29.json")
        let windows = try provider.decodeWindows([body], query: QuoteQuery(favorites: ["BTC", "ETH"], vs: "usdt",
                                                                           listing: Self.listing))
        #expect(windows["BTC"] == TradedWindow(open: 1_601_271_546.166, close: 1_601_357_946.166, low: 10_626, high: 10_941.99))
        #expect(windows["ETH"] != nil)
    }

    /// The MINI answer of Binance's documentation for `symbols=[…]` (two symbols), and a pair without
    /// trades in the window (zeros), which is no window.
    static let documentedMini = #"[{"symbol":"BNBBTC","openPrice":"0.02458500","highPrice":"0.02458600","lowPrice":"0.02437400","lastPrice":"0.02445600","volume":"14830.03000000","quoteVolume":"363.61683280","openTime":1641160800000,"closeTime":1641247267063,"firstId":0,"lastId":60,"count":61},{"symbol":"BTCUSDT","openPrice":"46544.99000000","highPrice":"47012.28000000","lowPrice":"46206.35000000","lastPrice":"46281.49000000","volume":"29843.07231000","quoteVolume":"1388648869.83452680","openTime":1641160800000,"closeTime":1641247267063,"firstId":1207094005,"lastId":1208035453,"count":941449},{"symbol":"ETHUSDT","openPrice":"0.00000000","highPrice":"0.00000000","lowPrice":"0.00000000","lastPrice":"0.00000000","volume":"0","quoteVolume":"0","openTime":1641160800000,"closeTime":1641247267063,"firstId":-1,"lastId":-1,"count":0}]"#

    @Test func theDecoderReadsTheDocumentedMiniShapeAndSkipsAPairWithoutTrades() throws {
        let windows = try provider.decodeWindows([Array(Self.documentedMini.utf8)],
                                                 query: QuoteQuery(favorites: ["BTC", "ETH"], vs: "usdt", listing: Self.listing))
        #expect(windows == ["BTC": TradedWindow(open: 1_641_160_800, close: 1_641_247_267.063, low: 46_206.35, high: 47_012.28)])
    }

    @Test func anErrorAnswerIsAnAPIErrorNotAWindow() {
        #expect(throws: ProviderError.self) {
            try provider.decodeWindows([Array(#"{"code":-1121,"msg":"Invalid symbol."}"#.utf8)],
                                       query: QuoteQuery(favorites: ["BTC"], vs: "usdt", listing: Self.listing))
        }
    }

    static let last = TradedWindow(open: 1000, close: 1100, low: 95, high: 105)

    @Test func aWindowWithNoPreviousOneIsTheSpan() {
        #expect(TradedWindow(open: 1060, close: 1160, low: 94, high: 106).span(price: 100, after: nil) == PriceSpan(low: 94, high: 106))
    }

    @Test func aWindowAfterThePreviousOneIsTheSpan() {
        #expect(TradedWindow(open: 1100, close: 1200, low: 97, high: 103).span(price: 100, after: Self.last)
            == PriceSpan(low: 97, high: 103))
    }

    @Test func inAnOverlapOnlyAHighBeyondThePreviousWindowsIsNewSoTheSameSpikeNeverCountsTwice() {
        // The window reaches 40 s back into the previous one: its high 105 may be the same spike,
        // and its low 99 may lie in the overlap too (the previous window's low was 95).
        let same = TradedWindow(open: 1060, close: 1160, low: 99, high: 105).span(price: 100, after: Self.last)
        #expect(same == PriceSpan(low: 100, high: 100))
        let beyond = TradedWindow(open: 1060, close: 1160, low: 94, high: 106).span(price: 100, after: Self.last)
        #expect(beyond == PriceSpan(low: 94, high: 106))
    }

    @Test func aWindowWhoseFiguresAreNoSpanGivesNone() {
        #expect(TradedWindow(open: 1060, close: 1160, low: 99, high: 105).span(price: .nan, after: nil) == nil)
        #expect(TradedWindow(open: 1060, close: 1160, low: 99, high: 105).span(price: 0, after: nil) == nil)
    }
}
