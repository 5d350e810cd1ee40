/// Alert message templates: `{placeholder}` replaced by alert values, `{{` for a literal `{`.
public enum MessageTemplate {
    /// The placeholders a template may use (SPEC §2), without braces.
    public static let placeholders = [
        "symbol", "name", "coin", "price", "previous", "threshold",
        "change_24h", "condition", "rule", "vs", "status", "time",
    ]

    /// A piece of a template.
    public enum Token: Sendable, Equatable {
        /// Text shown as it is.
        case text(String)
        /// `{name}`, known or not.
        case placeholder(String)
    }

    /// Splits `template` into text and `{name}` placeholders (`name` of letters, digits and `_`).
    public static func tokenize(_ template: String) -> [Token] {
        var tokens: [Token] = []
        var text = ""
        let characters = Array(template)
        var i = 0
        while i < characters.count {
            let character = characters[i]
            if character == "{", i + 1 < characters.count, characters[i + 1] == "{" {
                text.append("{")
                i += 2
                continue
            }
            if character == "{", let close = placeholderEnd(in: characters, from: i + 1) {
                if !text.isEmpty { tokens.append(.text(text)) }
                text = ""
                tokens.append(.placeholder(String(characters[(i + 1)..<close])))
                i = close + 1
                continue
            }
            text.append(character)
            i += 1
        }
        if !text.isEmpty { tokens.append(.text(text)) }
        return tokens
    }

    /// Placeholders in `template` that are not in `placeholders`, in order of appearance.
    public static func unknownPlaceholders(in template: String) -> [String] {
        tokenize(template).compactMap { token in
            if case .placeholder(let name) = token, !placeholders.contains(name) { return name }
            return nil
        }
    }

    /// Fills `template` from `values` (keyed by placeholder name); a placeholder without a value renders empty.
    public static func render(_ template: String, values: [String: String]) -> String {
        tokenize(template).map { token in
            switch token {
            case .text(let text): return text
            case .placeholder(let name): return values[name] ?? ""
            }
        }.joined()
    }

    /// The index of the `}` closing a placeholder name that starts at `start`, or nil.
    private static func placeholderEnd(in characters: [Character], from start: Int) -> Int? {
        var j = start
        while j < characters.count, characters[j].isASCII, characters[j].isLetter || characters[j].isNumber || characters[j] == "_" {
            j += 1
        }
        guard j > start, j < characters.count, characters[j] == "}" else { return nil }
        return j
    }
}
