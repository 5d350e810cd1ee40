import Foundation
import Testing
@testable import TestHelpers

/// `check --online` (SPEC §1, §2): every favorite resolved against the providers (exact id, then symbol,
/// then name; best rank wins a shared symbol), other coins sharing the symbol named, and remembered.
@Suite(.serialized) struct CheckOnlineTests {
    let dir: TempDir
    let gecko: ReplayServer

    init() throws {
        dir = try TempDir()
        gecko = try ReplayServer([
            "/coins/list": { _ in ReplayServer.capture("real/coingecko/coins-list_2021-05-15.json") },
            "/coins/markets": { _ in ReplayServer.capture("real/coingecko/coins-markets_vs-usd_top100_2023-01-08.json") },
        ])
    }

    private func check(_ rules: String, _ extra: [String] = []) throws -> Binary.Run {
        try dir.write("rules.json", rules)
        return try Binary.run(["check", "--online", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"] + extra)
    }

    private func resolved() throws -> [String: [String: String]] {
        let state = try JSONSerialization.jsonObject(with: Data((dir.read("state.json") ?? "").utf8)) as? [String: Any]
        return try #require(state?["resolved"] as? [String: [String: String]])
    }

    @Test func everyFavoriteIsResolvedAndSharedSymbolsAreNamed() throws {
        let paprika = try ReplayServer(["/coins": { _ in
            ReplayServer.capture("real/coinpaprika/coins_TRIMMED-top70_prettier-reformatted_2023-05-16.json") }])
        let rules = ProviderRules.make([("coingecko", gecko.baseURL), ("coinpaprika", paprika.baseURL)], vs: "usd",
                                       favorites: ["bitcoin", "UNI", "Chainlink"], rules: "")
        let run = try check(rules)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("bitcoin    bitcoin (BTC, Bitcoin, rank 1) by id"))
        #expect(lines.contains("UNI        uniswap (UNI, Uniswap, rank 19) by symbol; also UNI: binance-peg-uniswap, unicorn-token, universe-token"))
        #expect(lines.contains("Chainlink  chainlink (LINK, Chainlink, rank 25) by id"))
        #expect(lines.contains("bitcoin    btc-bitcoin (BTC, Bitcoin, rank 1) by name"))
        #expect(lines.contains("UNI        uni-uniswap (UNI, Uniswap, rank 30) by symbol"))
        #expect(lines.contains("Chainlink  link-chainlink (LINK, Chainlink, rank 25) by name"))
        #expect(try resolved()["coingecko"] == ["bitcoin": "bitcoin", "UNI": "uniswap", "Chainlink": "chainlink"])
        #expect(try resolved()["coinpaprika"]?["UNI"] == "uni-uniswap")
        let asked = gecko.requests("/coins/markets").compactMap { $0.queryItem("ids") }.joined(separator: ",")
        #expect(Set(asked.split(separator: ",")).isSuperset(of: ["uniswap", "binance-peg-uniswap", "unicorn-token", "universe-token"]),
                "ranks are asked for every coin that shares the symbol")
    }

    @Test func aPassAsksForTheRememberedId() throws {
        let rules = ProviderRules.make([("coingecko", gecko.baseURL)], vs: "usd", favorites: ["UNI"],
                                       rules: #"{"id": "seen", "coin": "UNI", "when": {"above": 0.000001}}"#)
        #expect(try check(rules).status == 0)
        let pass = try Binary.run(["--once", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(gecko.requests("/coins/markets").last?.queryItem("ids") == "uniswap")
        #expect(pass.stdout.contains(#""coin":"UNI""#) && pass.stdout.contains(#""provider":"coingecko""#))
    }

    @Test func theExchangesUseTheSymbolAnEarlierProviderGave() throws {
        let bithumb = try Replays.bithumb()
        let upbit = try Replays.upbit()
        let rules = ProviderRules.make([("coingecko", gecko.baseURL), ("bithumb", bithumb.baseURL), ("upbit", upbit.baseURL)],
                                       vs: "krw", favorites: ["bitcoin", "ETH"], rules: "")
        let run = try check(rules, ["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let online = try #require(doc["online"] as? [[String: Any]])
        #expect(online.compactMap { $0["provider"] as? String } == ["coingecko", "bithumb", "upbit"])
        let bitcoinOnBithumb = try #require((online[1]["favorites"] as? [[String: Any]])?.first)
        #expect(bitcoinOnBithumb["id"] as? String == "BTC_KRW")
        #expect(bitcoinOnBithumb["matched_by"] as? String == "symbol from coingecko")
        let upbitFavorites = try #require(online[2]["favorites"] as? [[String: Any]])
        #expect(upbitFavorites.map { $0["id"] as? String } == ["KRW-BTC", "KRW-ETH"])
        #expect(upbitFavorites.last?["name"] as? String == "Ethereum")
    }

    @Test func eachProviderIsCheckedForWhatAPassAsksItNotForEveryFavorite() throws {
        // usd favorites through coingecko; upbit and binance serve only a premium (krw against usdt)
        // and an RSI rule in usdt: they are checked for BTC in those currencies, never "not found" in usd.
        let upbit = try Replays.upbitWithTether(usdt: 1_380)
        let binance = try Replays.binance()
        let rules = ProviderRules.make([("coingecko", gecko.baseURL), ("upbit", upbit.baseURL), ("binance", binance.baseURL)],
                                       vs: "usd", favorites: ["BTC", "ETH"], rules: """
            {"id": "kimchi", "coin": "BTC", "provider": "upbit", "vs": "krw",
             "when": {"premium_above": {"pct": 1, "against": "binance", "against_vs": "usdt"}}},
            {"id": "rsi", "coin": "ETH", "provider": "binance", "vs": "usdt", "when": {"rsi_above": {"value": 70, "tf": "1h"}}}
            """)
        let run = try check(rules, ["--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let online = try #require(doc["online"] as? [[String: Any]])
        func ids(_ provider: String, _ vs: String) -> [String?]? {
            (online.first { $0["provider"] as? String == provider && $0["vs"] as? String == vs }?["favorites"] as? [[String: Any]])?
                .map { $0["id"] as? String }
        }
        #expect(ids("coingecko", "usd") == ["bitcoin", "ethereum"], "\(online)")
        #expect(ids("upbit", "krw") == ["KRW-BTC", "KRW-USDT"], "the coin and the price that converts the other leg: \(online)")
        #expect(ids("binance", "usdt") == ["BTCUSDT", "ETHUSDT"], "\(online)")
        #expect(online.count == 3, "upbit and binance are never asked in usd: \(online)")
        let text = try check(rules)
        #expect(!text.stdout.contains("not found") && text.stdout.contains("  upbit (krw)"), "\(text.stdout)")
    }

    @Test func theOnlinePlanIsCheckPlanWithItsSilences() throws {
        let rules = ProviderRules.make([("coingecko", gecko.baseURL)], vs: "usd", favorites: ["bitcoin"],
                                       rules: #"{"id": "high", "coin": "bitcoin", "when": {"above": 1000000}}"#)
        try dir.write("rules.json", rules)
        let common = ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"]
        #expect(try Binary.run(["silence", "add", "high", "--for", "7d", "-q"] + common).status == 0)
        let offline = try Binary.run(["check"] + common)
        let online = try check(rules)
        #expect(online.status == 0, "\(online.stderr)")
        #expect(offline.stdout.contains("silences (1):"), "\(offline.stdout)")
        #expect(online.stdout.hasPrefix(offline.stdout.components(separatedBy: "hint:")[0]), "\(online.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(check(rules, ["--json"]).stdout.utf8)) as? [String: Any])
        let rule = try #require((json["rules"] as? [[String: Any]])?.first)
        #expect(rule["silenced_by"] as? [String] != nil, "\(json)")
    }

    @Test func aFavoriteNoProviderKnowsExitsOne() throws {
        let rules = ProviderRules.make([("coingecko", gecko.baseURL)], vs: "usd", favorites: ["bitcoin", "nope-coin-zz"], rules: "")
        let run = try check(rules)
        #expect(run.status == 1)
        #expect(run.stdout.contains("nope-coin-zz  not found"))
        #expect(run.stderr == "coinwatch: no provider knows nope-coin-zz; use a provider id, symbol or name\n")
    }

    /// The API's error text is printed on stdout too, where no guard cleans it (SPEC §3): its escape sequences
    /// (JSON `\u001b`) reached the terminal as they were.
    @Test func aProvidersErrorTextOnStdoutCannotDriveTheTerminal() throws {
        let hostile = try ReplayServer(["/coins/list": { _ in
            .json(#"{"error":"\u001b[2J\u001b]0;owned\u0007wiped\u202Etxt"}"#, status: 500) }])
        let rules = ProviderRules.make([("coingecko", hostile.baseURL)], vs: "usd", favorites: ["bitcoin"], rules: "")
        let run = try check(rules)
        #expect(run.status == 1)
        #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }, "\(run.stdout)")
        #expect(run.stdout.contains("  coingecko: not reachable (coingecko: API error: wipedtxt (HTTP 500))\n"), "\(run.stdout)")
    }

    @Test func anUnreachableProviderIsOneLineAndOthersStillResolve() throws {
        let closed = try ClosedPort()
        let rules = ProviderRules.make([("coinpaprika", closed.baseURL), ("coingecko", gecko.baseURL)],
                                       vs: "usd", favorites: ["bitcoin"], rules: "")
        let run = try check(rules)
        #expect(run.status == 0)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.hasPrefix("coinwatch: coinpaprika: "))
    }
}
