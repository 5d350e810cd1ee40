import Testing
@testable import TestHelpers
@testable import CoinWatchRules

/// rules.json's `holdings`, ratio and portfolio coins, and per-rule `vs` and `provider` (SPEC §2),
/// validated with file, line:column and JSON path.
@Suite struct PortfolioValidationTests {
    private static let holdings = #" "holdings": [{"coin": "bitcoin", "amount": 0.5, "price": 30000, "date": "2024-03-01"}],"#

    @Test func holdingsLotsAreReadAndAHeldCoinThatIsNoFavoriteIsWatchedAsOne() throws {
        let json = RulesFixture.document(rules: [#"{"id": "a", "coin": "solana", "when": {"value_above": 1}}"#], extra: """
             "holdings": [{"coin": "BITCOIN", "amount": 0.5, "price": 30000, "date": "2024-03-01"},
                          {"coin": "bitcoin", "amount": 0.25, "price": 60000}, {"coin": "solana", "amount": 10, "price": 0}],
            """)
        let rules = try #require(RulesFixture.rules(json), "\(RulesFixture.diagnostics(json))")
        #expect(rules.holdings.map(\.coin) == ["bitcoin", "bitcoin", "solana"], "matched to the favorite as written")
        #expect(rules.favorites == ["bitcoin", "Ethereum", "solana"])
        #expect(Position.positions(rules.holdings)["bitcoin"] == Position(amount: 0.75, cost: 30_000))
        #expect(rules.rules.first?.coin == "solana")
    }

    @Test(arguments: [
        (#"{"coin": "bitcoin", "amount": 0, "price": 1}"#, "holdings[0].amount", "amount must be a number above 0"),
        (#"{"coin": "bitcoin", "amount": 1, "price": -1}"#, "holdings[0].price", "price must be a number of 0 or more"),
        (#"{"coin": "bitcoin", "amount": 1e308, "price": 1}"#, "holdings[0].amount", "amount must be a number above 0 and at most 1e20, got"),
        (#"{"coin": "bitcoin", "amount": 1, "price": 2e20}"#, "holdings[0].price", "price must be a number of 0 or more and at most 1e20"),
        (#"{"coin": "bitcoin", "price": 1}"#, "holdings[0]", "a lot needs an amount"),
        (#"{"coin": "bitcoin", "amount": 1}"#, "holdings[0]", "a lot needs a price"),
        (#"{"amount": 1, "price": 1}"#, "holdings[0]", "a lot needs a coin"),
        (#"{"coin": "bitcoin", "amount": 1, "price": 1, "date": "March"}"#, "holdings[0].date", "is not a date"),
        (#"{"coin": "bitcoin", "amount": 1, "price": 1, "cost": 5}"#, "holdings[0]", "unknown key 'cost'"),
        (#"{"coin": "portfolio", "amount": 1, "price": 1}"#, "holdings[0].coin", "must be one coin"),
        (#""bitcoin""#, "holdings[0]", "expected a lot object"),
    ])
    func aBadLotIsNamedByFileLineColumnAndPath(lot: String, path: String, phrase: String) throws {
        let json = RulesFixture.document(rules: [], extra: "\n  \"holdings\": [\(lot)],")
        let errors = RulesFixture.errors(json, at: path, containing: phrase)
        #expect(errors.count == 1, "\(RulesFixture.diagnostics(json))")
        let error = try #require(errors.first)
        #expect(error.file == RulesFixture.path && error.line == 4 && error.column != nil)
    }

    @Test func aRatioCoinNamesTwoFavoritesAndIsStoredAsTheyAreWritten() throws {
        let json = RulesFixture.document(rules: [#"{"id": "a", "coin": "ethereum/BITCOIN", "when": {"crosses_above": 0.05}}"#])
        #expect(try #require(RulesFixture.rules(json)).rules.first?.coin == "Ethereum/bitcoin")
        let unknown = RulesFixture.document(rules: [#"{"id": "a", "coin": "ethereum/dogecoin", "when": {"above": 1}}"#])
        #expect(RulesFixture.errors(unknown, at: "rules[0].coin", containing: "coin 'dogecoin' is not in favorites").count == 1)
        let same = RulesFixture.document(rules: [#"{"id": "a", "coin": "bitcoin/BITCOIN", "when": {"above": 1}}"#])
        #expect(RulesFixture.errors(same, at: "rules[0].coin", containing: "divides a coin by itself").count == 1)
    }

    @Test func portfolioTakesOnlyHoldingsConditionsAndNeedsHoldings() {
        let none = RulesFixture.document(rules: [#"{"id": "a", "coin": "portfolio", "when": {"value_above": 1}}"#])
        #expect(RulesFixture.errors(none, at: "rules[0].coin", containing: "there are none").count == 1)
        let price = RulesFixture.document(rules: [#"{"id": "a", "coin": "portfolio", "when": {"above": 1}}"#], extra: Self.holdings)
        #expect(RulesFixture.errors(price, at: "rules[0].when", containing: "takes value_above").count == 1)
        let ok = RulesFixture.document(rules: [#"{"id": "a", "coin": "portfolio", "when": {"pnl_pct_below": -10}}"#], extra: Self.holdings)
        #expect(RulesFixture.rules(ok)?.rules.first?.coin == "portfolio", "\(RulesFixture.diagnostics(ok))")
    }

    @Test func holdingsConditionsAreInVsCurrency() {
        let json = RulesFixture.document(rules: [#"{"id": "a", "coin": "bitcoin", "vs": "eur", "when": {"value_above": 1}}"#], extra: Self.holdings)
        #expect(RulesFixture.errors(json, at: "rules[0].vs", containing: "values holdings, whose prices are in vs_currency 'usd'").count == 1)
    }

    @Test func aRulesProviderMustQuoteInItsCurrency() {
        let json = RulesFixture.document(rules: [#"{"id": "a", "coin": "bitcoin", "provider": "upbit", "vs": "usdd", "when": {"above": 1}}"#])
        let errors = RulesFixture.errors(json, at: "rules[0].vs", containing: "upbit does not quote in 'usdd' (the rule's vs)")
        #expect(errors.count == 1, "\(RulesFixture.diagnostics(json))")
        let typo = RulesFixture.document(rules: [#"{"id": "a", "coin": "bitcoin", "provider": "upbitt", "when": {"above": 1}}"#])
        #expect(RulesFixture.errors(typo, at: "rules[0].provider", containing: "Did you mean 'upbit'?").count == 1)
        let ok = RulesFixture.document(rules: [#"{"id": "a", "coin": "bitcoin", "provider": "upbit", "vs": "KRW", "when": {"above": 1}}"#])
        let rule = RulesFixture.rules(ok)?.rules.first
        #expect(rule?.provider == .upbit && rule?.vs == "krw", "\(RulesFixture.diagnostics(ok))")
    }

    @Test func aProviderOutsideVsCurrencyIsAllowedWhenARuleAsksItForACurrencyItServes() {
        let kimchi = """
            {"vs_currency": "krw", "providers": [{"name": "upbit"}, {"name": "binance"}], "favorites": ["BTC"],
             "rules": [{"id": "k", "coin": "BTC", "provider": "upbit",
                        "when": {"premium_above": {"pct": 3, "against": "binance", "against_vs": "usdt"}}}]}
            """
        #expect(RulesFixture.diagnostics(kimchi).filter { $0.severity == .error }.isEmpty, "\(RulesFixture.diagnostics(kimchi))")
        let unused = #"{"vs_currency": "krw", "providers": [{"name": "upbit"}, {"name": "binance"}], "favorites": ["BTC"]}"#
        #expect(RulesFixture.errors(unused, at: "providers[1].name", containing: "binance does not quote in 'krw'").count == 1)
    }

    @Test func aPremiumNeedsItsThreeFieldsAndACurrencyItsProviderServes() {
        let missing = RulesFixture.rule(when: #"{"premium_above": {"pct": 3}}"#)
        #expect(RulesFixture.errors(missing, at: "rules[0].when.premium_above", containing: "premium_above needs against, ").count == 1)
        #expect(RulesFixture.errors(missing, at: "rules[0].when.premium_above", containing: "premium_above needs against_vs, ").count == 1)
        let currency = RulesFixture.rule(when: #"{"premium_above": {"pct": 3, "against": "binance", "against_vs": "krw"}}"#)
        #expect(RulesFixture.errors(currency, at: "rules[0].when.premium_above.against_vs", containing: "binance does not quote in 'krw' (against_vs)").count == 1)
        let ratio = RulesFixture.document(rules: [#"{"id": "a", "coin": "ethereum/bitcoin", "when": {"premium_above": {"pct": 3, "against": "coinpaprika", "against_vs": "usd"}}}"#])
        #expect(RulesFixture.errors(ratio, at: "rules[0].coin", containing: "compares one coin on two providers").count == 1)
    }
}
