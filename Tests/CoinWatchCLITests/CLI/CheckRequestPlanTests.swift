@testable import CoinWatchCLI
import Testing
@testable import TestHelpers

/// `check`'s request plan (SPEC §1 `check`, §2 per-rule `vs` and `provider`): one batch per
/// (provider, currency), and the requests each takes.
struct CheckRequestPlanTests {
    static func plan(_ json: String) throws -> Plan {
        Plan(rules: try #require(RulesFixture.rules(json), "\(RulesFixture.diagnostics(json).map(\.message))"))
    }

    @Test func aRulesOwnVsAndProviderEachAddOneBatchPerProviderAndCurrency() throws {
        let plan = try Self.plan(RulesFixture.document(rules: [
            #"{"id": "a", "coin": "*", "when": {"above": 1}}"#,
            #"{"id": "b", "coin": "*", "vs": "eur", "when": {"above": 1}}"#,
            #"{"id": "c", "coin": "bitcoin", "vs": "eur", "when": {"below": 1}}"#,
            #"{"id": "d", "coin": "bitcoin", "provider": "binance", "vs": "usdt", "when": {"above": 1}}"#,
            #"{"id": "e", "coin": "Ethereum", "provider": "binance", "vs": "usdt", "when": {"above": 1}}"#,
        ], extra: #" "providers": [{"name": "coingecko"}, {"name": "binance"}],"#))
        #expect(plan.batches() == [
            Plan.Batch(provider: "coingecko", vs: "usd", coins: 2, requests: 1),
            Plan.Batch(provider: "coingecko", vs: "eur", coins: 2, requests: 1),
            Plan.Batch(provider: "binance", vs: "usdt", coins: 2, requests: 1),
        ])
        #expect(plan.text().contains("requests a pass: 3 quote requests (coingecko usd: 1 for 2 coins; coingecko eur: 1 for 2 coins; binance usdt: 1 for 2 coins)"),
                "\(plan.text())")
        #expect(plan.json().contains(#""requests":{"quote_requests":3,"batches":[{"provider":"coingecko","vs":"usd","coins":2,"requests":1},"#),
                "\(plan.json())")
    }

    @Test func coinsPinnedToTheFirstProviderShareItsBatch() throws {
        let plan = try Self.plan(RulesFixture.document(rules: [
            #"{"id": "a", "coin": "bitcoin", "provider": "coingecko", "when": {"above": 1}}"#,
        ]))
        #expect(plan.batches() == [Plan.Batch(provider: "coingecko", vs: "usd", coins: 2, requests: 1)])
    }

    @Test func coinGeckoTakesOneRequestPer250Coins() throws {
        let favorites = "[" + (0..<600).map { "\"coin-\($0)\"" }.joined(separator: ", ") + "]"
        let plan = try Self.plan(RulesFixture.document(rules: [#"{"id": "a", "coin": "*", "when": {"above": 1}}"#], favorites: favorites))
        #expect(plan.batches() == [Plan.Batch(provider: "coingecko", vs: "usd", coins: 600, requests: 3)])
    }
}
