import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchCLI

/// SPEC §1: `coinwatch completion bash|zsh|fish` prints a completion script; the scripts
/// are generated from the command and option tables, so every command and option is in them.
@Suite struct CompletionTests {
    private func script(_ shell: String) throws -> String {
        let run = try Binary.run(["completion", shell])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// Where `command` is offered as the first word of a command line in the script of `shell`: bash's
    /// word list for the empty command, zsh's `subcommands` entry, fish's `-a` for the command position.
    /// (A bare `contains("state")` would also match `--state`.)
    private static func commandWord(_ command: String, in shell: String) -> String {
        switch shell {
        case "zsh": return "        '\(command):"
        case "fish": return "complete -c coinwatch -n '__coinwatch_for run' -a '\(command)' -d "
        default: return " \(command) "
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyCommandAndOptionIsInTheScript(shell: String) throws {
        let text = try script(shell)
        let commands = Arguments.Command.allCases.filter { $0 != .run }.map(\.rawValue)
        if shell == "bash" {
            // bash itself is asked which words complete an empty command: exactly the commands.
            let offered = try CompletionProbe.bash(script: text, line: ["coinwatch", ""]).filter { !$0.hasPrefix("-") }
            #expect(offered == commands.sorted(), "bash offers \(offered)")
        }
        let wordList = shell == "bash" ? Self.bashCommandWords(text) : text
        for command in commands {
            #expect(wordList.contains(Self.commandWord(command, in: shell)), "\(shell) does not offer the command \(command)")
        }
        for option in ArgumentParser.options {
            for name in option.names {
                let spelled = shell == "fish" ? (name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())") : name
                #expect(text.contains(spelled), "\(shell) misses \(name)")
            }
        }
    }

    /// The bash script's word list for the empty command (`words='check state …'`), padded with spaces.
    private static func bashCommandWords(_ text: String) -> String {
        guard let start = text.range(of: "        \"\")\n") else { return "" }
        let rest = text[start.upperBound...]
        guard let words = rest.range(of: "words='"), let end = rest[words.upperBound...].firstIndex(of: "'") else { return "" }
        return " " + rest[words.upperBound..<end] + " "
    }

    @Test func bashScriptParses() throws {
        let dir = try TempDir()
        let path = try dir.write("coinwatch.bash", try script("bash"))
        let run = try withExtendedLifetime(dir) { try Shell.run("bash", ["-n", path]) }
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test(.enabled(if: Shell.which("zsh") != nil, "zsh is not installed (apt-get install zsh)"))
    func zshScriptParses() throws {
        let dir = try TempDir()
        let path = try dir.write("_coinwatch", try script("zsh"))
        let run = try withExtendedLifetime(dir) { try Shell.run("zsh", ["-n", path]) }
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test(.enabled(if: Shell.which("fish") != nil, "fish is not installed (apt-get install fish)"))
    func fishScriptParses() throws {
        let dir = try TempDir()
        let path = try dir.write("coinwatch.fish", try script("fish"))
        let run = try withExtendedLifetime(dir) { try Shell.run("fish", ["--no-execute", path]) }
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        let text = try script("bash")
        #expect(try CompletionProbe.bash(script: text, line: ["coinwatch", "st"]) == ["state", "stream"])
        #expect(try CompletionProbe.bash(script: text, line: ["coinwatch", "stream", "--dr"]) == ["--dry-run"])
        #expect(try CompletionProbe.bash(script: text, line: ["coinwatch", "--rules", "x", "state", ""]) == ["reset", "show"])
        #expect(try CompletionProbe.bash(script: text, line: ["coinwatch", "check", "--o"]) == ["--online"])
        #expect(try CompletionProbe.bash(script: text, line: ["coinwatch", "--color", "=", "a"]) == ["always", "auto"])
        #expect(try CompletionProbe.bash(script: text, line: ["coinwatch", "completion", ""]) == ["bash", "fish", "zsh"])
        #expect(try CompletionProbe.bash(script: text, line: ["coinwatch", "--int"]) == ["--interval"])
    }

    @Test(.enabled(if: Shell.which("fish") != nil, "fish is not installed (apt-get install fish)"))
    func fishCompletesCommandsOptionsAndValues() throws {
        let text = try script("fish")
        #expect(try CompletionProbe.fish(script: text, line: "coinwatch st") == ["state", "stream"])
        #expect(try CompletionProbe.fish(script: text, line: "coinwatch --rules x state ") == ["reset", "show"])
        #expect(try CompletionProbe.fish(script: text, line: "coinwatch check --o") == ["--online"])
        #expect(try CompletionProbe.fish(script: text, line: "coinwatch --color ") == ["always", "auto", "never"])
    }

    @Test(.enabled(if: Shell.which("zsh") != nil, "zsh is not installed (apt-get install zsh)"))
    func zshCompletesCommandsOptionsAndValues() throws {
        let text = try script("zsh")
        #expect(try CompletionProbe.zsh(script: text, line: "coinwatch st") == ["state", "stream"])
        #expect(try CompletionProbe.zsh(script: text, line: "coinwatch --rules x state ") == ["reset", "show"])
        #expect(try CompletionProbe.zsh(script: text, line: "coinwatch check --o") == ["--online"])
        #expect(try CompletionProbe.zsh(script: text, line: "coinwatch --color=n") == ["never"])
    }

    @Test func aCommandTheGeneratorDoesNotKnowStillCompletes() throws {
        let provider = CompletionModel.Option(names: ["--provider"], value: .choices(["coingecko", "binance"]), help: "Ask only this provider")
        let model = CompletionModel(commands: [
            .init(name: "", summary: "", options: [], words: []),
            .init(name: "trending", summary: "Trending coins", options: [provider], words: []),
        ])
        let text = CompletionScript.text(for: .bash, model: model)
        #expect(try CompletionProbe.bash(script: text, line: ["coinwatch", "tr"]) == ["trending"])
        #expect(try CompletionProbe.bash(script: text, line: ["coinwatch", "trending", "--provider", "b"]) == ["binance"])
        for shell in CompletionShell.allCases {
            #expect(CompletionScript.text(for: shell, model: model).contains("trending"))
        }
    }

    @Test func aShellIsRequired() throws {
        let missing = try Binary.run(["completion"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "Error: 'completion' needs a shell: bash, zsh, fish. See 'coinwatch completion --help'.\n")
        let typo = try Binary.run(["completion", "bsh"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("Did you mean 'bash'?"))
        #expect(typo.stdout.isEmpty)
    }
}
