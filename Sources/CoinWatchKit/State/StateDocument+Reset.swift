extension StateDocument {
    /// Forgets every pair of rule `id` (`coinwatch state reset --rule ID`); returns how many.
    @discardableResult
    public mutating func removePairs(rule id: String) -> Int {
        let prefix = StateDocument.pairKey(rule: id, coin: "")
        return pairs.removeAll { $0.hasPrefix(prefix) }
    }
}
