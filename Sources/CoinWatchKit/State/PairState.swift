/// What a (rule, coin) pair remembers between passes. Its last price is not among it: the coin's
/// recorded prices tell it (`state show`); an older file's `last_price` is read and ignored.
public struct PairState: Codable, Sendable, Equatable, StateRecord {
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

    /// Every field optional (missing or null is the default); only what differs from a fresh pair is
    /// written (false flags and nil times are left out), so most pairs cost one key in the file. An
    /// older file's `last_price` is skipped as an unknown key.
    static let fields = StateFields<PairState>(blank: PairState(), [
        .defaulted("firing", \.firing, .bool, default: false, omittedWhenDefault: true),
        .optional("true_since", \.trueSince, .number),
        .optional("last_notified", \.lastNotified, .number),
        .optional("last_fired", \.lastFired, .number),
        .defaulted("fired_once", \.firedOnce, .bool, default: false, omittedWhenDefault: true),
        .defaulted("resolved_once", \.resolvedOnce, .bool, default: false, omittedWhenDefault: true),
        .optional("rearm_at", \.rearmAt, .number),
        .optional("reference", \.reference, .number),
    ])
    public init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }
}
