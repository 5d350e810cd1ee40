import CoinWatchSupport
/// `move_pct`: the price rose at least `pct` percent (fell, when negative) against the lowest (highest)
/// price recorded within `within` (level).
struct MovePctCondition: SignedMoveKind {
    static let key = "move_pct"
    static let summary = "price rose by ≥ pct % (pct < 0: fell by ≥ |pct| %) against some price recorded within the window"
    static let sample = #"{"move_pct": {"pct": 3, "within": "1h"}}"#
    static let schema = RulesSchema.object(required: ["pct", "within"], [
        "pct": RulesSchema.nonZero, "within": RulesSchema.node(["$ref": "#/$defs/duration_within"]),
    ])
    static let examples = [
        ConditionExample(when: #"{"move_pct": {"pct": 3, "within": "1h"}}"#, price: 103, history: [(1800, 100)], holds: true),
        ConditionExample(when: #"{"move_pct": {"pct": 3, "within": "1h"}}"#, price: 103, history: [(7200, 100), (600, 102)], holds: false),
        ConditionExample(when: #"{"move_pct": {"pct": -3, "within": "1h"}}"#, price: 96, history: [(600, 100)], holds: true),
        ConditionExample(when: #"{"move_pct": {"pct": -3, "within": "1h"}}"#, price: 98, history: [(600, 100)], holds: false),
    ]

    var pct: Double
    /// The window, seconds.
    var within: Double

    /// `{"pct": P ≠ 0, "within": DUR > 0}` and nothing else.
    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        guard let fields = reader.object(node, path: path(), allowed: ["pct", "within"],
                                         expected: #"an object like {"pct": 3, "within": "1h"}"#) else { return nil }
        var pct: Double?
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
        let within = reader.required(fields, "within", of: node, in: path(), missing: "move_pct needs within, a duration such as \"1h\"") {
            $0.duration($1, path: $2)
        }
        guard let pct, let within else { return nil }
        return Self(pct: pct, within: within)
    }

    var needs: ConditionNeeds { ConditionNeeds(history: within) }

    /// The recorded price the move is measured from: the lowest for a rise, the highest for a fall.
    private func reference(_ o: Observation) -> Double? {
        let recorded = o.recorded(within: within).filter { $0.price > 0 }
        return (pct >= 0 ? recorded.min { $0.price < $1.price } : recorded.max { $0.price < $1.price })?.price
    }

    /// The move in percent from the reference price.
    func figure(_ o: Observation) -> Double? { reference(o).map { (o.price - $0) / $0 * 100 } }

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
