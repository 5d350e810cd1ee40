/// A string value of rules.json after `${NAME}` expansion, remembering whether the environment supplied part of it.
struct ConfigString: Sendable, Equatable {
    var value: String
    /// Whether `${...}` contributed to `value`; such values are never shown in messages.
    var fromEnvironment: Bool

    /// The value quoted for a message, or a stand-in when it may hold a secret.
    var shown: String {
        fromEnvironment ? "the value from the environment" : "'\(value)'"
    }
}
