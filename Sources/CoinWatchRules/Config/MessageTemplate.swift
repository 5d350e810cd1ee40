/// Alert message templates (SPEC §2): `{placeholder}` replaced by alert values; `{{` and `}}` stand
/// for literal braces; any other brace (`{price`, `}`, `{}`, `{ price }`) is an error.
package enum MessageTemplate {
    /// The placeholders a template may use (SPEC §2), without braces.
    package static let placeholders = [
        "symbol", "name", "coin", "price", "previous", "threshold",
        "change_24h", "condition", "rule", "vs", "status", "time", "value",
    ]

    /// A piece of a template.
    package enum Token: Sendable, Equatable {
        /// Text shown as it is.
        case text(String)
        /// `{name}`, known or not.
        case placeholder(String)
    }

    /// Why a template's braces do not parse; `position` counts characters from 1.
    package struct BraceError: Error, Sendable, Equatable, CustomStringConvertible {
        package var position: Int
        package var reason: String
        package var description: String { "\(reason) at character \(position); write {{ and }} for literal braces" }
    }

    /// Splits `template` into text and `{name}` placeholders (`name` of letters, digits and `_`).
    /// Throws `BraceError` for a brace that is neither a placeholder's nor doubled.
    package static func parse(_ template: String) throws(BraceError) -> [Token] {
        var tokens: [Token] = []
        var text = ""
        let characters = Array(template)
        var i = 0
        while i < characters.count {
            let character = characters[i]
            let next: Character? = i + 1 < characters.count ? characters[i + 1] : nil
            if (character == "{" || character == "}") && next == character {
                text.append(character)
                i += 2
                continue
            }
            if character == "}" { throw BraceError(position: i + 1, reason: "a lone }") }
            guard character == "{" else {
                text.append(character)
                i += 1
                continue
            }
            var j = i + 1
            while j < characters.count, isNameCharacter(characters[j]) { j += 1 }
            guard j < characters.count, characters[j] == "}" else {
                let reason = j == characters.count ? "a { that is never closed"
                    : "a { that does not start a placeholder such as {price} (letters, digits and _ only)"
                throw BraceError(position: i + 1, reason: reason)
            }
            guard j > i + 1 else { throw BraceError(position: i + 1, reason: "an empty placeholder {}") }
            if !text.isEmpty { tokens.append(.text(text)) }
            text = ""
            tokens.append(.placeholder(String(characters[(i + 1)..<j])))
            i = j + 1
        }
        if !text.isEmpty { tokens.append(.text(text)) }
        return tokens
    }

    /// The tokens of a template that `parse` accepts; a template it refuses is all text.
    package static func tokenize(_ template: String) -> [Token] {
        (try? parse(template)) ?? [.text(template)]
    }

    /// Placeholders in `template` that are not in `placeholders`, in order of appearance.
    package static func unknownPlaceholders(in template: String) -> [String] {
        tokenize(template).compactMap { token in
            if case .placeholder(let name) = token, !placeholders.contains(name) { return name }
            return nil
        }
    }

    /// Fills `template` from `values` (keyed by placeholder name); a placeholder without a value renders empty.
    package static func render(_ template: String, values: [String: String]) -> String {
        tokenize(template).map { token in
            switch token {
            case .text(let text): return text
            case .placeholder(let name): return values[name] ?? ""
            }
        }.joined()
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }
}
