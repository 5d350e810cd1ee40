// coinwatch-bench: times rule evaluation alone (RuleRunner.run) for `make bench`; no I/O.
// Usage: coinwatch-bench [--quotes 5000] [--rules 25000,50000,100000,200000] [--repeat 15]
// Prints one JSON line per rule count: {"rules":…,"quotes":…,"median_ms":…,"min_ms":…,"max_ms":…,
// "firing_median_ms":…,"firing_min_ms":…,"firing_max_ms":…,"alerts":…} (quiet passes, then firing passes).
import CoinWatchKit

let options = BenchOptions(CommandLine.arguments.dropFirst())
for ruleCount in options.ruleCounts {
    let times = RuleBench(quotes: options.quotes, rules: ruleCount).run(repeat: options.repeats)
    print(BenchOptions.line(rules: ruleCount, quotes: options.quotes, times: times))
}
