import CoinWatchSupport
import CoinWatchMarket
extension RulesValidator {
    /// `chart` on a sink or a rule (SPEC §12): a `show --range` value, `true` (`1d`) or `false`
    /// (none). Returns nil when invalid (reported), else the choice: nil inside for `false`.
    mutating func chart(_ node: JSONNode, path: String) -> ChartRange?? {
        if let flag = node.boolValue { return .some(flag ? .d1 : nil) }
        guard let text = string(node, path: path) else { return nil }
        guard let range = ChartRange(rawValue: text.value.lowercased()) else {
            let names = ChartRange.allCases.map(\.rawValue)
            error("chart must be a range (\(ChartRange.names)), true (1d) or false; got \(text.shown)."
                  + Self.suggestion(for: text, in: names, label: "Ranges"), at: node, path: path)
            return nil
        }
        return .some(range)
    }
}
