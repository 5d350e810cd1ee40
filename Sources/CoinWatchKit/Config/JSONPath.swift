/// Builds JSON paths for messages: `rules[2].when`, `sinks.team-chat.url`, `sinks["my sink"]`.
enum JSONPath {
    /// `parent.key`, or `parent["key"]` when the key is not a plain name.
    static func child(_ parent: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_-$".unicodeScalars.contains($0)
        }
        if plain { return parent.isEmpty ? key : "\(parent).\(key)" }
        let escaped = key.replacingBackslashesAndQuotes
        return "\(parent)[\"\(escaped)\"]"
    }

    /// `parent[index]`.
    static func element(_ parent: String, _ index: Int) -> String {
        "\(parent)[\(index)]"
    }
}

extension String {
    /// The text with `\` and `"` escaped as in a JSON string.
    fileprivate var replacingBackslashesAndQuotes: String {
        var result = ""
        for character in self {
            if character == "\\" || character == "\"" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
