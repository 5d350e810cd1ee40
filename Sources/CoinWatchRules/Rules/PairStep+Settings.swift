extension PairStep {
    /// What the step reads of one rule for each of its pairs, worked out once per rules file.
    package struct Settings: Sendable {
        /// The rule's `rearm` (percent of the threshold, or percentage points for `change_*`).
        package var rearm: Double?
        package var policy: NotifyPolicy
        /// Whether the condition keeps a reference price per pair (`ConditionNeeds.pairMemory`).
        package var remembers: Bool
        /// Seconds since 1970 until which the rule is evaluated (a pass at `now` evaluates it when
        /// `now < activeUntil`): its `expires`, infinity when it has none, minus infinity when it is
        /// disabled. A stored figure rather than a method, so a pass in another target reads it
        /// without a call.
        package var activeUntil: Double

        package init(rearm: Double?, policy: NotifyPolicy, remembers: Bool, enabled: Bool, expiresAt: Double?) {
            self.rearm = rearm
            self.policy = policy
            self.remembers = remembers
            activeUntil = enabled ? expiresAt ?? .infinity : -.infinity
        }
    }
}
