/// The check every edit of rules.json passes before it is written (`favorites add|remove`, the chat's
/// `/alert`, `/remove`, `/favorite`): the edited bytes must load as a pass would load them.
package enum RulesEdit {
    /// The errors that keep `bytes` from loading as rules.json at `path` for a pass (an unset `${…}` in a sink or
    /// `control` makes that part unavailable, not an error); empty when it loads.
    package static func errors(in bytes: [UInt8], path: String, environment: [String: String]) -> [Diagnostic] {
        do {
            _ = try RulesLoader.parse(bytes: bytes, path: path, environment: environment, unavailableSinks: true)
            return []
        } catch {
            switch error {
            case .invalid(_, let diagnostics): return diagnostics.filter { $0.severity == .error }
            case .unreadable(_, let reason): return [Diagnostic(file: path, line: nil, column: nil, jsonPath: "", message: reason)]
            }
        }
    }
}
