/// A valid rules.json and the warnings found while checking it.
public struct LoadedRules: Sendable, Equatable {
    /// The validated file.
    public var rules: RulesFile
    /// Problems that do not stop the file from loading, sorted by position.
    public var warnings: [Diagnostic]

    /// Loaded rules and their warnings.
    public init(rules: RulesFile, warnings: [Diagnostic] = []) {
        self.rules = rules
        self.warnings = warnings
    }
}
