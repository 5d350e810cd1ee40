/// `pnl_pct_below`: the holding's unrealized profit against its cost is at or under a percentage (a loss is negative) (level). Not true for a coin that is not held; on `"coin": "portfolio"`,
/// only when every held coin was quoted this pass.
struct PnlPctBelowCondition: ConditionKind {
    static let key = "pnl_pct_below"
    static let summary = "the holding's unrealized profit against its cost, % ≤ value (a loss is negative); with `\"coin\": \"portfolio\"`, the total's"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"pnl_pct_below": -20}"#
    static let schema = ##"{"$ref": "#/$defs/percent"}"##
    static let examples = [
        ConditionExample(#"{"pnl_pct_below": -20}"#, price: 20_000, holding: Position(amount: 0.5, cost: 15_000), holds: true),
        ConditionExample(#"{"pnl_pct_below": -20}"#, price: 28_000, holding: Position(amount: 0.5, cost: 15_000), holds: false),
        ConditionExample(#"{"pnl_pct_below": -20}"#, price: 20_000, holds: false),
    ]

    /// The line: percent of the cost; negative is a loss.
    var value: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        reader.number(node, path: path).map(Self.init)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .fall }

    var threshold: Threshold? { Threshold(value: value, unit: .percent) }

    var needs: ConditionNeeds { ConditionNeeds(holdings: true) }

    func figure(_ o: Observation) -> Double? { HoldingFigure.pnlPct.value(o) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { HoldingFigure.pnlPct.holds(o, value, atLeast: false) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { HoldingFigure.pnlPct.describe(o, value, atLeast: false) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" holding's P&L fell to \(MessageText.signed(value)) or less")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" — P&L ", percent: value, then: "") }
    func writeResolved(into out: inout MessageText) { out.text(" holding's P&L is back above \(MessageText.signed(value))") }
}

extension Condition {
    /// `{"pnl_pct_below": value}`.
    static func pnlPctBelow(_ value: Double) -> Condition { Condition(PnlPctBelowCondition(value: value)) }
}
