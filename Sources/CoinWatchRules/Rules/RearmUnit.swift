/// What a rule's `rearm` means for a condition kind (SPEC §2 `rearm`).
package enum RearmUnit: Sendable, Equatable {
    /// Percent of the threshold (price conditions).
    case percentOfThreshold
    /// Percentage points (`change_*`).
    case points
    /// `rearm` is refused on the kind.
    case notAllowed

    /// The unit in words, as `check --conditions --json` and the docs show it.
    var description: String {
        switch self {
        case .percentOfThreshold: return "percent of the threshold"
        case .points: return "percentage points"
        case .notAllowed: return "not allowed"
        }
    }

    /// `threshold` moved back by `rearm` (in this unit) toward `lower` (true) or higher values;
    /// `threshold` itself when `rearm` is 0 or the kind takes none.
    func relaxed(_ threshold: Double, by rearm: Double, lower: Bool) -> Double {
        guard rearm > 0 else { return threshold }
        let distance: Double
        switch self {
        case .percentOfThreshold: distance = abs(threshold) * rearm / 100
        case .points: distance = rearm
        case .notAllowed: return threshold
        }
        return lower ? threshold - distance : threshold + distance
    }
}
