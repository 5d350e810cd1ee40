@testable import CoinWatchSupport
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// SPEC §8 "with the same engine": a rules.json run live, pass by pass, against a loopback
/// CoinGecko replaying the real 30-day hourly capture in simulated time (`Scenario`: `CLI.run
/// --once` with a `FixedClock`), and a backtest of the same rules over the same points give the
/// same alerts, id for id, apart from the `backtest` flag.
struct BacktestLiveEquivalenceTests {
    @Test func aBacktestGivesTheAlertsALiveLoopGaveOverTheSameRecordedPointsIdForId() throws {
        let capture = try HistoryCaptures.gecko.decodeHistory(
            try HistoryCaptures.capture("coingecko-market-chart_bitcoin_vs-usd_days-30_hourly_2021-05-15.json"), timeframe: .h1)
        // The capture moved so that its first point is the scenario's start; 150 hourly passes.
        let shift = Int64(Scenario.start * 1000) - capture[0].openTime
        let points = capture.map { (time: $0.openTime + shift, price: $0.close) }
        let passes = 150
        let times = (0..<passes).map { Scenario.start + Double($0) * 3_600 }
        let seen = BacktestCrossCheckTests.sampled(points, from: times[0], to: times[passes - 1], step: 3_600)
        let line = BacktestCrossCheckTests.median(Array(points.prefix(passes)))
        let rules = [
            Scenario.rule("cross", when: #"{"crosses": \#(line)}"#),
            Scenario.rule("dip", when: #"{"below": \#(line)}"#, #""resolve": true, "cooldown": "3h""#),
            Scenario.rule("range", when: #"{"enters_range": [\#(line * 0.99), \#(line * 1.01)]}"#, #""cooldown": "2h""#),
            Scenario.rule("pump", when: #"{"move_pct": {"pct": 1.5, "within": "6h"}}"#, #""repeat_every": "12h""#),
            // Kinds that keep a reference price per pair (the peak, the first price seen) in state.
            Scenario.rule("trail", when: #"{"trailing_drop": 2}"#),
            Scenario.rule("from-start", when: #"{"change_from": {"pct": -4, "ref": "start"}}"#, #""resolve": true"#),
        ].joined(separator: ",")
        let scenario = try Scenario(rules: rules)
        var live: [Alert] = []
        for (time, price) in seen {
            scenario.market.set("bitcoin", price: price, change24h: nil)
            let run = scenario.pass(at: time - Scenario.start, ["--json"])
            for line in run.stdout.split(separator: "\n") {
                live.append(try JSONDecoder().decode(LiveRecord.self, from: Data(line.utf8)).alert)
            }
        }
        #expect(live.count > 10, "the live loop fired: a comparison that can fail")

        let file = try RulesLoader.load(path: scenario.rulesPath, environment: [:]).rules
        let template = Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: 0, provider: "coingecko")
        let backtest = Backtest(rules: file, series: ["bitcoin": Backtest.Series(points: points, template: template)],
                                from: times[0], to: times[passes - 1], step: 3_600)
        let replayed = backtest.run()
        #expect(replayed.allSatisfy { $0.backtest == true })
        #expect(replayed.map(\.id) == live.map(\.id))
        #expect(replayed.map { "\($0.rule) \($0.status) \($0.price) \($0.time)" } == live.map { "\($0.rule) \($0.status) \($0.price) \($0.time)" })
        #expect(Set(live.map(\.rule)).isSuperset(of: ["cross", "dip", "trail", "from-start"]), "these rules fired: \(Set(live.map(\.rule)))")
    }

    /// The fields of a live alert line that the comparison reads.
    struct LiveRecord: Decodable {
        var id: String, time: String, rule: String, status: String, price: Double
        var alert: Alert {
            Alert(id: id, time: DateTimeParser.parse(time)?.timeIntervalSince1970 ?? -1, rule: rule, coin: "bitcoin", symbol: "", name: "",
                  vs: "usd", condition: "", threshold: nil, price: price, previous: nil, change24h: nil,
                  status: Alert.Status(rawValue: status) ?? .firing, provider: "", message: "")
        }
    }
}
