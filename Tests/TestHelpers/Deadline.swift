/// When a bounded wait gives up, measured on a monotonic clock (`ContinuousClock` unless a test gives another): a step
/// of the wall clock (NTP, `date -s`, a resumed VM) can neither end the wait early nor stretch it.
struct Deadline<C: Clock<Duration>> {
    private let clock: C
    private let end: C.Instant

    /// The moment `seconds` from now on `clock`.
    init(in seconds: Double, clock: C = ContinuousClock()) {
        self.clock = clock
        end = clock.now.advanced(by: .seconds(seconds))
    }

    /// Whether the moment has come.
    var hasPassed: Bool { clock.now >= end }
}
