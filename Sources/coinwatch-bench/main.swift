// coinwatch-bench: times rule evaluation alone (RuleRunner.run) for `make bench`; no I/O.
// Usage: coinwatch-bench [--quotes 5000] [--rules 25000,50000,100000,200000] [--repeat 15]
// Prints one JSON line per rule count: {"rules":…,"quotes":…,"median_ms":…,"min_ms":…,"max_ms":…,
// "firing_median_ms":…,"firing_min_ms":…,"firing_max_ms":…,"alerts":…} (quiet passes, then firing passes).
// `coinwatch-bench --history DIR` instead measures the history store (HistoryBench);
// `coinwatch-bench --requests [FAVORITES]` counts a pass's requests with premium and ratio rules (RequestBench);
// `coinwatch-bench --json FIXTURE DIR` the JSON layer (JSONBench);
// `coinwatch-bench --backtest [DAYS COINS RULES] [--csv DIR]` a backtest replay (BacktestBench);
// `coinwatch-bench --watch [FAVORITES FRAMES]` the live watch view's redraws (WatchBench).
// The sizes take turns, round after round, so a slow moment of a shared machine falls on all of them.
#if canImport(Glibc)
import Glibc
#endif

if let index = CommandLine.arguments.firstIndex(of: "--history"), index + 1 < CommandLine.arguments.count {
    do {
        try HistoryBench.run(folder: CommandLine.arguments[index + 1], repeats: 15)
    } catch {
        print("{\"error\":\"\(error)\"}")
    }
    exit(0)
}
if let index = CommandLine.arguments.firstIndex(of: "--json"), index + 2 < CommandLine.arguments.count {
    do {
        try JSONBench.run(fixture: CommandLine.arguments[index + 1], folder: CommandLine.arguments[index + 2], repeats: 9)
    } catch {
        print("{\"error\":\"\(error)\"}")
    }
    exit(0)
}
if let index = CommandLine.arguments.firstIndex(of: "--backtest") {
    let numbers = CommandLine.arguments.dropFirst(index + 1).prefix(3).compactMap { Int($0) }
    let csv = CommandLine.arguments.firstIndex(of: "--csv").flatMap { $0 + 1 < CommandLine.arguments.count ? CommandLine.arguments[$0 + 1] : nil }
    do {
        try BacktestBench.run(days: numbers.count > 0 ? numbers[0] : 90, coins: numbers.count > 1 ? numbers[1] : 20,
                              rules: numbers.count > 2 ? numbers[2] : 50, csv: csv)
    } catch {
        print("{\"error\":\"\(error)\"}")
    }
    exit(0)
}
if let index = CommandLine.arguments.firstIndex(of: "--watch") {
    let numbers = CommandLine.arguments.dropFirst(index + 1).prefix(2).compactMap { Int($0) }
    WatchBench.run(favorites: max(1, numbers.first ?? 100), frames: numbers.count > 1 ? numbers[1] : 200)
    exit(0)
}
if let index = CommandLine.arguments.firstIndex(of: "--requests") {
    let count = CommandLine.arguments.dropFirst(index + 1).first.flatMap { Int($0) } ?? 5_000
    do {
        try RequestBench.run(favorites: count)
    } catch {
        print("{\"error\":\"\(error)\"}")
    }
    exit(0)
}
let options = BenchOptions(CommandLine.arguments.dropFirst())
// `--mixed`: a third of the rules are indicator, compound or ratio rules (issue 16's pass bench).
let mixed = CommandLine.arguments.contains("--mixed")
var benches = options.ruleCounts.map { RuleBench(quotes: options.quotes, rules: $0, mixed: mixed) }
for _ in 0..<options.repeats {
    for index in benches.indices { benches[index].timeRound() }
}
for bench in benches {
    let line = BenchOptions.line(rules: bench.ruleCount, quotes: options.quotes, times: bench.times)
    print(mixed ? String(line.dropLast()) + ",\"mixed\":true}" : line)
}
