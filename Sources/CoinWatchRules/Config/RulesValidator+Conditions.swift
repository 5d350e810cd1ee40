import CoinWatchSupport
extension RulesValidator {
    /// `when`: an object with exactly one known condition; its key (when exactly one is known) and the
    /// condition (when valid). A compound kind reads each of its conditions with this.
    mutating func condition(_ node: JSONNode, path: @autoclosure () -> String) -> (kind: String?, condition: Condition?) {
        let shape = #"an object with one condition such as {"above": 100000}"#
        guard let members = typed(node.members, node, path: path(), expected: shape) else { return (nil, nil) }
        guard !members.isEmpty else {
            error("when is empty; give exactly one condition, e.g. {\"above\": 100000}", at: node, path: path())
            return (nil, nil)
        }
        // The one known condition; a second is an error, reported with every known key.
        var known: (member: JSONNode.Member, kind: any ConditionKind.Type)?
        var second: JSONNode.Member?
        for member in members {
            if let kind = ConditionRegistry.kind(member.key) {
                if known == nil { known = (member, kind) } else if second == nil { second = member }
                continue
            }
            let message = "unknown condition '\(member.key)'." + Self.suggestion(for: member.key, in: ConditionRegistry.keys, label: "Conditions")
            report(.error, message, line: member.line, column: member.column, path: path())
        }
        if let second {
            let keys = members.map(\.key).filter { ConditionRegistry.kind($0) != nil }
            report(.error, "when holds \(keys.count) conditions (\(keys.joined(separator: ", "))); a rule has exactly one, so write one rule per condition",
                   line: second.line, column: second.column, path: path())
            return (nil, nil)
        }
        guard let (member, kind) = known else { return (nil, nil) }
        // The value is read by its kind (`ConditionKind.parse`).
        return (member.key, kind.parse(member.value, path: JSONPath.child(path(), member.key), &self).map { Condition($0) })
    }

    /// A price: a number ≥ 0.
    mutating func price(_ node: JSONNode, path: @autoclosure () -> String) -> Double? {
        guard let price = number(node, path: path()) else { return nil }
        guard price >= 0 else {
            error("a price cannot be negative", at: node, path: path())
            return nil
        }
        return price
    }

    /// `[low, high]`: two numbers with low < high.
    mutating func range(_ node: JSONNode, path: String) -> (Double, Double)? {
        guard let elements = node.elements, elements.count == 2 else {
            error("expected a range [low, high] of two numbers, got \(node.elements.map { "\($0.count) elements" } ?? node.typeName)",
                  at: node, path: path)
            return nil
        }
        let low = number(elements[0], path: JSONPath.element(path, 0))
        let high = number(elements[1], path: JSONPath.element(path, 1))
        guard let low, let high else { return nil }
        guard low < high else {
            error("the range's low (\(low.formattedForMessage)) must be below its high (\(high.formattedForMessage))", at: node, path: path)
            return nil
        }
        return (low, high)
    }
}

extension Double {
    /// `100000` rather than `100000.0`; other values as Swift prints them.
    var formattedForMessage: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
