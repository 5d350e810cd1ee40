import Testing
@testable import TestHelpers
@testable import CoinWatchRules
@testable import CoinWatchEngine

/// SPEC §3's rich formats, golden: colors by direction (falls and below-type red, rises green,
/// resolved grey), grouped messages listing every alert in the structure, Telegram's HTML escaped,
/// ntfy's tags by direction, and the services' limits (Discord 10 embeds and 2,000 characters).
struct RichFormatGoldenTests {
    private let rise = SampleAlert.make(id: "a", message: "BTC rose")
    private let fall: Alert = {
        var alert = SampleAlert.make(id: "b", rule: "eth-dip", message: "ETH <fell> & more")
        alert.condition = "below"
        alert.symbol = "ETH"
        return alert
    }()
    private let resolved = SampleAlert.make(id: "c", status: .resolved, message: "BTC is back")

    private func bodies(_ format: WebhookConfig.Format, _ alerts: [Alert], configure: (inout WebhookConfig) -> Void = { _ in }) -> [String] {
        var config = SampleAlert.config(format, group: true)
        configure(&config)
        return WebhookRequest.make(for: alerts, key: "k", sink: "s", config: config).map { String(decoding: $0.body ?? [], as: UTF8.self) }
    }

    @Test func colorsFollowTheDirectionAndResolvedIsGrey() {
        #expect(AlertColor(rise) == .green && AlertColor(fall) == .red && AlertColor(resolved) == .grey)
        var down = SampleAlert.make(message: "x")
        down.condition = "any"
        down.price = 90
        down.previous = 100
        #expect(AlertColor(down) == .red, "no direction in the condition: the prices tell")
        var drop = SampleAlert.make(message: "x")
        drop.condition = "trailing_drop"
        drop.price = 95
        drop.previous = 90
        #expect(AlertColor(drop) == .red, "the kind tells before the prices: a trailing drop on a bounce is still a fall")
    }

    @Test func aGroupedSlackMessageHasOneColoredAttachmentPerAlert() {
        #expect(bodies(.slack, [rise, fall, resolved]) == [##"{"text":"coinwatch: 3 alerts","attachments":[{"color":"#2e7d32","fallback":"▲ BTC rose · btc-100k · 12:00 UTC","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"▲ BTC rose · btc-100k · 12:00 UTC"}}]},{"color":"#d32f2f","fallback":"▼ ETH &lt;fell&gt; &amp; more · eth-dip · 12:00 UTC","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"▼ ETH &lt;fell&gt; &amp; more · eth-dip · 12:00 UTC"}}]},{"color":"#9e9e9e","fallback":"✓ RESOLVED: BTC is back · btc-100k · 12:00 UTC","blocks":[{"type":"section","text":{"type":"mrkdwn","text":"✓ RESOLVED: BTC is back · btc-100k · 12:00 UTC"}}]}]}"##])
    }

    @Test func aGroupedDiscordMessageHasOneColoredEmbedPerAlert() {
        #expect(bodies(.discord, [rise, fall, resolved]) == [#"{"embeds":[{"description":"▲ BTC rose · btc\\-100k · 12:00 UTC","color":3046706},{"description":"▼ ETH \\<fell\\> & more · eth\\-dip · 12:00 UTC","color":13840175},{"description":"✓ RESOLVED: BTC is back · btc\\-100k · 12:00 UTC","color":10395294}],"allowed_mentions":{"parse":[]}}"#])
    }

    @Test func discordGetsAtMostTenEmbedsAndTwoThousandCharactersAMessage() {
        let many = (0..<25).map { SampleAlert.make(id: "\($0)", message: "alert \($0)") }
        let parts = bodies(.discord, many)
        #expect(parts.count == 3)
        #expect(parts.map { $0.components(separatedBy: "\"description\"").count - 1 } == [10, 10, 5])
        let long = (0..<3).map { SampleAlert.make(id: "\($0)", message: String(repeating: "é", count: 900)) }
        let split = bodies(.discord, long)
        #expect(split.count == 2, "900 + 900 fit 2,000, the third does not")
    }

    @Test func telegramSendsHTMLWithEveryValueEscapedAndResolvedInBold() {
        #expect(bodies(.telegram, [fall, resolved]) == [#"{"chat_id":-100123,"text":"▼ ETH &lt;fell&gt; &amp; more · eth-dip · 12:00 UTC\n✓ <b>RESOLVED</b>: BTC is back · btc-100k · 12:00 UTC","parse_mode":"HTML"}"#])
    }

    @Test func ntfyTagsShowTheDirectionNeverARisingChartOnAFall() {
        func tags(_ alerts: [Alert]) -> String? {
            NtfyFormat.headers(for: alerts).first { $0.name == "Tags" }?.value
        }
        #expect(tags([fall]) == "chart_with_downwards_trend")
        #expect(tags([rise]) == "chart_with_upwards_trend")
        #expect(tags([resolved]) == "white_check_mark")
        #expect(tags([rise, fall, resolved]) == "bell", "a group going both ways")
        #expect(NtfyFormat.headers(for: [resolved]).first { $0.name == "Priority" }?.value == "default")
        #expect(NtfyFormat.headers(for: [fall]).first { $0.name == "Priority" }?.value == "high")
    }

    @Test func teamsAccentsEachAlertAndMutesTheResolvedOne() {
        let body = bodies(.teams, [rise, fall, resolved]).first ?? ""
        #expect(body.contains(#"{"type":"RichTextBlock","inlines":[{"type":"TextRun","text":"▲ BTC rose · btc-100k · 12:00 UTC","color":"Good"}]}"#))
        #expect(body.contains(#"{"type":"RichTextBlock","inlines":[{"type":"TextRun","text":"▼ ETH <fell> & more · eth-dip · 12:00 UTC","color":"Attention"}]}"#))
        #expect(body.contains(#"{"type":"RichTextBlock","inlines":[{"type":"TextRun","text":"✓ RESOLVED: BTC is back · btc-100k · 12:00 UTC","color":"Default","isSubtle":true}]}"#))
    }
}
