@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine
import Testing
@testable import TestHelpers

/// What a pass derives from the quotes of the same pass (SPEC §2): ratio coins, the portfolio's
/// total, a premium's other leg, and the figure each names.
@Suite struct DerivedQuoteTests {
    private static let now = 1_800_000_000.0

    private static func quote(_ symbol: String, _ price: Double, change: Double? = nil, vs: String = "usd",
                              provider: String = "coingecko") -> Quote {
        Quote(providerID: symbol.lowercased(), symbol: symbol, name: symbol, vs: vs, price: price, change24h: change, provider: provider)
    }

    private static func rules(_ json: String) throws -> RulesFile {
        try #require(RulesFixture.rules(json), "\(RulesFixture.diagnostics(json))")
    }

    private static func evaluate(_ rules: RulesFile, _ quotes: [String: Quote]) -> [Alert] {
        var pairs = PairTable()
        var prices: [String: PriceSeries] = [:]
        return RuleRunner(rules: rules).evaluate(quotes, pairs: &pairs, prices: &prices, now: now).map(\.alert)
    }

    @Test func aRatioIsPricedFromBothQuotesWithTheTwentyFourHourChangeBothImply() {
        let ratio = RuleRunner.ratio(Self.quote("ETH", 4_000, change: 10), Self.quote("BTC", 100_000, change: -5))
        #expect(ratio.price == 0.04)
        #expect(ratio.vs == "btc" && ratio.symbol == "ETH/BTC")
        let expected: Double = (1.10 / 0.95 - 1) * 100
        let change: Double = ratio.change24h ?? 0
        #expect(abs(change - expected) < 1e-9)
        #expect(RuleRunner.ratio(Self.quote("ETH", 4_000), Self.quote("BTC", 100_000, change: 1)).change24h == nil,
                "no change without both")
    }

    @Test func aRatioRuleFiresOnItsOwnPriceAndRecordsItsOwnHistory() throws {
        let rules = try Self.rules(RulesFixture.document(rules: [#"{"id": "r", "coin": "ethereum/bitcoin", "when": {"crosses_above": 0.05}}"#]))
        var pairs = PairTable()
        var prices: [String: PriceSeries] = [:]
        let runner = RuleRunner(rules: rules)
        let first = runner.evaluate(["bitcoin": Self.quote("BTC", 100_000), "Ethereum": Self.quote("ETH", 4_000)],
                                    pairs: &pairs, prices: &prices, now: Self.now)
        #expect(first.isEmpty)
        #expect(prices[StateDocument.priceKey(coin: "Ethereum/bitcoin", vs: "usd")]?.last?.price == 0.04)
        let second = runner.evaluate(["bitcoin": Self.quote("BTC", 100_000), "Ethereum": Self.quote("ETH", 6_000)],
                                     pairs: &pairs, prices: &prices, now: Self.now + 60)
        #expect(second.map(\.alert.price) == [0.06])
        #expect(second.first?.alert.message == "ETH/BTC crossed above ₿0.05000 — now ₿0.06000", "\(second.first?.alert.message ?? "")")
        let missing = runner.evaluate(["bitcoin": Self.quote("BTC", 100_000)], pairs: &pairs, prices: &prices, now: Self.now + 120)
        #expect(missing.isEmpty, "no ratio without both quotes of the same pass")
    }

    @Test func thePortfolioIsValuedOnlyWhenEveryHeldCoinWasQuoted() throws {
        let rules = try Self.rules(RulesFixture.document(rules: [#"{"id": "t", "coin": "portfolio", "when": {"pnl_pct_above": 100}}"#],
            extra: #" "holdings": [{"coin": "bitcoin", "amount": 0.5, "price": 30000}, {"coin": "Ethereum", "amount": 2, "price": 2000}],"#))
        let runner = RuleRunner(rules: rules)
        let all = ["bitcoin": Self.quote("BTC", 100_000, change: 25), "Ethereum": Self.quote("ETH", 4_000, change: 0)]
        let quote = try #require(runner.portfolioQuote(all))
        #expect(quote.price == 58_000)
        let before: Double = 50_000 / 1.25 + 8_000.0
        let change: Double = (58_000 / before - 1) * 100
        #expect(abs((quote.change24h ?? 0) - change) < 1e-9)
        let alerts = Self.evaluate(rules, all)
        #expect(alerts.map(\.rule) == ["t"])
        let pnl: Double = (58_000.0 - 19_000) / 19_000 * 100
        let value: Double = alerts.first?.value ?? 0
        #expect(abs(value - pnl) < 1e-9)
        #expect(runner.unvaluedHoldings(all) == nil)
        let partial = ["bitcoin": Self.quote("BTC", 100_000)]
        #expect(runner.unvaluedHoldings(partial) == ["Ethereum"])
        #expect(Self.evaluate(rules, partial).isEmpty)
    }

    @Test func aPremiumComparesTheOtherLegConvertedAndSaysWhyWhenALegIsMissing() throws {
        let rules = try Self.rules(#"""
            {"vs_currency": "krw", "providers": [{"name": "upbit"}, {"name": "binance"}], "favorites": ["BTC"],
             "rules": [{"id": "k", "coin": "BTC", "provider": "upbit",
                        "when": {"premium_above": {"pct": 1, "against": "binance", "against_vs": "usdt"}}}]}
            """#)
        let quotes = ["BTC|krw|upbit": Self.quote("BTC", 140_000_000, vs: "krw", provider: "upbit"),
                      "BTC|usdt|binance": Self.quote("BTC", 95_000, vs: "usdt", provider: "binance"),
                      "USDT|krw|upbit": Self.quote("USDT", 1_450, vs: "krw", provider: "upbit")]
        let alerts = Self.evaluate(rules, quotes)
        let expected: Double = (140_000_000 / (95_000 * 1_450.0) - 1) * 100
        let premium: Double = alerts.first?.value ?? 0
        #expect(alerts.count == 1)
        #expect(abs(premium - expected) < 1e-9)
        #expect(alerts.first?.vs == "krw" && alerts.first?.provider == "upbit")
        let derived = RuleRunner.derived(.premium([PremiumSource(leg: PremiumLeg(against: .binance, againstVs: "usdt"),
                                                                 against: "BTC|usdt|binance", conversion: "USDT|krw|upbit")]),
                                         quotes: quotes.filter { $0.key != "USDT|krw|upbit" }, plan: RulePlan(rules))
        var observation = Observation(quote: quotes["BTC|krw|upbit"]!, previous: nil, series: nil, now: Self.now)
        observation.derived = derived
        let condition = rules.rules[0].condition
        #expect(!condition.holds(observation))
        #expect(condition.kind.describe(observation, firing: false, rearm: 0)
                == "not observed: no price of USDT in the rule's currency on its provider this pass")
        #expect(Self.evaluate(rules, quotes.filter { $0.key != "BTC|usdt|binance" }).isEmpty)
    }

    @Test func eachPremiumInsideACompoundComparesAgainstItsOwnLeg() throws {
        let rules = try Self.rules(#"""
            {"vs_currency": "krw", "providers": [{"name": "upbit"}, {"name": "binance"}], "favorites": ["BTC"],
             "rules": [{"id": "k", "coin": "BTC", "provider": "upbit", "when": {"all": [
                 {"premium_above": {"pct": 1, "against": "binance", "against_vs": "usdt"}},
                 {"premium_below": {"pct": -3, "against": "coingecko", "against_vs": "krw"}}]}}]}
            """#)
        #expect(DataPlan(rules).demand.currencies.first { $0.vs == "krw" }?.pinned["coingecko"] == ["BTC"], "the second leg is fetched too")
        // Upbit 140M; Binance 95,000 USDT at 1,450 KRW = 137.75M (+1.63%); CoinGecko 145M KRW (−3.45%).
        let quotes = ["BTC|krw|upbit": Self.quote("BTC", 140_000_000, vs: "krw", provider: "upbit"),
                      "BTC|usdt|binance": Self.quote("BTC", 95_000, vs: "usdt", provider: "binance"),
                      "USDT|krw|upbit": Self.quote("USDT", 1_450, vs: "krw", provider: "upbit"),
                      "BTC|krw|coingecko": Self.quote("BTC", 145_000_000, vs: "krw", provider: "coingecko")]
        #expect(Self.evaluate(rules, quotes).map(\.rule) == ["k"], "both premiums hold, each against its own leg")
        var lower = quotes
        lower["BTC|krw|coingecko"] = Self.quote("BTC", 141_000_000, vs: "krw", provider: "coingecko")
        #expect(Self.evaluate(rules, lower).isEmpty, "−0.7% against coingecko is not a 3% discount")
        let missing = quotes.filter { $0.key != "BTC|krw|coingecko" }
        #expect(Self.evaluate(rules, missing).isEmpty, "no premium without its own leg")
        let plan = RulePlan(rules)
        let slot = try #require(plan.derivations.firstIndex { $0 != nil })
        let derivation = try #require(plan.derivations[slot])
        var observation = Observation(quote: quotes["BTC|krw|upbit"]!, previous: nil, series: nil, now: Self.now)
        observation.derived = RuleRunner.derived(derivation, quotes: missing, plan: plan)
        #expect(rules.rules[0].condition.kind.describe(observation, firing: false, rearm: 0)
                .contains("not observed: no quote of the coin on coingecko in krw this pass"))
    }

    @Test func theDemandBatchesEachProviderAndCurrencyOnce() throws {
        let rules = try Self.rules(#"""
            {"vs_currency": "krw", "providers": [{"name": "upbit"}, {"name": "binance"}], "favorites": ["BTC", "ETH"],
             "rules": [{"id": "k", "coin": "*", "provider": "upbit",
                        "when": {"premium_above": {"pct": 2, "against": "binance", "against_vs": "usdt"}}},
                       {"id": "r", "coin": "ETH/BTC", "provider": "upbit", "when": {"above": 0.01}}]}
            """#)
        let demand = DataPlan(rules).demand
        #expect(demand.currencies.map(\.vs) == ["krw", "usdt"])
        #expect(demand.currencies[0].failover == ["BTC", "ETH"])
        #expect(demand.currencies[0].pinned == ["upbit": ["BTC", "ETH", "USDT"]])
        #expect(demand.currencies[1].pinned == ["binance": ["BTC", "ETH"]])
        #expect(demand.currencies[1].failover.isEmpty)
    }
}
