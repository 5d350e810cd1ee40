/// The command line: parses arguments, runs one command, returns its exit code.
public enum CLI {
    /// The version printed by `--version` and sent in the User-Agent.
    public static let version = "0.1.0"

    /// Runs the command that `arguments` (without the program name) names.
    public static func run(_ arguments: [String], io: IO) -> ExitCode {
        io.out("coinwatch \(version)\n")
        return .success
    }
}
