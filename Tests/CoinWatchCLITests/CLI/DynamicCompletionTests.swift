@testable import CoinWatchMarket
@testable import CoinWatchCLI
import Foundation
import Testing
@testable import TestHelpers

/// Completion from the user's own files (SPEC §1 `completion`): bash, zsh and fish complete rule
/// ids, favorites, sink names and silence ids from rules.json and the state, through the hidden
/// `coinwatch __complete KIND`, run by the real shells with the built binary on their PATH.
@Suite struct DynamicCompletionTests {
    /// A rules file, a state with one silence in force, and the options that name them.
    private struct Files {
        let dir: TempDir
        let options: [String]
        let silence: String

        init() throws {
            dir = try TempDir()
            let rules = try dir.write("rules.json", """
            {"favorites": ["bitcoin", "ethereum", "solana"],
             "rules": [{"id": "btc-50k", "coin": "bitcoin", "when": {"above": 50000}},
                       {"id": "big-mover", "coin": "*", "when": {"change_24h_abs": 10}}],
             "sinks": {"team-chat": {"type": "file", "path": "a.jsonl"}, "log": {"type": "file", "path": "b.jsonl"}}}
            """)
            let state = dir.path + "/state.json"
            let added = try Binary.run(["silence", "add", "btc-50k", "--for", "1h", "--rules", rules, "--state", state])
            silence = String(added.stdout.prefix { $0 != " " })
            options = ["--rules", rules, "--state", state]
        }
    }

    /// A PATH on which the shells find the built `coinwatch`.
    private let environment = ["PATH": URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin"]

    @Test func theHiddenCommandPrintsEachKindFromTheFiles() throws {
        let files = try Files()
        #expect(!files.silence.isEmpty)
        let rules = try Binary.run(["__complete", "rules"] + files.options)
        #expect(rules.status == 0 && rules.stdout == "btc-50k\nbig-mover\n", "\(rules.stdout)\(rules.stderr)")
        #expect(try Binary.run(["__complete", "favorites"] + files.options).stdout == "bitcoin\nethereum\nsolana\n")
        #expect(try Binary.run(["__complete", "sinks"] + files.options).stdout == "team-chat\nlog\nstdout\n")
        #expect(try Binary.run(["__complete", "silences"] + files.options).stdout == files.silence + "\n")
        let unknown = try Binary.run(["__complete", "rulez"])
        #expect(unknown.status == 64 && unknown.stderr.contains("takes one of rules, favorites, sinks, silences"))
        let missing = try Binary.run(["__complete", "rules", "--rules", files.dir.path + "/none.json"])
        #expect(missing.status == 0 && missing.stdout.isEmpty && missing.stderr.isEmpty, "a missing file completes to nothing")
    }

    @Test func bashCompletesRuleIdsFavoritesSinksAndSilencesFromTheUsersFiles() throws {
        let files = try Files()
        let text = CompletionScript.text(for: .bash)
        func words(_ line: [String]) throws -> [String] {
            try CompletionProbe.bash(script: text, line: ["coinwatch"] + line, environment: environment)
        }
        #expect(try words(["explain"] + files.options + [""]) == ["big-mover", "btc-50k"])
        #expect(try words(["explain"] + files.options + ["btc-50k", "e"]) == ["ethereum"])
        #expect(try words(files.options + ["show", "s"]) == ["solana"])
        #expect(try words(files.options + ["favorites", "remove", "bitcoin", ""]) == ["bitcoin", "ethereum", "solana"])
        #expect(try words(files.options + ["silence", "add", "b"]) == ["big-mover", "bitcoin", "btc-50k"])
        #expect(try words(files.options + ["silence", "expire", ""]) == [files.silence])
        #expect(try words(files.options + ["notify", "--test", "--sink", ""]) == ["log", "stdout", "team-chat"])
        #expect(try words(files.options + ["state", "reset", "--rule", "bt"]) == ["btc-50k"])
        #expect(try words(files.options + ["init", "--sink", "te"]) == ["teams", "telegram"], "init's --sink is a format, not a sink")
        #expect(try words(files.options + ["favorites", ""]) == ["add", "list", "remove"], "first words still complete")
    }

    @Test(.enabled(if: Shell.which("fish") != nil, "fish is not installed (apt-get install fish)"))
    func fishCompletesRuleIdsFavoritesSinksAndSilencesFromTheUsersFiles() throws {
        let files = try Files()
        let text = CompletionScript.text(for: .fish)
        let on = files.options.joined(separator: " ")
        func words(_ line: String) throws -> [String] {
            try CompletionProbe.fish(script: text, line: "coinwatch " + line, environment: environment)
        }
        #expect(try words("\(on) explain ") == ["big-mover", "btc-50k"])
        #expect(try words("\(on) explain btc-50k e") == ["ethereum"])
        #expect(try words("\(on) silence expire ") == [files.silence])
        #expect(try words("\(on) notify --test --sink ").contains("team-chat"))
    }

    @Test(.enabled(if: Shell.which("zsh") != nil, "zsh is not installed (apt-get install zsh)"))
    func zshCompletesRuleIdsFavoritesAndSilencesFromTheUsersFiles() throws {
        let files = try Files()
        let text = CompletionScript.text(for: .zsh)
        let on = files.options.joined(separator: " ")
        func words(_ line: String) throws -> [String] {
            try CompletionProbe.zsh(script: text, line: "coinwatch " + line, environment: environment)
        }
        #expect(try words("\(on) explain ") == ["big-mover", "btc-50k"])
        #expect(try words("\(on) silence expire ") == [files.silence])
        #expect(try words("\(on) favorites remove bitcoin s") == ["solana"])
    }

    /// The option values each shell completes, the same cases in bash, zsh and fish: sink names for
    /// `notify --sink`, rule ids for `backtest --rule` and `state reset --rule`, webhook formats for
    /// `init --sink`, sort keys for `watch --sort`, chart ranges for `show --range`.
    @Test(.enabled(if: Shell.which("zsh") != nil && Shell.which("fish") != nil, "zsh and fish are not installed (make deps)"))
    func bashZshAndFishCompleteTheSameOptionValues() throws {
        let files = try Files()
        let on = files.options
        let cases: [(line: [String], expected: [String])] = [
            (on + ["notify", "--test", "--sink", ""], ["log", "stdout", "team-chat"]),
            (on + ["backtest", "--rule", ""], ["big-mover", "btc-50k"]),
            (on + ["state", "reset", "--rule", ""], ["big-mover", "btc-50k"]),
            (["init", "--sink", "t"], ["teams", "telegram"]),
            (["watch", "--sort", "p"], ["price"]),
            (["show", "bitcoin", "--range", ""], ChartRange.allCases.map(\.rawValue).sorted()),
        ]
        let bash = CompletionScript.text(for: .bash), zsh = CompletionScript.text(for: .zsh), fish = CompletionScript.text(for: .fish)
        for (line, expected) in cases {
            let typed = "coinwatch " + line.joined(separator: " ")
            #expect(try CompletionProbe.bash(script: bash, line: ["coinwatch"] + line, environment: environment) == expected, "bash: \(typed)")
            #expect(try CompletionProbe.zsh(script: zsh, line: typed, environment: environment) == expected, "zsh: \(typed)")
            #expect(try CompletionProbe.fish(script: fish, line: typed, environment: environment) == expected, "fish: \(typed)")
        }
    }
}
