import Testing
@testable import TestHelpers
@testable import CoinWatchTransport
@testable import CoinWatchRules
@testable import CoinWatchEngine

/// SPEC §3's pushover, gotify and matrix formats: body, headers, method and URL, exactly.
struct PushFormatPayloadTests {
    private func request(_ config: WebhookConfig, alerts: [Alert] = [SampleAlert.make()], key: String = "4f9c2e") throws -> HTTPRequest {
        try #require(WebhookRequest.make(for: alerts, key: key, sink: "push", config: config).first)
    }

    private func header(_ request: HTTPRequest, _ name: String) -> String? {
        request.headers.last { $0.name.lowercased() == name.lowercased() }?.value
    }

    private func body(_ request: HTTPRequest) -> String { String(decoding: request.body ?? [], as: UTF8.self) }

    @Test func pushoverPostsTokenUserTitleMessageAndPriorityToItsDefaultEndpoint() throws {
        var config = WebhookConfig(url: (PushoverFormat.defaultURL ?? ""), format: .pushover)
        config.token = "app-token-1"
        config.user = "user-key-2"
        let sent = try request(config)
        #expect(sent.url == "https://api.pushover.net/1/messages.json" && sent.method == "POST")
        #expect(body(sent) == #"{"token":"app-token-1","user":"user-key-2","title":"coinwatch: BTC btc-100k","message":"▲ BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h) · btc-100k · 12:00 UTC","priority":0}"#)
        let resolved = try request(config, alerts: [SampleAlert.make(status: .resolved)])
        #expect(body(resolved).contains(#""title":"coinwatch: BTC btc-100k RESOLVED""#) && body(resolved).hasSuffix(#""priority":-1}"#))
    }

    @Test func gotifyPostsTitleMessagePriorityToMessageWithTheAppTokenHeader() throws {
        var config = WebhookConfig(url: "https://push.example.org/", format: .gotify)
        config.token = "AbCdEf123"
        let sent = try request(config)
        #expect(sent.url == "https://push.example.org/message" && sent.method == "POST")
        #expect(header(sent, "X-Gotify-Key") == "AbCdEf123")
        #expect(body(sent) == #"{"title":"coinwatch: BTC btc-100k","message":"▲ BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h) · btc-100k · 12:00 UTC","priority":5}"#)
    }

    @Test func matrixPutsAnRoomMessageWhoseTransactionIdIsTheIdempotencyKey() throws {
        var config = WebhookConfig(url: "https://matrix.example.org", format: .matrix)
        config.token = "syt_secret"
        config.room = "!room:example.org"
        let sent = try request(config, key: "4f9c2e")
        #expect(sent.method == "PUT")
        #expect(sent.url == "https://matrix.example.org/_matrix/client/v3/rooms/%21room%3Aexample.org/send/m.room.message/4f9c2e")
        #expect(header(sent, "Authorization") == "Bearer syt_secret")
        #expect(header(sent, "Idempotency-Key") == "4f9c2e")
        #expect(body(sent) == #"{"msgtype":"m.text","body":"▲ BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h) · btc-100k · 12:00 UTC","m.mentions":{}}"#)
    }

    @Test func matrixRateLimitsAreReadFromRetryAfterMs() {
        #expect(RetryAfterBody.seconds(in: Array(#"{"errcode":"M_LIMIT_EXCEEDED","error":"Too many requests","retry_after_ms":2500}"#.utf8)) == 2.5)
    }

    @Test func theTokensOfPushFormatsNeverReachOutput() {
        var config = WebhookConfig(url: "https://matrix.example.org", format: .matrix)
        config.token = "syt_secret_token"
        var rules = RulesFile(path: "/rules.json")
        rules.sinks["m"] = .webhook(config)
        let scrubber = SecretScrubber(rules: rules)
        #expect(scrubber.scrub("server said: bad token syt_secret_token").text == "server said: bad token ***")
    }
}
