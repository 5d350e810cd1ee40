/// `trailing_drop`: the price is at least P % below the highest price recorded for the pair since it
/// started or last fired (level); firing re-anchors it at the price of that pass.
struct TrailingDropCondition: ConditionKind {
    static let key = "trailing_drop"
    static let summary = "price ≥ P % below the highest price since the pair started or last fired (firing re-anchors it)"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.notAllowed
    static let sample = #"{"trailing_drop": 10}"#
    static let schema = #"{"type": "number", "exclusiveMinimum": 0}"#
    static let examples = [
        ConditionExample(#"{"trailing_drop": 10}"#, price: 89, reference: 100, holds: true),
        ConditionExample(#"{"trailing_drop": 10}"#, price: 95, reference: 100, holds: false),
        ConditionExample(#"{"trailing_drop": 10}"#, price: 89, holds: false),
    ]

    /// Percent, > 0.
    var pct: Double

    static func parse(_ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self? {
        guard let value = reader.number(node, path: path) else { return nil }
        guard value > 0, value.isFinite else {
            reader.error("trailing_drop takes a percent above 0, got \(value.formattedForMessage)", at: node, path: path)
            return nil
        }
        return Self(pct: value)
    }

    static func direction(of alert: Alert) -> ConditionDirection { .fall }

    var threshold: Threshold? { Threshold(value: pct, unit: .percent) }
    var needs: ConditionNeeds { ConditionNeeds(pairMemory: true) }

    /// The highest price since the anchor, this pass's included.
    private func anchor(_ o: Observation) -> Double { max(o.reference ?? o.price, o.price) }

    /// How far the price fell from the anchor, percent ≥ 0.
    func figure(_ o: Observation) -> Double? {
        let anchor = anchor(o)
        return anchor > 0 ? abs(o.price - anchor) / anchor * 100 : nil
    }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { figure(o).map { $0 >= pct - 1e-9 } ?? false }

    func remember(_ o: Observation, fired: Bool) -> Double? { fired ? o.price : anchor(o) }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        let n = NumberText.plain
        let moved = figure(o) ?? 0
        return "\(n((moved * 100).rounded() / 100))% below the highest price \(n(anchor(o))) vs \(n(pct))%"
    }

    func listing(vs: String) -> String { "trailing_drop \(MessageText.percent(pct))" }
    func figureText(_ value: Double, vs: String) -> String { MessageText.percent((value * 100).rounded() / 100) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(" fell \(MessageText.percent(pct)) or more from its highest price")
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" (\(MessageText.percent((value * 100).rounded() / 100)))") }
    func writeResolved(into out: inout MessageText) { out.text(" is no longer \(MessageText.percent(pct)) from its highest price") }
}

extension Condition {
    /// `{"trailing_drop": pct}`.
    static func trailingDrop(_ pct: Double) -> Condition { Condition(TrailingDropCondition(pct: pct)) }
}
