import Foundation
import Testing
@testable import TestHelpers

/// `check` (SPEC §1): every currency checked against the providers asked for it with a did-you-mean,
/// the coin written as a favorite's symbol, and a plan that shows every rule's timing and the
/// requests a pass will make.
@Suite struct CheckPlanEndToEndTests {
    private func check(_ rules: String, _ extra: [String] = []) throws -> Binary.Run {
        let dir = try TempDir()
        let path = try dir.write("rules.json", rules)
        return try withExtendedLifetime(dir) {
            try Binary.run(["check", "--rules", path, "--state", dir.path + "/state.json"] + extra)
        }
    }

    @Test func aVsCurrencyTypoIsRefusedAtItsPathWithDidYouMean() throws {
        let run = try check(#"{"vs_currency": "usdd", "favorites": ["bitcoin"]}"#)
        #expect(run.status == 65)
        #expect(run.stderr.contains("rules.json:1:17: vs_currency: coingecko does not quote in 'usdd'. Did you mean 'usd'?"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func aVsCurrencyNoListedProviderQuotesInNamesThemAllOnce() throws {
        let run = try check(#"{"vs_currency": "eurr", "providers": [{"name": "coingecko"}, {"name": "coinpaprika"}], "favorites": ["bitcoin"]}"#)
        #expect(run.status == 65)
        #expect(run.stderr.contains("vs_currency: none of coingecko, coinpaprika quotes in 'eurr'. Did you mean 'eur'?"), "\(run.stderr)")
        #expect(!run.stderr.contains("providers[1].name"), "\(run.stderr)")
    }

    @Test func aRuleVsTypoOnItsProviderGetsDidYouMean() throws {
        let run = try check(#"""
        {"favorites": ["bitcoin"],
         "rules": [{"id": "k", "coin": "bitcoin", "provider": "coingecko", "vs": "kwr", "when": {"above": 1}}]}
        """#)
        #expect(run.status == 65)
        #expect(run.stderr.contains("rules[0].vs: coingecko does not quote in 'kwr' (the rule's vs)") && run.stderr.contains("Did you mean 'krw'?"),
                "\(run.stderr)")
    }

    @Test func aCoinWrittenAsAWellKnownSymbolGetsDidYouMeanBeforeAnyPass() throws {
        let run = try check(#"{"favorites": ["bitcoin"], "rules": [{"id": "r", "coin": "BTC", "when": {"above": 1}}]}"#)
        #expect(run.status == 65)
        #expect(run.stderr.contains("rules[0].coin: coin 'BTC' is not in favorites") && run.stderr.contains("Did you mean 'bitcoin'?"),
                "\(run.stderr)")
    }

    @Test func thePlanListsTheRequestsAPassMakesPerProvider() throws {
        let favorites = (1...300).map { "\"coin-\($0)\"" }.joined(separator: ", ")
        let run = try check(#"""
        {"vs_currency": "usd", "favorites": [\#(favorites)],
         "providers": [{"name": "coingecko", "cache_ttl": "2m"}, {"name": "coinpaprika"}],
         "rules": [{"id": "k", "coin": "coin-1", "provider": "upbit", "vs": "krw", "when": {"above": 1}}]}
        """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("requests a pass: 3 quote requests (coingecko usd: 2 for 300 coins; upbit krw: 1 for 1 coin)"), "\(run.stdout)")
        let json = try check(#"{"favorites": ["bitcoin", "ethereum"]}"#, ["--json"])
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let requests = try #require(plan["requests"] as? [String: Any])
        #expect(requests["quote_requests"] as? Int == 1)
    }

    @Test func thePlanShowsEveryRulesTiming() throws {
        let run = try check(#"""
        {"favorites": ["bitcoin"], "defaults": {"cooldown": "30m"},
         "rules": [{"id": "t", "coin": "bitcoin", "when": {"above": 1}, "for": "5m", "repeat_every": "2h", "rearm": 1, "resolve": true, "once": true}]}
        """#)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("[for 5m, cooldown 30m (default), repeat every 2h, rearm 1%, resolve, once]"), "\(run.stdout)")
    }
}
