@testable import CoinWatchTransport
@testable import CoinWatchMarket
import Testing
@testable import TestHelpers

/// The history requests of every provider (SPEC §6 history table), and how few a span takes.
struct HistoryRequestTests {
    static let hour: Int64 = 3_600_000
    /// 2021-11-18 17:14 UTC.
    static let now: Int64 = 1_637_255_640_000

    static func query(_ url: String) -> String { URLParts(url).query ?? "" }

    static func item(_ url: String, _ name: String) -> String? {
        RecordedRequest(method: "GET", target: url, path: "", query: URLParts(url).query, headers: [:], body: []).queryItem(name)
    }

    @Test func binancePagesKlinesByStartTimeAThousandARequest() {
        let from = Self.now - 365 * 24 * Self.hour
        let requests = HistoryCaptures.binance.historyRequests(market: "ETHUSDT", vs: "usdt", timeframe: .h1, from: from, to: Self.now, now: Self.now)
        #expect(requests.count == 9, "8,760 hourly candles need 9 requests of 1,000")
        #expect(requests[0].url.hasPrefix("https://api.binance.com/api/v3/klines?symbol=ETHUSDT&interval=1h&startTime="))
        #expect(Self.query(requests[0].url).contains("limit=1000"))
        let starts = requests.compactMap { Self.item($0.url, "startTime") }
        #expect(zip(starts, starts.dropFirst()).allSatisfy { (Int64($1) ?? 0) - (Int64($0) ?? 0) == 1000 * Self.hour })
    }

    @Test func upbitAsksTwoHundredCandlesARequestNewestFirstWithTo() {
        let requests = HistoryCaptures.upbit.historyRequests(market: "KRW-BTC", vs: "krw", timeframe: .h1, from: Self.now - 7 * 24 * Self.hour,
                                                                  to: Self.now, now: Self.now)
        #expect(requests.count == 1)
        #expect(requests[0].url == "https://api.upbit.com/v1/candles/minutes/60?market=KRW-BTC&to=2021-11-18T17%3A14%3A00Z&count=200")
        let days = HistoryCaptures.upbit.historyRequests(market: "KRW-BTC", vs: "krw", timeframe: .d1, from: Self.now - 365 * 24 * Self.hour,
                                                              to: Self.now, now: Self.now)
        #expect(days.count == 2 && days.allSatisfy { $0.url.contains("/v1/candles/days?market=KRW-BTC&to=") })
    }

    @Test func coinGeckoAsksMarketChartForTheFewestDaysAtTheResolution() {
        let gecko = HistoryCaptures.gecko
        func days(_ timeframe: Timeframe, _ span: Int64) -> String {
            Self.query(gecko.historyRequests(market: "bitcoin", vs: "USD", timeframe: timeframe, from: Self.now - span, to: Self.now, now: Self.now)[0].url)
        }
        #expect(days(.m5, 24 * Self.hour) == "vs_currency=usd&days=1")
        #expect(days(.h1, 3 * Self.hour) == "vs_currency=usd&days=2", "an hourly tail asks 2 days, the least that stays hourly")
        #expect(days(.h1, 30 * 24 * Self.hour) == "vs_currency=usd&days=30")
        #expect(days(.d1, 365 * 24 * Self.hour) == "vs_currency=usd&days=365")
        #expect(days(.d1, Self.now - gecko.earliest) == "vs_currency=usd&days=max")
        #expect(gecko.historyRequests(market: "bitcoin", vs: "usd", timeframe: .h1, from: 0, to: 1, now: Self.now)[0].url
            .hasPrefix("https://api.coingecko.com/api/v3/coins/bitcoin/market_chart?"))
        #expect(gecko.ohlcRequest(id: "bitcoin", vs: "usd", days: 7).url == "https://api.coingecko.com/api/v3/coins/bitcoin/ohlc?vs_currency=usd&days=7")
    }

    @Test func bithumbAndCoinPaprikaPaths() {
        let bithumb = HistoryCaptures.bithumb.historyRequests(market: "BTC_KRW", vs: "krw", timeframe: .d1, from: 0, to: Self.now, now: Self.now)
        #expect(bithumb.map(\.url) == ["https://api.bithumb.com/public/candlestick/BTC_KRW/24h"])
        let paprika = HistoryCaptures.paprika.historyRequests(market: "eth-ethereum", vs: "usd", timeframe: .d1,
                                                                   from: 1_642_550_400_000, to: 1_650_326_400_000, now: Self.now)
        #expect(paprika.map(\.url) == ["https://api.coinpaprika.com/v1/coins/eth-ethereum/ohlcv/historical?quotes=USD&start=2022-01-19&end=2022-04-18&limit=366"])
    }

    @Test func aTimeframeTheProviderDoesNotServeIsBuiltFromAFinerOne() {
        #expect(HistoryCaptures.bithumb.fetchTimeframe(for: .h4) == .h1)
        #expect(HistoryCaptures.bithumb.fetchTimeframe(for: .w1) == .d1)
        #expect(HistoryCaptures.binance.fetchTimeframe(for: .h4) == .h4)
        #expect(HistoryCaptures.paprika.fetchTimeframe(for: .h1) == .d1, "nothing finer: the chart is daily")
    }
}
