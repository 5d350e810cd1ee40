import CoinWatchSupport
extension RulesValidator {
    /// Reports every string value and key longer than `maxStringLength` characters.
    mutating func checkStringLengths(_ node: JSONNode, path: String) {
        // Most files hold no over-long string: the parser's measure, else one scan that builds no
        // JSON path, settles that.
        guard longestString > Self.maxStringLength, Self.holdsTooLong(node) else { return }
        switch node.value {
        case .string(let text) where Self.isTooLong(text):
            error("the string is \(text.count) characters long, over the limit of \(Self.maxStringLength) characters",
                  at: node, path: path)
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                checkStringLengths(element, path: JSONPath.element(path, index))
            }
        case .object(let members):
            for member in members {
                if Self.isTooLong(member.key) {
                    report(.error, "a key is \(member.key.count) characters long, over the limit of \(Self.maxStringLength) characters",
                           line: member.line, column: member.column, path: path)
                    continue
                }
                checkStringLengths(member.value, path: JSONPath.child(path, member.key))
            }
        default:
            break
        }
    }

    /// Whether `node` or anything inside it is a string or key longer than `maxStringLength`.
    static func holdsTooLong(_ node: JSONNode) -> Bool {
        switch node.value {
        case .string(let text): return isTooLong(text)
        case .array(let elements): return elements.contains(where: holdsTooLong)
        case .object(let members): return members.contains { isTooLong($0.key) || holdsTooLong($0.value) }
        default: return false
        }
    }

    /// Reports rules that make more than `maxPairs` (rule, coin) pairs: 20,000 `"*"` rules over 5,000
    /// favorites would be 100 million pairs, minutes of work and gigabytes of memory per pass.
    mutating func checkPairCount(_ rules: RulesFile, at node: JSONNode) {
        let wildcards = rules.rules.reduce(0) { $0 + ($1.coin == "*" ? 1 : 0) }
        let pairs = rules.rules.count - wildcards + wildcards * rules.favorites.count
        guard pairs > Self.maxPairs else { return }
        error("the rules make \(pairs) (rule, coin) pairs (\(wildcards) \"*\" rules × \(rules.favorites.count) favorites, "
              + "plus \(rules.rules.count - wildcards) single-coin rules), over the limit of \(Self.maxPairs) pairs; "
              + "use fewer \"*\" rules or fewer favorites", at: node, path: "rules")
    }
}
