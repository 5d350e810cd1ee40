import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState

/// Absurd numbers from rules.json, the state file and providers, through the binary: none crashes
/// (no exit 132/134, no backtrace); each is a one-line error with its JSON path, or not an observation.
@Suite struct AbsurdNumbersTests {
    private func check(_ json: String) throws -> Binary.Run {
        let dir = try TempDir()
        return try Binary.run(["check", "--rules", try dir.write("rules.json", json)])
    }

    private static func oneLine(_ run: Binary.Run) -> Bool {
        run.stderr.split(separator: "\n").count == 1 && !run.stderr.contains("Stack dump") && !run.stderr.contains("Fatal error")
    }

    @Test(arguments: [
        (#""providers": [{"name": "coingecko", "timeout": "106751991167w"}]"#, "providers[0].timeout", "10m"),
        (#""interval": "99999999999999w""#, "interval", "1d"),
        (#""providers": [{"name": "coingecko", "cache_ttl": "99999999999999w"}]"#, "providers[0].cache_ttl", "1d"),
        (#""providers": [{"name": "coingecko", "timeout": "11m"}]"#, "providers[0].timeout", "10m"),
        (#""interval": "25h""#, "interval", "1d"),
        (#""rules": [{"id": "m", "coin": "bitcoin", "when": {"move_pct": {"pct": 3, "within": "401d"}}}]"#, "rules[0].when.move_pct.within", "57w1d"),
        (#""rules": [{"id": "c", "coin": "bitcoin", "when": {"above": 1}, "cooldown": "58w"}]"#, "rules[0].cooldown", "57w1d"),
        (#""rules": [{"id": "c", "coin": "bitcoin", "when": {"above": 1}, "for": "31d"}]"#, "rules[0].for", "4w2d"),
        (#""rules": [{"id": "c", "coin": "bitcoin", "when": {"above": 1}, "repeat_every": "99999999999999w"}]"#, "rules[0].repeat_every", "57w1d"),
    ])
    func aDurationOverItsKeysMaximumIsRefusedWithItsPath(_ field: String, _ path: String, _ limit: String) throws {
        let run = try check(#"{"favorites": ["bitcoin"], \#(field)}"#)
        #expect(run.status == 65, "\(run.stderr)")
        #expect(Self.oneLine(run), "\(run.stderr)")
        #expect(run.stderr.contains(": \(path): ") && run.stderr.contains("longer than the limit of \(limit) for this key"), "\(run.stderr)")
    }

    @Test func aDurationTooLongForAnyKeyNeverOverflowsTheParser() throws {
        for text in ["106751991167w", "99999999999999w", "9" + String(repeating: "9", count: 400) + "s", "1e308s"] {
            #expect(throws: DurationError.self) { try DurationParser.parse(text) }
        }
        let flag = try Binary.run(["--once", "--interval", "99999999999999w"])
        #expect(flag.status == 64 && flag.stderr.contains("longer than the limit of 1d"), "\(flag.stderr)")
    }

    @Test func rulesThatMakeTooManyPairsAreRefusedByCheckAndByThePass() throws {
        let favorites = (0..<5_000).map { "\"coin-\($0)\"" }.joined(separator: ",")
        let rules = (0..<51).map { #"{"id":"r\#($0)","coin":"*","when":{"above":1}}"# }.joined(separator: ",")
        let dir = try TempDir()
        let path = try dir.write("rules.json", #"{"favorites": [\#(favorites)], "rules": [\#(rules)]}"#)
        for args in [["check", "--rules", path], ["--once", "--rules", path, "--state", dir.path + "/state.json"]] {
            let started = Date()
            let run = try Binary.run(args, timeout: 60)
            #expect(run.status == 65, "\(args): \(run.stderr)")
            #expect(Self.oneLine(run), "\(run.stderr)")
            #expect(run.stderr.contains(": rules: the rules make 255000 (rule, coin) pairs (51 \"*\" rules × 5000 favorites")
                    && run.stderr.contains("over the limit of 250000 pairs"), "\(run.stderr)")
            #expect(Date().timeIntervalSince(started) < 30, "refused quickly")
        }
    }

    @Test(arguments: [
        (#""pairs": {"r|bitcoin": {"last_notified": 1e300}}"#, #"`pairs["r|bitcoin"].last_notified`: 1e+300 is not a time"#),
        (#""pairs": {"r|bitcoin": {"true_since": -5}}"#, #"`pairs["r|bitcoin"].true_since`: -5.0 is not a time"#),
        (#""pairs": {"r|bitcoin": {"rearm_at": 1e999}}"#, "not valid JSON at 1:52 (the number 1e999 is too large"),
        (#""backoff": {"coingecko": 1e20}"#, #"`backoff["coingecko"]`: 1e+20 is not a time"#),
        (#""prices": {"bitcoin|usd": {"first_seen": 1, "points": [[1, -3]]}}"#, #"`prices["bitcoin|usd"].points[0][1]`: -3.0 is not a price"#),
        (#""last_pass": 99999999999999999999"#, "`last_pass`"),
    ])
    func aStateWithAbsurdNumbersIsRefusedNamingTheField(_ section: String, _ named: String) throws {
        let market = try MarketServer()
        market.set("bitcoin", price: 90)
        let dir = try TempDir()
        let rules = try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL,
                                                               rules: #"{"id": "r", "coin": "bitcoin", "when": {"below": 100}}"#))
        let state = try dir.write("state.json", #"{"version": 1, \#(section)}"#)
        for args in [["state", "show", "--state", state], ["--once", "--rules", rules, "--state", state]] {
            let run = try Binary.run(args)
            #expect(run.status == 65, "\(args): \(run.stderr)")
            #expect(Self.oneLine(run), "\(run.stderr)")
            #expect(run.stderr.contains("state file \(state) cannot be read: ") && run.stderr.contains(named), "\(run.stderr)")
        }
    }

    @Test(arguments: ["-5", "-0.0", "0", "1e999"])
    func aPriceThatIsNotAFiniteNumberAboveZeroIsNotAnObservation(_ price: String) throws {
        let market = try MarketServer()
        market.set("bitcoin", price: 120)
        let dir = try TempDir()
        let rules = try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL,
                                                               rules: #"{"id": "x", "coin": "bitcoin", "when": {"crosses_below": 100}}"#))
        let state = dir.path + "/state.json"
        #expect(try Binary.run(["--once", "--rules", rules, "--state", state]).status == 0)
        market.script(.json(#"[{"id":"bitcoin","symbol":"btc","name":"Bitcoin","current_price":\#(price),"market_cap":1000000,"total_volume":5000}]"#))
        let bad = try Binary.run(["--once", "--rules", rules, "--state", state])
        #expect(bad.status == 1, "\(bad.stderr)")
        #expect(bad.stdout.isEmpty, "no alert from a price of \(price): \(bad.stdout)")
        #expect(bad.stderr.contains("no provider quoted bitcoin"), "\(bad.stderr)")
        #expect(try StateStore.load(path: state).prices["bitcoin|usd"]?.points.last?.price == 120, "the previous good price stays")
        // The next good answer compares against 120, the last good price.
        market.set("bitcoin", price: 95)
        let next = try Binary.run(["--once", "--rules", rules, "--state", state])
        #expect(next.status == 0 && next.stdout.contains("crossed below"), "\(next.stdout)\(next.stderr)")
    }

    @Test func aNegativeVolumeOrMarketCapIsNotAnObservationEither() throws {
        let quote = Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: 100, provider: "coingecko")
        #expect(quote.isObservation)
        var bad = quote
        bad.volume24h = -1
        #expect(!bad.isObservation)
        bad = quote
        bad.marketCap = .infinity
        #expect(!bad.isObservation)
        bad = quote
        bad.price = .nan
        #expect(!bad.isObservation)
        bad = quote
        bad.change24h = .nan
        #expect(bad.isObservation && !bad.figuresAreFinite && bad.withFiniteFigures.change24h == nil)
    }
}
