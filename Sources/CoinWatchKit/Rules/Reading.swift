/// The plain numbers that every condition but the history-bound ones (`new_high`, `new_low`,
/// `move_pct`) is judged on. It holds no reference, so a pass copies it for free where an
/// `Observation` (quote strings, price series) would cost a retain per field.
public struct Reading: Sendable, Equatable, BitwiseCopyable {
    /// The current price.
    public var price: Double
    /// The last price recorded in state; nil at the first observation.
    public var previous: Double?
    /// The provider's 24h change in percent, where it reports one.
    public var change24h: Double?
    /// The instant of the pass, seconds since 1970.
    public var now: Double

    public init(price: Double, previous: Double?, change24h: Double?, now: Double) {
        self.price = price
        self.previous = previous
        self.change24h = change24h
        self.now = now
    }
}

extension Observation {
    /// The observation's plain numbers.
    public var reading: Reading {
        Reading(price: quote.price, previous: previous, change24h: quote.change24h, now: now)
    }
}
