/// Text that is not a duration; `reason` never repeats the text (it may hold a secret from `${...}`).
package struct DurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. "a number needs a unit (s, m, h, d or w)".
    package var reason: String

    /// The text is a duration, but longer than any key allows (`DurationLimits.absolute`).
    package var tooLong = false

    /// The reason followed by "; expected a duration like 90s, 15m, 1h30m, 7d".
    package var description: String { "\(reason); \(DurationParser.hint)" }
}
