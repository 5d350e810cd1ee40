import CoinWatchSupport
/// The lowest and highest price traded since the previous observation, so a crossing or range event
/// fires on a move that came back between two observations: a wick (SPEC §2).
package struct PriceSpan: Sendable, Equatable {
    /// The lowest price traded, in the quote's currency.
    package var low: Double
    /// The highest price traded, in the quote's currency.
    package var high: Double

    /// A span from `low` to `high`; nil unless both are finite numbers above 0 and `low ≤ high`
    /// (a provider's nonsense is no span, never a reason to fire).
    package init?(low: Double, high: Double) {
        guard low.isFinite, high.isFinite, low > 0, low <= high else { return nil }
        self.low = low
        self.high = high
    }

    /// ` (traded 99.1–100.3)`: the span in the words `explain` prints.
    package var tradedText: String { " (traded \(NumberText.plain(low))–\(NumberText.plain(high)))" }
}
