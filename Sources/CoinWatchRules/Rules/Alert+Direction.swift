extension Alert {
    /// Which way this alert moved, from its condition kind and figures: a firing `new_low` or
    /// `below` is a fall, `crosses` depends on the side it came from. Resolved alerts and keys
    /// coinwatch does not know (a record from a newer version) are neutral.
    package var direction: ConditionDirection {
        guard status == .firing, let kind = ConditionRegistry.kind(condition) else { return .neutral }
        return kind.direction(of: self)
    }
}
