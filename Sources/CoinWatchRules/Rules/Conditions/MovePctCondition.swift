import CoinWatchSupport
/// `move_pct`: the price rose at least `pct` percent (fell, when negative) against the lowest (highest)
/// price recorded within `within` (level).
struct MovePctCondition: ConditionKind {
    static let key = "move_pct"
    static let summary = "price rose by ≥ pct % (pct < 0: fell by ≥ |pct| %) against some price recorded within the window"
    static let timing = ConditionTiming.level
    static let unit = Threshold.Unit.percent
    static let sample = #"{"move_pct": {"pct": 3, "within": "1h"}}"#
    static let schema = """
        {"type": "object", "additionalProperties": false, "required": ["pct", "within"], "properties": \
        {"pct": {"type": "number", "anyOf": [{"exclusiveMinimum": 0}, {"exclusiveMaximum": 0}]}, \
        "within": {"$ref": "#/$defs/duration_within"}}}
        """
    static let examples = [
        ConditionExample(#"{"move_pct": {"pct": 3, "within": "1h"}}"#, price: 103, history: [(1800, 100)], holds: true),
        ConditionExample(#"{"move_pct": {"pct": 3, "within": "1h"}}"#, price: 103, history: [(7200, 100), (600, 102)], holds: false),
        ConditionExample(#"{"move_pct": {"pct": -3, "within": "1h"}}"#, price: 96, history: [(600, 100)], holds: true),
        ConditionExample(#"{"move_pct": {"pct": -3, "within": "1h"}}"#, price: 98, history: [(600, 100)], holds: false),
    ]

    /// Percent, ≠ 0; negative for a fall.
    var pct: Double
    /// The window, seconds.
    var within: Double

    /// `{"pct": P ≠ 0, "within": DUR > 0}` and nothing else.
    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        guard node.members != nil else {
            reader.error("expected an object like {\"pct\": 3, \"within\": \"1h\"}, got \(node.typeName)", at: node, path: path())
            return nil
        }
        let fields = reader.object(node, path: path(), allowed: ["pct", "within"])
        var pct: Double?
        var within: Double?
        let pctPath = JSONPath.child(path(), "pct")
        if let pctNode = fields["pct"], let value = reader.number(pctNode, path: pctPath) {
            if value == 0 {
                reader.error("pct cannot be 0; use a positive percent for a rise or a negative one for a fall", at: pctNode, path: pctPath)
            } else {
                pct = value
            }
        } else if fields["pct"] == nil {
            reader.error("move_pct needs pct, the percent to move (negative for a fall)", at: node, path: path())
        }
        if let withinNode = fields["within"] {
            within = reader.duration(withinNode, path: JSONPath.child(path(), "within"))
        } else {
            reader.error("move_pct needs within, a duration such as \"1h\"", at: node, path: path())
        }
        guard let pct, let within else { return nil }
        return Self(pct: pct, within: within)
    }

    static func direction(of alert: Alert) -> ConditionDirection {
        guard let pct = alert.threshold, pct != 0 else { return .neutral }
        return pct > 0 ? .rise : .fall
    }

    var threshold: Threshold? { Threshold(value: pct, unit: .percent) }

    var needs: ConditionNeeds { ConditionNeeds(history: within) }

    /// The recorded price the move is measured from: the lowest for a rise, the highest for a fall.
    private func reference(_ o: Observation) -> Double? {
        let recorded = o.recorded(within: within).filter { $0.price > 0 }
        return (pct >= 0 ? recorded.min { $0.price < $1.price } : recorded.max { $0.price < $1.price })?.price
    }

    /// The move in percent from the reference price.
    func figure(_ o: Observation) -> Double? { reference(o).map { (o.price - $0) / $0 * 100 } }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        guard let moved = figure(o) else { return false }
        // A rounding hair (1e-9 points) must not turn 100 → 103 into a 2.9999… % move.
        return pct >= 0 ? moved >= pct - 1e-9 : moved <= pct + 1e-9
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        guard let reference = reference(o), let moved = figure(o) else { return "no price recorded within the window" }
        let n = NumberText.plain
        return "moved \(n(moved))% from \(n(reference)) vs \(n(pct))%"
    }

    func listing(vs: String) -> String { "move_pct \(NumberText.plain(pct))% within \(TimeText.duration(within))" }

    /// ` rose 3.40% within 1h (≥ 3%)`: the move from the recorded price, and the size it met.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        if let moved = out.value {
            return out.move(moved, then: " within \(TimeText.duration(within)) (≥ \(MessageText.percent(abs(pct))))")
        }
        out.text((pct > 0 ? " rose " : " fell ") + "\(MessageText.percent(abs(pct))) or more within \(TimeText.duration(within))")
    }

    func writeResolved(into out: inout MessageText) {
        out.text(" is no longer " + (pct > 0 ? "up " : "down ") + "\(MessageText.percent(abs(pct))) within \(TimeText.duration(within))")
    }
}
