@testable import CoinWatchState
@testable import CoinWatchEngine
@testable import CoinWatchCLI
import Testing
@testable import TestHelpers

/// `explain` reads the state beside the validation of rules.json, for the coins a glance at the
/// file says the rule covers (`ExplainCommand.coveredCoins`); the glance must find exactly what the
/// validator will, or say it cannot tell.
@Suite struct ExplainEarlyStateTests {
    private func covered(_ json: String, _ rule: String) -> [String]? {
        ExplainCommand.coveredCoins(rulesBytes: Array(json.utf8), ruleID: rule)
    }

    static let file = #"""
    {"$schema": "x", "rules": [{"id": "x", "when": {"above": 1, "note": "{\"id\": \"a\"}"}, "coin": "solana"},
                               {"coin": "bitcoin", "id": "a", "when": {"above": [1, {"b": 2}]}},
                               {"id": "all", "coin": "*", "when": {"change_24h_abs": 5}}, {"id": "a", "coin": "ethereum"}],
     "favorites": ["bitcoin", "ethereum", "solana"], "interval": "1m"}
    """#

    @Test func theGlanceFindsTheRulesCoinOrEveryFavoriteForAWildcard() throws {
        #expect(covered(Self.file, "a") == ["bitcoin"])
        #expect(covered(Self.file, "x") == ["solana"])
        #expect(covered(Self.file, "all") == ["bitcoin", "ethereum", "solana"])
    }

    @Test(arguments: [
        (Self.file, "missing"),
        (#"{"rules": [{"id": "a", "coin": "bit\u0063oin"}], "favorites": []}"#, "a"),
        (#"{"rules": [{"id": "a", "coin": 3}]}"#, "a"),
        (#"{"rules": [{"id": "a", "coin": "bitcoin""#, "a"),
        (#"[]"#, "a"),
    ])
    func whenTheGlanceCannotTellItSaysSo(json: String, rule: String) {
        #expect(covered(json, rule) == nil)
    }

    @Test func theGlanceStopsAtTheRuleUnlessAWildcardStillNeedsTheFavorites() {
        // What follows the rule is not read: a wildcard rule whose favorites come later reads on to them.
        #expect(covered(#"{"rules": [{"id": "a", "coin": "bitcoin"}, {"id": "#, "a") == ["bitcoin"])
        #expect(covered(#"{"favorites": ["x", "y"], "rules": [{"id": "a", "coin": "*"}, {"id": "#, "a") == ["x", "y"])
        #expect(covered(#"{"rules": [{"id": "a", "coin": "*"}, {"id": "#, "a") == nil)
        #expect(covered(#"{"rules": [{"id": "a", "coin": "*"}], "favorites": ["x"]}"#, "a") == ["x"])
    }

    @Test func aCoinTheRuleDoesNotCoverReadsNothingEarly() throws {
        let dir = try TempDir()
        let bytes = Array(Self.file.utf8)
        let shared = SharedState(path: dir.path + "/state.json", lockTimeout: 1)
        #expect(ExplainCommand.earlyState(rulesBytes: bytes, shared: shared, ruleID: "a", coin: "solana") == nil)
        let early = try #require(ExplainCommand.earlyState(rulesBytes: bytes, shared: shared, ruleID: "all", coin: "solana"))
        #expect(early.sections == .explaining(rule: "all", coins: ["solana"]))
        #expect((try? early.read.get()) == StateDocument())
    }
}
