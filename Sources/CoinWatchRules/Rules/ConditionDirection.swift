/// Which way a firing alert moved: sinks color and tag by it (a drop is not a rise).
package enum ConditionDirection: String, Sendable, Equatable {
    /// The price or figure went up (`crosses_above`, `new_high`, a positive `move_pct`).
    case rise
    /// It went down (`below`, `new_low`, `change_24h_below`).
    case fall
    /// Neither says which way (`enters_range`).
    case neutral
}
