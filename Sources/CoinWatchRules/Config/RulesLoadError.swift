import CoinWatchSupport
/// Why rules.json could not be loaded; each case maps to its exit status (SPEC §1).
package enum RulesLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is missing or cannot be read (exit 66); `reason` is the whole one-line message.
    case unreadable(path: String, reason: String)
    /// The file is not valid (exit 65); every diagnostic (errors and warnings), sorted by position.
    case invalid(path: String, diagnostics: [Diagnostic])

    /// The exit status this error ends a command with: 66 or 65.
    package var exitCode: ExitCode {
        switch self {
        case .unreadable: return .noInput
        case .invalid: return .dataError
        }
    }

    /// The lines to print on stderr: the reason, or one line per diagnostic.
    package var description: String {
        switch self {
        case .unreadable(_, let reason):
            return reason
        case .invalid(_, let diagnostics):
            return diagnostics.map(\.description).joined(separator: "\n")
        }
    }
}
