/// What a command handler reads (SPEC §13): rules.json (loaded, and as bytes for edits), the state and the time.
public struct ControlInput: Sendable {
    public var rules: RulesFile
    /// rules.json as read, for edits that rewrite it.
    public var rulesBytes: [UInt8]
    /// The environment rules.json is validated with (unset `${NAME}`s given placeholders).
    public var environment: [String: String]
    public var state: StateDocument
    /// Seconds since 1970.
    public var now: Double

    public init(rules: RulesFile, rulesBytes: [UInt8], environment: [String: String], state: StateDocument, now: Double) {
        self.rules = rules
        self.rulesBytes = rulesBytes
        self.environment = environment
        self.state = state
        self.now = now
    }
}
