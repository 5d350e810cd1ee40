extension RulesValidator {
    /// `when`: an object with exactly one known condition whose value has that condition's shape.
    /// Returns the condition's key (when exactly one known key is present) and the condition (when valid).
    mutating func condition(_ node: JSONNode, path: String) -> (kind: String?, condition: Condition?) {
        guard let members = node.members else {
            error("expected an object with one condition such as {\"above\": 100000}, got \(node.typeName)", at: node, path: path)
            return (nil, nil)
        }
        guard !members.isEmpty else {
            error("when is empty; give exactly one condition, e.g. {\"above\": 100000}", at: node, path: path)
            return (nil, nil)
        }
        var known: [JSONNode.Member] = []
        for member in members {
            if Condition.allKeys.contains(member.key) {
                known.append(member)
                continue
            }
            let message = "unknown condition '\(member.key)'." + Self.suggestion(for: member.key, in: Condition.allKeys, label: "Conditions")
            report(.error, message, line: member.line, column: member.column, path: path)
        }
        guard known.count <= 1 else {
            let keys = known.map(\.key).joined(separator: ", ")
            report(.error, "when holds \(known.count) conditions (\(keys)); a rule has exactly one, so write one rule per condition",
                   line: known[1].line, column: known[1].column, path: path)
            return (nil, nil)
        }
        guard let member = known.first else { return (nil, nil) }
        return (member.key, conditionValue(member.key, member.value, path: JSONPath.child(path, member.key)))
    }

    /// The value of condition `key`, checked for its shape.
    mutating func conditionValue(_ key: String, _ node: JSONNode, path: String) -> Condition? {
        switch key {
        case "above", "below", "crosses_above", "crosses_below", "crosses":
            guard let price = number(node, path: path) else { return nil }
            guard price >= 0 else {
                error("a price cannot be negative", at: node, path: path)
                return nil
            }
            switch key {
            case "above": return .above(price)
            case "below": return .below(price)
            case "crosses_above": return .crossesAbove(price)
            case "crosses_below": return .crossesBelow(price)
            default: return .crosses(price)
            }
        case "change_24h_above":
            return number(node, path: path).map { .change24hAbove($0) }
        case "change_24h_below":
            return number(node, path: path).map { .change24hBelow($0) }
        case "change_24h_abs":
            guard let percent = number(node, path: path) else { return nil }
            guard percent >= 0 else {
                error("change_24h_abs is a size of change and cannot be negative; use change_24h_below for drops", at: node, path: path)
                return nil
            }
            return .change24hAbs(percent)
        case "new_high":
            return window(node, path: path).map { .newHigh($0) }
        case "new_low":
            return window(node, path: path).map { .newLow($0) }
        case "move_pct":
            return movePct(node, path: path)
        default:
            guard let (low, high) = range(node, path: path) else { return nil }
            return key == "enters_range" ? .entersRange(low: low, high: high) : .exitsRange(low: low, high: high)
        }
    }

    /// A `new_high`/`new_low` window, with did-you-mean.
    mutating func window(_ node: JSONNode, path: String) -> Window? {
        guard let text = string(node, path: path) else { return nil }
        if let window = Window(rawValue: text.value) { return window }
        let windows = Window.allCases.map(\.rawValue)
        error("unknown window \(text.shown)." + Self.suggestion(for: text, in: windows, label: "Windows"), at: node, path: path)
        return nil
    }

    /// `move_pct`: `{"pct": P ≠ 0, "within": DUR > 0}` and nothing else.
    mutating func movePct(_ node: JSONNode, path: String) -> Condition? {
        guard node.members != nil else {
            error("expected an object like {\"pct\": 3, \"within\": \"1h\"}, got \(node.typeName)", at: node, path: path)
            return nil
        }
        let fields = object(node, path: path, allowed: ["pct", "within"])
        var pct: Double?
        var within: Double?
        if let pctNode = fields["pct"], let value = number(pctNode, path: JSONPath.child(path, "pct")) {
            if value == 0 {
                error("pct cannot be 0; use a positive percent for a rise or a negative one for a fall", at: pctNode, path: JSONPath.child(path, "pct"))
            } else {
                pct = value
            }
        } else if fields["pct"] == nil {
            error("move_pct needs pct, the percent to move (negative for a fall)", at: node, path: path)
        }
        if let withinNode = fields["within"] {
            within = duration(withinNode, path: JSONPath.child(path, "within"), positive: true)
        } else {
            error("move_pct needs within, a duration such as \"1h\"", at: node, path: path)
        }
        guard let pct, let within else { return nil }
        return .movePct(pct: pct, within: within)
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
