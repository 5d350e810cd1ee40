/// One line for a `DecodingError`, the same for every decoder (provider answers, the state file):
/// the JSON path (`[3].current_price`, `pairs.r|c.firing`), then what was wrong (`expected a number`,
/// `missing key "version"`).
package enum DecodingErrorText {
    /// One line for a `DecodingError`: the JSON path (`[3].current_price`), then what was wrong.
    package static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return at(context.codingPath, "missing key \"\(key.stringValue)\"")
        case .valueNotFound(_, let context):
            return at(context.codingPath, "null where a value is required")
        case .typeMismatch(let type, let context):
            return at(context.codingPath, "expected \(words(for: type))")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            return at(context.codingPath, context.debugDescription)
        @unknown default:
            return "\(error)"
        }
    }

    /// `[3].current_price` for a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        let joined = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return joined.hasPrefix(".") ? String(joined.dropFirst()) : joined
    }

    private static func at(_ codingPath: [any CodingKey], _ what: String) -> String {
        codingPath.isEmpty ? what : "\(path(codingPath)): \(what)"
    }

    private static func words(for type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Double.Type, is Int.Type: return "a number"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return name
        }
    }
}
