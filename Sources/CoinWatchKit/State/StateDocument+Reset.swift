extension StateDocument {
    /// Forgets every pair of rule `id` (`coinwatch state reset --rule ID`); returns how many.
    @discardableResult
    public mutating func removePairs(rule id: String) -> Int {
        let prefix = StateDocument.pairKey(rule: id, coin: "")
        let keys = pairs.keys.filter { $0.hasPrefix(prefix) }
        for key in keys { pairs[key] = nil }
        return keys.count
    }
}
