/// The micro-benchmark's command line, with defaults for anything missing or malformed.
struct BenchOptions {
    var quotes = 5000
    var ruleCounts = [25_000, 50_000, 100_000]
    var repeats = 7

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

    /// One JSON line: the rule and quote counts and the median, min and max in milliseconds.
    static func line(rules: Int, quotes: Int, milliseconds: [Double]) -> String {
        let sorted = milliseconds.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return "{\"rules\":\(rules),\"quotes\":\(quotes),\"median_ms\":\(median),"
            + "\"min_ms\":\(sorted.first ?? 0),\"max_ms\":\(sorted.last ?? 0)}"
    }
}
