import CoinWatchSupport
/// The reason text shared by the `change_24h_*` kinds.
enum Change24h {
    /// The reason when the provider gave no 24h change (the condition does not hold).
    static let missing = "the provider reports no 24h change"

    /// `24h change 5.2% vs 5%`, or `missing`.
    static func describe(_ o: Observation, against value: Double) -> String {
        guard let change = o.change24h else { return missing }
        return "24h change \(NumberText.plain(change))% vs \(NumberText.plain(value))%"
    }
}

/// `change_24h_above` or `change_24h_below`: which side of a percentage the provider's 24h change must
/// be (level; `rearm` in percentage points); without a 24h change it does not hold.
protocol Change24hKind: SidedKind, ValueKind {}

extension Change24hKind {
    static var timing: ConditionTiming { .level }
    static var rearm: RearmUnit { .points }

    static var unit: Threshold.Unit { .percent }

    func figure(_ o: Observation) -> Double? { o.change24h }

    /// The value, moved back by `rearm` points while firing: down for `above`, up for `below`.
    func line(firing: Bool, rearm: Double) -> Double { Self.rearm.relaxed(value, by: firing ? rearm : 0, lower: Self.above) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool {
        Side.holds(o.change24h, line(firing: firing, rearm: rearm), above: Self.above)
    }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String {
        Change24h.describe(o, against: line(firing: firing, rearm: rearm))
    }

    /// The value as a move the kind's way: positive when `above` asks for a rise or `below` for a drop.
    private var move: Double { Self.above ? value : -value }

    /// ` rose 6.20% in 24h (≥ 5%)`; without the quote's 24h change ` is down 5% or more in 24h`,
    /// or `'s 24h change is at or above -2%` for a line against the kind's way.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        guard !out.change24hMove() else { return out.met(Self.above ? "≥" : "≤", MessageText.percent(value)) }
        out.text(move > 0 ? " is \(Self.above ? "up" : "down") \(MessageText.percent(move)) or more in 24h"
                          : "'s 24h change is at or \(Self.above ? "above" : "below") \(MessageText.signed(value))")
    }

    /// ` is no longer up 5% or more in 24h`, or `'s 24h change is back below -2%`.
    func writeResolved(into out: inout MessageText) {
        out.text(move > 0 ? " is no longer \(Self.above ? "up" : "down") \(MessageText.percent(move)) or more in 24h"
                          : "'s 24h change is back \(Self.above ? "below" : "above") \(MessageText.signed(value))")
    }
}
