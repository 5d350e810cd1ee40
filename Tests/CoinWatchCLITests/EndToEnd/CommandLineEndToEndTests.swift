import Foundation
import Testing
@testable import TestHelpers

/// The command line's manners, through the built binary.
@Suite struct CommandLineEndToEndTests {
    @Test func helpIsOnStdoutWithStatusZero() throws {
        let run = try Binary.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("OVERVIEW: "))
        #expect(run.stdout.contains("USAGE: coinwatch"))
        #expect(run.stdout.contains("OPTIONS:"))
        #expect(run.stdout.contains("SUBCOMMANDS:"))
        #expect(run.stdout.contains("--once"))
        #expect(run.stderr.isEmpty)
    }

    @Test func subcommandHelpDescribesIt() throws {
        let run = try Binary.run(["check", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: coinwatch check"))
        #expect(run.stdout.contains("--conditions"))
    }

    @Test func versionIsOnStdout() throws {
        let run = try Binary.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("coinwatch "))
    }

    @Test func unknownCommandSuggestsTheNearest() throws {
        let run = try Binary.run(["chek"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Unknown command 'chek'. Did you mean 'check'?"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    /// Red team (input3): an alert pass, `check` and `stream` ignored words they do not take, so `coinwatch -- --once`
    /// (the `--once` a word after `--`) ran the endless loop and `check extra` said OK; now each is one usage line.
    @Test func aWordACommandDoesNotTakeIsAUsageErrorEvenAfterDoubleDash() throws {
        let closed = try ClosedPort()
        let dir = try TempDir()
        let path = try dir.write("rules.json", #"{"providers": [{"name": "coingecko", "base_url": "\#(closed.baseURL)"}], "favorites": ["bitcoin"], "#
            + #""rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}}]}"#)
        let options = ["--rules", path, "--state", dir.path + "/state.json"]
        for (args, which) in [(options + ["--", "--once"], "an alert pass takes no arguments, got '--once'"),
                              (["check"] + options + ["extra"], "'check' takes no arguments, got 'extra'"),
                              (["stream", "--dry-run"] + options + ["--", "x"], "'stream' takes no arguments, got 'x'")] {
            let run = try Binary.run(args, timeout: 20)
            #expect(run.status == 64 && run.stderr.hasPrefix("Error: \(which). Usage: coinwatch")
                    && run.stderr.split(separator: "\n").count == 1, "\(args): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/state.json"), "no pass ran")
    }

    /// Red team (input3): an unknown option with no near name, or an unknown `state` word, said only what was wrong;
    /// `--interval 0s` was "not a duration".
    @Test func aUsageErrorWithoutADidYouMeanSaysWhereToLook() throws {
        let option = try Binary.run(["check", "--bogus"])
        #expect(option.status == 64 && option.stderr == "Error: Unknown option '--bogus'. See 'coinwatch check --help'.\n", "\(option.stderr)")
        let state = try Binary.run(["state", "bogus"])
        #expect(state.status == 64 && state.stderr == "Error: Unknown state command 'bogus'. Use show or reset.\n", "\(state.stderr)")
        let metrics = try Binary.run(["--once", "--metrics", ""])
        #expect(metrics.status == 64 && metrics.stderr.contains("such as '--metrics ./coinwatch.prom'"), "\(metrics.stderr)")
        for (flag, command) in [("--interval", "watch"), ("--step", "backtest")] {
            let zero = try Binary.run([command, flag, "0s"])
            #expect(zero.status == 64 && zero.stderr.hasPrefix("Error: '\(flag) 0s' must be longer than 0s;"), "\(zero.stderr)")
        }
        let log = try Binary.run(["log", "--file", ""])
        #expect(log.status == 64 && log.stderr.contains("such as '--file ./alerts.jsonl'"), "\(log.stderr)")
    }

    @Test func missingOptionValueIsAUsageError() throws {
        let run = try Binary.run(["--once", "--rules"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("Missing value for '--rules"))
        // An option in the value's place is the next option, not the value (it said "takes no arguments, got 'x'").
        for args in [["log", "--coin", "--rules", "x"], ["--once", "--state", "--rules=x"]] {
            let swallowed = try Binary.run(args)
            #expect(swallowed.status == 64 && swallowed.stderr.contains("Missing value for '\(args[1])"), "\(args): \(swallowed.stderr)")
        }
    }

    /// A single-valued option given twice is a usage error (it silently took the last); flags may repeat, and
    /// backtest's `--rule` is a list.
    @Test func aValueOptionGivenTwiceIsAUsageError() throws {
        let dir = try TempDir()
        let path = try dir.write("rules.json", #"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}}]}"#)
        let twice = try Binary.run(["--once", "--interval", "1m", "--rules", path, "--interval=5m"])
        #expect(twice.status == 64)
        #expect(twice.stderr == "Error: '--interval' was given twice ('1m', then '5m'); give it once.\n", "\(twice.stderr)")
        let rule = try Binary.run(["log", "--rule", "a", "--rule", "b", "--rules", path])
        #expect(rule.status == 64 && rule.stderr.contains("'--rule' was given twice"), "\(rule.stderr)")
        let flags = try Binary.run(["check", "-q", "--quiet", "--rules", path, "--state", dir.path + "/state.json"])
        #expect(flags.status == 0, "\(flags.stderr)")
        let rules = try Binary.run(["backtest", "--rule", "a", "--rule", "b", "--rules", path, "--state", dir.path + "/state.json"])
        #expect(!rules.stderr.contains("given twice"), "\(rules.stderr)")
    }

    /// `explain ''` names no rule: a usage error (it said "no rule ''" with status 1).
    @Test func anEmptyRuleIDIsAUsageError() throws {
        let dir = try TempDir()
        let path = try dir.write("rules.json", #"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}}]}"#)
        for (args, what) in [([""], "rule id"), ([" "], "rule id"), (["a", ""], "coin")] {
            let run = try Binary.run(["explain"] + args + ["--rules", path, "--state", dir.path + "/state.json"])
            #expect(run.status == 64, "\(args): \(run.stderr)")
            #expect(run.stderr.hasPrefix("Error: The \(what) is empty;") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
    }

    @Test func optionsMayFollowTheCommand() throws {
        let dir = try TempDir()
        let path = try dir.write("rules.json", #"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}}]}"#)
        let before = try Binary.run(["--rules", path, "check"])
        let after = try Binary.run(["check", "--rules", path])
        #expect(before.status == 0)
        #expect(before.stdout == after.stdout)
    }

    @Test func checkWarnsAboutAnExpiresThatHasPassedAndAPassDoesNot() throws {
        let server = try LoopbackServer { _ in .json("[]") }
        let dir = try TempDir()
        let path = try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(server.baseURL)"}], "favorites": ["bitcoin"],
         "rules": [{"id": "old", "coin": "bitcoin", "when": {"above": 1}, "expires": "2020-01-01T00:00:00Z"},
                   {"id": "new", "coin": "bitcoin", "when": {"above": 1}, "expires": "2999-01-01T00:00:00Z"}]}
        """)
        let run = try Binary.run(["check", "--rules", path])
        #expect(run.status == 0)
        let warnings = run.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.first?.hasPrefix("\(path):2:78: warning: rules[0].expires: ") == true, "\(run.stderr)")
        #expect(run.stderr.contains("has passed, so this rule is ignored"))
        let pass = try Binary.run(["--once", "--dry-run", "--rules", path, "--state", dir.path + "/state.json"])
        #expect(!pass.stderr.contains("has passed"), "a pass says nothing about it: cron would mail it every run")
    }

    @Test func checkPrintsThePlanAndMakesNoRequest() throws {
        let server = try LoopbackServer { _ in .json("[]") }
        let dir = try TempDir()
        let path = try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(server.baseURL)"}],
         "favorites": ["bitcoin", "ethereum"],
         "rules": [{"id": "btc-100k", "coin": "bitcoin", "when": {"crosses_above": 100000}},
                   {"id": "movers", "coin": "*", "when": {"change_24h_abs": 10}, "notify": ["chat"]}],
         "sinks": {"chat": {"type": "webhook", "format": "slack", "url": "${HOOK}"}}}
        """)
        let run = try Binary.run(["check", "--rules", path], environment: ["HOOK": "https://hooks.slack.com/services/T0/B0/SECRETPART"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("favorites (2): bitcoin, ethereum"))
        #expect(run.stdout.contains("rules (2, 3 pairs)"))
        #expect(run.stdout.contains("btc-100k"))
        #expect(run.stdout.contains("webhook slack to hooks.slack.com"))
        #expect(!run.stdout.contains("SECRETPART"))
        #expect(!run.stderr.contains("SECRETPART"))
        #expect(server.requests.isEmpty)
    }

    @Test func checkReportsEveryErrorAtOnceWithExit65() throws {
        let dir = try TempDir()
        let path = try dir.write("rules.json", """
        {
          "favorites": ["bitcoin"],
          "rules": [
            {"id": "a", "coin": "bitcoin", "when": {"abvoe": 1}},
            {"id": "a", "coin": "dogecoin", "when": {"below": 1}, "cooldown": "soon"}
          ],
          "sinks": {"chat": {"type": "webhook", "format": "slack", "url": "${NOT_SET_ANYWHERE}"}}
        }
        """)
        let run = try Binary.run(["check", "--rules", path])
        #expect(run.status == 65)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count >= 5, "\(run.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix(Substring(path + ":")) })
        #expect(run.stderr.contains("rules[0].when"))
        #expect(run.stderr.contains("rules[1].id"))
        #expect(run.stderr.contains("rules[1].coin"))
        #expect(run.stderr.contains("rules[1].cooldown"))
        #expect(run.stderr.contains("NOT_SET_ANYWHERE"))
        #expect(run.stdout.isEmpty)
    }

    @Test func checkConditionsListsEveryKind() throws {
        let run = try Binary.run(["check", "--conditions"])
        #expect(run.status == 0)
        for key in ["above", "below", "crosses_above", "crosses_below", "crosses", "change_24h_above",
                    "change_24h_below", "change_24h_abs", "new_high", "new_low", "move_pct", "enters_range", "exits_range"] {
            #expect(run.stdout.contains("  \(key) "), "\(key) missing")
        }
    }

    @Test func verboseLogsOneRedactedLinePerRequest() throws {
        let market = try MarketServer()
        market.set("bitcoin", price: 10)
        let dir = try TempDir()
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL.replacingOccurrences(of: "http://", with: "http://user:SEKRIT@"), rules: #"{"id": "a", "coin": "bitcoin", "when": {"above": 1000}}"#))
        let run = try Binary.run(["--once", "-v", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("GET http://127.0.0.1:") == true)
        #expect(!run.stderr.contains("SEKRIT"))
    }

    @Test func rulesDefaultToTheEnvironmentThenTheWorkingFolder() throws {
        let dir = try TempDir()
        try dir.write("rules.json", #"{"favorites": ["bitcoin"], "rules": []}"#)
        // A valid rules.json under XDG_CONFIG_HOME too, so only the working folder's is the right answer.
        let config = try TempDir()
        try FileManager.default.createDirectory(atPath: config.path + "/coinwatch", withIntermediateDirectories: true)
        try config.write("coinwatch/rules.json", #"{"favorites": [], "rules": []}"#)
        let fromCwd = try Binary.run(["check"], environment: ["XDG_CONFIG_HOME": config.path], cwd: dir.path)
        #expect(fromCwd.status == 0)
        // The binary names the folder as getcwd(3) gives it: symlinks in the temp path resolved.
        let cwd = URL(fileURLWithPath: dir.path).resolvingSymlinksInPath().path
        #expect(fromCwd.stdout.hasPrefix(cwd + "/rules.json: OK"), "\(fromCwd.stdout)")
        let other = try TempDir()
        let envPath = try other.write("mine.json", #"{"favorites": [], "rules": []}"#)
        let fromEnv = try Binary.run(["check"], environment: ["COINWATCH_RULES": envPath], cwd: dir.path)
        #expect(fromEnv.stdout.hasPrefix(envPath + ": OK"))
    }

    @Test func stateDefaultsUnderXDGStateHomeWithAPrivateFolder() throws {
        let market = try MarketServer()
        market.set("bitcoin", price: 10)
        let dir = try TempDir()
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"{"id": "a", "coin": "bitcoin", "when": {"above": 1000}}"#))
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json"], environment: ["XDG_STATE_HOME": dir.path + "/xdg"])
        #expect(run.status == 0, "\(run.stderr)")
        let folder = dir.path + "/xdg/coinwatch"
        #expect(FileManager.default.fileExists(atPath: folder + "/state.json"))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }
}
