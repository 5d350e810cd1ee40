/// Builds JSON paths for messages: `rules[2].when`, `sinks.team-chat.url`, `sinks["my sink"]`.
enum JSONPath {
    /// `parent.key`, or `parent["key"]` when the key is not a plain name.
    static func child(_ parent: String, _ key: String) -> String {
        var (parent, key) = (parent, key)
        return key.withUTF8 { keyBytes in
            // Every plain character is ASCII, so bytes are characters here.
            guard !keyBytes.isEmpty, keyBytes.allSatisfy(isPlain) else {
                return "\(parent)[\"\(String(decoding: keyBytes, as: UTF8.self).replacingBackslashesAndQuotes)\"]"
            }
            return parent.withUTF8 { parentBytes in
                guard !parentBytes.isEmpty else { return String(decoding: keyBytes, as: UTF8.self) }
                // One allocation (none up to 15 bytes), the bytes copied as they are.
                let count = parentBytes.count + 1 + keyBytes.count
                return String(unsafeUninitializedCapacity: count) { path in
                    _ = path.initialize(fromContentsOf: parentBytes)
                    path[parentBytes.count] = UInt8(ascii: ".")
                    _ = path[(parentBytes.count + 1)...].initialize(fromContentsOf: keyBytes)
                    return count
                }
            }
        }
    }

    /// A byte a key may hold and still be written `parent.key`.
    private static func isPlain(_ byte: UInt8) -> Bool {
        let letter = byte | 0x20
        return (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "$")
    }

    /// `parent[index]`.
    static func element(_ parent: String, _ index: Int) -> String {
        var parent = parent
        return parent.withUTF8 { parentBytes in
            var digits = 1
            var rest = index.magnitude
            while rest >= 10 {
                rest /= 10
                digits += 1
            }
            let sign = index < 0 ? 1 : 0
            let count = parentBytes.count + 1 + sign + digits + 1
            // One copy: the parent, `[`, the index written from its last digit back, `]`.
            return String(unsafeUninitializedCapacity: count) { path in
                _ = path.initialize(fromContentsOf: parentBytes)
                path[parentBytes.count] = UInt8(ascii: "[")
                if sign == 1 { path[parentBytes.count + 1] = UInt8(ascii: "-") }
                var value = index.magnitude
                var at = count - 2
                repeat {
                    path[at] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                    at -= 1
                } while value > 0
                path[count - 1] = UInt8(ascii: "]")
                return count
            }
        }
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
