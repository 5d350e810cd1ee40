@testable import CoinWatchState
import Foundation
import Testing

/// Multi-pass runs of the real command line in process (`CLI.run` with a `FixedClock`) against a
/// loopback CoinGecko, with rules.json and state.json in a temporary folder: as cron runs
/// coinwatch, but with the clock in the test's hand.
final class Scenario: @unchecked Sendable {
    let market: MarketServer
    let dir: TempDir
    /// The instant of `at: 0`: 2027-01-15T08:00:00Z.
    static let start: Double = 1_800_000_000

    init(rules: String, favorites: [String] = ["bitcoin"], defaults: String = #"{"notify": ["stdout"]}"#,
         sinks: String = "{}") throws {
        market = try MarketServer()
        dir = try TempDir()
        try write(rules: rules, favorites: favorites, defaults: defaults, sinks: sinks)
    }

    var rulesPath: String { dir.path + "/rules.json" }
    var statePath: String { dir.path + "/state.json" }

    /// Replaces rules.json.
    func write(rules: String, favorites: [String] = ["bitcoin"], defaults: String = #"{"notify": ["stdout"]}"#,
               sinks: String = "{}") throws {
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, favorites: favorites, rules: rules,
                                                   defaults: defaults, sinks: sinks))
    }

    /// One `coinwatch --once` pass at `start + at` seconds.
    @discardableResult
    func pass(at: Double, _ extra: [String] = [], environment: [String: String] = [:],
              sourceLocation: SourceLocation = #_sourceLocation) -> CLIRun {
        let run = CLIRun.run(["--once", "--rules", rulesPath, "--state", statePath] + extra, now: Self.start + at,
                             environment: environment)
        #expect(run.status == .success, "pass at \(at): \(run.stderr)", sourceLocation: sourceLocation)
        return run
    }

    /// Sets bitcoin's price (and 24h change), runs a pass at `at` and returns its alert lines.
    func lines(at: Double, price: Double, change24h: Double? = 0, coin: String = "bitcoin",
               sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        market.set(coin, price: price, change24h: change24h)
        return pass(at: at, sourceLocation: sourceLocation).stdout.split(separator: "\n").map(String.init)
    }

    /// Plays (seconds, price) passes and returns how many alert lines each printed.
    func counts(_ steps: [(Double, Double)], sourceLocation: SourceLocation = #_sourceLocation) -> [Int] {
        steps.map { lines(at: $0.0, price: $0.1, sourceLocation: sourceLocation).count }
    }

    /// The state file as coinwatch wrote it.
    func state() throws -> StateDocument { try StateStore.load(path: statePath) }

    /// A `rule` object for rules.json.
    static func rule(_ id: String = "r", coin: String = "bitcoin", when: String, _ options: String = "") -> String {
        #"{"id": "\#(id)", "coin": "\#(coin)", "when": \#(when)\#(options.isEmpty ? "" : ", " + options)}"#
    }
}

/// Seconds, for readable pass times: `5 * oneMinute`.
let oneMinute: Double = 60
let oneHour: Double = 3600
let oneDay: Double = 86_400
