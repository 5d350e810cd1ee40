import CoinWatchSupport
/// What a (rule, coin) pair remembers between passes. Its last price is not among it: the coin's
/// recorded prices tell it (`state show`); an older file's `last_price` is read and ignored.
package struct PairState: Codable, Sendable, Equatable, StateRecord {
    /// Not armed: a level condition has fired and not yet stopped holding (after `rearm`), or
    /// a crossing with `rearm` has fired and the price has not yet gone back to `rearmAt`.
    package var firing: Bool {
        get { flags.contains(.firing) }
        set { flags.set(.firing, newValue) }
    }
    /// Since when the level condition has held in every pass (for `for`), seconds since 1970.
    package var trueSince: Double? {
        get { flags.contains(.trueSince) ? trueSinceValue : nil }
        set { (trueSinceValue, flags) = Self.store(newValue, .trueSince, in: flags) }
    }
    /// Last notification of any status (cooldown), seconds since 1970.
    package var lastNotified: Double? {
        get { flags.contains(.lastNotified) ? lastNotifiedValue : nil }
        set { (lastNotifiedValue, flags) = Self.store(newValue, .lastNotified, in: flags) }
    }
    /// Last `firing` notification (repeat_every), seconds since 1970.
    package var lastFired: Double? {
        get { flags.contains(.lastFired) ? lastFiredValue : nil }
        set { (lastFiredValue, flags) = Self.store(newValue, .lastFired, in: flags) }
    }
    /// A level's firing was announced: a notice went out since it began to hold. A `--baseline`
    /// pass leaves a level already true firing (quiet) without one, so its end sends no `resolved`.
    package var announced: Bool { lastFired.map { $0 >= trueSince ?? -.infinity } ?? false }
    /// `once`: a firing notice was sent.
    package var firedOnce: Bool {
        get { flags.contains(.firedOnce) }
        set { flags.set(.firedOnce, newValue) }
    }
    /// `once` + `resolve`: a resolved notice was sent.
    package var resolvedOnce: Bool {
        get { flags.contains(.resolvedOnce) }
        set { flags.set(.resolvedOnce, newValue) }
    }
    /// A crossing with `rearm` counts again only once the price reaches this price: at or
    /// below it when it lies below the threshold, at or above it otherwise; nil: armed.
    package var rearmAt: Double? {
        get { flags.contains(.rearmAt) ? rearmAtValue : nil }
        set { (rearmAtValue, flags) = Self.store(newValue, .rearmAt, in: flags) }
    }
    /// The pair's reference price (`change_from` from `"start"`: the first price seen; the trailing
    /// kinds: the highest or lowest price since the pair started or last fired); nil: none yet.
    package var reference: Double? {
        get { flags.contains(.reference) ? referenceValue : nil }
        set { (referenceValue, flags) = Self.store(newValue, .reference, in: flags) }
    }

    // Stored as five plain doubles (0 where absent) and one word of flags: 48 bytes, every field
    // aligned, so a pass copies a pair's state in a few whole-word moves (an `Optional<Double>`
    // is 9 bytes and left the fields at odd offsets, which stalled every copy of the pair).
    private var trueSinceValue: Double = 0
    private var lastNotifiedValue: Double = 0
    private var lastFiredValue: Double = 0
    private var rearmAtValue: Double = 0
    private var referenceValue: Double = 0
    private var flags: Flags = []

    /// Which optional times are set, and the flags.
    private struct Flags: OptionSet, Sendable, Equatable {
        let rawValue: UInt64
        static let firing = Flags(rawValue: 1)
        static let firedOnce = Flags(rawValue: 2)
        static let resolvedOnce = Flags(rawValue: 4)
        static let trueSince = Flags(rawValue: 8)
        static let lastNotified = Flags(rawValue: 16)
        static let lastFired = Flags(rawValue: 32)
        static let rearmAt = Flags(rawValue: 64)
        static let reference = Flags(rawValue: 128)

        mutating func set(_ flag: Flags, _ on: Bool) {
            if on { insert(flag) } else { remove(flag) }
        }
    }

    /// The stored value of `value` (0 when nil) and `flags` with `flag` saying whether it is set.
    @inline(__always)
    private static func store(_ value: Double?, _ flag: Flags, in flags: Flags) -> (Double, Flags) {
        var flags = flags
        flags.set(flag, value != nil)
        return (value ?? 0, flags)
    }

    package init() {}

    /// Every field optional (missing or null is the default); only what differs from a fresh pair is
    /// written (false flags and nil times are left out), so most pairs cost one key in the file. An
    /// older file's `last_price` is skipped as an unknown key.
    package static let fields = StateFields<PairState>(blank: PairState(), quiet: PairState(), [
        .defaulted("firing", \.firing, .bool, default: false, omittedWhenDefault: true),
        .optional("true_since", \.trueSince, .number),
        .optional("last_notified", \.lastNotified, .number),
        .optional("last_fired", \.lastFired, .number),
        .defaulted("fired_once", \.firedOnce, .bool, default: false, omittedWhenDefault: true),
        .defaulted("resolved_once", \.resolvedOnce, .bool, default: false, omittedWhenDefault: true),
        .optional("rearm_at", \.rearmAt, .number),
        .optional("reference", \.reference, .number),
    ])
    package init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }
}
