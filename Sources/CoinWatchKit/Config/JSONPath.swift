/// Builds JSON paths for messages: `rules[2].when`, `sinks.team-chat.url`, `sinks["my sink"]`.
enum JSONPath {
    /// `parent.key`, or `parent["key"]` when the key is not a plain name.
    static func child(_ parent: String, _ key: String) -> String {
        // Every plain character is ASCII, so bytes are characters here.
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "$"): return true
            default: return false
            }
        }
        if plain {
            guard !parent.isEmpty else { return key }
            let count = parent.utf8.count + 1 + key.utf8.count
            // Up to 15 bytes a string is stored inline; a longer one is made in one allocation.
            guard count > 15 else { return parent + "." + key }
            var path = ""
            path.reserveCapacity(count)
            path += parent
            path += "."
            path += key
            return path
        }
        let escaped = key.replacingBackslashesAndQuotes
        return "\(parent)[\"\(escaped)\"]"
    }

    /// `parent[index]`.
    static func element(_ parent: String, _ index: Int) -> String {
        parent + "[" + String(index) + "]"
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
