extension Alert {
    /// Which way this firing alert moved: its kind's word, else its prices (from the previous one, then
    /// the 24h change); neutral when resolved or when neither tells.
    package var direction: ConditionDirection {
        guard status == .firing else { return .neutral }
        if let kind = ConditionRegistry.kind(condition) {
            let said = kind.direction(of: self)
            if said != .neutral { return said }
        }
        if let previous, previous != price { return price > previous ? .rise : .fall }
        if let change24h, change24h != 0 { return change24h > 0 ? .rise : .fall }
        return .neutral
    }
}
