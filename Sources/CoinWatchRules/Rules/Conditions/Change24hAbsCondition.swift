import CoinWatchSupport
/// `change_24h_abs`: the provider's 24h change, up or down, is at least a percentage (level; `rearm` in points).
struct Change24hAbsCondition: ConditionKind {
    static let key = "change_24h_abs"
    static let summary = "|24h change %| ≥ value, up or down"
    static let timing = ConditionTiming.level
    static let rearm = RearmUnit.points
    static let unit = Threshold.Unit.percent
    static let sample = #"{"change_24h_abs": 10}"#
    static let schema = RulesSchema.node(["type": "number", "minimum": 0])
    static let examples = [
        ConditionExample(when: #"{"change_24h_abs": 10}"#, price: 1, change24h: -12, holds: true),
        ConditionExample(when: #"{"change_24h_abs": 10}"#, price: 1, change24h: 10, holds: true),
        ConditionExample(when: #"{"change_24h_abs": 10}"#, price: 1, change24h: 9.99, holds: false),
    ]

    /// Percent, ≥ 0.
    var value: Double

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        guard let percent = reader.number(node, path: path()) else { return nil }
        guard percent >= 0 else {
            reader.error("change_24h_abs is a size of change and cannot be negative; use change_24h_below for drops",
                         at: node, path: path())
            return nil
        }
        return Self(value: percent)
    }

    /// The sign of the change the alert carries.
    static func direction(of alert: Alert) -> ConditionDirection {
        guard let change = alert.change24h, change != 0 else { return .neutral }
        return change > 0 ? .rise : .fall
    }

    var threshold: Threshold? { Threshold(value: value, unit: .percent) }

    func figure(_ o: Observation) -> Double? { o.change24h }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        guard let change = o.change24h else { return false }
        return abs(change) >= Self.rearm.relaxed(value, by: firing ? rearm : 0, lower: true)
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        guard let change = o.change24h else { return Change24h.missing }
        let v = Self.rearm.relaxed(value, by: firing ? rearm : 0, lower: true)
        return "|24h change| \(NumberText.plain(abs(change)))% vs \(NumberText.plain(v))%"
    }

    /// ` fell 12.74% in 24h (≥ 10%)`: which way, by how much, and the size it met.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        guard !out.change24hMove() else { return out.met("≥", MessageText.percent(value)) }
        out.text(" moved \(MessageText.percent(value)) or more in 24h")
    }

    func writeResolved(into out: inout MessageText) { out.text("'s 24h move is back under \(MessageText.percent(value))") }
}
