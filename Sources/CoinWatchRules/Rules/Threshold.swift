import CoinWatchSupport
/// The number a condition compares against, with its unit: the alert record's `threshold` and
/// the `{threshold}` placeholder.
package struct Threshold: Sendable, Equatable {
    /// A price in the rule's currency, a percentage, or a plain count (a rank).
    package enum Unit: Sendable, Equatable { case money, percent, count }

    /// The number.
    var value: Double
    /// What it counts.
    var unit: Unit

    /// `$100,000.00`, `5%` or `10`.
    func text(vs: String) -> String {
        switch unit {
        case .money: return NumberText.money(value, vs: vs)
        case .percent: return NumberText.plain(value) + "%"
        case .count: return NumberText.plain(value)
        }
    }
}
