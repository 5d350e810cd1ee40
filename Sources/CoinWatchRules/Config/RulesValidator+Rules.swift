import CoinWatchSupport
import CoinWatchMarket
extension RulesValidator {
    static let ruleKeys = ["id", "coin", "when", "vs", "provider", "for", "cooldown", "repeat_every", "rearm", "once", "resolve",
                           "notify", "message", "expires", "enabled", "chart"]
    /// The keys of a rule that are not its options (`ruleOptions`).
    static let ruleCoreKeys = ["id", "coin", "when", "vs", "provider"]
    /// Condition kinds that take `rearm`: prices and `change_*`.
    package static let rearmKinds = ConditionRegistry.kinds.filter { $0.rearm != .notAllowed }.map { $0.key }

    /// `rules`: an array of at most `maxRules` rules with unique ids.
    mutating func validateRules(_ node: JSONNode, path: String, file: RulesFile) -> [Rule] {
        guard let elements = array(node, path: path, of: "rule objects") else { return [] }
        if elements.count > Self.maxRules {
            error("rules holds \(elements.count) rules, over the limit of \(Self.maxRules) rules", at: node, path: path)
        }
        var result: [Rule] = []
        result.reserveCapacity(elements.count)  // a rule is a large value: no doubling past the count
        var ids: [String: (index: Int, line: Int)] = [:]
        ids.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let rulePath = JSONPath.element(path, index)
            guard typed(element.members, element, path: rulePath, expected: "a rule object") != nil else { continue }
            let rule = self.rule(element, path: rulePath, file: file)
            if let id = rule.id, let idNode = element["id"] {
                if let first = ids[id] {
                    error("duplicate rule id '\(id)': \(JSONPath.element(path, first.index)) (line \(first.line)) and \(rulePath) (line \(idNode.line)) both use it; ids must be unique",
                          at: idNode, path: JSONPath.child(rulePath, "id"))
                    continue
                }
                ids[id] = (index, idNode.line)
            }
            if let built = rule.built { result.append(built) }
        }
        return result
    }

    /// One rule: its id (when valid) and the rule itself when every field is valid.
    mutating func rule(_ node: JSONNode, path: String, file: RulesFile) -> (id: String?, built: Rule?) {
        let errorsBefore = diagnostics.count { $0.severity == .error }
        let fields = object(node, path: path, allowed: Self.ruleKeys) { key in
            ConditionRegistry.keys.contains(key) ? " Conditions go inside \"when\", e.g. \"when\": {\"\(key)\": 100000}." : nil
        }
        let id = ruleID(fields["id"], rule: node, path: path)
        let coin = ruleCoin(fields["coin"], rule: node, path: path)
        var kind: String?
        var condition: Condition?
        // `rules[3].when` is spelled out only for a message (the parameters below are autoclosures).
        func whenPath() -> String { JSONPath.child(path, "when") }
        if let whenNode = fields["when"] {
            (kind, condition) = self.condition(whenNode, path: whenPath())
            condition?.kind.validate(at: whenNode, path: whenPath(), providers: file.providers, &self)
        } else {
            error("a rule needs a when with one condition, e.g. \"when\": {\"above\": 100000}", at: node, path: path)
        }
        var rule = Rule(id: id ?? "", coin: coin ?? "", condition: condition ?? .above(0))
        ruleQuoting(fields, into: &rule, path: path, file: file)
        if let coin, let condition { checkCoinForm(coin, condition, rule: rule, fields: fields, node: node, path: path, file: file) }
        if let coin, let condition, let whenNode = fields["when"] {
            checkCandles(coin, condition, rule: rule, when: whenNode, path: whenPath(), file: file)
        }
        ruleOptions(fields, kind: kind, into: &rule, path: path)
        let valid = diagnostics.count { $0.severity == .error } == errorsBefore
        return (id, valid && id != nil && coin != nil && condition != nil ? rule : nil)
    }

    /// `id`: required, 1–64 characters of `A-Z a-z 0-9 . _ -`.
    mutating func ruleID(_ node: JSONNode?, rule: JSONNode, path: String) -> String? {
        guard let node else {
            error("a rule needs an id: 1-64 characters of A-Z a-z 0-9 . _ -", at: rule, path: path)
            return nil
        }
        guard let text = string(node, path: { JSONPath.child(path, "id") }) else { return nil }
        // Every allowed character is ASCII, so bytes are characters here.
        var id = text.value
        let allowed = id.withUTF8 { bytes in
            bytes.allSatisfy { byte in
                let letter = byte | 0x20
                return (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
        }
        guard allowed, (1...64).contains(text.value.utf8.count) else {
            error("the id \(text.shown) is not 1-64 characters of A-Z a-z 0-9 . _ -", at: node, path: JSONPath.child(path, "id"))
            return nil
        }
        return text.value
    }

    /// `coin`: required, a favorite (matched ignoring case, stored as written in favorites), `"*"`,
    /// `"portfolio"`, or a ratio `"A/B"` of two different favorites (stored as the favorites are written).
    mutating func ruleCoin(_ node: JSONNode?, rule: JSONNode, path: String) -> String? {
        guard let node else {
            error("a rule needs a coin: one of the favorites, \"*\" for every favorite, a ratio \"A/B\" of two favorites, or \"portfolio\"",
                  at: rule, path: path)
            return nil
        }
        let coinPath = { JSONPath.child(path, "coin") }
        guard let text = string(node, path: coinPath) else { return nil }
        if text.value == "*" { return "*" }
        if text.value == RuleCoin.portfolio { return RuleCoin.portfolio }
        if let parts = RuleCoin.ratioParts(text.value), favoriteByKey[text.value.lowercasedKey] == nil {
            guard let a = favoriteCoin(parts.base, text: text, at: node, path: coinPath),
                  let b = favoriteCoin(parts.quote, text: text, at: node, path: coinPath) else { return nil }
            guard a != b else {
                error("the ratio \(text.shown) divides a coin by itself; name two different favorites, e.g. \"ethereum/bitcoin\"",
                      at: node, path: coinPath())
                return nil
            }
            return a + "/" + b
        }
        return favoriteCoin(text.value, text: text, at: node, path: coinPath)
    }

    /// The favorite `name` stands for, as written in favorites; an error (did-you-mean) when there is none.
    private mutating func favoriteCoin(_ name: String, text: ConfigString, at node: JSONNode, path coinPath: () -> String) -> String? {
        guard let favorites = favoriteNames else { return name }
        if let favorite = favoriteByKey[name.lowercasedKey] { return favorite }
        let shown = text.fromEnvironment ? text.shown : "'\(name)'"
        var message = "coin \(shown) is not in favorites; add it to favorites (coinwatch favorites add \(text.fromEnvironment ? "COIN" : name)) or use \"*\"."
        if !text.fromEnvironment {
            let bySymbol = favorites.first {
                (symbols[$0.lowercased()] ?? WellKnownSymbols.byID[$0.lowercased()])?.lowercased() == name.lowercased()
            }
            message += bySymbol.map { " Did you mean '\($0)'?" } ?? Suggestion.phrase(for: name, in: favorites)
        }
        error(message, at: node, path: coinPath())
        return nil
    }

    /// Lower-cased favorite → favorite as written; the first of favorites equal ignoring case wins.
    static func lookup(_ favorites: [String]) -> [String: String] {
        var byKey: [String: String] = [:]
        byKey.reserveCapacity(favorites.count)
        for favorite in favorites {
            let key = favorite.lowercasedKey
            if byKey[key] == nil { byKey[key] = favorite }
        }
        return byKey
    }

    /// Warns that window `all` needs a provider that reports all-time highs and lows.
    mutating func warnAllTimeWindow(_ node: JSONNode, path: String, providers: [ProviderConfig]) {
        guard !providers.contains(where: { $0.name.provider.reportsAllTimeMarks }) else { return }
        let reporting = ProviderRegistry.list(ProviderRegistry.names { type(of: $0).reportsAllTimeMarks })
        warning("window 'all' needs a provider that reports all-time highs and lows (\(reporting)); none is configured, so this rule never fires",
                at: node, path: path)
    }
}
