/// `pnl_pct_above`: the holding's unrealized profit against its cost is at or over a percentage (level). Not true for a coin that is not held; on `"coin": "portfolio"`,
/// only when every held coin was quoted this pass.
struct PnlPctAboveCondition: ConditionKind {
    static let key = "pnl_pct_above"
    static let summary = "the holding's unrealized profit against its cost, % ≥ value; with `\"coin\": \"portfolio\"`, the total's"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"pnl_pct_above": 50}"#
    static let schema = ##"{"$ref": "#/$defs/percent"}"##
    static let examples = [
        ConditionExample(#"{"pnl_pct_above": 50}"#, price: 48_000, holding: Position(amount: 0.5, cost: 15_000), holds: true),
        ConditionExample(#"{"pnl_pct_above": 50}"#, price: 40_000, holding: Position(amount: 0.5, cost: 15_000), holds: false),
        ConditionExample(#"{"pnl_pct_above": 50}"#, price: 48_000, holds: false),
    ]

    /// The line: percent of the cost.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.number(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .rise }

    var threshold: Threshold? { Threshold(value: value, unit: .percent) }

    var needs: ConditionNeeds { ConditionNeeds(holdings: true) }

    func figure(_ o: Observation) -> Double? { HoldingFigure.pnlPct.value(o) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { HoldingFigure.pnlPct.holds(o, value, atLeast: true) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { HoldingFigure.pnlPct.describe(o, value, atLeast: true) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" holding's P&L rose to \(MessageText.signed(value)) or more")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — P&L ", percent: value, then: "") }
    func writeResolved(into out: inout MessageText) { out.text(" holding's P&L is back below \(MessageText.signed(value))") }
}

extension Condition {
    /// `{"pnl_pct_above": value}`.
    static func pnlPctAbove(_ value: Double) -> Condition { Condition(PnlPctAboveCondition(value: value)) }
}
