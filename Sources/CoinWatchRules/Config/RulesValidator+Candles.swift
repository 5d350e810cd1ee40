import CoinWatchSupport
import CoinWatchMarket
extension RulesValidator {
    /// Refuses an indicator rule that could never get its closed candles (SPEC §2, §7) rather than leave
    /// it in warm-up for ever: on a ratio or `"portfolio"`, or whose provider serves no such candles.
    mutating func checkCandles(_ coin: String, _ condition: Condition, rule: Rule, when node: JSONNode, path: @autoclosure () -> String, file: RulesFile) {
        guard !condition.kind.needs.indicators.isEmpty else { return }
        if coin == RuleCoin.portfolio || RuleCoin.ratioParts(coin) != nil {
            let what = coin == RuleCoin.portfolio ? "the portfolio is a sum of holdings" : "the ratio \(coin) is made from two quotes"
            error("\(condition.key) reads a coin's candles, and \(what), with none; put the indicator on one coin in a rule of its own, "
                  + "or use a price condition (above, crosses_above, change_24h_above …) here", at: node, path: path())
            return
        }
        guard let name = rule.provider ?? file.providers.first?.name else { return }
        let config = file.providers.config(name)
        let source = ProviderRegistry.make(config, environment: [:])
        for use in Self.timeframes(in: node, path: path()) {
            guard let timeframe = Timeframe(rawValue: use.tf), let refusal = source.candleRefusal(timeframe, volume: use.volume) else { continue }
            error("\(use.kind) needs \(timeframe.rawValue) candles\(use.volume ? " with volume" : ""), and \(refusal)", at: use.node, path: use.path)
        }
    }

    /// Every `tf` under a `when` (inside `all`/`any` too): the kind it belongs to, its node and path,
    /// and whether the kind reads volume.
    static func timeframes(in node: JSONNode, path: String) -> [(kind: String, tf: String, volume: Bool, node: JSONNode, path: String)] {
        var out: [(kind: String, tf: String, volume: Bool, node: JSONNode, path: String)] = []
        for member in node.members ?? [] {
            let memberPath = JSONPath.child(path, member.key)
            if let elements = member.value.elements {
                for (index, element) in elements.enumerated() { out += timeframes(in: element, path: JSONPath.element(memberPath, index)) }
            } else if let tfNode = member.value["tf"], let tf = tfNode.stringValue {
                out.append((member.key, tf, ConditionRegistry.kind(member.key)?.readsCandleVolume == true, tfNode, JSONPath.child(memberPath, "tf")))
            }
        }
        return out
    }
}
