import CoinWatchSupport
/// A figure of the rule coin's holding, or of the portfolio's total (SPEC §2 `value_*`, `pnl_pct_*`);
/// a kind comparing one holds only where the coin is held.
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

    /// `holding value 51000 ≥ 50000`, `P&L 12.5% ≤ -10%`, or why there is none.
    func describe(_ o: Observation, _ line: Double, atLeast: Bool) -> String {
        guard let figure = value(o) else {
            return o.derived?.holding == nil ? "not held (no holdings lot for the coin), or not every held coin was quoted"
                                             : "the holding cost nothing, so it has no P&L percent"
        }
        let sign = Side.sign(figure, line, above: atLeast)
        let n = NumberText.plain
        return self == .value ? "holding value \(n(figure)) \(sign) \(n(line))" : "P&L \(n(figure))% \(sign) \(n(line))%"
    }
}

/// `value_above`, `value_below`, `pnl_pct_above` or `pnl_pct_below`: the holding's figure against a line
/// (level), in money for `value_*` and percent for `pnl_pct_*`.
protocol HoldingFigureKind: SidedKind, ValueKind {
    /// The figure compared: `.value` or `.pnlPct`.
    static var measure: HoldingFigure { get }
}

extension HoldingFigureKind {
    static var timing: ConditionTiming { .level }

    var needs: ConditionNeeds { ConditionNeeds(holdings: true) }

    func figure(_ o: Observation) -> Double? { Self.measure.value(o) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { Side.holds(figure(o), value, above: Self.above) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { Self.measure.describe(o, value, atLeast: Self.above) }

    /// ` holding is worth $55,000.00, above $50,000.00` (the holdings' total: ` is worth …`, and its
    /// price, the same total, is not said again), ` holding's P&L fell to -20% or less`.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        let holding = out.portfolio ? "" : " holding"
        switch Self.measure {
        case .value:
            guard let worth = out.value else {
                out.text(Self.above ? "\(holding) is worth more than " : "\(holding) fell to a value below ", money: value)
                return
            }
            out.text("\(holding) is worth ", money: worth)
            out.text(Self.above ? ", above " : ", below ", money: value)
            if out.portfolio { out.saidPrice = true }
        case .pnlPct:
            out.text("\(out.portfolio ? "" : " holding's") P&L \(Self.above ? "rose" : "fell") to \(MessageText.signed(value)) or \(Self.above ? "more" : "less")")
        }
    }

    /// ` — P&L +12.50%` (a value is said by the words).
    func writeFigure(_ figure: Double, into out: inout MessageText) {
        if Self.measure == .pnlPct { out.text(" — P&L ", percent: figure, then: "") }
    }

    /// ` holding is no longer worth more than $50,000.00`, ` holding's P&L is back above -20%`.
    func writeResolved(into out: inout MessageText) {
        switch Self.measure {
        case .value: out.text("\(out.portfolio ? "" : " holding") is no longer worth \(Self.above ? "more" : "less") than ", money: value)
        case .pnlPct: out.text("\(out.portfolio ? "" : " holding's") P&L is back \(Self.above ? "below" : "above") \(MessageText.signed(value))")
        }
    }
}
