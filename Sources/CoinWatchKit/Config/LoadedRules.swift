/// A valid rules.json and the warnings found while checking it.
public struct LoadedRules: Sendable, Equatable {
    public var rules: RulesFile
    /// Problems that do not stop the file from loading, sorted by position.
    public var warnings: [Diagnostic]

    public init(rules: RulesFile, warnings: [Diagnostic] = []) {
        self.rules = rules
        self.warnings = warnings
    }
}
