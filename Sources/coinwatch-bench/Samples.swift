import Glibc

/// The milliseconds of several runs of one measured case, and the one way every bench takes them:
/// wall time by `ContinuousClock`, CPU time by `clock_gettime`.
struct Samples {
    private(set) var values: [Double] = []

    mutating func append(_ milliseconds: Double) { values.append(milliseconds) }

    /// The middle value, the mean of the two middle ones for an even count; 0 when there is none.
    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
    }

    var min: Double { values.min() ?? 0 }
    var max: Double { values.max() ?? 0 }

    /// The wall-clock milliseconds `body` took.
    static func wall(_ body: () throws -> Void) rethrows -> Double {
        let elapsed = try ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    /// The CPU milliseconds used so far by the process (all threads), or with `thread` by this thread alone.
    static func cpu(thread: Bool = false) -> Double {
        var time = timespec()
        clock_gettime(thread ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}
