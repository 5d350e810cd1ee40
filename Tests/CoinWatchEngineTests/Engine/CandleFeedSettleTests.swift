@testable import CoinWatchTransport
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// The candles stage on CoinGecko (`CandleFeed` over `CoinGeckoCandles`) at an injected clock,
/// against a loopback CoinGecko serving the real 30-day 4h `ohlc` capture as captured: a candle
/// counts as closed 35 minutes after it ends, never before (CoinGecko may still revise it).
struct CandleFeedSettleTests {
    static let capture = "real/history/coingecko-ohlc_bitcoin_vs-myr_days-30_4h-candles_2021-05-15.json"

    static func rsi(at now: Double) throws -> (value: Double?, candles: Int) {
        let api = try ReplayServer(["/coins/bitcoin/ohlc": { _ in ReplayServer.capture(capture) }])
        let json = RulesFixture.document(rules: [#"{"id": "r", "coin": "bitcoin", "when": {"rsi_above": {"value": 70, "tf": "4h"}}}"#],
                                         favorites: #"["bitcoin"]"#,
                                         extra: #" "vs_currency": "myr", "providers": [{"name": "coingecko", "base_url": "\#(api.baseURL)"}],"#)
        let rules = try #require(RulesFixture.rules(json), "\(RulesFixture.diagnostics(json).map(\.message))")
        let gecko = CoinGecko(config: rules.providers[0], environment: [:])
        let quote = Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "myr", price: 200_000, change24h: nil, provider: "coingecko")
        var memory = ProviderMemory()
        let update = CandleFeed(storePath: nil).update(needs: DataPlan(rules).indicatorNeeds, quotes: ["bitcoin": quote], sources: [gecko], transport: CurlTransport(),
                                                       memory: &memory, now: now)
        #expect(update.warnings.isEmpty, "\(update.warnings)")
        #expect(update.requests == 1)
        let reading = update.readings["bitcoin"]?[IndicatorNeed(timeframe: .h4, indicator: .rsi(period: 14))]
        return (reading?.value, reading?.candles ?? 0)
    }

    /// Row `index`'s end stamp in seconds.
    static func end(_ index: Int) throws -> Double {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(capture))) as? [[Any]])
        return try #require((rows[index][0] as? NSNumber)?.doubleValue) / 1000
    }

    @Test func aCandleThatEndedLessThan35MinutesAgoIsNotClosedYet() throws {
        let golden = try #require(IndicatorGolden.golden.first { $0.provider == "coingecko-ohlc" }?.values["rsi14"])
        let early = try Self.rsi(at: try Self.end(178) + 10 * 60)
        #expect(early.candles == 178, "row 178 ended 10 minutes ago: still open for CoinGecko")
        #expect(abs((early.value ?? -1) - (golden[177] ?? 0)) <= 1e-7, "RSI over rows 0…177")
        let settled = try Self.rsi(at: try Self.end(178) + 36 * 60)
        #expect(settled.candles == 179)
        #expect(abs((settled.value ?? -1) - (golden[178] ?? 0)) <= 1e-7, "RSI over rows 0…178")
    }
}
