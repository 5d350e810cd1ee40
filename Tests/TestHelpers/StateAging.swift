@testable import CoinWatchMarket
@testable import CoinWatchState
import Foundation

/// Lets time pass for the binary without a clock hook: every instant the state file holds moves
/// back by the same amount, so the next real-time pass sees it that much older.
enum StateAging {
    /// Moves every time in the state at `path` back by `seconds` (no-op when there is no file).
    static func age(_ path: String, by seconds: Double) throws {
        guard seconds != 0, FileManager.default.fileExists(atPath: path) else { return }
        var doc = try StateStore.load(path: path)
        for (key, var series) in doc.prices {
            series.firstSeen -= seconds
            series.coveredFrom -= seconds
            series.points = series.points.map { PricePoint(time: $0.time - seconds, price: $0.price) }
            doc.prices[key] = series
        }
        for (key, var pair) in doc.pairs {
            pair.trueSince = pair.trueSince.map { $0 - seconds }
            pair.lastNotified = pair.lastNotified.map { $0 - seconds }
            pair.lastFired = pair.lastFired.map { $0 - seconds }
            doc.pairs[key] = pair
        }
        for index in doc.outbox.indices { doc.outbox[index].queuedAt -= seconds }
        for (key, var cached) in doc.memory.quoteCache {
            cached.fetchedAt -= seconds
            doc.memory.quoteCache[key] = cached
        }
        doc.memory.backoff = doc.memory.backoff.mapValues { $0 - seconds }
        for (key, var listing) in doc.memory.listings {
            listing.fetchedAt -= seconds
            for index in listing.markets.indices { listing.markets[index].since = listing.markets[index].since.map { $0 - seconds } }
            doc.memory.listings[key] = listing
        }
        doc.outages = doc.outages.mapValues { Outage(since: $0.since - seconds, reported: $0.reported - seconds, error: $0.error) }
        for index in doc.silences.indices {
            doc.silences[index].until -= seconds
            doc.silences[index].created -= seconds
        }
        for index in doc.control.answers.indices {
            doc.control.answers[index].queuedAt -= seconds
            doc.control.answers[index].notBefore = doc.control.answers[index].notBefore.map { $0 - seconds }
        }
        doc.control.unknown = doc.control.unknown.mapValues { $0 - seconds }
        try StateStore.save(doc, to: path)
    }
}

/// Multi-pass runs of the built binary against a loopback CoinGecko; `after:` ages the state
/// first, as if that much time had passed since the previous pass.
final class BinaryFlow: @unchecked Sendable {
    let market: MarketServer
    let dir: TempDir

    init(rules: String, favorites: [String] = ["bitcoin"], defaults: String = #"{"notify": ["stdout"]}"#,
         sinks: String = "{}", extra: String = "") throws {
        market = try MarketServer()
        dir = try TempDir()
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, favorites: favorites, rules: rules,
                                                   defaults: defaults, sinks: sinks, extra: extra))
    }

    var rulesPath: String { dir.path + "/rules.json" }
    var statePath: String { dir.path + "/state.json" }

    /// One `coinwatch --once` pass, `after` seconds after the previous one.
    func pass(after: Double = 0, _ extra: [String] = [], environment: [String: String] = [:]) throws -> Binary.Run {
        try StateAging.age(statePath, by: after)
        // The history store (candles, windows) in the flow's own folder, never the HOME every test shares.
        let cache = ["COINWATCH_CACHE": dir.path + "/cache"].merging(environment) { _, given in given }
        return try Binary.run(["--once", "--rules", rulesPath, "--state", statePath] + extra, environment: cache)
    }

    /// Sets bitcoin's figures, runs a pass `after` seconds after the previous one and returns its
    /// stdout lines; a non-zero exit status or any stderr output is returned as a line too.
    func lines(after: Double = 60, price: Double, change24h: Double? = 0, high24h: Double? = nil, low24h: Double? = nil,
               ath: Double? = nil, atl: Double? = nil, environment: [String: String] = [:]) throws -> [String] {
        market.set("bitcoin", price: price, change24h: change24h, high24h: high24h, low24h: low24h, ath: ath, atl: atl)
        let run = try pass(after: after, environment: environment)
        var lines = run.stdout.split(separator: "\n").map(String.init)
        if run.status != 0 || !run.stderr.isEmpty { lines.append("exit \(run.status): \(run.stderr)") }
        return lines
    }

    /// Plays (seconds after the previous pass, price) steps; how many lines each pass printed.
    func counts(_ steps: [(Double, Double)]) throws -> [Int] {
        try steps.map { try lines(after: $0.0, price: $0.1).count }
    }
}
