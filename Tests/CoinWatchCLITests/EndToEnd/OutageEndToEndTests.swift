@testable import CoinWatchState
import Foundation
import Testing
@testable import TestHelpers

/// SPEC §6: outages are reported at their edges — one line when a provider starts failing, at most
/// one an hour while it lasts, one when it recovers — with hints that name the real cause.
@Suite(.serialized) struct OutageEndToEndTests {
    let flow: BinaryFlow

    init() throws {
        flow = try BinaryFlow(rules: #"{"id": "hi", "coin": "bitcoin", "when": {"above": 1000000}}"#)
        flow.market.set("bitcoin", price: 100)
    }

    /// A pass `after` seconds later in which CoinGecko answers 502 (as often as it is asked).
    private func failingPass(after: Double) throws -> Binary.Run {
        flow.market.script(Reply.text("Bad Gateway", status: 502))
        return try flow.pass(after: after)
    }

    private func errorLines(_ run: Binary.Run) -> [String] {
        run.stderr.split(separator: "\n").map(String.init)
    }

    @Test func anOutageIsReportedWhenItStartsHourlyWhileItLastsAndWhenItRecovers() throws {
        _ = try flow.pass()
        let first = try failingPass(after: 60)
        #expect(first.status == 1, "exit codes unchanged: no provider answered")
        let lines = errorLines(first)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first.map { $0.range(of: #"^coinwatch: coingecko: failing since \d\d:\d\d UTC: .*HTTP 502"#, options: .regularExpression) != nil } == true,
                "\(lines)")
        #expect(lines.last?.hasSuffix("no provider quoted bitcoin in usd: coingecko is failing (the provider is down, not the favorite's id); "
                                      + "add a second provider for failover") == true, "the hint names the real cause: \(lines)")
        #expect(!first.stderr.contains("check the favorite's id"))
        for _ in 0..<3 {
            let quiet = try failingPass(after: 10 * 60)
            #expect(quiet.status == 1 && quiet.stderr.isEmpty, "passes in between print nothing: \(quiet.stderr)")
        }
        let hourly = try failingPass(after: 35 * 60)
        #expect(errorLines(hourly).first?.contains("coingecko: still failing since ") == true, "\(hourly.stderr)")
        #expect(hourly.stderr.contains("(1h5m)"), "\(hourly.stderr)")
        #expect(try failingPass(after: 60).stderr.isEmpty)
        let recovered = try flow.pass(after: 8 * 60)
        #expect(recovered.status == 0)
        #expect(recovered.stderr == "coinwatch: coingecko: recovered after 1h14m\n", "\(recovered.stderr)")
        #expect(try flow.pass(after: 60).stderr.isEmpty)
        #expect(try StateStore.load(path: flow.statePath).outages.isEmpty)
    }

    /// An outage of a few seconds is said in seconds, as every other duration is (`5s`), not as a minute.
    @Test func anOutageOfSecondsRecoversAfterThoseSeconds() throws {
        _ = try flow.pass()
        #expect(try failingPass(after: 60).status == 1)
        let recovered = try flow.pass(after: 5)
        #expect(recovered.status == 0)
        // 5 seconds of aged state, plus the real time between the two processes' clocks.
        let seconds = recovered.stderr.wholeMatch(of: /coinwatch: coingecko: recovered after (\d+)s\n/).flatMap { Int($0.1) }
        #expect(seconds.map { (5..<30).contains($0) } == true, "\(recovered.stderr)")
    }

    @Test func withTwoProvidersBothFailingTheHintAsksForNoSecond() throws {
        let dir = try TempDir()
        let (gecko, paprika) = (try ClosedPort(), try ClosedPort())
        try dir.write("rules.json", ProviderRules.make([("coingecko", gecko.baseURL), ("coinpaprika", paprika.baseURL)], vs: "usd",
                                                       favorites: ["bitcoin"], rules: #"{"id": "hi", "coin": "bitcoin", "when": {"above": 1}}"#))
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("no provider quoted bitcoin in usd: coingecko, coinpaprika are failing (the provider is down, not the favorite's id)\n"),
                "\(run.stderr)")
        #expect(!run.stderr.contains("add a second provider"))
    }

    /// A holdings rule during a 429 backoff: the unvalued portfolio is said with the outage's first
    /// line, and the passes in between print nothing (cron mails at the edges, not every minute).
    @Test func aPortfolioRuleDuringARateLimitSpeaksOnlyAtTheOutagesEdges() throws {
        let flow = try BinaryFlow(rules: #"{"id": "total", "coin": "portfolio", "when": {"value_above": 1000000}}"#,
                                  extra: #", "holdings": [{"coin": "bitcoin", "amount": 0.5, "price": 30000}]"#)
        flow.market.set("bitcoin", price: 100)
        #expect(try flow.pass().status == 0)
        flow.market.script(Reply.json(#"{"error":"Too many requests"}"#, status: 429).header("Retry-After", "3600"))
        let first = try flow.pass(after: 60)
        #expect(first.stderr.contains("coingecko: failing since ") && first.stderr.contains("portfolio not valued this pass"),
                "the outage's first line, with what it costs: \(first.stderr)")
        for _ in 0..<3 {
            let quiet = try flow.pass(after: 60)
            #expect(quiet.stderr.isEmpty && quiet.stdout.isEmpty, "passes in between print nothing: \(quiet.stderr)")
            #expect(quiet.status == 1, "exit codes stay as in SPEC §1: no provider answered for bitcoin")
        }
    }

    @Test func aFavoriteNoProviderKnowsStillGetsTheCheckTheIdHint() throws {
        flow.market.remove("bitcoin")
        let run = try flow.pass()
        #expect(run.status == 1)
        #expect(run.stderr.contains("check the favorite's id"), "\(run.stderr)")
    }

    /// The id resolved and the provider answered for it, with no price (`"current_price": null`): the hint says so,
    /// not "check the favorite's id".
    @Test func aFavoriteWhosePriceIsNullGetsAHintThatSaysSo() throws {
        let null = #"[{"id":"bitcoin","symbol":"btc","name":"Bitcoin","current_price":null,"market_cap":null,"#
            + #""market_cap_rank":null,"price_change_percentage_24h":null,"total_volume":null}]"#
        flow.market.script(Reply.json(null))
        let run = try flow.pass()
        #expect(run.status == 1)
        #expect(errorLines(run) == ["coinwatch: no provider quoted bitcoin in usd: coingecko lists it but reports no price "
            + "for it in usd; add a provider that prices it"], "\(run.stderr)")
    }
}
