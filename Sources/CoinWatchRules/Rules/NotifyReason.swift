/// Why a pair notified or stayed silent in a pass: with `Evaluation` (the figure against the
/// threshold), what `coinwatch explain` prints for a pair; `Decision.description` words it.
package enum NotifyReason: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// A level condition holds and the pair has never notified.
    case firstTime
    /// A level condition became true (again).
    case becameTrue
    /// A level condition held for the whole `for` duration.
    case heldFor
    /// A still-true level condition passed `repeat_every` since its last firing notice.
    case repeatIntervalPassed
    /// A level condition held through a cooldown that has now ended.
    case cooldownEnded
    /// An event condition (crossing, range) happened.
    case event
    /// A fired level condition stopped holding (`resolve`).
    case resolved
    /// A level condition holds but the cooldown is running; it stays pending.
    case suppressedByCooldown
    /// A fired level condition still holds; no repeat is due.
    case stillTrue
    /// A level condition holds but not yet for the `for` duration.
    case pendingFor
    /// `once`: the pair already sent its one notice.
    case onceAlreadySent
    /// The condition does not hold.
    case notTrue
    /// A fired level condition stopped holding; no `resolve` asked for.
    case stoppedHolding
    /// An event happened during the cooldown and is dropped.
    case eventDroppedInCooldown
    /// A silence covers the pair: a notice due now is not sent (a level condition stays
    /// pending and notifies when the silence ends, as after a cooldown).
    case silenced

    /// One phrase for humans.
    package var description: String {
        switch self {
        case .firstTime: return "true at the first observation"
        case .becameTrue: return "became true"
        case .heldFor: return "held for the whole `for` duration"
        case .repeatIntervalPassed: return "still true after repeat_every"
        case .cooldownEnded: return "still true when the cooldown ended"
        case .event: return "event"
        case .resolved: return "stopped holding"
        case .suppressedByCooldown: return "true, held back by the cooldown"
        case .stillTrue: return "still true, already notified"
        case .pendingFor: return "true, waiting for the `for` duration"
        case .onceAlreadySent: return "once: already sent"
        case .notTrue: return "not true"
        case .stoppedHolding: return "stopped holding (no resolve)"
        case .eventDroppedInCooldown: return "event dropped in the cooldown"
        case .silenced: return "held back by a silence"
        }
    }

    /// Whether a notice was due but held back (cooldown, silence, `for`, once), as `-v` reports it.
    package var isHeldBack: Bool {
        switch self {
        case .suppressedByCooldown, .eventDroppedInCooldown, .silenced, .pendingFor, .onceAlreadySent: return true
        default: return false
        }
    }
}
