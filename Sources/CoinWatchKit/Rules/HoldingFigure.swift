/// A figure of the rule coin's holding (SPEC §2 `value_*`, `pnl_pct_*`), or of the portfolio's total
/// (its observation holds amount 1 at the total value, and the total cost); a kind comparing one
/// holds only where the coin is held.
enum HoldingFigure: Sendable, Equatable {
    /// amount × price, in `vs_currency`.
    case value
    /// (value − cost) ÷ cost × 100; none when the cost is 0.
    case pnlPct

    /// The figure in `o`; nil when the coin is not held (or, for P&L, cost nothing).
    func value(_ o: Observation) -> Double? {
        guard let holding = o.derived?.holding else { return nil }
        let value = holding.amount * o.price
        switch self {
        case .value: return value
        case .pnlPct: return holding.cost > 0 ? (value - holding.cost) / holding.cost * 100 : nil
        }
    }

    /// Whether `o`'s figure is ≥ `line` (`atLeast`) or ≤ it; false without the figure.
    func holds(_ o: Observation, _ line: Double, atLeast: Bool) -> Bool {
        guard let figure = value(o) else { return false }
        return atLeast ? figure >= line : figure <= line
    }

    /// `holding value 51000 ≥ 50000`, `P&L 12.5% ≤ -10%`, or why there is none.
    func describe(_ o: Observation, _ line: Double, atLeast: Bool) -> String {
        guard let figure = value(o) else {
            return o.derived?.holding == nil ? "not held (no holdings lot for the coin), or not every held coin was quoted"
                                             : "the holding cost nothing, so it has no P&L percent"
        }
        let sign = atLeast ? (figure >= line ? "≥" : "<") : (figure <= line ? "≤" : ">")
        let n = NumberText.plain
        return self == .value ? "holding value \(n(figure)) \(sign) \(n(line))" : "P&L \(n(figure))% \(sign) \(n(line))%"
    }
}
