import CoinWatchRules
import CoinWatchSupport
/// `coinwatch completion bash|zsh|fish`: prints the shell's completion script on stdout.
enum CompletionCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        let names = CompletionShell.allCases.map(\.rawValue)
        guard let word = context.arguments.positionals.first else {
            throw context.usage("Error: 'completion' needs a shell: \(names.joined(separator: ", ")). See 'coinwatch completion --help'.")
        }
        guard let shell = CompletionShell(rawValue: word) else {
            throw context.usage("Error: Unknown shell '\(word)'.\(Suggestion.phrase(for: word, in: names)) The shells are bash, zsh and fish.")
        }
        guard context.arguments.positionals.count == 1 else {
            throw context.usage("Error: 'completion' takes one shell, not '\(context.arguments.positionals.joined(separator: " "))'.")
        }
        context.io.out(CompletionScript.text(for: shell))
        return .success
    }
}
