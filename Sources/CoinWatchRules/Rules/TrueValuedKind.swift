import CoinWatchSupport
/// An exchange event kind whose only value is `true` (`{"listed": true}`).
protocol TrueValuedKind: ExchangeEventKind {
    init()
}

extension TrueValuedKind {
    static var schema: JSONNode { RulesSchema.node(["const": true]) }

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        guard node.boolValue == true else {
            reader.error("\(key) takes true (it watches the exchange's market list), got \(node.boolValue == false ? "false" : node.typeName)",
                         at: node, path: path())
            return nil
        }
        return Self()
    }
}
