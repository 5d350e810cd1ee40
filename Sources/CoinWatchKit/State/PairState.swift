/// What a (rule, coin) pair remembers between passes. Its last price is not among it: the coin's
/// recorded prices tell it (`state show`); an older file's `last_price` is read and ignored.
public struct PairState: Codable, Sendable, Equatable {
    /// Not armed: a level condition has fired and not yet stopped holding (after `rearm`), or
    /// a crossing with `rearm` has fired and the price has not yet gone back to `rearmAt`.
    public var firing: Bool = false
    /// Since when the level condition has held in every pass (for `for`), seconds since 1970.
    public var trueSince: Double?
    /// Last notification of any status (cooldown), seconds since 1970.
    public var lastNotified: Double?
    /// Last `firing` notification (repeat_every), seconds since 1970.
    public var lastFired: Double?
    /// `once`: a firing notice was sent.
    public var firedOnce: Bool = false
    /// `once` + `resolve`: a resolved notice was sent.
    public var resolvedOnce: Bool = false
    /// A crossing with `rearm` counts again only once the price reaches this price: at or
    /// below it when it lies below the threshold, at or above it otherwise; nil: armed.
    public var rearmAt: Double?
    /// The pair's reference price (`change_from` from `"start"`: the first price seen; the trailing
    /// kinds: the highest or lowest price since the pair started or last fired); nil: none yet.
    public var reference: Double?

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case firing, trueSince = "true_since", lastNotified = "last_notified", lastFired = "last_fired"
        case firedOnce = "fired_once", resolvedOnce = "resolved_once", rearmAt = "rearm_at", reference
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        firing = try c.decodeIfPresent(Bool.self, forKey: .firing) ?? false
        trueSince = try c.decodeIfPresent(Double.self, forKey: .trueSince)
        lastNotified = try c.decodeIfPresent(Double.self, forKey: .lastNotified)
        lastFired = try c.decodeIfPresent(Double.self, forKey: .lastFired)
        firedOnce = try c.decodeIfPresent(Bool.self, forKey: .firedOnce) ?? false
        resolvedOnce = try c.decodeIfPresent(Bool.self, forKey: .resolvedOnce) ?? false
        rearmAt = try c.decodeIfPresent(Double.self, forKey: .rearmAt)
        reference = try c.decodeIfPresent(Double.self, forKey: .reference)
    }

    /// Writes only what differs from a fresh pair (false flags and nil times are left out), which
    /// `init(from:)` reads back as the same state; most pairs then cost one key in the file.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if firing { try c.encode(firing, forKey: .firing) }
        try c.encodeIfPresent(trueSince, forKey: .trueSince)
        try c.encodeIfPresent(lastNotified, forKey: .lastNotified)
        try c.encodeIfPresent(lastFired, forKey: .lastFired)
        if firedOnce { try c.encode(firedOnce, forKey: .firedOnce) }
        if resolvedOnce { try c.encode(resolvedOnce, forKey: .resolvedOnce) }
        try c.encodeIfPresent(rearmAt, forKey: .rearmAt)
        try c.encodeIfPresent(reference, forKey: .reference)
    }
}
