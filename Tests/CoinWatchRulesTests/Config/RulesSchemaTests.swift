@testable import CoinWatchSupport
@testable import CoinWatchMarket
@testable import CoinWatchRules
import Foundation
import Testing
@testable import TestHelpers

/// rules.schema.json (JSON Schema 2020-12) describes rules.json completely: the example and every
/// rules file under Fixtures/ validate, broken documents do not, and it names exactly the keys
/// and values coinwatch itself accepts.
@Suite struct RulesSchemaTests {
    static let environment = [
        "HOME": "/home/ann", "SLACK_WEBHOOK_URL": "https://hooks.slack.com/services/T0/B0/x",
        "DISCORD_WEBHOOK_URL": "https://discord.com/api/webhooks/1/x", "TELEGRAM_TOKEN": "1:x", "NTFY_TOPIC": "t",
        "NTFY_TOKEN": "tk", "TEAMS_WORKFLOW_URL": "https://prod.example/workflows/x", "HOOK_KEY": "k",
    ]

    static func node(_ path: String) throws -> JSONNode {
        try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static func schema() throws -> SchemaValidator {
        SchemaValidator(schema: try node(Fixtures.root + "/rules.schema.json"))
    }

    /// rules.example.json and every `*.json` under Fixtures/rules.
    static var rulesFiles: [String] {
        let folder = Fixtures.root + "/Fixtures/rules"
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return [Fixtures.root + "/rules.example.json"]
            + names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
    }

    @Test func schemaIsDraft2020AndUsesOnlyKeywordsTheTestValidatorApplies() throws {
        let root = try Self.node(Fixtures.root + "/rules.schema.json")
        #expect(root["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        #expect(try Self.schema().unsupportedKeywords() == [])
    }

    @Test func theExampleAndTheFixturesPointAtTheSchema() throws {
        #expect(try Self.node(Fixtures.root + "/rules.example.json")["$schema"]?.stringValue == "./rules.schema.json")
        #expect(Self.rulesFiles.count >= 4)
    }

    @Test(arguments: rulesFiles)
    func rulesFileValidatesAgainstTheSchema(_ path: String) throws {
        let errors = try Self.schema().errors(try Self.node(path))
        #expect(errors == [], "\(path)")
    }

    @Test(arguments: rulesFiles)
    func rulesFileIsValidForCoinwatchToo(_ path: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let loaded = try RulesLoader.parse(bytes: bytes, path: path, environment: Self.environment)
        #expect(!loaded.rules.rules.isEmpty)
    }

    /// Broken documents, each with the JSON path the schema complains about. coinwatch's own
    /// validator refuses each of them too.
    static let invalid: [(String, String)] = [
        (#"{"favorites": ["bitcoin"], "rulez": []}"#, ": unknown key rulez"),
        (#"{"interval": 60}"#, "interval: expected string"),
        (#"{"interval": "1 hour"}"#, "interval: 1 hour does not match"),
        (#"{"interval": "0s"}"#, "interval: 0s does not match"),
        (#"{"vs_currency": "us-d"}"#, "vs_currency: us-d does not match"),
        (#"{"providers": []}"#, "providers: fewer than 1 items"),
        (#"{"providers": [{"name": "kraken"}]}"#, "providers[0].name: kraken does not match"),
        (#"{"providers": [{"name": "coingecko", "api_key": "x"}]}"#, "providers[0]: unknown key api_key"),
        (#"{"providers": [{"name": "coingecko", "api_key_env": "sk-123-abc"}]}"#, "providers[0].api_key_env: sk-123-abc does not match"),
        (#"{"favorites": ["bitcoin", "bitcoin"]}"#, "favorites[0]: repeated item"),
        (#"{"favorites": ["bitcoin"], "rules": [{"coin": "bitcoin", "when": {"above": 1}}]}"#, "rules[0]: missing required key id"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a b", "coin": "bitcoin", "when": {"above": 1}}]}"#, "rules[0].id: a b does not match"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {}}]}"#, "rules[0].when: fewer than 1 keys"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1, "below": 2}}]}"#,
         "rules[0].when: more than 1 keys"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"abov": 1}}]}"#, "rules[0].when: unknown key abov"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": -1}}]}"#, "rules[0].when.above: below 0"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"new_high": "1w"}}]}"#,
         "rules[0].when.new_high: not one of the allowed values"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"move_pct": {"pct": 0, "within": "1h"}}}]}"#,
         "rules[0].when.move_pct.pct: matches none of anyOf"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"move_pct": {"pct": 3}}}]}"#,
         "rules[0].when.move_pct: missing required key within"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"enters_range": [1, 2, 3]}}]}"#,
         "rules[0].when.enters_range: more than 2 items"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}, "cooldown": "soon"}]}"#,
         "rules[0].cooldown: soon does not match"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"new_high": "7d"}, "rearm": 2}]}"#,
         "rules[0].when: matches none of anyOf"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"crosses": 5}, "resolve": true}]}"#,
         "rules[0].when: matches none of anyOf"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}, "expires": "next friday"}]}"#,
         "rules[0].expires: next friday does not match"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}, "once": "yes"}]}"#,
         "rules[0].once: expected boolean"),
        (#"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}, "notify": []}]}"#,
         "rules[0].notify: fewer than 1 items"),
        (#"{"sinks": {"log": {"type": "file"}}}"#, "sinks.log: missing required key path"),
        (#"{"sinks": {"log": {"type": "file", "path": "a", "url": "https://x"}}}"#, "sinks.log: unknown key url"),
        (#"{"sinks": {"log": {"type": "sms"}}}"#, "sinks.log.type: not one of the allowed values"),
        (#"{"sinks": {"mail": {"type": "email"}}}"#, "sinks.mail: missing required key url"),
        (#"{"sinks": {"mail": {"type": "email", "url": "https://x", "from": "a@b.c", "to": ["d@e.f"]}}}"#, "sinks.mail.url: https://x does not match"),
        (#"{"sinks": {"mail": {"type": "email", "url": "smtp://localhost", "from": "a@b.c", "to": ["d@e.f"], "tls": "off"}}}"#,
         "sinks.mail.tls: not one of the allowed values"),
        (#"{"sinks": {"mail": {"type": "email", "url": "smtp://mx.example.org", "from": "a@b.c", "to": ["d@e.f"], "tls": "none"}}}"#,
         "sinks.mail.url: smtp://mx.example.org does not match"),
        (#"{"sinks": {"mail": {"type": "email", "url": "smtp://[::1]", "from": "a@b.c", "to": ["d@e.f"], "tls": "none", "username": "u", "password": "p"}}}"#,
         "sinks.mail: matches what `not` forbids"),
        (#"{"sinks": {"run": {"type": "command", "argv": []}}}"#, "sinks.run.argv: fewer than 1 items"),
        (#"{"sinks": {"run": {"type": "command"}}}"#, "sinks.run: missing required key argv"),
        (#"{"sinks": {"room": {"type": "webhook", "format": "matrix", "url": "https://x", "token": "t"}}}"#, "sinks.room: missing required key room"),
        (#"{"sinks": {"stdout": {"type": "file", "path": "x"}}}"#, "sinks.stdout.type: not the required value"),
        (#"{"sinks": {"chat": {"type": "webhook", "format": "slack"}}}"#, "sinks.chat: missing required key url"),
        (#"{"sinks": {"chat": {"type": "webhook", "format": "irc", "url": "https://x"}}}"#, "sinks.chat.format: not one of the allowed values"),
        (#"{"sinks": {"chat": {"type": "webhook", "format": "telegram", "url": "https://x"}}}"#, "sinks.chat: missing required key chat_id"),
        (#"{"sinks": {"chat": {"type": "webhook", "format": "slack", "url": "ftp://x"}}}"#, "sinks.chat.url: ftp://x does not match"),
        (#"{"sinks": {"chat": {"type": "webhook", "format": "slack", "url": "https://x", "quiet_hours": "late"}}}"#,
         "sinks.chat.quiet_hours: late does not match"),
        (#"{"sinks": {"chat": {"type": "webhook", "format": "slack", "url": "https://x", "headers": {"X-A": 1}}}}"#,
         "sinks.chat.headers.X-A: expected string"),
        (#"{"control": {"telegram": {"users": [1]}}}"#, "control.telegram: missing required key sink"),
        (#"{"control": {"telegram": {"sink": "t", "users": ["1"]}}}"#, "control.telegram.users[0]: expected integer"),
        (#"{"control": {"matrix": {"sink": "m", "admins": ["ana"]}}}"#, "control.matrix.admins[0]: ana does not match"),
        (#"{"control": {"irc": {}}}"#, "control: unknown key irc"),
    ]

    @Test func invalidDocumentsFailTheSchemaWhereTheyAreWrong() throws {
        let schema = try Self.schema()
        for (json, expected) in Self.invalid {
            let errors = schema.errors(try JSONParser.parse(Array(json.utf8)))
            #expect(errors.contains { $0.hasPrefix(expected) }, "\(json) → \(errors)")
            #expect(RulesFixture.rules(json, environment: Self.environment) == nil, "coinwatch also refuses \(json)")
        }
    }

    /// `"tls": "none"` to a loopback host without a password (SPEC §3): the schema and coinwatch both take it.
    @Test(arguments: ["smtp://localhost:25", "smtp://127.0.0.1:2525", "smtp://[::1]", "${SMTP_URL}"])
    func mailWithoutTLSToALoopbackHostValidates(_ url: String) throws {
        let json = #"{"sinks": {"mail": {"type": "email", "url": "\#(url)", "from": "a@b.c", "to": ["d@e.f"], "tls": "none"}}}"#
        #expect(try Self.schema().errors(try JSONParser.parse(Array(json.utf8))) == [])
        #expect(RulesFixture.rules(json, environment: Self.environment.merging(["SMTP_URL": "smtp://localhost"]) { $1 }) != nil,
                "\(RulesFixture.diagnostics(json, environment: Self.environment.merging(["SMTP_URL": "smtp://localhost"]) { $1 }))")
    }

    @Test func theSchemaNamesExactlyTheKeysCoinwatchAccepts() throws {
        let root = try Self.node(Fixtures.root + "/rules.schema.json")
        func keys(_ node: JSONNode?) -> Set<String> { Set(node?["properties"]?.members?.map(\.key) ?? []) }
        func values(_ node: JSONNode?) -> Set<String> { Set(node?["enum"]?.elements?.compactMap(\.stringValue) ?? []) }
        let defs = root["$defs"]
        #expect(keys(root) == Set(RulesValidator.topLevelKeys))
        #expect(keys(defs?["rule"]) == Set(RulesValidator.ruleKeys))
        #expect(keys(defs?["when"]) == Set(ConditionRegistry.keys))
        #expect(keys(defs?["provider"]) == Set(RulesValidator.providerKeys))
        #expect(keys(root["properties"]?["defaults"]) == Set(RulesValidator.defaultsKeys))
        #expect(keys(defs?["stdoutSink"]) == Set(RulesValidator.stdoutSinkKeys))
        #expect(keys(defs?["fileSink"]) == Set(RulesValidator.fileSinkKeys))
        #expect(keys(defs?["webhookSink"]) == Set(RulesValidator.webhookSinkKeys))
        #expect(keys(defs?["commandSink"]) == Set(RulesValidator.commandSinkKeys))
        #expect(keys(defs?["emailSink"]) == Set(RulesValidator.emailSinkKeys))
        #expect(defs?["provider"]?["properties"]?["name"]?["pattern"]?.stringValue == SchemaPattern.words(ProviderName.allCases.map(\.rawValue)))
        #expect(values(defs?["webhookSink"]?["properties"]?["format"]) == Set(WebhookConfig.Format.allCases.map(\.rawValue)))
        #expect(values(defs?["window"]) == Set(Window.allCases.map(\.rawValue)))
        #expect(values(defs?["sink"]?["properties"]?["type"]) == Set(RulesValidator.sinkTypes))
    }

    @Test func durationPatternsAcceptWhatTheParserAccepts() throws {
        let root = try Self.node(Fixtures.root + "/rules.schema.json")
        let any = try #require(root["$defs"]?["duration_cooldown"]?["pattern"]?.stringValue)
        let positive = try #require(root["$defs"]?["duration_within"]?["pattern"]?.stringValue)
        func matches(_ pattern: String, _ text: String) -> Bool {
            (try? NSRegularExpression(pattern: pattern))?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        for text in ["90s", "15m", "1h", "7d", "2w", "1h30m", "1.5h", "2w3d4h5m6s"] {
            #expect((try? DurationParser.parse(text)) != nil)
            #expect(matches(any, text) && matches(positive, text), "\(text)")
        }
        for text in ["0", "0s", "0h0m"] {
            #expect(matches(any, text) && !matches(positive, text), "\(text)")
        }
        for text in ["", "90", "1 h", "-1h", "1y", "h"] {
            #expect((try? DurationParser.parse(text)) == nil)
            #expect(!matches(any, text), "\(text)")
        }
    }
}
