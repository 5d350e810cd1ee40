import CoinWatchSupport
/// `above` or `below`: a price in the rule's currency and which side of it holds (level; `rearm` in
/// percent of the value, moving the line back toward the price while firing); everything else a
/// condition kind says is said here once.
protocol PriceLevelKind: ConditionKind {
    /// Holds at or over the price (`above`), else at or under it.
    static var above: Bool { get }
    /// The price, in the rule's currency.
    var value: Double { get }
    init(value: Double)
}

extension PriceLevelKind {
    static var schema: String { ##"{"$ref": "#/$defs/price"}"## }

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        reader.price(node, path: path()).map(Self.init(value:))
    }

    static func direction(of alert: Alert) -> ConditionDirection { above ? .rise : .fall }

    var threshold: Threshold? { Threshold(value: value, unit: .money) }

    /// The value, moved back by `rearm` while firing: down for `above`, up for `below`.
    func line(firing: Bool, rearm: Double) -> Double { Self.rearm.relaxed(value, by: firing ? rearm : 0, lower: Self.above) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        let line = line(firing: firing, rearm: rearm)
        return Self.above ? o.price >= line : o.price <= line
    }

    /// `price 101 ≥ 100`, `price 2001 > 2000`.
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        let v = line(firing: firing, rearm: rearm)
        let sign = Self.above ? (o.price >= v ? "≥" : "<") : (o.price <= v ? "≤" : ">")
        return "price \(NumberText.plain(o.price)) \(sign) \(NumberText.plain(v))"
    }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(Self.above ? " is above " : " is below ", money: value)
    }
    func writeResolved(into out: inout MessageText) { out.text(Self.above ? " is no longer above " : " is no longer below ", money: value) }
}
