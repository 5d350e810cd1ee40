@testable import CoinWatchMarket
@testable import CoinWatchRules
import Foundation
import Testing
@testable import TestHelpers

/// rules.schema.json and `coinwatch check` agree: a corpus of small rules files made from the
/// validator's own tables (each duration key's limit just inside and just outside in every unit,
/// quiet hours, URL schemes, reserved headers, placeholders, mail addresses, provider names, chart
/// ranges, webhook formats' fields) goes through the binary and through Python's `jsonschema`
/// (Draft 2020-12, in the test venv), and each file gets the verdict it should from both — except
/// the files marked check-only, which the schema accepts and `check` refuses, each for a reason
/// docs/rules.md lists under "Checked by `check` only".
@Suite(.serialized) struct SchemaAgreementTests {
    /// One file of the corpus.
    struct Case {
        var name: String
        var document: [String: Any]
        var valid: Bool
        /// Why only `check` refuses it: a phrase of docs/rules.md's check-only list.
        var checkOnly: String?
    }

    static let durationSum = "a duration whose terms are each within the key's limit but whose sum is not"
    static let leapDay = "February 29 in a year that is not a leap year"
    static let favoriteCase = "favorites that differ only in case"

    static var rule: [String: Any] { ["id": "r", "coin": "bitcoin", "when": ["above": 1]] }

    /// A valid file with `top` merged in; `rule` and `sink` (named `s`, notified by the rule) when given.
    static func document(_ top: [String: Any] = [:], rule extra: [String: Any] = [:], sink: [String: Any]? = nil) -> [String: Any] {
        var ruleObject = rule.merging(extra) { _, new in new }
        var document: [String: Any] = ["favorites": ["bitcoin"]]
        if let sink {
            document["sinks"] = ["s": sink]
            ruleObject["notify"] = ["s"]
        }
        document["rules"] = [ruleObject]
        return document.merging(top) { _, new in new }
    }

    static func webhook(_ extra: [String: Any]) -> [String: Any] {
        ["type": "webhook", "format": "json", "url": "https://example.com/hook"].merging(extra) { _, new in new }
    }

    /// Where each duration key is written.
    static func placing(_ key: String, _ value: String) -> [String: Any] {
        switch key {
        case "interval", "listing_interval": document([key: value])
        case "cache_ttl", "timeout": document(["providers": [["name": "coingecko", key: value]]])
        case "stream_throttle": document(["vs_currency": "usdt", "providers": [["name": "binance", key: value]]])
        case "within": document(rule: ["when": ["move_pct": ["pct": 3, "within": value]]])
        default: document(rule: [key: value])
        }
    }

    static var durationCases: [Case] {
        var cases: [Case] = []
        for (key, maximum) in DurationLimits.maxima.sorted(by: { $0.key < $1.key }) {
            let positive = DurationLimits.positive.contains(key)
            cases.append(Case(name: "\(key) 0s", document: placing(key, "0s"), valid: !positive))
            cases.append(Case(name: "\(key) 1h1h", document: placing(key, "1s1s"), valid: false))
            for (unit, size) in DurationParser.units.sorted(by: { $0.value < $1.value }) {
                let whole = Int((maximum / size).rounded(.down))
                if whole >= 1 { cases.append(Case(name: "\(key) \(whole)\(unit)", document: placing(key, "\(whole)\(unit)"), valid: true)) }
                cases.append(Case(name: "\(key) \(whole + 1)\(unit)", document: placing(key, "\(whole + 1)\(unit)"), valid: false))
            }
            if maximum >= 120 {
                let sum = "\(Int(maximum) / 60 - 1)m61s"
                cases.append(Case(name: "\(key) \(sum)", document: placing(key, sum), valid: false, checkOnly: durationSum))
            }
        }
        cases.append(Case(name: "webhook timeout 11m", document: document(sink: webhook(["timeout": "11m"])), valid: false))
        cases.append(Case(name: "webhook timeout 1d", document: document(sink: webhook(["timeout": "1d"])), valid: false))
        cases.append(Case(name: "webhook timeout 10m", document: document(sink: webhook(["timeout": "10m"])), valid: true))
        return cases
    }

    static var sinkCases: [Case] {
        var cases: [Case] = []
        func add(_ name: String, _ sink: [String: Any], _ valid: Bool) { cases.append(Case(name: name, document: document(sink: sink), valid: valid)) }
        for (hours, valid) in [("23:00-07:00", true), ("7:00-07:30", true), (" 23:00 - 7:00 ", true), ("0:00-23:59", true),
                               ("25:00-07:00", false), ("07:00-07:00", false), ("7:00-07:00", false), ("24:00-01:00", false),
                               ("23:60-01:00", false), ("007:00-08:00", false), ("7:0-8:00", false), ("late", false)] {
            add("quiet_hours \(hours)", webhook(["quiet_hours": hours]), valid)
        }
        for (url, valid) in [("https://example.com/x", true), ("HTTPS://example.com", true), ("http://h:8080", true),
                             ("https://exa mple.com", false), ("https://", false), ("https:///x", false), ("ftp://x", false),
                             ("https://:80/x", false), ("https://ex\u{7f}", false), ("example.com", false)] {
            add("webhook url \(url)", webhook(["url": url]), valid)
        }
        for name in RulesValidator.reservedHeaders.sorted() + ["Proxy-Authorization", "PROXY-x"] {
            add("header \(name)", webhook(["headers": [name: "1"]]), false)
        }
        add("header X-Token", webhook(["headers": ["X-Token": "a", "a!#$%&'*+-.^_`|~": "b"]]), true)
        add("header name with a space", webhook(["headers": ["Bad Name": "a"]]), false)
        add("header value CRLF", webhook(["headers": ["X-A": "a\r\nX-B: b"]]), false)
        add("header value NUL", webhook(["headers": ["X-A": "a\u{0}"]]), false)
        for (format, needs) in WebhookConfig.Format.allCases.map({ ($0, $0.requiredFields) }) {
            var complete: [String: Any] = ["type": "webhook", "format": format.rawValue]
            if format.type.defaultURL == nil { complete["url"] = "https://example.com/hook" }
            for field in needs { complete[field] = "1" }
            add("\(format) complete", complete, true)
            for field in needs + (complete["url"] == nil ? [] : ["url"]) {
                add("\(format) without \(field)", complete.filter { $0.key != field }, false)
            }
        }
        for (chatID, valid) in [(123 as Any, true), ("" as Any, false), (1.5 as Any, false), (9_007_199_254_740_993.0 as Any, false),
                                ("-100123" as Any, true)] {
            add("chat_id \(chatID)", ["type": "webhook", "format": "telegram", "url": "https://example.com/bot", "chat_id": chatID], valid)
        }
        for (range, valid) in ChartRange.allCases.map({ ($0.rawValue, true) }) + [("1D", true), ("2d", false)] {
            add("chart \(range)", webhook(["format": "discord", "chart": range]), valid)
        }
        let command: (Any) -> [String: Any] = { ["type": "command", "argv": $0] }
        for (argv, valid) in [(["notify-send", "{symbol}", "{message}"], true), ([""], false), (["{symbol}"], false),
                              (["x", "{nope}"], false), (["x", "{{literal}}"], true), (["x", "a\u{0}"], false), (["x", "{price"], false),
                              (["x}"], false), (["x", "}}"], true)] {
            add("argv \(argv)", command(argv), valid)
        }
        add("argv []", command([String]()), false)
        let email: ([String: Any]) -> [String: Any] = {
            ["type": "email", "url": "smtps://mail.example.org:465", "from": "coinwatch <cw@example.org>", "to": ["me@example.org"]]
                .merging($0) { _, new in new }
        }
        for (address, valid) in [("me@example.org", true), ("Ann Lee <me@example.org>", true), ("<a@b>", true), ("not an address", false),
                                 ("a@b@c", false), ("a@", false), ("Ann <a b@c>", false), ("a,b@c", false), ("Ann <a@b", false),
                                 ("a@b\r\nBcc: x@y", false)] {
            add("to \(address)", email(["to": [address]]), valid)
            add("from \(address)", email(["from": address]), valid)
        }
        add("to []", email(["to": [String]()]), false)
        add("email url https", email(["url": "https://mail.example.org"]), false)
        add("email url smtp", email(["url": "smtp://mail.example.org:587"]), true)
        add("username without password", email(["username": "me"]), false)
        add("username and password", email(["username": "me", "password": "pw"]), true)
        return cases
    }

    static var otherCases: [Case] {
        var cases: [Case] = []
        func add(_ name: String, _ document: [String: Any], _ valid: Bool, _ checkOnly: String? = nil) {
            cases.append(Case(name: name, document: document, valid: valid, checkOnly: checkOnly))
        }
        for name in ProviderName.allCases {
            let vs = ProviderRegistry.knownCurrencies(name).first ?? "usd"
            for written in [name.rawValue, name.rawValue.uppercased(), name.rawValue.prefix(1).uppercased() + name.rawValue.dropFirst()] {
                add("provider \(written)", document(["vs_currency": vs, "providers": [["name": written]]]), true)
            }
        }
        add("provider kraken", document(["providers": [["name": "kraken"]]]), false)
        add("rule provider CoinGecko", document(rule: ["provider": "CoinGecko"]), true)
        add("rule provider nope", document(rule: ["provider": "nope"]), false)
        for placeholder in MessageTemplate.placeholders {
            add("message {\(placeholder)}", document(rule: ["message": "at {\(placeholder)}"]), true)
        }
        for (message, valid) in [("{nope}", false), ("", false), ("{{x}}", true), ("}", false), ("{price", false), ("{message}", false)] {
            add("message \(message)", document(rule: ["message": message]), valid)
        }
        for (range, valid) in [("7d", true), ("MAX", true), ("2y", false)] {
            add("rule chart \(range)", document(rule: ["chart": range]), valid)
        }
        for (url, valid) in [("https://api.example.com", true), ("file:///srv/captures", true), ("file://x", false), ("ws://x", false)] {
            add("base_url \(url)", document(["providers": [["name": "coingecko", "base_url": url]]]), valid)
        }
        for (url, valid) in [("wss://stream.example.com/ws", true), ("https://x", false), ("wss://a b", false)] {
            add("ws_url \(url)", document(["vs_currency": "usdt", "providers": [["name": "binance", "ws_url": url]]]), valid)
        }
        for (url, valid) in [("https://hc-ping.com/x", true), ("https://hc ping", false)] {
            add("heartbeat \(url)", document(["heartbeat": ["url": url]]), valid)
        }
        let lot: (String) -> [String: Any] = { document(["holdings": [["coin": "bitcoin", "amount": 1, "price": 1, "date": $0]]]) }
        for (date, valid) in [("2024-03-01", true), ("2024-02-29", true), ("2024-03-01T10:00:00+09:00", true), ("2024-13-01", false),
                              ("2024-02-30", false), ("1969-12-31", false), ("2024-04-31", false), ("2024-03-01T24:00", false)] {
            add("lot date \(date)", lot(date), valid)
        }
        add("lot date 2023-02-29", lot("2023-02-29"), false, leapDay)
        add("expires 2030-06-31", document(rule: ["expires": "2030-06-31"]), false)
        for (coin, valid) in [("ethereum", true), ("*", false), ("Portfolio", false), ("a/b", false), (" ", false)] {
            add("lot coin \(coin)", document(["holdings": [["coin": coin, "amount": 1, "price": 1]]]), valid)
        }
        add("favorites bitcoin Bitcoin", document(["favorites": ["bitcoin", "Bitcoin"]]), false, favoriteCase)
        for (favorite, valid) in [("*", false), ("Portfolio", false), ("portfolio-token", true), (" ", false)] {
            add("favorites bitcoin \(favorite)", document(["favorites": ["bitcoin", favorite]]), valid)
        }
        return cases
    }

    static var corpus: [Case] { durationCases + sinkCases + otherCases }

    /// Each file's verdict from Python's jsonschema against the committed schema.
    static func schemaVerdicts(_ paths: [String]) throws -> [Bool] {
        let python: String
        switch TestVenv.python(installed: "import jsonschema", package: "jsonschema") {
        case .success(let path): python = path
        case .failure(let failure): throw failure
        }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            print(json.dumps([validator.is_valid(json.load(open(p))) for p in sys.argv[2:]]))
            """
        let run = try Shell.execute(python, ["-c", script, Fixtures.root + "/rules.schema.json"] + paths,
                                    environment: [:], cwd: nil, timeout: 120)
        try #require(run.status == 0, "\(run.stderr)")
        return try JSONDecoder().decode([Bool].self, from: Data(run.stdout.utf8))
    }

    @Test func checkAndTheSchemaGiveEveryFileOfTheCorpusTheSameVerdict() throws {
        let folder = try TempDir()
        var paths: [String] = []
        for (index, item) in Self.corpus.enumerated() {
            let path = folder.path + "/case\(index).json"
            try JSONSerialization.data(withJSONObject: item.document, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        #expect(Self.corpus.count >= 250, "\(Self.corpus.count) files")
        #expect(Self.corpus.contains { $0.valid } && Self.corpus.contains { !$0.valid })
        let schema = try Self.schemaVerdicts(paths)
        try #require(schema.count == paths.count)
        let environment = ["HOME": folder.path, "XDG_STATE_HOME": folder.path + "/state", "XDG_CONFIG_HOME": folder.path + "/config"]
        for (index, item) in Self.corpus.enumerated() {
            let run = try Binary.run(["check", "--rules", paths[index]], environment: environment)
            #expect(run.status == (item.valid ? 0 : 65), "check: \(item.name) → \(run.status) \(run.stderr)")
            #expect(schema[index] == (item.valid || item.checkOnly != nil), "schema: \(item.name) → \(schema[index])")
        }
    }

    @Test func everyCheckOnlyReasonIsListedInTheDocs() throws {
        let docs = try String(contentsOfFile: Fixtures.root + "/docs/rules.md", encoding: .utf8)
        for reason in Set(Self.corpus.compactMap(\.checkOnly)) {
            #expect(docs.contains(reason), "docs/rules.md lists \(reason)")
        }
    }
}
