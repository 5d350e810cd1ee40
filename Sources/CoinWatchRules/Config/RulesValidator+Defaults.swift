import CoinWatchSupport
extension RulesValidator {
    static let defaultsKeys = ["cooldown", "notify"]

    /// `defaults`: `cooldown` and `notify`.
    mutating func validateDefaults(_ node: JSONNode, path: String) -> Defaults {
        var result = Defaults()
        let fields = object(node, path: path, allowed: Self.defaultsKeys)
        result.cooldown = field(fields, "cooldown", in: path) { $0.duration($1, path: $2) } ?? result.cooldown
        result.notify = field(fields, "notify", in: path) { $0.sinkList($1, path: $2) } ?? result.notify
        return result
    }

    /// A non-empty array of distinct names of defined sinks (did-you-mean for unknown ones).
    mutating func sinkList(_ node: JSONNode, path: String) -> [String]? {
        guard let elements = array(node, path: path, of: "sink names") else { return nil }
        if elements.isEmpty {
            error("notify is empty; name at least one sink (e.g. [\"stdout\"]) or leave the key out", at: node, path: path)
            return nil
        }
        var result: [String] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.element(path, index)
            guard let text = string(element, path: elementPath) else {
                valid = false
                continue
            }
            if result.contains(text.value) {
                error("sink \(text.shown) is listed twice; list each sink once", at: element, path: elementPath)
                valid = false
                continue
            }
            if let known = sinkNames, !known.contains(text.value) {
                let hint = Self.suggestion(for: text, in: known, label: "Define it under sinks, or use one of")
                error("unknown sink \(text.shown)." + hint, at: element, path: elementPath)
                valid = false
            }
            result.append(text.value)
        }
        return valid ? result : nil
    }
}
