/// The micro-benchmark's command line, with defaults for anything missing or malformed.
struct BenchOptions {
    var quotes = 5000
    var ruleCounts = [25_000, 50_000, 100_000, 200_000]
    var repeats = 15

    init<S: Sequence>(_ arguments: S) where S.Element == String {
        var iterator = arguments.makeIterator()
        while let flag = iterator.next() {
            guard let value = iterator.next() else { break }
            switch flag {
            case "--quotes": quotes = Int(value).map { max($0, 1) } ?? quotes
            case "--rules": ruleCounts = value.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
            case "--repeat": repeats = Int(value).map { max($0, 1) } ?? repeats
            default: break
            }
        }
    }

    /// One JSON line: the rule and quote counts; median, min and max milliseconds of the quiet
    /// passes; the same of the firing passes and how many alerts each made.
    static func line(rules: Int, quotes: Int, times: RuleBench.Times) -> String {
        let quiet = times.quiet, firing = times.firing
        return "{\"rules\":\(rules),\"quotes\":\(quotes),"
            + "\"median_ms\":\(quiet.median),\"min_ms\":\(quiet.min),\"max_ms\":\(quiet.max),"
            + "\"firing_median_ms\":\(firing.median),\"firing_min_ms\":\(firing.min),\"firing_max_ms\":\(firing.max),"
            + "\"alerts\":\(times.alerts)}"
    }
}
