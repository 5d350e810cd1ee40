import CoinWatchSupport
/// One pass of one (rule, coin) pair, in order: judge the condition (with `rearm` hysteresis)
/// -> decide "notify now?" (`NotifyDecision`). Pure: the same inputs give the same outputs.
package enum PairStep {
    /// What a pass did to a pair.
    package struct Outcome: Sendable, Equatable {
        /// The pair's state after the pass (the caller stores it).
        package var pair: PairState
        /// Notify (and with which status) or stay silent, and why.
        package var decision: Decision
        /// Whether the condition held after hysteresis, and why.
        package var evaluation: Evaluation
        /// The observation as judged: the one handed in, with the pair's reference price where the kind keeps one.
        package var observation: Observation
    }

    /// Advances `pair` by one observation of `condition` under `policy`, and says why: the
    /// material `coinwatch explain` prints. `rearm` is percent of the threshold for price
    /// conditions and percentage points for `change_*`. The pair's reference price goes in and
    /// out as in `decide`.
    package static func advance(_ condition: Condition, rearm: Double?, policy: NotifyPolicy,
                               pair: PairState, observation: Observation) -> Outcome {
        let remembers = condition.kind.needs.pairMemory
        var observation = observation
        if remembers { observation.reference = pair.reference }
        let asked = judgement(isLevel: condition.isLevel, rearm: rearm, pair: pair)
        let holds = condition.holds(observation, firing: asked.firing, rearm: asked.rearm)
        var reason = condition.kind.describe(observation, firing: asked.firing, rearm: asked.rearm)
        if asked.firing, asked.rearm > 0, type(of: condition.kind).rearm != .notAllowed {
            reason += " (rearm \(NumberText.plain(asked.rearm)))"
        }
        let step = next(isLevel: condition.isLevel, threshold: condition.threshold, rearm: rearm, policy: policy,
                        pair: pair, price: observation.price, previous: observation.previous, now: observation.now, holds: holds)
        var after = step.pair
        if remembers { after.reference = condition.remember(observation, fired: step.decision.status == .firing) }
        var evaluation = Evaluation(holds: holds, reason: reason)
        if let mark = step.blockedBy, let threshold = condition.threshold {
            let side = mark < threshold ? "≤" : "≥"
            evaluation = Evaluation(holds: false, reason: reason + "; not re-armed until \(side) \(NumberText.plain(mark))")
        }
        return Outcome(pair: after, decision: step.decision, evaluation: evaluation, observation: observation)
    }

    /// `advance` without the evaluation's reason, as a pass and a backtest take it: a pair of rule
    /// `index` of `rules` under `settings`, the pair and `observation` where they lie
    /// (`Condition.holds(inPlace:)`). For a kind that keeps a reference price (`remembers`:
    /// `ConditionNeeds.pairMemory`) the observation is handed the pair's and the pair keeps the one
    /// the kind remembers. Inlined into `decide(_:ruleOf:rules:settings:observation:notify:)`.
    @inline(__always)
    package static func decide(_ index: Int, of rules: [Rule], _ settings: Settings,
                               pair: inout PairState, observation: inout Observation) -> Decision {
        if settings.remembers { observation.reference = pair.reference }
        let isLevel = rules[index].condition.isLevel
        let asked = judgement(isLevel: isLevel, rearm: settings.rearm, pair: pair)
        let holds = rules[index].condition.holds(inPlace: &observation, firing: asked.firing, rearm: asked.rearm)
        let step = next(isLevel: isLevel, threshold: rules[index].condition.threshold, rearm: settings.rearm,
                        policy: settings.policy, pair: pair, price: observation.price, previous: observation.previous,
                        now: observation.now, holds: holds)
        pair = step.pair
        if settings.remembers {
            pair.reference = rules[index].condition.remember(observation, fired: step.decision.status == .firing)
        }
        return step.decision
    }

    /// One coin's pairs advanced by one observation at `observation.now`, in order (a backtest lane's
    /// pass): pair `i` is of rule `ruleOf[i]` (a position in `rules` and `settings`) and is decided
    /// when its rule is active; `notify` is handed each pair that notifies, its status and the
    /// observation. The loop lives beside `decide`, so `decide` is inlined into it.
    package static func decide(_ pairs: inout [PairState], ruleOf: [Int], rules: [Rule], settings: [Settings],
                               observation: inout Observation,
                               notify: (_ pair: Int, _ status: Alert.Status, _ observation: Observation) -> Void) {
        let now = observation.now
        ruleOf.withUnsafeBufferPointer { ruleOf in
            settings.withUnsafeBufferPointer { settings in
                pairs.withUnsafeMutableBufferPointer { pairs in
                    for index in pairs.indices {
                        let rule = ruleOf[index]
                        guard now < settings[rule].activeUntil else { continue }
                        let decision = decide(rule, of: rules, settings[rule], pair: &pairs[index], observation: &observation)
                        if case .notify(let status, _) = decision { notify(index, status, observation) }
                    }
                }
            }
        }
    }

    /// What a kind's `holds` is asked for `pair`: a level condition's hysteresis (`rearm`, a
    /// fired `new_high`'s pull-back) applies while the pair fires; an event condition is judged
    /// plainly (its `rearm` re-arms the crossing, in `next`).
    package static func judgement(isLevel: Bool, rearm: Double?, pair: PairState) -> (firing: Bool, rearm: Double) {
        isLevel ? (pair.firing, rearm ?? 0) : (false, 0)
    }

    /// The pass's step once the condition's verdict `holds` is known (asked as `judgement` says),
    /// for a condition that is a level one or not and reports `threshold`; `blockedBy` is the
    /// re-arm mark that kept a true event silent. A pass calls this directly with the verdict and the
    /// three figures of the observation it reads (not the observation: a copy of it per pair across targets).
    package static func next(isLevel: Bool, threshold: Double?, rearm: Double?, policy: NotifyPolicy, pair: PairState,
                             price: Double, previous: Double?, now: Double, holds: Bool)
        -> (pair: PairState, decision: Decision, blockedBy: Double?) {
        guard !isLevel else {
            let (next, decision) = NotifyDecision.decide(pair: pair, conditionTrue: holds, isLevel: true,
                                                         policy: policy, now: now)
            return (next, decision, nil)
        }
        var armed = pair
        if (rearm ?? 0) <= 0 { armed.rearmAt = nil }  // rearm taken out of the rule: armed again
        var conditionTrue = holds
        var blockedBy: Double?
        if let mark = armed.rearmAt, let threshold {
            if reached(mark, price: price, threshold: threshold) {
                armed.rearmAt = nil
            } else if conditionTrue {
                conditionTrue = false
                blockedBy = mark
            }
        }
        var (next, decision) = NotifyDecision.decide(pair: armed, conditionTrue: conditionTrue, isLevel: false,
                                                     policy: policy, now: now)
        if decision.status == .firing, let rearm, rearm > 0, let threshold {
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
