import CoinWatchSupport
import FoundationEssentials

extension RulesValidator {
    /// The optional fields of a rule: timing, `rearm`, flags, `notify`, `message`, `expires`.
    mutating func ruleOptions(_ fields: JSONFields, kind: String?, into rule: inout Rule, path: String) {
        // Most rules give none: one scan settles that.
        guard fields.hasMember(otherThan: Self.ruleCoreKeys) else { return }
        let isLevel = kind.map { ConditionRegistry.kind($0)?.timing != .event }
        for (key, target) in [("for", \Rule.forDuration), ("repeat_every", \Rule.repeatEvery)] {
            guard let node = fields[key], let seconds = duration(node, path: JSONPath.child(path, key)) else { continue }
            rule[keyPath: target] = seconds
            if isLevel == false, let kind {
                warning("\(key) has no effect on \(kind): it applies to level conditions",
                        at: node, path: JSONPath.child(path, key))
            }
        }
        rule.cooldown = field(fields, "cooldown", in: path) { $0.duration($1, path: $2) }
        rule.rearm = field(fields, "rearm", in: path) { $0.rearm($1, kind: kind, path: $2) }
        rule.once = field(fields, "once", in: path) { $0.bool($1, path: $2) } ?? rule.once
        rule.enabled = field(fields, "enabled", in: path) { $0.bool($1, path: $2) } ?? rule.enabled
        if let node = fields["resolve"], let flag = bool(node, path: JSONPath.child(path, "resolve")) {
            rule.resolve = flag
            if flag, let kind, ConditionRegistry.kind(kind)?.resolvable == false {
                error("resolve applies to level conditions (above, below, change_*, new_high, new_low, move_pct), not \(kind)",
                      at: node, path: JSONPath.child(path, "resolve"))
            }
        }
        rule.notify = field(fields, "notify", in: path) { $0.sinkList($1, path: $2) }
        rule.message = field(fields, "message", in: path) { $0.message($1, path: $2) }
        rule.expires = field(fields, "expires", in: path) { $0.expires($1, path: $2) }
        let chart = field(fields, "chart", in: path) { $0.chart($1, path: $2) }
        rule.chart = chart.map { $0.map(ChartChoice.range) ?? ChartChoice.none }
    }

    /// `rearm`: a number ≥ 0, only on price and `change_*` conditions.
    mutating func rearm(_ node: JSONNode, kind: String?, path: String) -> Double? {
        guard let value = number(node, path: path) else { return nil }
        guard value >= 0 else {
            error("rearm cannot be negative", at: node, path: path)
            return nil
        }
        if let kind, !Self.rearmKinds.contains(kind) {
            error("rearm applies to price and change_* conditions (above, below, crosses*, change_24h_*), not \(kind)", at: node, path: path)
            return nil
        }
        return value
    }

    /// `message`: a non-empty template whose placeholders are all known.
    mutating func message(_ node: JSONNode, path: String) -> String? {
        guard let text = nonEmpty(node, path: path, empty: "message cannot be empty; leave the key out for the default message") else {
            return nil
        }
        return placeholdersKnown(text, at: node, path: path) ? text.value : nil
    }

    /// Whether `text` is a template whose braces balance and whose `{placeholder}`s are all SPEC §2's (or in
    /// `extra`: `message` in a command's argv); reports each problem (did-you-mean), never a `${…}`'s value.
    mutating func placeholdersKnown(_ text: ConfigString, extra: [String] = [], at node: JSONNode, path: String) -> Bool {
        let known = MessageTemplate.placeholders + extra
        // The braces as written (each ${…} standing for a value), so an error never shows what a variable holds.
        do {
            _ = try MessageTemplate.parse(EnvironmentExpander.masked(text.raw))
            _ = try MessageTemplate.parse(text.value)
        } catch let problem {
            let written = (try? MessageTemplate.parse(EnvironmentExpander.masked(text.raw))) != nil
            error(written ? "the value of a ${…} in the message holds a brace that is not a placeholder; "
                      + "write {{ and }} in it for literal braces (the value is not shown)"
                      : "unbalanced brace in the message: \(problem)", at: node, path: path)
            return false
        }
        let writtenUnknown = Set(MessageTemplate.unknownPlaceholders(in: EnvironmentExpander.masked(text.raw))).subtracting(extra)
        let unknown = MessageTemplate.unknownPlaceholders(in: text.value).filter { !extra.contains($0) }
        if unknown.contains(where: { !writtenUnknown.contains($0) }) {
            error("the value of a ${…} in the message holds an unknown placeholder (the value is not shown); "
                  + "write {{ and }} in it for literal braces", at: node, path: path)
        }
        for name in unknown where writtenUnknown.contains(name) {
            let suggestion = Suggestion.nearest(to: name, in: known).map { " Did you mean '{\($0)}'?" }
            let list = known.map { "{\($0)}" }.joined(separator: " ")
            error("unknown placeholder {\(name)}." + (suggestion ?? " Placeholders: \(list) (write {{ and }} for literal braces)."),
                  at: node, path: path)
        }
        return unknown.isEmpty
    }

    /// `expires`: an ISO-8601 time, local when it has no offset.
    mutating func expires(_ node: JSONNode, path: String) -> Date? {
        guard let text = string(node, path: path) else { return nil }
        guard let date = DateTimeParser.parse(text.value) else {
            error("\(text.shown) is not a valid time; \(DateTimeParser.hint)", at: node, path: path)
            return nil
        }
        if let now = expiredAsOf, date.timeIntervalSince1970 <= now {
            warning("\(text.shown) has passed, so this rule is ignored; move expires forward or remove the rule",
                    at: node, path: path)
        }
        return date
    }
}
