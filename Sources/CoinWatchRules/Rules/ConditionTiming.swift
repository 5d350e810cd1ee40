/// When a condition notifies (SPEC §2 "When a rule notifies").
package enum ConditionTiming: String, Sendable, Equatable {
    /// Notifies on becoming true, again after `repeat_every`, and `resolved` when it stops.
    case level
    /// Notifies when the event happens (a crossing, a range entered or left).
    case event
}
