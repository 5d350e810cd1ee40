import Testing
@testable import CoinWatchKit

/// What a feed's `stream_throttle` keeps of the prices it holds back (SPEC §9, §2: no crossing lost).
@Suite struct CoalescedPricesTests {
    static func quote(_ price: Double) -> Quote {
        Quote(providerID: "BTCUSDT", symbol: "BTC", name: "BTC", vs: "usdt", price: price, provider: "binance")
    }

    static func prices(_ list: [Double]) -> [Double] {
        var held = CoalescedPrices()
        for price in list { held.add(quote(price)) }
        return held.observations.map(\.price)
    }

    @Test func coalescedPricesKeepTheirLowAndHighInTradingOrderAndTheLatestLast() {
        #expect(Self.prices([9990, 10100, 9950, 9960]) == [10100, 9950, 9960])
        #expect(Self.prices([9950, 9990, 10100, 9960]) == [9950, 10100, 9960])
    }

    @Test func aLatestPriceThatIsAlsoTheExtremeIsObservedOnce() {
        #expect(Self.prices([9990, 9995, 10100]) == [9990, 10100])
        #expect(Self.prices([10100]) == [10100])
        #expect(Self.prices([]) == [])
    }
}
