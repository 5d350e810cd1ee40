/// A string value of rules.json after `${NAME}` expansion, remembering whether the environment supplied part of it.
struct ConfigString: Sendable, Equatable {
    var value: String
    /// Whether `${...}` contributed to `value`; such values are never shown in messages.
    var fromEnvironment: Bool
    /// The text as written in rules.json, before expansion.
    var raw: String

    /// The value quoted for a message; when `${...}` contributed, the text as written instead (values may be secrets).
    var shown: String {
        fromEnvironment ? "'\(raw)' (expanded value not shown)" : "'\(value)'"
    }
}
