/// "Notify now?" as one pure function of the pair's state, the condition and the time
/// (SPEC §2 "When a rule notifies"). The engine stores the returned state.
package enum NotifyDecision {
    /// Decides one pass for one (rule, coin) pair. `conditionTrue` already includes rearm
    /// hysteresis; `now` is seconds since 1970. Returns the pair's next state and the decision.
    package static func decide(pair: PairState, conditionTrue: Bool, isLevel: Bool,
                              policy: NotifyPolicy, now: Double) -> (PairState, Decision) {
        isLevel
            ? decideLevel(pair: pair, conditionTrue: conditionTrue, policy: policy, now: now)
            : decideEvent(pair: pair, conditionTrue: conditionTrue, policy: policy, now: now)
    }

    /// Crossings and ranges: notify on the event unless `once` already sent, a silence covers the
    /// pair or the cooldown runs.
    static func decideEvent(pair: PairState, conditionTrue: Bool, policy: NotifyPolicy,
                            now: Double) -> (PairState, Decision) {
        var next = pair
        next.trueSince = nil
        next.firing = false
        guard conditionTrue else { return (next, .silent(reason: .notTrue)) }
        if policy.once && pair.firedOnce { return (next, .silent(reason: .onceAlreadySent)) }
        if policy.silenced(at: now) { return (next, .silent(reason: .silenced)) }
        if inCooldown(pair, policy, now) { return (next, .silent(reason: .eventDroppedInCooldown)) }
        markFired(&next, now: now)
        next.firing = false
        return (next, .notify(status: .firing, reason: .event))
    }

    /// Level kinds: notify on becoming true (after `for`, outside the cooldown), again after
    /// `repeat_every`, and once `resolved` when a fired condition stops holding.
    static func decideLevel(pair: PairState, conditionTrue: Bool, policy: NotifyPolicy,
                            now: Double) -> (PairState, Decision) {
        var next = pair
        guard conditionTrue else {
            next.trueSince = nil
            guard pair.firing else { return (next, .silent(reason: .notTrue)) }
            next.firing = false
            guard policy.resolve, pair.announced, !(policy.once && pair.resolvedOnce) else {
                return (next, .silent(reason: .stoppedHolding))
            }
            if policy.silenced(at: now) { return (next, .silent(reason: .silenced)) }
            next.lastNotified = now
            next.resolvedOnce = true
            return (next, .notify(status: .resolved, reason: .resolved))
        }
        let trueSince = pair.trueSince ?? now
        next.trueSince = trueSince
        if pair.firing {
            guard let every = policy.repeatEvery, let last = pair.lastFired, now - last >= every else {
                return (next, .silent(reason: .stillTrue))
            }
            if policy.once { return (next, .silent(reason: .onceAlreadySent)) }
            if policy.silenced(at: now) { return (next, .silent(reason: .silenced)) }
            if inCooldown(pair, policy, now) { return (next, .silent(reason: .suppressedByCooldown)) }
            markFired(&next, now: now)
            return (next, .notify(status: .firing, reason: .repeatIntervalPassed))
        }
        if let wait = policy.forDuration, wait > 0, now - trueSince < wait {
            return (next, .silent(reason: .pendingFor))
        }
        if policy.once && pair.firedOnce { return (next, .silent(reason: .onceAlreadySent)) }
        // Silenced: stays pending, as in a cooldown, so a level still true at the end notifies then.
        if policy.silenced(at: now) { return (next, .silent(reason: .silenced)) }
        if inCooldown(pair, policy, now) { return (next, .silent(reason: .suppressedByCooldown)) }
        let reason = firingReason(pair, policy, trueSince: trueSince)
        markFired(&next, now: now)
        return (next, .notify(status: .firing, reason: reason))
    }

    /// When what held a notice back for `reason` ends, in seconds since 1970 (`pair` as after the
    /// decision); nil when nothing ends by itself.
    package static func heldUntil(_ reason: NotifyReason, pair: PairState, policy: NotifyPolicy) -> Double? {
        switch reason {
        case .suppressedByCooldown, .eventDroppedInCooldown:
            return pair.lastNotified.map { $0 + policy.cooldown }
        case .silenced: return policy.silencedUntil
        case .pendingFor:
            guard let since = pair.trueSince, let wait = policy.forDuration else { return nil }
            return since + wait
        default: return nil
        }
    }

    /// Whether a notice at `now` falls within the cooldown after the pair's last notice.
    static func inCooldown(_ pair: PairState, _ policy: NotifyPolicy, _ now: Double) -> Bool {
        guard policy.cooldown > 0, let last = pair.lastNotified else { return false }
        return now - last < policy.cooldown
    }

    /// Names a firing notice of a level condition that was not firing.
    static func firingReason(_ pair: PairState, _ policy: NotifyPolicy, trueSince: Double) -> NotifyReason {
        guard let last = pair.lastNotified else {
            return (policy.forDuration ?? 0) > 0 ? .heldFor : .firstTime
        }
        if policy.cooldown > 0, trueSince < last + policy.cooldown { return .cooldownEnded }
        return (policy.forDuration ?? 0) > 0 ? .heldFor : .becameTrue
    }

    private static func markFired(_ state: inout PairState, now: Double) {
        state.firing = true
        state.lastFired = now
        state.lastNotified = now
        state.firedOnce = true
    }
}
