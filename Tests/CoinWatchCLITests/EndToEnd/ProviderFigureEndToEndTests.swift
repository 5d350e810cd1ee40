import Foundation
import Testing
@testable import TestHelpers

/// `volume_24h_*`, `market_cap_*` and `rank_within` through the built binary, against a loopback
/// CoinGecko that replays the real `/coins/markets` capture (top 100, 2023-01-08: bitcoin's 24h
/// volume 10,076,421,985 USD, market cap 326,407,877,229 USD, rank 1; ethereum 2,743,538,847,
/// 152,631,477,365, rank 2).
@Suite(.serialized) struct ProviderFigureEndToEndTests {
    let api: ReplayServer
    let dir: TempDir

    init() throws {
        api = try ReplayServer()
        dir = try TempDir()
        try api.route("/api/v3/coins/markets", fixture: "real/coingecko/coins-markets_vs-usd_top100_2023-01-08.json")
    }

    private func pass(_ rules: [String], json: Bool = false) throws -> Binary.Run {
        try dir.write("rules.json", RulesJSON.make(baseURL: api.baseURL + "/api/v3", favorites: ["bitcoin", "ethereum"],
                                                   rules: rules.joined(separator: ", ")))
        return try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"]
            + (json ? ["--json"] : []))
    }

    @Test func volumeMarketCapAndRankFireOnTheProvidersOwnFigures() throws {
        let run = try pass([
            RulesEndToEndTests.rule("vol-hi", when: #"{"volume_24h_above": 10000000000}"#),
            RulesEndToEndTests.rule("vol-lo", coin: "ethereum", when: #"{"volume_24h_below": 2000000000}"#),
            RulesEndToEndTests.rule("cap-hi", when: #"{"market_cap_above": 300000000000}"#),
            RulesEndToEndTests.rule("cap-lo", coin: "ethereum", when: #"{"market_cap_below": 100000000000}"#),
            RulesEndToEndTests.rule("top1", coin: "*", when: #"{"rank_within": 1}"#),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            "vol-hi  BTC's 24h volume is $10.08B (≥ $10.00B) — now $16,951.52 (+0.14% 24h)",
            "cap-hi  BTC's market cap is $326.41B (≥ $300.00B) — now $16,951.52 (+0.14% 24h)",
            "top1  BTC is #1 by market cap (top 1) — now $16,951.52 (+0.14% 24h)",
        ])
    }

    @Test func theAlertRecordCarriesTheMeasuredFigureAsValue() throws {
        let run = try pass([RulesEndToEndTests.rule("top2", coin: "ethereum", when: #"{"rank_within": 2}"#,
                                                    #""message": "{symbol} is rank {value}""#)], json: true)
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((record["value"] as? NSNumber)?.doubleValue == 2)
        #expect(record["message"] as? String == "ETH is rank 2")
    }

    /// SPEC §2 `message`: `{value}` is the measured figure formatted as in the default message (a
    /// percentage signed to two decimals, money as money), not the raw number.
    @Test func valueInAMessageIsFormattedAsInTheDefaultMessage() throws {
        try dir.write("rules.json", RulesJSON.make(baseURL: api.baseURL + "/api/v3", favorites: ["bitcoin", "ethereum"], rules: [
            RulesEndToEndTests.rule("pnl", coin: "ethereum", when: #"{"pnl_pct_above": 10}"#),
            RulesEndToEndTests.rule("pnl-tmpl", coin: "ethereum", when: #"{"pnl_pct_above": 10}"#,
                                    #""message": "ETH P&L {value} (over {threshold})""#),
            RulesEndToEndTests.rule("move", when: #"{"change_24h_above": 0.1}"#, #""message": "BTC {value} vs {change_24h}""#),
            RulesEndToEndTests.rule("worth", coin: "ethereum", when: #"{"value_above": 100}"#, #""message": "ETH worth {value}""#),
        ].joined(separator: ", "), extra: #", "holdings": [{"coin": "ethereum", "amount": 3, "price": 1000}]"#))
        let run = try Binary.run(["--once", "--dry-run", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            "pnl  ETH holding's P&L rose to +10% or more — P&L +26.67% — now $1,266.66 (+0.29% 24h)",
            "pnl-tmpl  ETH P&L +26.67% (over 10%)",
            "move  BTC +0.14% vs +0.14%",
            "worth  ETH worth $3,799.98",
        ])
    }
}

/// `all`/`any` through the binary: a compound is a level, and a bad condition inside one is
/// reported at its nested path.
@Suite(.serialized) struct CompoundEndToEndTests {
    @Test func allIsALevelAndAnEventInsideCountsInItsPass() throws {
        let flow = try BinaryFlow(rules: RulesEndToEndTests.rule("both", when: #"{"all": [{"crosses_above": 100}, {"change_24h_above": 1}]}"#)
            + ", " + RulesEndToEndTests.rule("either", when: #"{"any": [{"below": 50}, {"change_24h_below": -5}]}"#))
        #expect(try flow.lines(price: 99, change24h: 2) == [])
        #expect(try flow.lines(price: 101, change24h: 2) == [
            "both  BTC meets all of: crosses_above $100.00, change_24h_above 1% — now $101.00 (+2.00% 24h)"])
        #expect(try flow.lines(price: 102, change24h: 2) == [], "the crossing was in the pass before")
        #expect(try flow.lines(price: 60, change24h: -6) == [
            "either  BTC meets one of: below $50.00, change_24h_below -5% — now $60.00 (-6.00% 24h)"])
        #expect(try flow.lines(price: 40, change24h: -7) == [], "still true: a level does not fire again")
    }

    @Test func aBadConditionInsideACompoundNamesItsNestedPath() throws {
        let dir = try TempDir()
        try dir.write("rules.json", RulesJSON.make(baseURL: "http://127.0.0.1:9", rules:
            RulesEndToEndTests.rule("a", when: #"{"above": 1}"#) + ", "
            + RulesEndToEndTests.rule("b", when: #"{"all": [{"above": 1}, {"abvoe": 2}]}"#)))
        let run = try Binary.run(["check", "--rules", dir.path + "/rules.json"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("rules[1].when.all[1]"), "\(run.stderr)")
        #expect(run.stderr.contains("unknown condition 'abvoe'"), "\(run.stderr)")
    }
}
