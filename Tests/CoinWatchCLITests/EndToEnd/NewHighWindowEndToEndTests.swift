import Foundation
import Testing
@testable import TestHelpers

/// A `new_high`/`new_low` window the provider does not report (SPEC §2, issue 32 item 5) is taken
/// from the provider's price history at once, then kept current: through the binary against a
/// loopback CoinGecko whose `market_chart` replays the real 30-day hourly capture moved to the present.
@Suite(.serialized) struct NewHighWindowEndToEndTests {
    static let capture = "real/history/coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json"

    /// The capture with every time moved so its newest point is ten minutes old, and its highest
    /// price within the last 30 days from `now`.
    static func moved(now: Double) throws -> (json: String, high: Double) {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(capture))) as? [String: [[NSNumber]]])
        let prices = try #require(document["prices"])
        let last = try #require(prices.last?.first?.int64Value)
        let shift = Int64(now * 1000) - 600_000 - last
        var moved: [String: [[NSNumber]]] = [:]
        for (key, rows) in document {
            moved[key] = rows.map { [NSNumber(value: $0[0].int64Value + shift), $0[1]] }
        }
        let start = Int64((now - 30 * 86_400) * 1000) + 3_600_000  // an hour inside the window
        let rows: [[NSNumber]] = moved["prices"] ?? []
        let high = rows.filter { $0[0].int64Value >= start }.map { $0[1].doubleValue }.max() ?? 0
        return (String(decoding: try JSONSerialization.data(withJSONObject: moved), as: UTF8.self), high)
    }

    let dir: TempDir
    let gecko: MarketServer
    let high: Double

    init() throws {
        dir = try TempDir()
        gecko = try MarketServer()
        let chart = try Self.moved(now: Date().timeIntervalSince1970)
        high = chart.high
        gecko.route("/market_chart", Reply.json(chart.json))
        try dir.write("rules.json", RulesJSON.make(baseURL: gecko.baseURL, favorites: ["bitcoin"], rules: """
            {"id": "month-high", "coin": "bitcoin", "when": {"new_high": "30d"}}
            """))
    }

    private func run(_ args: [String]) throws -> Binary.Run {
        try Binary.run(args + ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                       environment: ["COINWATCH_CACHE": dir.path + "/cache"])
    }

    private var chartRequests: [RecordedRequest] { gecko.server.requests.filter { $0.path.hasSuffix("/market_chart") } }

    @Test func aThirtyDayHighFiresAtTheFirstPassFromTheProvidersHistoryThenIsKeptCurrent() throws {
        #expect(high > 50_000, "the capture's month holds bitcoin's 2021 highs")
        gecko.set("bitcoin", price: (high * 1.01).rounded())
        let first = try run(["--once", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(ReplayedHistory.byRule(first.stdout)["month-high"] != nil, "fires at once, not after 30 days: \(first.stdout)\n\(first.stderr)")
        #expect(chartRequests.map { $0.queryItem("days") } == ["30"], "\(chartRequests.map(\.path))")
        _ = try run(["--once", "--json"])
        #expect(chartRequests.count == 1, "fetched once; the observed prices keep the window current")
    }

    @Test func aPriceBelowTheHistorysHighIsNoNewHighAndExplainSaysWhy() throws {
        gecko.set("bitcoin", price: (high * 0.9).rounded())
        let pass = try run(["--once", "--json"])
        #expect(pass.status == 0 && pass.stdout.isEmpty, "\(pass.stdout)\n\(pass.stderr)")
        let explain = try run(["explain", "month-high"])
        #expect(explain.stdout.contains("short of the recorded 30d high"), "\(explain.stdout)")
        #expect(!explain.stdout.contains("not yet watched"), "\(explain.stdout)")
    }

    @Test func checkSaysPerRuleWhereTheWindowComesFrom() throws {
        let check = try run(["check"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("the 30d high: no provider reports it, so it is taken from the provider's price history at the first pass"),
                "\(check.stdout)")
    }
}
