import CoinWatchSupport
/// `change_from`: the price moved at least `pct` percent (fell, when negative) from a fixed price or from
/// `"start"`, the pair's first price kept in state (level).
struct ChangeFromCondition: SignedMoveKind {
    static let key = "change_from"
    static let summary = "price moved ≥ pct % from ref (pct < 0: fell by ≥ |pct| %); ref is a price or \"start\", the first price seen for the pair"
    static let sample = #"{"change_from": {"pct": 25, "ref": 30000}}"#
    static let schema = RulesSchema.object(required: ["pct", "ref"], [
        "pct": RulesSchema.nonZero,
        "ref": RulesSchema.node(["anyOf": [RulesSchema.node(["type": "number", "exclusiveMinimum": 0]), RulesSchema.node(["const": "start"])]]),
    ])
    static let examples = [
        ConditionExample(when: #"{"change_from": {"pct": 25, "ref": 100}}"#, price: 125, holds: true),
        ConditionExample(when: #"{"change_from": {"pct": 25, "ref": 100}}"#, price: 120, holds: false),
        ConditionExample(when: #"{"change_from": {"pct": -10, "ref": "start"}}"#, price: 89, reference: 100, holds: true),
        ConditionExample(when: #"{"change_from": {"pct": -10, "ref": "start"}}"#, price: 95, reference: 100, holds: false),
        ConditionExample(when: #"{"change_from": {"pct": -10, "ref": "start"}}"#, price: 95, holds: false),
    ]

    var pct: Double
    /// The fixed reference price; nil: the pair's first price (`"start"`).
    var reference: Double?

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        guard let fields = reader.object(node, path: path(), allowed: ["pct", "ref"],
                                         expected: #"an object like {"pct": 25, "ref": 30000}"#) else { return nil }
        let pct = IndicatorFields.number(fields, "pct", at: node, path: path(), key: key,
                                         rule: "a percent ≠ 0 (negative for a fall)", &reader) { $0 != 0 && $0.isFinite }
        guard let refNode = fields["ref"] else {
            reader.error("change_from needs ref, a price or \"start\"", at: node, path: path())
            return nil
        }
        let refPath = JSONPath.child(path(), "ref")
        var reference: Double?
        if refNode.numberValue == nil {
            guard let text = reader.string(refNode, path: refPath) else { return nil }
            guard text.value == "start" else {
                reader.error("ref must be a price or \"start\", got \(text.shown)", at: refNode, path: refPath)
                return nil
            }
        } else {
            guard let price = reader.price(refNode, path: refPath) else { return nil }
            guard price > 0 else {
                reader.error("ref must be a price above 0", at: refNode, path: refPath)
                return nil
            }
            reference = price
        }
        guard let pct else { return nil }
        return Self(pct: pct, reference: reference)
    }

    var needs: ConditionNeeds { ConditionNeeds(pairMemory: reference == nil) }

    /// The price the move is measured from: the fixed one, else the pair's first (this one at the first observation).
    private func base(_ o: Observation) -> Double { reference ?? o.reference ?? o.price }

    /// The move in percent from the reference.
    func figure(_ o: Observation) -> Double? {
        let base = base(o)
        return base > 0 ? (o.price - base) / base * 100 : nil
    }

    func remember(_ o: Observation, fired: Bool) -> Double? { reference == nil ? o.reference ?? o.price : nil }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        let n = NumberText.plain
        let moved = figure(o) ?? 0
        return "moved \(n((moved * 100).rounded() / 100))% from \(reference == nil ? "the first price " : "")\(n(base(o))) vs \(n(pct))%"
    }

    func listing(vs: String) -> String {
        "change_from \(MessageText.signed(pct)) from " + (reference.map { NumberText.money($0, vs: vs) } ?? "the first price seen")
    }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text((pct > 0 ? " rose " : " fell ") + "\(MessageText.percent(abs(pct))) or more from ")
        if let reference { out.text("", money: reference) } else { out.text("its first price") }
    }
    func writeFigure(_ value: Double, into out: inout MessageText) { out.text(" (", percent: value, then: ")") }
    func writeResolved(into out: inout MessageText) {
        out.text(" is no longer " + (pct > 0 ? "up " : "down ") + "\(MessageText.percent(abs(pct))) from ")
        if let reference { out.text("", money: reference) } else { out.text("its first price") }
    }
}
