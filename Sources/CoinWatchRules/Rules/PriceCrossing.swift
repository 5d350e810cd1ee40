import CoinWatchSupport
/// Which way the price crossed a value since the previous price: up is previous < value ≤ current, down
/// previous > value ≥ current, where a traded span's high or low stands for current (a wick, SPEC §2).
enum PriceCrossing: Sendable, Equatable {
    case up, down, none

    /// The crossing of `value` in `o`; nil without a previous price (the first observation).
    init?(_ o: Observation, value: Double) {
        guard let previous = o.previous else { return nil }
        if previous < value && value <= o.highest {
            self = .up
        } else if previous > value && value >= o.lowest {
            self = .down
        } else {
            self = .none
        }
    }

    /// The wick's extreme (the span's high up, its low down) that made a crossing `toward` (either way when
    /// nil) where the current price alone does not; nil otherwise.
    static func wick(_ o: Observation, value: Double, toward: PriceCrossing? = nil) -> Double? {
        guard let span = o.span, let crossing = PriceCrossing(o, value: value), toward == nil || toward == crossing else {
            return nil
        }
        switch crossing {
        case .up: return o.price < value ? span.high : nil
        case .down: return o.price > value ? span.low : nil
        case .none: return nil
        }
    }

    /// `99 → 101 crossed above 100`, `99 → 99.8 (traded 99.1–100.3) crossed above 100 in a wick`,
    /// or `no previous price`.
    static func describe(_ o: Observation, value: Double) -> String {
        guard let crossing = PriceCrossing(o, value: value), let previous = o.previous else { return "no previous price" }
        let verb: String
        switch crossing {
        case .up: verb = "crossed above"
        case .down: verb = "crossed below"
        case .none: verb = "did not cross"
        }
        let n = NumberText.plain
        let wick = Self.wick(o, value: value, toward: crossing) == nil ? "" : " in a wick"
        return "\(n(previous)) → \(n(o.price))\(o.span?.tradedText ?? "") \(verb) \(n(value))\(wick)"
    }
}

/// `crosses_above` or `crosses_below`: a price in the rule's currency and which way it must be crossed
/// (event; `rearm` in percent of the value).
protocol PriceCrossingKind: SidedKind, ValueKind {}

extension PriceCrossingKind {
    static var timing: ConditionTiming { .event }
    static var rearm: RearmUnit { .percentOfThreshold }

    /// The crossing that makes the condition hold.
    private static var toward: PriceCrossing { above ? .up : .down }

    var needs: ConditionNeeds { ConditionNeeds(tradedSpan: true) }

    func holds(_ o: Observation, firing: Bool, rearm: Double) -> Bool { PriceCrossing(o, value: value) == Self.toward }

    func describe(_ o: Observation, firing: Bool, rearm: Double) -> String { PriceCrossing.describe(o, value: value) }

    func wick(_ o: Observation) -> Double? { PriceCrossing.wick(o, value: value, toward: Self.toward) }

    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) {
        out.text(Self.above ? " crossed above " : " crossed below ", money: value)
    }
}
