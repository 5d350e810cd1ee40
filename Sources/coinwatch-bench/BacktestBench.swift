import FoundationEssentials
import Glibc
import CoinWatchMarket
import CoinWatchRules
import CoinWatchEngine

/// `coinwatch-bench --backtest [DAYS COINS RULES]` (issue 17): a backtest of `DAYS` days of 1-minute
/// candles (a seeded random walk with wicks and volumes) for `COINS` coins through `RULES` plain
/// crossing rules on every coin (`COINS` × `RULES` rules, each at its own level of its coin's
/// prices), every notify rule applied by the live engine, a pass a minute: each pass sees the
/// candle's close as the price and its low and high as the span (SPEC §2 wicks). Prints one JSON
/// line: wall and CPU seconds of the replay, passes, pairs, alerts, peak RSS in MiB. With `--csv DIR`
/// it also writes each coin's candles as `DIR/COIN.csv` (time_ms,price,low,high) and the rules'
/// lines as `DIR/lines.csv` (coin,line) for `bench/peer_backtest.py`.
enum BacktestBench {
    static func run(days: Int, coins: Int, rules ruleCount: Int, csv: String?) throws {
        let minute: Int64 = 60_000
        let start: Int64 = 1_700_000_000_000 / minute * minute
        let count = days * 1_440
        var file = RulesFile(path: "rules.json")
        file.favorites = (0..<coins).map { "coin\($0)" }
        var series: [String: Backtest.Series] = [:]
        var lines: [(String, Double)] = []
        let times = (0..<count).map { start + Int64($0) * minute }
        for coin in 0..<coins {
            var random = BenchRandom(seed: coin)
            var price = 100.0
            var candles: [Candle] = []
            candles.reserveCapacity(count)
            for _ in 0..<count {
                let open = price
                price *= 1 + (random.uniform() - 0.5) * 0.002
                let high = max(open, price) * (1 + random.uniform() * 0.0005)
                let low = min(open, price) * (1 - random.uniform() * 0.0005)
                candles.append(Candle(openTime: 0, open: open, high: high, low: low, close: price, volume: random.uniform() * 10))
            }
            let name = "coin\(coin)"
            let template = Quote(providerID: name, symbol: name.uppercased(), name: name, vs: "usd", price: 0, provider: "bench")
            series[name] = Backtest.Series(candles: candles, times: times, template: template)
            if let csv {
                var text = "time_ms,price,low,high\n"
                for (time, candle) in zip(times, candles) { text += "\(time),\(candle.close),\(candle.low),\(candle.high)\n" }
                try text.write(toFile: "\(csv)/\(name).csv", atomically: true, encoding: .utf8)
            }
            // The rules' levels: spread over the coin's prices, so each is crossed now and then.
            let sorted = candles.map(\.close).sorted()
            for index in 0..<ruleCount {
                let line = sorted[min(sorted.count - 1, sorted.count * (1 + index) / (ruleCount + 1))]
                file.rules.append(Rule(id: "r\(coin)-\(index)", coin: name, condition: .crosses(line)))
                lines.append((name, line))
            }
        }
        if let csv {
            let text = "coin,line\n" + lines.map { "\($0.0),\($0.1)" }.joined(separator: "\n") + "\n"
            try text.write(toFile: "\(csv)/lines.csv", atomically: true, encoding: .utf8)
        }
        let from = Double(start) / 1000
        let backtest = Backtest(rules: file, series: series, from: from, to: from + Double(count - 1) * 60, step: 60)
        // The replay as the text report runs it (every pass, every notify decision, the alerts kept as
        // their figures) is the measured case; making every alert record (what `--json` prints) is
        // timed after it, and the peak RSS read after each.
        let cpuBefore = Samples.cpu()
        var outcome: Backtest.Outcome?
        let replay = Samples.wall { outcome = backtest.replay() }
        let cpu = Samples.cpu() - cpuBefore
        let replayRSS = peakRSS()
        var alerts: [Alert] = []
        let records = Samples.wall { alerts = outcome?.alerts() ?? [] }
        let wicks = alerts.count { $0.wick == true }
        let seconds = { (milliseconds: Double) in milliseconds.rounded() / 1000 }
        print("{\"days\":\(days),\"coins\":\(coins),\"rules_per_coin\":\(ruleCount),\"rules\":\(coins * ruleCount),"
              + "\"points_per_coin\":\(count),\"passes\":\(count),\"alerts\":\(outcome?.count ?? 0),\"wick_alerts\":\(wicks),"
              + "\"replay_s\":\(seconds(replay)),\"replay_cpu_s\":\(seconds(cpu)),\"peak_rss_mib\":\(replayRSS),"
              + "\"records_s\":\(seconds(records)),\"peak_rss_with_records_mib\":\(peakRSS())}")
    }

    /// The process's peak resident set so far, MiB.
    static func peakRSS() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
}
