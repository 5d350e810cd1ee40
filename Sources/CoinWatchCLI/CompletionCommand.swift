import CoinWatchRules
import CoinWatchSupport
/// `coinwatch completion bash|zsh|fish`: prints the shell's completion script on stdout.
enum CompletionCommand {
    static func run(_ context: CommandContext) -> ExitCode {
        let names = CompletionShell.allCases.map(\.rawValue)
        guard let word = context.arguments.positionals.first else {
            context.io.err("Error: 'completion' needs a shell: \(names.joined(separator: ", ")). See 'coinwatch completion --help'.\n")
            return .usage
        }
        guard let shell = CompletionShell(rawValue: word) else {
            context.io.err("Error: Unknown shell '\(word)'.\(Suggestion.phrase(for: word, in: names)) The shells are bash, zsh and fish.\n")
            return .usage
        }
        guard context.arguments.positionals.count == 1 else {
            context.io.err("Error: 'completion' takes one shell, not '\(context.arguments.positionals.joined(separator: " "))'.\n")
            return .usage
        }
        context.io.out(CompletionScript.text(for: shell))
        return .success
    }
}
