import CoinWatchSupport
extension ConditionRegistry {
    /// The line of Fuzz/rules.dict after which the registry's tokens stand; the lines before it are kept by hand.
    static let fuzzMarker = "# Condition kinds, generated from ConditionRegistry (a test keeps this section current):"

    /// A kind's libFuzzer dictionary entries: every key and string in its sample and examples,
    /// each as a JSON string (`"\"move_pct\""`, `"\"within\""`, `"\"1h\""`), in order of appearance.
    static func fuzzTokens(_ kind: any ConditionKind.Type) -> [String] {
        var strings: [String] = []
        func collect(_ node: JSONNode) {
            switch node.value {
            case .string(let text): strings.append(text)
            case .array(let elements): elements.forEach(collect)
            case .object(let members):
                for member in members {
                    strings.append(member.key)
                    collect(member.value)
                }
            default: break
            }
        }
        for when in [kind.sample] + kind.examples.map(\.when) {
            if let node = try? JSONParser.parse(Array(when.utf8)) { collect(node) }
        }
        var seen = Set<String>()
        return strings.filter { seen.insert($0).inserted }.map { entry(JSONOut.quote($0)) }
    }

    /// Fuzz/rules.dict: `committed` up to and including `fuzzMarker` (the whole of it, then the
    /// marker, when it has none), then every kind's tokens not already listed, one a line.
    static func fuzzDictionary(updating committed: String) -> String {
        var lines = committed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let marker = lines.firstIndex(of: fuzzMarker) {
            lines.removeSubrange((marker + 1)...)
        } else {
            while lines.last == "" { lines.removeLast() }
            lines.append(fuzzMarker)
        }
        var seen = Set(lines)
        for kind in kinds {
            for token in fuzzTokens(kind) where seen.insert(token).inserted { lines.append(token) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a libFuzzer dictionary entry: quoted, with `"` and `\` escaped.
    private static func entry(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
