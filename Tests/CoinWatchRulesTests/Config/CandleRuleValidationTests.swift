import Testing
@testable import TestHelpers

/// `check` refuses an indicator rule that could never get candles (SPEC §2 indicators, §7):
/// on a ratio coin or the portfolio, or whose provider serves no candles of its `tf`.
struct CandleRuleValidationTests {
    @Test func anIndicatorOnARatioCoinIsRefusedAtItsWhen() {
        let json = RulesFixture.document(rules: [#"{"id": "r", "coin": "Ethereum/bitcoin", "when": {"rsi_above": {"value": 70, "tf": "4h"}}}"#])
        #expect(RulesFixture.errors(json, at: "rules[0].when", containing: "the ratio Ethereum/bitcoin is made from two quotes, with none").count == 1,
                "\(RulesFixture.diagnostics(json).map(\.message))")
        let price = RulesFixture.document(rules: [#"{"id": "r", "coin": "Ethereum/bitcoin", "when": {"above": 0.05}}"#])
        #expect(RulesFixture.rules(price) != nil, "a price condition on a ratio is fine")
    }

    @Test func anIndicatorInsideACompoundOnThePortfolioIsRefused() {
        let json = RulesFixture.document(rules: [#"{"id": "p", "coin": "portfolio", "when": {"all": [{"value_above": 1000}, {"rsi_above": {"value": 70, "tf": "1d"}}]}}"#],
                                         extra: #" "holdings": [{"coin": "bitcoin", "amount": 1, "price": 30000}],"#)
        #expect(RulesFixture.errors(json, at: "rules[0].when", containing: "the portfolio is a sum of holdings").count == 1,
                "\(RulesFixture.diagnostics(json).map(\.message))")
    }

    @Test func coinPaprikaServesDaysAndWeeksOnly() {
        let json = RulesFixture.document(rules: [#"{"id": "r", "coin": "bitcoin", "when": {"price_above_ma": {"period": 20, "tf": "4h"}}}"#],
                                         extra: #" "providers": [{"name": "coinpaprika"}],"#)
        #expect(RulesFixture.errors(json, at: "rules[0].when.price_above_ma.tf", containing: "coinpaprika serves no 4h candles (only 1d, 1w)").count == 1,
                "\(RulesFixture.diagnostics(json).map(\.message))")
        let daily = RulesFixture.document(rules: [#"{"id": "r", "coin": "bitcoin", "when": {"volume_spike": {"x": 3, "tf": "1w", "n": 4}}}"#],
                                          extra: #" "providers": [{"name": "coinpaprika"}],"#)
        #expect(RulesFixture.rules(daily) != nil, "\(RulesFixture.diagnostics(daily).map(\.message))")
    }
}
