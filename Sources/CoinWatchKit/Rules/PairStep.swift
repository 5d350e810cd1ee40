/// One pass of one (rule, coin) pair, in order: judge the condition (with `rearm` hysteresis)
/// -> decide "notify now?" (`NotifyDecision`). Pure: the same inputs give the same outputs.
public enum PairStep {
    /// What a pass did to a pair.
    public struct Outcome: Sendable, Equatable {
        /// The pair's state after the pass (the caller stores it; `lastPrice` is the caller's).
        public var pair: PairState
        /// Notify (and with which status) or stay silent, and why.
        public var decision: Decision
        /// Whether the condition held after hysteresis, and why.
        public var evaluation: Evaluation
    }

    /// Advances `pair` by one observation of `condition` under `policy`; `rearm` is percent of
    /// the threshold for price conditions and percentage points for `change_*`.
    public static func advance(_ condition: Condition, rearm: Double?, policy: NotifyPolicy,
                               pair: PairState, observation: Observation) -> Outcome {
        let now = observation.now
        guard !condition.isLevel else {
            let evaluation = ConditionEvaluator.evaluate(condition, observation, wasFiring: pair.firing, rearm: rearm)
            let (next, decision) = NotifyDecision.decide(pair: pair, conditionTrue: evaluation.holds, isLevel: true,
                                                         policy: policy, now: now)
            return Outcome(pair: next, decision: decision, evaluation: evaluation)
        }
        var armed = pair
        if (rearm ?? 0) <= 0 { armed.rearmAt = nil }  // rearm taken out of the rule: armed again
        var evaluation = ConditionEvaluator.evaluate(condition, observation)
        if let mark = armed.rearmAt, let threshold = condition.threshold {
            if reached(mark, price: observation.price, threshold: threshold) {
                armed.rearmAt = nil
            } else if evaluation.holds {
                let side = mark < threshold ? "≤" : "≥"
                let before = evaluation
                evaluation = Evaluation(holds: false, reason: before.reason
                    + "; not re-armed until \(side) \(ConditionEvaluator.format(mark))")
            }
        }
        var (next, decision) = NotifyDecision.decide(pair: armed, conditionTrue: evaluation.holds, isLevel: false,
                                                     policy: policy, now: now)
        if decision.status == .firing, let rearm, rearm > 0, let threshold = condition.threshold {
            next.rearmAt = mark(threshold: threshold, rearm: rearm, upward: (observation.previous ?? 0) < threshold)
        }
        next.firing = next.rearmAt != nil
        return Outcome(pair: next, decision: decision, evaluation: evaluation)
    }

    /// The price a crossing of `threshold` must return to before it counts again: `rearm`
    /// percent of the threshold back below it after an upward crossing, above it after a downward one.
    static func mark(threshold: Double, rearm: Double, upward: Bool) -> Double {
        let distance = abs(threshold) * rearm / 100
        return upward ? threshold - distance : threshold + distance
    }

    /// Whether `price` is back at or beyond `mark`, on the side of `threshold` the mark lies.
    static func reached(_ mark: Double, price: Double, threshold: Double) -> Bool {
        mark < threshold ? price <= mark : price >= mark
    }
}
