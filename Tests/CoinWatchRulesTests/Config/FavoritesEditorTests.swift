import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchRules

/// `FavoritesEditor`: the favorites and rules of a parsed rules.json, changed on the tree.
@Suite struct FavoritesEditorTests {
    static let file = """
    {
      "vs_currency": "usd",
      "favorites": ["bitcoin", "ETH", "${EXTRA_COIN}"],
      "rules": [
        {"id": "btc-100k", "coin": "bitcoin", "when": {"crosses_above": 100000}},
        {"id": "all", "coin": "*", "when": {"change_24h_abs": 10}},
        {"id": "eth-dip", "coin": "eth", "when": {"below": 2000}},
        {"id": "btc-pump", "coin": "Bitcoin", "when": {"above": 1}}
      ]
    }

    """

    private func editor(_ text: String = file, environment: [String: String] = ["EXTRA_COIN": "solana"]) throws -> FavoritesEditor {
        FavoritesEditor(root: try JSONParser.parse(Array(text.utf8)), environment: environment)
    }

    @Test func favoritesMatchIgnoringCaseAndThroughEnvironmentReferences() throws {
        let e = try editor()
        #expect(e.favoriteIndex("eth") == 1)
        #expect(e.favoriteIndex(" BITCOIN ") == 0)
        #expect(e.favoriteIndex("solana") == 2)
        #expect(e.favoriteIndex("dogecoin") == nil)
    }

    @Test func rulesNamingACoinAreFoundIgnoringCaseButNotTheStarRules() throws {
        let e = try editor()
        #expect(e.rulesNaming("bitcoin") == [.init(index: 0, id: "btc-100k"), .init(index: 3, id: "btc-pump")])
        #expect(e.rulesNaming("ETH").map(\.description) == ["eth-dip (rules[2])"])
    }

    @Test func aRatioRuleNamesBothOfItsCoinsButAFavoriteWhoseNameHoldsASlashIsOneCoin() throws {
        let e = try editor("""
        {"favorites": ["bitcoin", "ethereum", "usd/eur"],
         "rules": [{"id": "eth-btc", "coin": "Ethereum/bitcoin", "when": {"above": 0.05}},
                   {"id": "fx", "coin": "usd/eur", "when": {"above": 1}},
                   {"id": "total", "coin": "portfolio", "when": {"value_above": 1}}]}
        """)
        #expect(e.rulesNaming("ethereum").map(\.id) == ["eth-btc"])
        #expect(e.rulesNaming("BITCOIN").map(\.id) == ["eth-btc"])
        #expect(e.rulesNaming("usd/eur").map(\.id) == ["fx"])
        #expect(e.rulesNaming("usd").isEmpty && e.rulesNaming("portfolio").isEmpty)
    }

    @Test func addAppendsOnTheSameLineAndKeepsTheReferenceUnexpanded() throws {
        var e = try editor()
        e.add("dogecoin")
        let text = e.root.prettyText()
        #expect(text.contains(#""favorites": ["bitcoin", "ETH", "${EXTRA_COIN}", "dogecoin"],"#))
        #expect(!text.contains("solana"))
    }

    @Test func addCreatesFavoritesAfterTheSettingsThatPrecedeIt() throws {
        var e = try editor("{\n  \"vs_currency\": \"usd\",\n  \"rules\": []\n}\n")
        e.add("bitcoin")
        #expect(e.root.prettyText() == "{\n  \"vs_currency\": \"usd\",\n  \"favorites\": [\"bitcoin\"],\n  \"rules\": []\n}\n")
    }

    @Test func addWithoutAFavoritesMemberInsertsOneKeepingEveryOtherByte() throws {
        let original = "{\n  \"vs_currency\":   \"usd\",\n  \"interval\": \"60s\",\n  \"rules\": [\n    {\"id\": \"a\",   \"coin\": \"*\", \"when\": {\"above\": 1.50}}\n  ]\n}\n"
        var e = try editor(original)
        e.add("bitcoin")
        e.add("solana")
        let edited = String(decoding: e.edited(Array(original.utf8)), as: UTF8.self)
        #expect(edited == original.replacingOccurrences(of: "\"60s\",\n", with: "\"60s\",\n  \"favorites\": [\"bitcoin\", \"solana\"],\n"))
    }

    @Test func aMissingFavoritesMemberGoesFirstWhenNoSettingPrecedesIt() {
        let original = Array("{\"rules\": [],  \"sinks\": {}}".utf8)
        let edited = JSONMemberInsertion.inserting(key: "favorites", value: "[\"x\"]", after: ["vs_currency"], into: original)
        #expect(edited.map { String(decoding: $0, as: UTF8.self) } == "{\"favorites\": [\"x\"],  \"rules\": [],  \"sinks\": {}}")
        #expect(JSONMemberInsertion.inserting(key: "favorites", value: "[]", after: [], into: Array("{ }".utf8))
                    .map { String(decoding: $0, as: UTF8.self) } == "{\"favorites\": []}")
        #expect(JSONMemberInsertion.inserting(key: "rules", value: "[]", after: [], into: original) == nil, "already there")
        #expect(JSONMemberInsertion.inserting(key: "x", value: "[]", after: [], into: Array("[1]".utf8)) == nil, "not an object")
    }

    @Test func removeDropsTheFavoriteAndOnlyTheRulesAskedFor() throws {
        var e = try editor()
        e.remove(favoriteIndexes: [0], ruleIndexes: [0, 3])
        let text = e.root.prettyText()
        #expect(text == Self.file
            .replacingOccurrences(of: #"["bitcoin", "ETH""#, with: #"["ETH""#)
            .replacingOccurrences(of: "    {\"id\": \"btc-100k\", \"coin\": \"bitcoin\", \"when\": {\"crosses_above\": 100000}},\n", with: "")
            .replacingOccurrences(of: "{\"below\": 2000}},\n    {\"id\": \"btc-pump\", \"coin\": \"Bitcoin\", \"when\": {\"above\": 1}}", with: "{\"below\": 2000}}"))
    }
}
