/// One pass of one (rule, coin) pair, in order: judge the condition (with `rearm` hysteresis)
/// -> decide "notify now?" (`NotifyDecision`). Pure: the same inputs give the same outputs.
public enum PairStep {
    /// What a pass did to a pair.
    public struct Outcome: Sendable, Equatable {
        /// The pair's state after the pass (the caller stores it).
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
        let wasFiring = condition.isLevel && pair.firing
        var evaluation = ConditionEvaluator.evaluate(condition, observation, wasFiring: wasFiring,
                                                     rearm: condition.isLevel ? rearm : nil)
        let step = next(condition, rearm: rearm, policy: policy, pair: pair, price: observation.price,
                        previous: observation.previous, now: observation.now, holds: evaluation.holds)
        if let mark = step.blockedBy, let threshold = condition.threshold {
            let side = mark < threshold ? "≤" : "≥"
            let before = evaluation
            evaluation = Evaluation(holds: false, reason: before.reason
                + "; not re-armed until \(side) \(ConditionEvaluator.format(mark))")
        }
        return Outcome(pair: step.pair, decision: step.decision, evaluation: evaluation)
    }

    /// `advance` without the evaluation's reason, for a pass: the same pair and decision.
    public static func decide(_ condition: Condition, rearm: Double?, policy: NotifyPolicy,
                              pair: PairState, observation: Observation) -> (pair: PairState, decision: Decision) {
        decide(condition, rearm: rearm, policy: policy, pair: pair, reading: observation.reading) {
            ConditionEvaluator.evaluateStrict($0, observation).holds
        }
    }

    /// `decide` on the plain numbers; `history` judges the history-bound kinds
    /// (`ConditionEvaluator.holds(_:_:wasFiring:rearm:history:)`).
    public static func decide(_ condition: Condition, rearm: Double?, policy: NotifyPolicy, pair: PairState,
                              reading: Reading, history: (Condition) -> Bool) -> (pair: PairState, decision: Decision) {
        let holds = condition.isLevel
            ? ConditionEvaluator.holds(condition, reading, wasFiring: pair.firing, rearm: rearm, history: history)
            : ConditionEvaluator.holds(condition, reading, history: history)
        let step = next(condition, rearm: rearm, policy: policy, pair: pair, price: reading.price,
                        previous: reading.previous, now: reading.now, holds: holds)
        return (step.pair, step.decision)
    }

    /// The pass's step once the strict condition's truth `holds` is known (hysteresis applied
    /// for level conditions); `blockedBy` is the re-arm mark that kept a true event silent.
    private static func next(_ condition: Condition, rearm: Double?, policy: NotifyPolicy, pair: PairState,
                             price: Double, previous: Double?, now: Double, holds: Bool)
        -> (pair: PairState, decision: Decision, blockedBy: Double?) {
        guard !condition.isLevel else {
            let (next, decision) = NotifyDecision.decide(pair: pair, conditionTrue: holds, isLevel: true,
                                                         policy: policy, now: now)
            return (next, decision, nil)
        }
        var armed = pair
        if (rearm ?? 0) <= 0 { armed.rearmAt = nil }  // rearm taken out of the rule: armed again
        var conditionTrue = holds
        var blockedBy: Double?
        if let mark = armed.rearmAt, let threshold = condition.threshold {
            if reached(mark, price: price, threshold: threshold) {
                armed.rearmAt = nil
            } else if conditionTrue {
                conditionTrue = false
                blockedBy = mark
            }
        }
        var (next, decision) = NotifyDecision.decide(pair: armed, conditionTrue: conditionTrue, isLevel: false,
                                                     policy: policy, now: now)
        if decision.status == .firing, let rearm, rearm > 0, let threshold = condition.threshold {
            next.rearmAt = mark(threshold: threshold, rearm: rearm, upward: (previous ?? 0) < threshold)
        }
        next.firing = next.rearmAt != nil
        return (next, decision, blockedBy)
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
