import CoinWatchSupport
/// Why a (rule, coin) pair is quiet or firing and what comes next (SPEC §11 `explain`), read from
/// the notify decision a pass would make now (`PairStep.advance`) and the pair's state. Pure.
package struct PairExplanation: Sendable, Equatable {
    /// The pair's timers and marks, each nil/false when it does not apply. Seconds since 1970.
    package struct Timers: Sendable, Equatable {
        package var pendingUntil: Double?
        package var firingSince: Double?
        package var firing = false
        package var cooldownUntil: Double?
        package var rearmAt: Double?
        package var onceSpent = false
        package var silencedUntil: Double?
        package var expiredAt: Double?
        package var disabled = false
    }

    /// `armed`, `pending`, `firing`, `cooldown`, `silenced`, `once_spent`, `expired` or `disabled`.
    package var status: String
    package var timers: Timers
    /// What a pass now would do, and why.
    package var decision: Decision?
    /// One sentence: what would make the pair notify next.
    package var next: String

    /// Explains the pair from its state `pair` before a pass at `now`, the rule's `policy` (its silence
    /// included) and `outcome`, the step a pass would take now (nil when the coin has no quote).
    package init(pair: PairState, policy: NotifyPolicy, condition: Condition, rearm: Double?, enabled: Bool,
                expiresAt: Double?, outcome: PairStep.Outcome?, now: Double) {
        var t = Timers()
        t.firing = pair.firing
        t.firingSince = pair.firing ? pair.lastFired : nil
        if let since = pair.trueSince, let wait = policy.forDuration, wait > 0, !pair.firing, now - since < wait {
            t.pendingUntil = since + wait
        }
        if policy.cooldown > 0, let last = pair.lastNotified, last + policy.cooldown > now { t.cooldownUntil = last + policy.cooldown }
        t.rearmAt = pair.rearmAt
        t.onceSpent = policy.once && pair.firedOnce
        if policy.silenced(at: now) { t.silencedUntil = policy.silencedUntil }
        if let expiresAt, expiresAt <= now { t.expiredAt = expiresAt }
        t.disabled = !enabled
        timers = t
        decision = outcome?.decision
        status = t.disabled ? "disabled" : t.expiredAt != nil ? "expired" : t.silencedUntil != nil ? "silenced"
            : t.onceSpent ? "once_spent" : t.firing ? "firing" : t.pendingUntil != nil ? "pending"
            : t.cooldownUntil != nil ? "cooldown" : "armed"
        next = Self.next(t, pair: pair, policy: policy, condition: condition, outcome: outcome, now: now)
    }

    private static func next(_ t: Timers, pair: PairState, policy: NotifyPolicy, condition: Condition,
                             outcome: PairStep.Outcome?, now: Double) -> String {
        if t.disabled { return "never while \"enabled\" is false" }
        if let expired = t.expiredAt { return "never: the rule expired at \(TimeText.iso(expired))" }
        guard let outcome else { return "a quote for the coin first: no provider quotes it now" }
        let decision = outcome.decision
        if let status = decision.status {
            return "a pass now would notify (\(status.rawValue): \(decision.reason))"
        }
        if t.onceSpent, !(policy.resolve && !pair.resolvedOnce) { return "never: once, and its notice was sent" }
        let when = NotifyDecision.heldUntil(decision.reason, pair: outcome.pair, policy: policy).map(TimeText.iso)
        switch decision.reason {
        case .silenced:
            return condition.isLevel
                ? "the silence ends at \(when ?? "?"); if the condition still holds then, it notifies then"
                : "the silence ends at \(when ?? "?"); events before then are dropped"
        case .suppressedByCooldown: return "the cooldown ends at \(when ?? "?"); if the condition still holds then, it notifies then"
        case .eventDroppedInCooldown: return "an event after the cooldown ends at \(when ?? "?")"
        case .pendingFor: return "holding in every pass until \(when ?? "?") (the `for` wait)"
        case .onceAlreadySent:
            return policy.resolve && !pair.resolvedOnce ? "only its one resolved notice, when the condition stops holding"
                : "never: once, and its notice was sent"
        case .stillTrue:
            if let every = policy.repeatEvery, let last = pair.lastFired {
                return "repeats at \(TimeText.iso(last + every)) while the condition holds"
                    + (policy.resolve ? "; a resolved notice when it stops" : "")
            }
            return policy.resolve && pair.announced ? "a resolved notice when the condition stops holding; then when it holds again"
                : "the condition stopping and holding again"
        case .notTrue, .stoppedHolding:
            var text = condition.isLevel ? "the condition holding" : "the event happening"
            if let mark = pair.rearmAt { text += " after the price re-arms at \(NumberText.plain(mark))" }
            if let wait = policy.forDuration, wait > 0, condition.isLevel { text += " for \(TimeText.duration(wait))" }
            return text
        default:
            return String(describing: decision.reason)
        }
    }
}
