import CoinWatchSupport
/// `all` or `any` (SPEC §2): 2–8 conditions, each read at its own path (`rules[3].when.all[1]`) and asked
/// as a fresh pair would be, so an event child holds in its pass; every one must hold, or one is enough.
protocol CompoundKind: ConditionKind {
    /// Every condition must hold (`all`), else at least one (`any`).
    static var every: Bool { get }
    /// The conditions, in the order written.
    var conditions: [Condition] { get }
    init(conditions: [Condition])
}

extension CompoundKind {
    static var timing: ConditionTiming { .level }

    static var unit: Threshold.Unit { .count }

    /// How many conditions a compound holds.
    static var sizes: ClosedRange<Int> { 2...8 }

    static var schema: JSONNode {
        RulesSchema.node(["type": "array", "minItems": sizes.lowerBound, "maxItems": sizes.upperBound,
                          "items": RulesSchema.node(["$ref": "#/$defs/when"])])
    }

    /// Reads 2–8 conditions at `path`; nil when any is invalid (each problem reported at its own path).
    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        guard let elements = reader.array(node, path: path(), of: "conditions") else { return nil }
        guard sizes.contains(elements.count) else {
            reader.error("a compound takes \(sizes.lowerBound) to \(sizes.upperBound) conditions, got \(elements.count)",
                         at: node, path: path())
            return nil
        }
        var conditions: [Condition] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.element(path(), index)
            if let condition = reader.condition(element, path: elementPath).condition {
                guard !condition.kind.needs.pairMemory else {
                    reader.error("\(condition.key) keeps a reference price per rule and coin, so it cannot stand inside a compound; "
                                 + "give it a rule of its own", at: element, path: elementPath)
                    valid = false
                    continue
                }
                conditions.append(condition)
            } else {
                valid = false
            }
        }
        return valid ? Self(conditions: conditions) : nil
    }

    static func direction(of alert: Alert) -> ConditionDirection { .neutral }

    /// What the children read, together.
    var needs: ConditionNeeds {
        var needs = ConditionNeeds()
        for child in conditions {
            let one = child.kind.needs
            if let span = one.history { needs.history = max(needs.history ?? 0, span) }
            needs.allTimeMarks = needs.allTimeMarks || one.allTimeMarks
            for need in one.indicators where !needs.indicators.contains(need) { needs.indicators.append(need) }
            needs.holdings = needs.holdings || one.holdings
            for leg in one.premiums where !needs.premiums.contains(leg) { needs.premiums.append(leg) }
            needs.tradedSpan = needs.tradedSpan || one.tradedSpan
        }
        return needs
    }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        for child in conditions where child.kind.holds(o, firing: false, rearm: 0) != Self.every { return !Self.every }
        return Self.every
    }

    /// The first child's wick, when the compound holds in `o` only thanks to the span traded since the
    /// previous observation; nil otherwise.
    func wick(_ o: Observation) -> Double? {
        guard o.span != nil else { return nil }
        var plain = o
        plain.span = nil
        guard !holds(plain, firing: false, rearm: 0) else { return nil }
        for child in conditions {
            if let extreme = child.kind.wick(o) { return extreme }
        }
        return nil
    }

    /// `all(above 100 holds: …; below 50 does not hold: price 101 > 50)`: each child's verdict and reason.
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        let parts = conditions.map { child -> String in
            let holds = child.kind.holds(o, firing: false, rearm: 0)
            return "\(child.key) \(holds ? "holds" : "does not hold"): \(child.kind.describe(o, firing: false, rearm: 0))"
        }
        return Self.key + "(" + parts.joined(separator: "; ") + ")"
    }

    /// `above $100.00 and below $50.00`.
    private func listing(joiner: String, vs: String) -> String {
        conditions.map { $0.kind.listing(vs: vs) }.joined(separator: joiner)
    }

    func listing(vs: String) -> String { listing(joiner: Self.every ? " and " : " or ", vs: vs) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text((Self.every ? " meets all of: " : " meets one of: ") + listing(joiner: ", ", vs: out.vs))
    }

    func writeResolved(into out: inout MessageText) {
        out.text((Self.every ? " no longer meets all of: " : " no longer meets any of: ") + listing(joiner: ", ", vs: out.vs))
    }
}
