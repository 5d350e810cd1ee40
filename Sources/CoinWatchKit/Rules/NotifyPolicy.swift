/// The parts of a rule that decide when a pair notifies (SPEC §2 "When a rule notifies").
public struct NotifyPolicy: Sendable, Equatable {
    /// Seconds a level condition must hold in every pass before it notifies; nil or 0: at once.
    public var forDuration: Double?
    /// Seconds after any notice during which the pair stays quiet; 0: none.
    public var cooldown: Double
    /// Seconds after which a still-true level condition notifies again; nil: never.
    public var repeatEvery: Double?
    /// At most one `firing` notice ever (and one `resolved` with `resolve`).
    public var once: Bool
    /// Send one `resolved` notice when a fired level condition stops holding.
    public var resolve: Bool
    /// Seconds since 1970 until which a silence covers the pair (SPEC §11): it is evaluated but
    /// notifies nothing; nil: not silenced.
    public var silencedUntil: Double?

    /// Creates a policy; every field defaults to "off".
    public init(forDuration: Double? = nil, cooldown: Double = 0, repeatEvery: Double? = nil,
                once: Bool = false, resolve: Bool = false, silencedUntil: Double? = nil) {
        self.forDuration = forDuration
        self.cooldown = cooldown
        self.repeatEvery = repeatEvery
        self.once = once
        self.resolve = resolve
        self.silencedUntil = silencedUntil
    }

    /// Whether a silence covers the pair at `now` (seconds since 1970).
    public func silenced(at now: Double) -> Bool {
        silencedUntil.map { now < $0 } ?? false
    }

    /// The policy of `rule`, with `defaults.cooldown` where the rule sets none.
    public init(rule: Rule, defaults: Defaults) {
        self.init(forDuration: rule.forDuration, cooldown: rule.cooldown ?? defaults.cooldown,
                  repeatEvery: rule.repeatEvery, once: rule.once, resolve: rule.resolve)
    }
}
