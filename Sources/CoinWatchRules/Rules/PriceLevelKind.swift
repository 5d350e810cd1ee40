import CoinWatchSupport
/// `above` or `below`: a price in the rule's currency and which side of it holds (level; `rearm` in
/// percent of the value, moving the line back toward the price while firing).
protocol PriceLevelKind: SidedKind, ValueKind {}

extension PriceLevelKind {
    static var timing: ConditionTiming { .level }
    static var rearm: RearmUnit { .percentOfThreshold }

    /// The value, moved back by `rearm` while firing: down for `above`, up for `below`.
    func line(firing: Bool, rearm: Double) -> Double { Self.rearm.relaxed(value, by: firing ? rearm : 0, lower: Self.above) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        Side.holds(o.price, line(firing: firing, rearm: rearm), above: Self.above)
    }

    /// `price 101 ≥ 100`, `price 2001 > 2000`.
    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        let v = line(firing: firing, rearm: rearm)
        return "price \(NumberText.plain(o.price)) \(Side.sign(o.price, v, above: Self.above)) \(NumberText.plain(v))"
    }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(Self.above ? " is above " : " is below ", money: value)
    }
    func writeResolved(into out: inout MessageText) { out.text(Self.above ? " is no longer above " : " is no longer below ", money: value) }
}
