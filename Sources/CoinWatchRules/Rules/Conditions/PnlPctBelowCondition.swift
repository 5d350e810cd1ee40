/// `pnl_pct_below`: the holding's unrealized profit against its cost is at or under a percentage (a loss is negative).
struct PnlPctBelowCondition: HoldingFigureKind {
    static let key = "pnl_pct_below"
    static let summary = "the holding's unrealized profit against its cost, % ≤ value (a loss is negative); with `\"coin\": \"portfolio\"`, the total's"
    static let unit = Threshold.Unit.percent
    static let sample = #"{"pnl_pct_below": -20}"#
    static let examples = [
        ConditionExample(when: #"{"pnl_pct_below": -20}"#, price: 20_000, holding: Position(amount: 0.5, cost: 15_000), holds: true),
        ConditionExample(when: #"{"pnl_pct_below": -20}"#, price: 28_000, holding: Position(amount: 0.5, cost: 15_000), holds: false),
        ConditionExample(when: #"{"pnl_pct_below": -20}"#, price: 20_000, holds: false),
    ]

    static let measure = HoldingFigure.pnlPct
    static let above = false

    /// The line: percent of the cost; negative is a loss.
    var value: Double
}
