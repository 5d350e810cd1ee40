/// A valid rules.json and the warnings found while checking it.
package struct LoadedRules: Sendable, Equatable {
    /// The validated file.
    package var rules: RulesFile
    /// Problems that do not stop the file from loading, sorted by position.
    package var warnings: [Diagnostic] = []
}
