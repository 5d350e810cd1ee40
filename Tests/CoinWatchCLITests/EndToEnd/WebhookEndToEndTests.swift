import Foundation
import Testing
@testable import TestHelpers

/// The binary as cron runs it, delivering to a loopback webhook receiver across passes (SPEC §3).
@Suite(.serialized) struct WebhookEndToEndTests {
    let rig: BinaryRig
    var market: MarketServer { rig.market }
    var receiver: WebhookReceiver { rig.receiver }
    var dir: TempDir { rig.dir }

    init() throws {
        rig = try BinaryRig()
    }

    /// Tiny backoff so four failing tries take milliseconds.
    private let fastRetries = ["COINWATCH_RETRY_BACKOFF": "0.001"]

    private func writeRules(_ rules: String, sinks: String, defaults: String = #"{"notify": ["hook"]}"#) throws {
        try rig.write(rules: rules, defaults: defaults, sinks: sinks)
    }

    private func pass(_ extra: [String] = [], env: [String: String] = [:]) throws -> Binary.Run {
        try rig.run(["--once"] + extra, environment: fastRetries.merging(env) { _, new in new })
    }

    private func rulesOf(_ body: String) -> [String] {
        let object = try? JSONSerialization.jsonObject(with: Data(body.utf8))
        let records = (object as? [[String: Any]]) ?? [(object as? [String: Any]) ?? [:]]
        return records.compactMap { $0["rule"] as? String }
    }

    private let twoRules = #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}, {"id": "up", "coin": "bitcoin", "when": {"crosses_above": 120}}"#

    @Test func undeliveredAlertsAreQueuedThenSentFirstThenNeverAgain() throws {
        try writeRules(twoRules, sinks: #"{"hook": {"type": "webhook", "format": "json", "url": "\#(receiver.url("/hook"))"}}"#)
        receiver.script(.status(500), .status(500), .status(500), .status(500))
        market.set("bitcoin", price: 90)
        let first = try pass()
        #expect(first.status == 0, "safely queued: \(first.stderr)")
        #expect(receiver.requests.count == 4, "one try and three retries within the pass")
        #expect(first.stderr.contains("webhook 'hook'") && first.stderr.contains("HTTP 500") && first.stderr.contains("queued"),
                "\(first.stderr)")
        #expect(first.stderr.split(separator: "\n").count == 1)

        market.set("bitcoin", price: 150)
        let second = try pass()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.isEmpty, "\(second.stderr)")
        let sent = receiver.requests.dropFirst(4)
        #expect(sent.map { rulesOf($0.bodyText) } == [["lo"], ["up"]], "the queued alert first, then the new one")
        #expect(sent.first?.header("Idempotency-Key") == receiver.requests.first?.header("Idempotency-Key"),
                "the same key on every retry")

        let third = try pass()
        #expect(third.status == 0)
        #expect(receiver.requests.count == 6, "nothing answered 2xx is sent again")
    }

    @Test func aWebhookThatRefusesForGoodExitsOneAndRecordsTheAlert() throws {
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                       sinks: #"{"hook": {"type": "webhook", "format": "slack", "url": "\#(receiver.url("/hook"))"}, "log": {"type": "file", "path": "alerts.jsonl"}}"#,
                       defaults: #"{"notify": ["hook", "log"]}"#)
        receiver.script(.text("invalid_payload", status: 400))
        market.set("bitcoin", price: 90)
        let run = try pass()
        #expect(run.status == 1)
        #expect(receiver.requests.count == 1, "a 4xx is not retried")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("HTTP 400: invalid_payload") && lines[0].contains("refused for good"), "\(run.stderr)")
        let log = try #require(dir.read("alerts.jsonl")).split(separator: "\n")
        #expect(log.count == 2, "the alert, then its undelivered record")
        #expect(log.last?.contains(#""reason":"refused""#) == true)
        _ = try pass()
        #expect(receiver.requests.count == 1, "a refused alert is not queued")
    }

    @Test func secretsAppearInNoOutputStateOrFileAcrossFailingAndSucceedingRuns() throws {
        let slackPath = "/services/T0CW/B0CW/SeCrEtHoOkPaTh"
        let botToken = "987654:TgSeCrEtToKeN"
        let bearer = "tok_SECRET_42xyz"
        let sinks = """
        {"slack": {"type": "webhook", "format": "slack", "url": "\(receiver.url(slackPath))",
                   "headers": {"Authorization": "Bearer ${HOOK_TOKEN}"}},
         "tg": {"type": "webhook", "format": "telegram", "url": "\(receiver.url("/bot" + botToken))", "chat_id": 42},
         "log": {"type": "file", "path": "alerts.jsonl"}}
        """
        try writeRules(twoRules, sinks: sinks, defaults: #"{"notify": ["stdout", "slack", "tg", "log"]}"#)
        let env = ["HOOK_TOKEN": bearer]
        // Failing first: every answer a 503 that echoes the credential and the URL's path; then all succeed.
        let echo = Reply.text("bad auth Bearer \(bearer) for \(slackPath) and bot\(botToken)", status: 503)
        for _ in 0..<8 { receiver.script(echo) }
        market.set("bitcoin", price: 90)
        var outputs: [String] = []
        for (price, flags) in [(90.0, ["-v"]), (150.0, ["-v", "--json"]), (150.0, ["-v"])] {
            market.set("bitcoin", price: price)
            let run = try pass(flags, env: env)
            outputs += [run.stdout, run.stderr]
        }
        let check = try Binary.run(["check", "--rules", dir.path + "/rules.json"], environment: env)
        #expect(check.status == 0, "\(check.stderr)")
        let checkJSON = try Binary.run(["check", "--json", "--rules", dir.path + "/rules.json"], environment: env)
        outputs += [check.stdout, check.stderr, checkJSON.stdout]
        outputs.append(dir.read("state.json") ?? "")
        outputs.append(dir.read("alerts.jsonl") ?? "")
        #expect(receiver.requests.contains { $0.header("Authorization") == "Bearer \(bearer)" }, "the secret was used")
        #expect(outputs[1].contains("webhook 'slack' (127.0.0.1"), "-v logged the requests: \(outputs)")
        #expect(outputs[1].contains("***"), "the echoed secret was masked: \(outputs[1])")
        for secret in [slackPath, "SeCrEtHoOkPaTh", botToken, "TgSeCrEtToKeN", bearer] {
            for (index, text) in outputs.enumerated() {
                #expect(!text.contains(secret), "output \(index) shows \(secret): \(text)")
            }
        }
    }

    /// SPEC §3: every value a `${…}` gave a provider or a sink is a secret, found raw, base64 and percent-encoded
    /// in what a server echoes: the bare bot token of a telegram URL, a slack URL's substituted path, an API key
    /// with every `-` written `%2D` (also when a sink's server echoes it); in stderr, state.json and `outbox list`.
    @Test func aValueFromTheEnvironmentIsMaskedWhereverAServerEchoesIt() throws {
        let token = "55667788:AAsecretTOKEN-value_x"
        let slackPath = "T0CW/B0CW/HookSeCrEt"
        let key = "cgKEY-SeCrEt-4242"
        let env = ["TG_TOKEN": token, "SLACK_PATH": slackPath, "CG_KEY": key]
        let sinks = """
        {"slack": {"type": "webhook", "format": "slack", "url": "\(receiver.url("/services/"))${SLACK_PATH}"},
         "tg": {"type": "webhook", "format": "telegram", "url": "\(receiver.url("/bot"))${TG_TOKEN}/sendMessage", "chat_id": 42}}
        """
        func write(provider: String) throws {
            try dir.write("rules.json", RulesJSON.make(baseURL: provider, rules: twoRules, defaults: #"{"notify": ["slack", "tg"]}"#, sinks: sinks)
                .replacing(#""timeout": "5s"}"#, with: #""timeout": "5s", "api_key_env": "CG_KEY"}"#))
        }
        func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
        let percentKey = key.replacing("-", with: "%2D")
        // A provider that echoes the key, percent-encoded and in base64: an outage.
        let provider = try MarketServer()
        provider.route("/coins/markets", Reply.text("invalid key \(percentKey) (\(base64(key)))", status: 401))
        try write(provider: provider.baseURL)
        let outage = try pass(env: env)
        let outageState = dir.read("state.json") ?? ""
        #expect(outage.stderr.contains("HTTP 401: invalid key *** (***)"), "\(outage.stderr)")
        #expect(outageState.contains("invalid key *** (***)"), "the outage is recorded: \(outageState)")
        // Sinks whose every answer is a 503 echoing the bare token, the substituted path and the provider's key, raw and
        // in base64: the outbox's last error (state) is scrubbed of them as stderr is.
        try write(provider: market.baseURL)
        let echo = Reply.text("token \(token) path \(slackPath) b64 \(base64(token)) \(base64(slackPath)) key \(key)", status: 503)
        for _ in 0..<8 { receiver.script(echo) }
        market.set("bitcoin", price: 90)
        let queued = try pass(env: env)
        #expect(queued.stderr.contains("HTTP 503: token *** path *** b64 *** *** key ***"), "\(queued.stderr)")
        let list = try rig.run(["outbox", "list"], environment: env)
        let listJSON = try rig.run(["outbox", "list", "--json"], environment: env)
        #expect(list.stdout.contains("token *** path ***"), "\(list.stdout)")
        #expect(dir.read("state.json")?.contains("key ***") == true, "the outbox's last error is kept, scrubbed")
        let outputs = [outage.stdout, outage.stderr, outageState, queued.stdout, queued.stderr, dir.read("state.json") ?? "",
                       list.stdout, list.stderr, listJSON.stdout]
        let forms = [token, "AAsecretTOKEN", base64(token), slackPath, base64(slackPath), "HookSeCrEt", key, percentKey, base64(key)]
        for secret in forms {
            for (index, text) in outputs.enumerated() {
                #expect(!text.contains(secret), "output \(index) shows \(secret): \(text)")
            }
        }
    }

    @Test func webhooksOfOnePassAreSentConcurrently() throws {
        let slow = try WebhookReceiver(fallback: Reply.text("ok").delayed(0.5))
        let sinks = ["a", "b", "c"].map { #""\#($0)": {"type": "webhook", "format": "json", "url": "\#(slow.url("/" + $0))"}"# }
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                       sinks: "{" + sinks.joined(separator: ", ") + "}", defaults: #"{"notify": ["a", "b", "c"]}"#)
        market.set("bitcoin", price: 90)
        let run = try pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(slow.requests.count == 3)
        #expect(slow.server.maxConcurrent == 3)
    }

    @Test func quietHoursAreLocalTimeWithTZHonoured() throws {
        // In a zone 5 h east of UTC, a window around the zone's current minute; in UTC it is 5 h away.
        var t = time_t(Date().timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&t, &parts)
        let local = (Int(parts.tm_hour) * 60 + Int(parts.tm_min) + 300) % 1440
        func clock(_ minute: Int) -> String {
            let m = (minute + 1440) % 1440
            return String(format: "%02d:%02d", m / 60, m % 60)
        }
        let quiet = clock(local - 30) + "-" + clock(local + 30)
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                       sinks: #"{"hook": {"type": "webhook", "format": "slack", "url": "\#(receiver.url("/hook"))", "quiet_hours": "\#(quiet)"}}"#)
        market.set("bitcoin", price: 90)
        let run = try pass(env: ["TZ": "CWT-5"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(receiver.requests.isEmpty, "held for the quiet hours \(quiet) in TZ=CWT-5")
        #expect(dir.read("state.json")?.contains(#""held":true"#) == true)
    }

    @Test func notifyTestReportsEachSinkAndExitsOneWhenOneFails() throws {
        let sinks = """
        {"log": {"type": "file", "path": "alerts.jsonl"},
         "good": {"type": "webhook", "format": "discord", "url": "\(receiver.url("/good"))"},
         "bad": {"type": "webhook", "format": "json", "url": "\(receiver.url("/bad"))"}}
        """
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#, sinks: sinks, defaults: #"{"notify": ["log"]}"#)
        let server = receiver
        let gone = try WebhookReceiver(fallback: .text("Unknown Webhook", status: 404))
        try dir.write("rules.json", (dir.read("rules.json") ?? "").replacingOccurrences(of: server.url("/bad"), with: gone.url("/bad")))
        let run = try Binary.run(["notify", "--test", "--rules", dir.path + "/rules.json"], environment: fastRetries)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "coinwatch-test  Test message from coinwatch: sink 'stdout' works.", "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("good ") && $0.hasSuffix("delivered") })
        #expect(lines.contains { $0.hasPrefix("log ") && $0.hasSuffix("delivered") })
        #expect(lines.contains { $0.hasPrefix("stdout ") && $0.hasSuffix("delivered") })
        #expect(lines.contains { $0.hasPrefix("bad ") && $0.contains("failed: ") && $0.contains("HTTP 404: Unknown Webhook") }, "\(run.stdout)")
        #expect(run.stderr.contains("webhook 'bad'") && run.stderr.contains("HTTP 404"))
        #expect(receiver.bodies.first?.contains("Test message from coinwatch: sink 'good' works.") == true)
        #expect(gone.requests.count == 1)
        #expect(dir.read("alerts.jsonl")?.contains(#""rule":"coinwatch-test""#) == true)

        let one = try Binary.run(["notify", "--test", "--sink", "good", "--json", "--rules", dir.path + "/rules.json"])
        #expect(one.status == 0)
        #expect(one.stdout.hasPrefix(#"{"sinks":[{"name":"good","type":"webhook","target":"discord, 127.0.0.1:"#), "\(one.stdout)")
        #expect(receiver.requests.count == 2)
    }

    @Test func notifyTestNamesAnUnknownSinkWithDidYouMean() throws {
        try writeRules(#"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                       sinks: #"{"team-chat": {"type": "webhook", "format": "slack", "url": "\#(receiver.url("/x"))"}}"#,
                       defaults: #"{"notify": ["team-chat"]}"#)
        let run = try Binary.run(["notify", "--test", "--sink", "tema-chat", "--rules", dir.path + "/rules.json"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Unknown sink 'tema-chat'. Did you mean 'team-chat'?"), "\(run.stderr)")
        #expect(receiver.requests.isEmpty)
        let bare = try Binary.run(["notify", "--rules", dir.path + "/rules.json"])
        #expect(bare.status == 64)
        #expect(bare.stderr.contains("--test"))
    }
}

/// Matrix through the binary (SPEC §3): a retry after a 429 with `retry_after_ms` PUTs to the same
/// transaction id, so the homeserver can never post the alert twice.
@Suite(.serialized) struct MatrixEndToEndTests {
    @Test func aMatrixRetryAfterA429ReusesTheTransactionIdAndHonoursRetryAfterMs() throws {
        let market = try MarketServer()
        let receiver = try WebhookReceiver()
        let dir = try TempDir()
        market.set("bitcoin", price: 90)
        let sinks = #"{"room": {"type": "webhook", "format": "matrix", "url": "\#(receiver.url(""))", "room": "!abc:example.org", "token": "${MATRIX_TOKEN}"}}"#
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                                                   defaults: #"{"notify": ["room"]}"#, sinks: sinks))
        receiver.script(.json(#"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":300}"#, status: 429), .json(#"{"event_id":"$e"}"#))
        let started = Date()
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["MATRIX_TOKEN": "syt_TOKEN_value", "COINWATCH_RETRY_BACKOFF": "0.001"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(Date().timeIntervalSince(started) >= 0.3, "waited the 300 ms the homeserver asked for")
        let requests = receiver.requests
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.method == "PUT" && $0.header("Authorization") == "Bearer syt_TOKEN_value" })
        #expect(requests.first?.path.hasPrefix("/_matrix/client/v3/rooms/%21abc%3Aexample.org/send/m.room.message/") == true,
                "\(requests.first?.path ?? "")")
        #expect(Set(requests.map(\.path)).count == 1, "the same transaction id on the retry")
        #expect(!run.stderr.contains("syt_TOKEN_value") && !(dir.read("state.json") ?? "").contains("syt_TOKEN_value"))
    }
}
