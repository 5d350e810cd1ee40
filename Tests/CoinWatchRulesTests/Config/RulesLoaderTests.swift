import Testing
@testable import TestHelpers
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import CoinWatchMarket
@testable import CoinWatchRules

@Suite struct RulesLoaderTests {
    static let specExample = #"""
    {
      "$schema": "./rules.schema.json",
      "vs_currency": "usd",
      "interval": "60s",
      "providers": [
        {"name": "coingecko", "api_key_env": "COINGECKO_API_KEY"},
        {"name": "coinpaprika"}
      ],
      "favorites": ["bitcoin", "ethereum", "solana"],
      "defaults": {"cooldown": "1h", "notify": ["stdout", "log"]},
      "rules": [
        {"id": "btc-100k",   "coin": "bitcoin",  "when": {"crosses_above": 100000}},
        {"id": "eth-dip",    "coin": "ethereum", "when": {"below": 2000}, "repeat_every": "6h", "resolve": true},
        {"id": "big-mover",  "coin": "*",        "when": {"change_24h_abs": 10}, "notify": ["team-chat"]},
        {"id": "sol-high",   "coin": "solana",   "when": {"new_high": "24h"}},
        {"id": "btc-pump",   "coin": "bitcoin",  "when": {"move_pct": {"pct": 3, "within": "1h"}},
         "message": "{symbol} jumped {change_24h} today, now {price}"}
      ],
      "sinks": {
        "log":       {"type": "file", "path": "alerts.jsonl"},
        "team-chat": {"type": "webhook", "format": "slack", "url": "${SLACK_WEBHOOK_URL}"}
      }
    }
    """#

    static var expected: RulesFile {
        var file = RulesFile(path: RulesFixture.path)
        file.providers = [ProviderConfig(name: .coingecko, apiKeyEnv: "COINGECKO_API_KEY"), ProviderConfig(name: .coinpaprika)]
        file.favorites = ["bitcoin", "ethereum", "solana"]
        file.defaults.cooldown = 3_600
        file.defaults.notify = ["stdout", "log"]
        var ethDip = Rule(id: "eth-dip", coin: "ethereum", condition: .below(2_000))
        ethDip.repeatEvery = 21_600
        ethDip.resolve = true
        var bigMover = Rule(id: "big-mover", coin: "*", condition: .change24hAbs(10))
        bigMover.notify = ["team-chat"]
        var pump = Rule(id: "btc-pump", coin: "bitcoin", condition: .movePct(pct: 3, within: 3_600))
        pump.message = "{symbol} jumped {change_24h} today, now {price}"
        file.rules = [
            Rule(id: "btc-100k", coin: "bitcoin", condition: .crossesAbove(100_000)),
            ethDip, bigMover,
            Rule(id: "sol-high", coin: "solana", condition: .newHigh(.h24)),
            pump,
        ]
        file.sinks = [
            "stdout": .stdout,
            "log": .file(path: "/srv/cw/alerts.jsonl"),
            "team-chat": .webhook(WebhookConfig(url: "https://hooks.slack.com/services/T0/B0/s3cr3t", format: .slack)),
        ]
        file.sinkOrder = ["stdout", "log", "team-chat"]
        file.secrets = ["https://hooks.slack.com/services/T0/B0/s3cr3t"]
        return file
    }

    @Test func aVariableInAFileSinksPathIsNoSecretButOneInAWebhookURLIs() throws {
        let json = #"{"sinks": {"log": {"type": "file", "path": "${CW_LOGS}/alerts.jsonl"},"#
            + #" "chat": {"type": "webhook", "format": "slack", "url": "https://hooks.slack.com/services/${SLACK_PATH}"}}}"#
        let loaded = try RulesFixture.load(json, environment: ["CW_LOGS": "/home/alice/logs", "SLACK_PATH": "T0/B0/s3cr3t"]).get()
        #expect(loaded.rules.secrets.contains("T0/B0/s3cr3t"))
        #expect(!loaded.rules.secrets.contains("/home/alice/logs"), "a home folder would be masked in every path printed")
    }

    @Test func specExampleLoadsAsTheExpectedRulesFile() throws {
        let loaded = try RulesFixture.load(Self.specExample).get()
        #expect(loaded.rules == Self.expected)
        #expect(loaded.warnings.isEmpty)
    }

    @Test func emptyObjectGivesTheDefaults() throws {
        let rules = try #require(RulesFixture.rules("{}"))
        #expect(rules == RulesFile(path: RulesFixture.path))
        #expect(rules.sinks["stdout"] == .stdout)
    }

    @Test func unsetVariableIsNamedWithItsPathAndNoValue() {
        var environment = RulesFixture.environment
        environment["SLACK_WEBHOOK_URL"] = nil
        let errors = RulesFixture.diagnostics(Self.specExample, environment: environment)
        #expect(errors.count == 1)
        let error = errors.first
        #expect(error?.jsonPath == "sinks.team-chat.url")
        #expect(error?.message.contains("SLACK_WEBHOOK_URL is not set") == true)
        #expect(error?.line == 21)
        #expect(error?.column == 64)
    }

    @Test func malformedJSONGivesLineAndColumn() {
        let errors = RulesFixture.diagnostics("{\n  \"interval\": \"60s\"\n  \"favorites\": []\n}")
        #expect(errors.count == 1)
        #expect(errors.first?.line == 3)
        #expect(errors.first?.column == 3)
        #expect(errors.first?.description == "/srv/cw/rules.json:3:3: expected ',' or '}' after an object member, found '\"'")
    }

    @Test func diagnosticDescriptionReadsFileLineColumnPathMessage() {
        let diagnostic = Diagnostic(file: "rules.json", line: 12, column: 15, jsonPath: "rules[2].when",
                                    message: "unknown condition 'abvoe'. Did you mean 'above'?")
        #expect(diagnostic.description == "rules.json:12:15: rules[2].when: unknown condition 'abvoe'. Did you mean 'above'?")
        var warning = diagnostic
        warning.severity = .warning
        #expect(warning.description.hasPrefix("rules.json:12:15: warning: rules[2].when: "))
    }

    @Test func everyErrorIsReportedInOneGoSortedByPosition() {
        let json = """
        {
          "interval": "soon",
          "favorites": ["bitcoin", "BITCOIN"],
          "rules": [
            {"id": "a", "coin": "doge", "when": {"abvoe": 1}},
            {"id": "a", "coin": "bitcoin", "when": {"below": "x"}}
          ],
          "sinks": {"hook": {"type": "webhook", "format": "slak", "url": "https://x.example"}}
        }
        """
        let errors = RulesFixture.diagnostics(json)
        #expect(errors.map(\.jsonPath) == [
            "interval", "favorites[1]", "rules[0].coin", "rules[0].when", "rules[1].id", "rules[1].when.below", "sinks.hook.format",
        ])
        let lines = errors.compactMap(\.line)
        #expect(lines == lines.sorted())
    }

    @Test func missingFileSaysWhatToDo() {
        do {
            _ = try RulesLoader.load(path: "/nonexistent/coinwatch/rules.json", environment: [:])
            Issue.record("loaded")
        } catch {
            #expect(error == .unreadable(path: "/nonexistent/coinwatch/rules.json",
                                         reason: "rules.json not found at /nonexistent/coinwatch/rules.json; create a starter one with 'coinwatch init' or pass --rules PATH"))
            #expect(error.exitCode == .noInput)
        }
    }

    @Test func folderIsUnreadable() {
        do {
            _ = try RulesLoader.load(path: "/tmp", environment: [:])
            Issue.record("loaded")
        } catch {
            #expect(error.description.contains("is a folder"))
            #expect(error.exitCode == .noInput)
        }
    }

    @Test func loadReadsTheFileAndResolvesPathsAgainstItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/coinwatch-config-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/rules.json"
        let json = #"{"sinks": {"log": {"type": "file", "path": "logs/../alerts.jsonl"}}}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = try RulesLoader.load(path: path, environment: [:])
        #expect(loaded.rules.path == path)
        #expect(loaded.rules.sinks["log"] == .file(path: folder + "/alerts.jsonl"))
    }

    @Test func fileOverTheLimitOnDiskIsInvalidNotUnreadable() throws {
        let path = FileManager.default.temporaryDirectory.path + "/coinwatch-big-\(UInt64.random(in: 0...UInt64.max)).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(("{" + String(repeating: " ", count: 3 << 20) + "}").utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try RulesLoader.load(path: path, environment: [:])
            Issue.record("loaded")
        } catch {
            #expect(error.exitCode == .dataError)
            #expect(error.description.contains("larger than the limit of 1 MiB"))
        }
    }

    @Test func invalidFileMapsToExit65() {
        guard case .failure(let error) = RulesFixture.load("[]") else {
            Issue.record("loaded")
            return
        }
        #expect(error.exitCode == .dataError)
        #expect(error.description.contains("must hold a JSON object"))
    }
}
