import Foundation
import Testing
@testable import CoinWatchKit

/// SPEC §1: `coinwatch completion bash|zsh|fish` prints a completion script; the scripts
/// are generated from the command and option tables, so every command and option is in them.
@Suite struct CompletionTests {
    private func script(_ shell: String) throws -> String {
        let run = try Binary.run(["completion", shell])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyCommandAndOptionIsInTheScript(shell: String) throws {
        let text = try script(shell)
        for command in Arguments.Command.allCases where command != .run {
            #expect(text.contains(command.rawValue), "\(shell) misses \(command.rawValue)")
        }
        for option in ArgumentParser.options {
            for name in option.names {
                let spelled = shell == "fish" ? (name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())") : name
                #expect(text.contains(spelled), "\(shell) misses \(name)")
            }
        }
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
        #expect(try CompletionProbe.fish(script: text, line: "coinwatch st") == ["state"])
        #expect(try CompletionProbe.fish(script: text, line: "coinwatch --rules x state ") == ["reset", "show"])
        #expect(try CompletionProbe.fish(script: text, line: "coinwatch check --o") == ["--online"])
        #expect(try CompletionProbe.fish(script: text, line: "coinwatch --color ") == ["always", "auto", "never"])
    }

    @Test(.enabled(if: Shell.which("zsh") != nil, "zsh is not installed (apt-get install zsh)"))
    func zshCompletesCommandsOptionsAndValues() throws {
        let text = try script("zsh")
        #expect(try CompletionProbe.zsh(script: text, line: "coinwatch st") == ["state"])
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
