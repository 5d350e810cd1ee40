import CoinWatchSupport
/// The number a condition compares against, with its unit: the alert record's `threshold` and
/// the `{threshold}` placeholder.
package struct Threshold: Sendable, Equatable {
    /// A price in the rule's currency, a percentage, or a plain count (a rank).
    package enum Unit: Sendable, Equatable {
        case money, percent, count

        /// `value` in this unit as the default message writes it: money `$100,000.00`; a percentage as
        /// written (`5%`) for a threshold, or signed to two decimals (`+26.67%`) for a `measured` figure;
        /// a count `10`.
        func text(_ value: Double, vs: String, measured: Bool) -> String {
            switch self {
            case .money: return NumberText.money(value, vs: vs)
            case .percent: return measured ? NumberText.percent(value) : MessageText.percent(value)
            case .count: return NumberText.plain(value)
            }
        }
    }

    /// The number.
    var value: Double
    /// What it counts.
    var unit: Unit

    /// `$100,000.00`, `5%` or `10`.
    func text(vs: String) -> String { unit.text(value, vs: vs, measured: false) }
}
