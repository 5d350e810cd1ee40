/// The parts of a rule that decide when a pair notifies (SPEC §2 "When a rule notifies").
package struct NotifyPolicy: Sendable, Equatable {
    /// Seconds a level condition must hold in every pass before it notifies; nil or 0: at once.
    package var forDuration: Double?
    /// Seconds after any notice during which the pair stays quiet; 0: none.
    package var cooldown: Double
    /// Seconds after which a still-true level condition notifies again; nil: never.
    package var repeatEvery: Double?
    /// At most one `firing` notice ever (and one `resolved` with `resolve`).
    package var once: Bool
    /// Send one `resolved` notice when a fired level condition stops holding.
    package var resolve: Bool
    /// Seconds since 1970 until which a silence covers the pair (SPEC §11): it is evaluated but
    /// notifies nothing; nil: not silenced.
    package var silencedUntil: Double?

    /// Creates a policy; every field defaults to "off".
    package init(forDuration: Double? = nil, cooldown: Double = 0, repeatEvery: Double? = nil,
                once: Bool = false, resolve: Bool = false, silencedUntil: Double? = nil) {
        self.forDuration = forDuration
        self.cooldown = cooldown
        self.repeatEvery = repeatEvery
        self.once = once
        self.resolve = resolve
        self.silencedUntil = silencedUntil
    }

    /// Whether a silence covers the pair at `now` (seconds since 1970).
    package func silenced(at now: Double) -> Bool {
        silencedUntil.map { now < $0 } ?? false
    }

    /// The policy of `rule`, with `defaults.cooldown` where the rule sets none.
    package init(rule: Rule, defaults: Defaults) {
        self.init(forDuration: rule.forDuration, cooldown: rule.cooldown ?? defaults.cooldown,
                  repeatEvery: rule.repeatEvery, once: rule.once, resolve: rule.resolve)
    }
}
