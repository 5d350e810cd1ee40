// coinwatch-bench: times rule evaluation alone (RuleRunner.run) for `make bench`; no I/O.
// Usage: coinwatch-bench [--quotes 5000] [--rules 25000,50000,100000,200000] [--repeat 15]
// Prints one JSON line per rule count: {"rules":…,"quotes":…,"median_ms":…,"min_ms":…,"max_ms":…,
// "firing_median_ms":…,"firing_min_ms":…,"firing_max_ms":…,"alerts":…} (quiet passes, then firing passes).
// `coinwatch-bench --history DIR` instead measures the history store (HistoryBench);
// `coinwatch-bench --requests [FAVORITES]` counts a pass's requests with premium and ratio rules (RequestBench);
// `coinwatch-bench --json FIXTURE DIR` the JSON layer (JSONBench);
// `coinwatch-bench --backtest [DAYS COINS RULES] [--csv DIR]` a backtest replay (BacktestBench);
// `coinwatch-bench --watch [FAVORITES FRAMES]` the live watch view's redraws (WatchBench);
// `coinwatch-bench --chart [REPEATS]` a 30-day chart image, cold then warm (ChartBench).
// The sizes take turns, round after round, so a slow moment of a shared machine falls on all of them.
import Glibc

/// Runs `body`, printing what it throws as the one JSON line, then ends the process.
func runAndExit(_ body: () throws -> Void) -> Never {
    do {
        try body()
    } catch {
        print("{\"error\":\"\(error)\"}")
    }
    exit(0)
}

let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--history"), index + 1 < arguments.count {
    runAndExit { try HistoryBench.run(folder: arguments[index + 1], repeats: 15) }
}
if let index = arguments.firstIndex(of: "--json"), index + 2 < arguments.count {
    runAndExit { try JSONBench.run(fixture: arguments[index + 1], folder: arguments[index + 2], repeats: 9) }
}
if let index = arguments.firstIndex(of: "--backtest") {
    let numbers = arguments.dropFirst(index + 1).prefix(3).compactMap { Int($0) }
    let csv = arguments.firstIndex(of: "--csv").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    runAndExit {
        try BacktestBench.run(days: numbers.count > 0 ? numbers[0] : 90, coins: numbers.count > 1 ? numbers[1] : 20,
                              rules: numbers.count > 2 ? numbers[2] : 50, csv: csv)
    }
}
if let index = arguments.firstIndex(of: "--watch") {
    let numbers = arguments.dropFirst(index + 1).prefix(2).compactMap { Int($0) }
    runAndExit { WatchBench.run(favorites: max(1, numbers.first ?? 100), frames: numbers.count > 1 ? numbers[1] : 200) }
}
if let index = arguments.firstIndex(of: "--chart") {
    runAndExit { ChartBench.run(repeats: max(1, arguments.dropFirst(index + 1).first.flatMap { Int($0) } ?? 30)) }
}
if let index = arguments.firstIndex(of: "--requests") {
    runAndExit { try RequestBench.run(favorites: arguments.dropFirst(index + 1).first.flatMap { Int($0) } ?? 5_000) }
}
let options = BenchOptions(arguments.dropFirst())
// `--mixed`: a third of the rules are indicator, compound or ratio rules (issue 16's pass bench).
let mixed = arguments.contains("--mixed")
var benches = options.ruleCounts.map { RuleBench(quotes: options.quotes, rules: $0, mixed: mixed) }
for _ in 0..<options.repeats {
    for index in benches.indices { benches[index].timeRound() }
}
for bench in benches {
    let line = BenchOptions.line(rules: bench.ruleCount, quotes: options.quotes, times: bench.times)
    print(mixed ? String(line.dropLast()) + ",\"mixed\":true}" : line)
}
