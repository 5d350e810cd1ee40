/// Builds JSON paths for messages: `rules[2].when`, `sinks.team-chat.url`, `sinks["my sink"]`.
enum JSONPath {
    /// `parent.key`, or `parent["key"]` when the key is not a plain name.
    static func child(_ parent: String, _ key: String) -> String {
        guard !key.isEmpty, key.utf8.allSatisfy(isPlain) else {
            var escaped = ""
            for character in key {
                if character == "\\" || character == "\"" { escaped.append("\\") }
                escaped.append(character)
            }
            return parent + "[\"" + escaped + "\"]"
        }
        return parent.isEmpty ? key : parent + "." + key
    }

    /// A byte a key may hold and still be written `parent.key`.
    private static func isPlain(_ byte: UInt8) -> Bool {
        let letter = byte | 0x20
        return (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "$")
    }

    /// `parent[index]`.
    static func element(_ parent: String, _ index: Int) -> String { parent + "[\(index)]" }
}
