import Testing
@testable import TestHelpers
@testable import CoinWatchRules
@testable import CoinWatchTransport
@testable import CoinWatchEngine

/// The lines a message's chart draws come from each alert's rule in rules.json (SPEC §12: levels,
/// crossings, ranges, the trailing stop's anchor).
@Suite struct DeliveryChartLevelsTests {
    static func alert(_ rule: String, price: Double, value: Double? = nil) -> Alert {
        Alert(id: rule, time: 1_800_000_000, rule: rule, coin: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd",
              condition: "", threshold: nil, price: price, previous: nil, change24h: nil, status: .firing,
              provider: "coingecko", message: "", value: value)
    }

    @Test func eachAlertsRuleGivesItsLinesOnceEach() throws {
        let rules = try #require(RulesFixture.rules("""
            {"favorites": ["bitcoin"], "rules": [
              {"id": "band", "coin": "bitcoin", "when": {"exits_range": [60000, 65000]}},
              {"id": "stop", "coin": "bitcoin", "when": {"trailing_drop": 10}},
              {"id": "low", "coin": "bitcoin", "when": {"below": 60000}},
              {"id": "hot", "coin": "bitcoin", "when": {"change_24h_above": 5}}]}
            """))
        let delivery = Delivery(rules: rules, transport: CurlTransport(), json: false, quiet: true)
        #expect(delivery.chartLevels([Self.alert("band", price: 66_000)]) == [60_000, 65_000])
        let stop = delivery.chartLevels([Self.alert("stop", price: 45_000, value: 10)])
        #expect(stop.count == 1 && abs((stop.first ?? 0) - 50_000) < 1e-6, "\(stop)")
        #expect(delivery.chartLevels([Self.alert("band", price: 59_000), Self.alert("low", price: 59_000)]) == [60_000, 65_000],
                "a grouped message: 60,000 once")
        #expect(delivery.chartLevels([Self.alert("hot", price: 59_000, value: 6)]).isEmpty, "a percent is no price line")
        #expect(delivery.chartLevels([Self.alert("gone", price: 59_000)]).isEmpty, "a rule no longer in rules.json")
    }
}
