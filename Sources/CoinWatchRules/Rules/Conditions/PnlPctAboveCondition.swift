/// `pnl_pct_above`: the holding's unrealized profit against its cost is at or over a percentage.
struct PnlPctAboveCondition: HoldingFigureKind {
    static let key = "pnl_pct_above"
    static let summary = "the holding's unrealized profit against its cost, % ≥ value; with `\"coin\": \"portfolio\"`, the total's"
    static let unit = Threshold.Unit.percent
    static let sample = #"{"pnl_pct_above": 50}"#
    static let examples = [
        ConditionExample(when: #"{"pnl_pct_above": 50}"#, price: 48_000, holding: Position(amount: 0.5, cost: 15_000), holds: true),
        ConditionExample(when: #"{"pnl_pct_above": 50}"#, price: 40_000, holding: Position(amount: 0.5, cost: 15_000), holds: false),
        ConditionExample(when: #"{"pnl_pct_above": 50}"#, price: 48_000, holds: false),
    ]

    static let measure = HoldingFigure.pnlPct
    static let above = true

    /// The line: percent of the cost.
    var value: Double
}
