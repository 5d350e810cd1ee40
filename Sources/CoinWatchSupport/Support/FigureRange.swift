/// The numbers coinwatch observes and keeps (SPEC §2, §5): finite and at most 1e18 in magnitude; the state
/// refuses anything else on load, so a figure outside the range is never observed, alerted on or written.
package enum FigureRange {
    /// The largest magnitude a figure may have.
    package static let largest: Double = 1e18

    /// Whether `value` is finite and at most `largest` in magnitude (false for NaN and infinities).
    @inline(__always)
    package static func holds(_ value: Double) -> Bool {
        value.magnitude <= largest
    }
}
