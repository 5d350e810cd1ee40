#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import CoinWatchKit

/// `coinwatch-bench --backtest [DAYS COINS RULES]` (issue 17): a backtest of `DAYS` days of 1-minute
/// points (a seeded random walk) for `COINS` coins through `RULES` rules — plain crossings, one
/// rule per coin in turn, every notify rule applied by the live engine — a pass a minute. Prints one
/// JSON line: wall and CPU seconds of the replay, passes, alerts, peak RSS in MiB. With `--csv DIR` it also
/// writes each coin's points as `DIR/COIN.csv` (time_ms,price) and the rules' lines as
/// `DIR/lines.csv` (coin,line) for `bench/peer_backtest.py`.
enum BacktestBench {
    static func run(days: Int, coins: Int, rules ruleCount: Int, csv: String?) throws {
        let minute: Int64 = 60_000
        let start: Int64 = 1_700_000_000_000 / minute * minute
        let count = days * 1_440
        var file = RulesFile(path: "rules.json")
        file.favorites = (0..<coins).map { "coin\($0)" }
        var series: [String: Backtest.Series] = [:]
        var lines: [(String, Double)] = []
        for coin in 0..<coins {
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(coin + 1)
            var price = 100.0
            var points: [(time: Int64, price: Double)] = []
            points.reserveCapacity(count)
            for index in 0..<count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let step = Double(state >> 11) / Double(1 << 53) - 0.5
                price *= 1 + step * 0.002
                points.append((start + Int64(index) * minute, price))
            }
            let name = "coin\(coin)"
            series[name] = Backtest.Series(points: points, template: Quote(providerID: name, symbol: name.uppercased(), name: name,
                                                                            vs: "usd", price: 0, provider: "bench"))
            if let csv {
                let text = "time_ms,price\n" + points.map { "\($0.time),\($0.price)" }.joined(separator: "\n") + "\n"
                try text.write(toFile: "\(csv)/\(name).csv", atomically: true, encoding: .utf8)
            }
        }
        for index in 0..<ruleCount {
            let coin = "coin\(index % coins)"
            let prices = series[coin]?.prices ?? [100]
            let sorted = prices.sorted()
            let line = sorted[min(sorted.count - 1, sorted.count * (1 + index / coins) / (2 + ruleCount / coins))]
            file.rules.append(Rule(id: "r\(index)", coin: coin, condition: .crosses(line)))
            lines.append((coin, line))
        }
        if let csv {
            let text = "coin,line\n" + lines.map { "\($0.0),\($0.1)" }.joined(separator: "\n") + "\n"
            try text.write(toFile: "\(csv)/lines.csv", atomically: true, encoding: .utf8)
        }
        let from = Double(start) / 1000
        let backtest = Backtest(rules: file, series: series, from: from, to: from + Double(count - 1) * 60, step: 60)
        let cpuBefore = cpuSeconds()
        let began = Date()
        let alerts = backtest.run()
        let seconds = Date().timeIntervalSince(began)
        let cpu = cpuSeconds() - cpuBefore
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print("{\"days\":\(days),\"coins\":\(coins),\"rules\":\(ruleCount),\"points_per_coin\":\(count),"
              + "\"passes\":\(count),\"alerts\":\(alerts.count),\"replay_s\":\((seconds * 1000).rounded() / 1000),"
              + "\"replay_cpu_s\":\((cpu * 1000).rounded() / 1000),"
              + "\"peak_rss_mib\":\(usage.ru_maxrss / 1024)}")
    }

    /// User and system CPU seconds the process has used so far (all threads).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
