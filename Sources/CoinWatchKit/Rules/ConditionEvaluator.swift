/// Judges a rule's condition against one observation (SPEC §2 "Conditions"); pure, no I/O.
public enum ConditionEvaluator {
    /// Whether `condition` holds for `quote` now; `wasFiring` with `rearm` applies hysteresis.
    public static func holds(_ condition: Condition, quote: Quote, previous: Double?, series: PriceSeries?,
                             now: Double, wasFiring: Bool = false, rearm: Double? = nil) -> Bool {
        let observation = Observation(quote: quote, previous: previous, series: series, now: now)
        return holds(condition, observation, wasFiring: wasFiring, rearm: rearm)
    }

    /// Judges `condition` and says why; `rearm` (percent of the threshold, or points for
    /// `change_*`) keeps a firing level condition true until the value is that far back.
    public static func evaluate(_ condition: Condition, _ observation: Observation,
                                wasFiring: Bool = false, rearm: Double? = nil) -> Evaluation {
        if wasFiring, let rearm, rearm > 0, let relaxed = relaxed(condition, by: rearm) {
            let result = evaluateStrict(relaxed, observation)
            return Evaluation(holds: result.holds, reason: result.reason + " (rearm \(format(rearm)))")
        }
        return evaluateStrict(condition, observation)
    }

    /// The condition with its threshold moved back by `rearm`; nil for kinds without hysteresis.
    static func relaxed(_ condition: Condition, by rearm: Double) -> Condition? {
        switch condition {
        case .above(let v): return .above(v - abs(v) * rearm / 100)
        case .below(let v): return .below(v + abs(v) * rearm / 100)
        case .change24hAbove(let v): return .change24hAbove(v - rearm)
        case .change24hBelow(let v): return .change24hBelow(v + rearm)
        case .change24hAbs(let v): return .change24hAbs(v - rearm)
        default: return nil
        }
    }

    static func evaluateStrict(_ condition: Condition, _ o: Observation) -> Evaluation {
        let price = o.price
        switch condition {
        case .above(let v):
            return Evaluation(holds: price >= v, reason: "price \(format(price)) \(price >= v ? "≥" : "<") \(format(v))")
        case .below(let v):
            return Evaluation(holds: price <= v, reason: "price \(format(price)) \(price <= v ? "≤" : ">") \(format(v))")
        case .crossesAbove(let v), .crossesBelow(let v), .crosses(let v):
            return crossing(condition, value: v, o)
        case .change24hAbove(let v):
            return change(o) { $0 >= v } describe: { "24h change \(format($0))% vs \(format(v))%" }
        case .change24hBelow(let v):
            return change(o) { $0 <= v } describe: { "24h change \(format($0))% vs \(format(v))%" }
        case .change24hAbs(let v):
            return change(o) { abs($0) >= v } describe: { "|24h change| \(format(abs($0)))% vs \(format(v))%" }
        case .newHigh(let window):
            return extreme(high: true, window: window, o)
        case .newLow(let window):
            return extreme(high: false, window: window, o)
        case .movePct(let pct, let within):
            return move(pct: pct, within: within, o)
        case .entersRange(let low, let high):
            return range(entering: true, low: low, high: high, o)
        case .exitsRange(let low, let high):
            return range(entering: false, low: low, high: high, o)
        }
    }

    private static func change(_ o: Observation, _ test: (Double) -> Bool,
                               describe: @escaping @Sendable (Double) -> String) -> Evaluation {
        guard let change = o.quote.change24h else {
            return Evaluation(holds: false, reason: "the provider reports no 24h change")
        }
        return Evaluation(holds: test(change), reason: describe(change))
    }

    /// A number without a trailing `.0` when it is whole.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
