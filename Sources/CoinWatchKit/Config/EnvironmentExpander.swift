/// Replaces `${NAME}` in rules.json strings with values from the environment (SPEC §2).
///
/// `NAME` is `[A-Za-z_][A-Za-z0-9_]*`; `$${` stands for a literal `${`; a `$` not followed by
/// `{` is kept as it is.
public enum EnvironmentExpander {
    /// The outcome of expanding one string.
    public struct Expansion: Sendable, Equatable {
        /// The text with every set variable replaced (unset ones left out).
        public var value: String
        /// Names of the variables that were replaced, in order.
        public var used: [String] = []
        /// Names of the variables that are not set, in order.
        public var missing: [String] = []
        /// Whether a `${` is not followed by a valid name and `}`.
        public var malformed = false
    }

    /// `text` as the template it becomes, with each `${…}` standing for a value as one letter `x` (and
    /// `$${` as `${`): for checking what the file itself wrote without looking at any value.
    public static func masked(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
        var result = ""
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            if characters[i] == "$", i + 2 < characters.count, characters[i + 1] == "$", characters[i + 2] == "{" {
                result += "${"
                i += 3
            } else if characters[i] == "$", i + 1 < characters.count, characters[i + 1] == "{",
                      let close = characters[(i + 2)...].firstIndex(of: "}") {
                result += "x"
                i = close + 1
            } else {
                result.append(characters[i])
                i += 1
            }
        }
        return result
    }

    /// Expands every `${NAME}` in `text` from `environment`.
    public static func expand(_ text: String, environment: [String: String]) -> Expansion {
        // Bytes, not Characters: most strings hold no `$` (a `$` inside a larger grapheme still
        // takes the careful path below, which keeps it).
        guard text.utf8.contains(UInt8(ascii: "$")) else { return Expansion(value: text) }
        var result = Expansion(value: "")
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let character = characters[i]
            if character == "$", i + 2 < characters.count, characters[i + 1] == "$", characters[i + 2] == "{" {
                result.value += "${"
                i += 3
                continue
            }
            guard character == "$", i + 1 < characters.count, characters[i + 1] == "{" else {
                result.value.append(character)
                i += 1
                continue
            }
            guard let close = characters[(i + 2)...].firstIndex(of: "}") else {
                result.malformed = true
                result.value.append(contentsOf: characters[i...])
                break
            }
            let name = String(characters[(i + 2)..<close])
            if isVariableName(name) {
                if let value = environment[name] {
                    result.value += value
                    result.used.append(name)
                } else {
                    result.missing.append(name)
                }
            } else {
                result.malformed = true
                result.value.append(contentsOf: characters[i...close])
            }
            i = close + 1
        }
        return result
    }

    /// Whether `name` is a valid environment variable name: `[A-Za-z_][A-Za-z0-9_]*`.
    public static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetterOrUnderscore else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetterOrUnderscore || ("0"..."9").contains($0) }
    }
}

extension Unicode.Scalar {
    /// Whether this is `A-Z`, `a-z` or `_`.
    fileprivate var isASCIILetterOrUnderscore: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
    }
}
