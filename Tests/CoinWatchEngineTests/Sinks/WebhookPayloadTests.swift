import Testing
@testable import TestHelpers
@testable import CoinWatchTransport
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine

/// SPEC §3: each format's body, exactly (golden payloads), its headers and its Idempotency-Key.
struct WebhookPayloadTests {
    private func only(_ format: WebhookConfig.Format, alerts: [Alert] = [SampleAlert.make()], group: Bool = false) throws -> HTTPRequest {
        let requests = WebhookRequest.make(for: OutboxEntry(sink: "chat", alerts: alerts, queuedAt: 0),
                                           config: SampleAlert.config(format, group: group))
        #expect(requests.count == 1)
        return try #require(requests.first)
    }

    private func header(_ request: HTTPRequest, _ name: String) -> String? {
        request.headers.last { $0.name.lowercased() == name.lowercased() }?.value
    }

    private func body(_ request: HTTPRequest) -> String { String(decoding: request.body ?? [], as: UTF8.self) }

    @Test func slackSendsATitleAndAnAttachmentWithAColorBarPerAlert() throws {
        let request = try only(.slack)
        #expect(body(request) == ##"{"text":"coinwatch: BTC btc-100k","attachments":[{"color":"#2e7d32","fallback":"▲ BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h) · btc-100k · 12:00 UTC","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"▲ BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h) · btc-100k · 12:00 UTC"}}]}]}"##)
        #expect(header(request, "Content-Type") == "application/json")
        #expect(request.method == "POST")
    }

    @Test func slackEscapesItsMarkupCharacters() throws {
        let request = try only(.slack, alerts: [SampleAlert.make(message: "<!channel> A&B > C")])
        #expect(body(request) == ##"{"text":"coinwatch: BTC btc-100k","attachments":[{"color":"#2e7d32","fallback":"▲ &lt;!channel&gt; A&amp;B &gt; C · btc-100k · 12:00 UTC","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"▲ &lt;!channel&gt; A&amp;B &gt; C · btc-100k · 12:00 UTC"}}]}]}"##)
    }

    @Test func discordSendsAnEmbedWithAColorPerAlertWithoutPings() throws {
        #expect(body(try only(.discord))
            == #"{"embeds":[{"description":"▲ BTC crossed above $100,000.00 — now $100,250.50 \\(+2.31% 24h\\) · btc\\-100k · 12:00 UTC","color":3046706}],"allowed_mentions":{"parse":[]}}"#)
    }

    @Test func telegramPostsChatIDAndTextToSendMessage() throws {
        var config = SampleAlert.config(.telegram, url: "https://api.telegram.org/bot123456:ABC-token")
        config.chatID = "-100123"
        let request = try #require(WebhookRequest.make(for: [SampleAlert.make()], key: "k", sink: "tg", config: config).first)
        #expect(request.url == "https://api.telegram.org/bot123456:ABC-token/sendMessage")
        #expect(body(request) == #"{"chat_id":-100123,"text":"▲ BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h) · btc-100k · 12:00 UTC","parse_mode":"HTML"}"#)
        config.chatID = "@coin_channel"
        let named = try #require(WebhookRequest.make(for: [SampleAlert.make()], key: "k", sink: "tg", config: config).first)
        #expect(body(named).hasPrefix(#"{"chat_id":"@coin_channel","text":"#))
    }

    @Test func telegramFindsTheBotInEveryWayItsURLIsWritten() throws {
        let bot = "https://api.telegram.org/bot123456:ABC-token"
        for written in [bot, bot + "/", bot + "//", bot + "/sendMessage", bot + "/sendMessage/"] {
            let config = SampleAlert.config(.telegram, url: written)
            #expect(try #require(WebhookRequest.make(for: [SampleAlert.make()], key: "k", sink: "tg", config: config).first).url
                    == bot + "/sendMessage", "\(written)")
            #expect(TelegramBotAPI(sink: "tg", config: config).root == bot, "\(written)")
        }
    }

    @Test func anEndpointAppendsToTheSinkURLWithoutItsTrailingSlashes() throws {
        for written in ["https://push.example.com", "https://push.example.com/", "https://push.example.com//"] {
            let config = SampleAlert.config(.gotify, url: written)
            #expect(try #require(WebhookRequest.make(for: [SampleAlert.make()], key: "k", sink: "g", config: config).first).url
                    == "https://push.example.com/message", "\(written)")
        }
    }

    @Test func ntfySendsTextWithTitlePriorityAndTags() throws {
        let request = try only(.ntfy)
        #expect(body(request) == "▲ BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h) · btc-100k · 12:00 UTC")
        #expect(header(request, "Content-Type") == "text/plain; charset=utf-8")
        #expect(header(request, "Title") == "coinwatch: BTC btc-100k")
        #expect(header(request, "Priority") == "high")
        #expect(header(request, "Tags") == "chart_with_upwards_trend")
        let resolved = try only(.ntfy, alerts: [SampleAlert.make(status: .resolved)])
        #expect(header(resolved, "Priority") == "default")
        #expect(header(resolved, "Tags") == "white_check_mark")
    }

    @Test func ntfyEncodesANonASCIITitle() {
        #expect(NtfyFormat.headerValue("coinwatch: ₿") == "=?UTF-8?B?Y29pbndhdGNoOiDigr8=?=")
        #expect(NtfyFormat.headerValue("plain") == "plain")
    }

    @Test func teamsSendsAWorkflowsMessageHoldingAnAdaptiveCardWithAccents() throws {
        #expect(body(try only(.teams)) == #"{"type":"message","attachments":[{"contentType":"application/vnd.microsoft.card.adaptive","contentUrl":null,"content":{"type":"AdaptiveCard","$schema":"http://adaptivecards.io/schemas/adaptive-card.json","version":"1.4","body":[{"type":"TextBlock","text":"coinwatch","weight":"Bolder","size":"Medium"},{"type":"RichTextBlock","inlines":[{"type":"TextRun","text":"▲ BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h) · btc-100k · 12:00 UTC","color":"Good"}]}]}}]}"#)
    }

    @Test func jsonSendsTheAlertRecord() throws {
        let request = try only(.json)
        #expect(body(request) == SampleAlert.record)
        #expect(header(request, "Idempotency-Key") == "4f9c2e")
    }

    /// SPEC §4: `url` after `backtest`, before `flags`; left out when the alert has none.
    @Test func theRecordCarriesTheCoinsPageInItsDocumentedPlace() {
        var alert = SampleAlert.make()
        alert.backtest = true
        alert.url = "https://www.coingecko.com/en/coins/bitcoin"
        alert.flags = ["WARNING"]
        #expect(AlertRecord.json(alert).hasSuffix(#","backtest":true,"url":"https://www.coingecko.com/en/coins/bitcoin","flags":["WARNING"]}"#),
                "\(AlertRecord.json(alert))")
        #expect(!AlertRecord.json(SampleAlert.make()).contains("url"))
    }

    /// SPEC §3: no link from anything but a plain https page, whatever the record holds (a state file
    /// edited by hand): every format sends the line and no link; a plain page is linked by each.
    @Test func onlyAPlainHTTPSPageIsEverLinked() throws {
        var hostile = SampleAlert.make()
        hostile.url = #"https://evil.example/"><b>x</b>|[y](z)"#
        var plain = SampleAlert.make()
        plain.url = "https://www.coingecko.com/en/coins/bitcoin"
        for format in WebhookConfig.Format.allCases where format != .json {
            let request = try only(format, alerts: [hostile])
            #expect(!body(request).contains("evil") && !request.headers.contains { $0.value.contains("evil") }, "\(format): \(body(request))")
            let linked = try only(format, alerts: [plain])
            #expect(body(linked).contains(plain.url ?? "") || header(linked, "Click") == plain.url, "\(format): \(body(linked))")
        }
    }

    @Test func jsonSendsAnArrayWheneverGroupIsTrue() throws {
        #expect(body(try only(.json, group: true)) == "[" + SampleAlert.record + "]")
        let two = try only(.json, alerts: [SampleAlert.make(), SampleAlert.make(id: "77")], group: true)
        #expect(body(two).hasPrefix("[" + SampleAlert.record + ",{\"id\":\"77\""))
    }

    @Test func everyPostCarriesTheAlertIDAsIdempotencyKey() throws {
        for format in WebhookConfig.Format.allCases {
            #expect(header(try only(format), "Idempotency-Key") == "4f9c2e", "\(format)")
        }
    }

    @Test func aGroupedMessageHasOneKeyDerivedFromItsAlertsIDs() throws {
        let ab = OutboxEntry(sink: "s", alerts: [SampleAlert.make(id: "a"), SampleAlert.make(id: "b")], queuedAt: 0)
        let ba = OutboxEntry(sink: "s", alerts: [SampleAlert.make(id: "b"), SampleAlert.make(id: "a")], queuedAt: 5)
        let ac = OutboxEntry(sink: "s", alerts: [SampleAlert.make(id: "a"), SampleAlert.make(id: "c")], queuedAt: 0)
        #expect(ab.key.count == 32)
        #expect(ab.key == OutboxEntry(sink: "other", alerts: ab.alerts, queuedAt: 9).key, "the same on every retry")
        #expect(ab.key != ba.key)
        #expect(ab.key != ac.key)
        #expect(header(try only(.slack, alerts: ab.alerts, group: true), "Idempotency-Key") == ab.key)
    }

    @Test func theSinksHeadersAreSentAndReplaceOursButNeverTheKey() throws {
        var config = SampleAlert.config(.json)
        config.headers = [HTTPHeader("Authorization", "Bearer s3cret"), HTTPHeader("content-type", "application/x-custom"),
                          HTTPHeader("Idempotency-Key", "mine")]
        let request = try #require(WebhookRequest.make(for: [SampleAlert.make()], key: "4f9c2e", sink: "s", config: config).first)
        #expect(header(request, "Authorization") == "Bearer s3cret")
        #expect(request.headers.filter { $0.name.lowercased() == "content-type" }.map(\.value) == ["application/x-custom"])
        #expect(request.headers.filter { $0.name.lowercased() == "idempotency-key" }.map(\.value) == ["4f9c2e"])
    }

    @Test func aSplitMessageSendsTheKeyPlusThePartNumber() throws {
        let long = (1...58).map { "line \($0) " + String(repeating: "x", count: 90) }.joined(separator: "\n")
        let requests = WebhookRequest.make(for: [SampleAlert.make(message: long)], key: "4f9c2e", sink: "d",
                                           config: SampleAlert.config(.discord))
        #expect(requests.count == 3)
        #expect(requests.map { header($0, "Idempotency-Key") } == ["4f9c2e-1", "4f9c2e-2", "4f9c2e-3"])
    }

    @Test func logsShowTheSinkAndHostNeverTheURL() throws {
        let request = try only(.slack)
        #expect(request.loggableURL == "webhook 'chat' (hooks.example.com)")
    }
}
