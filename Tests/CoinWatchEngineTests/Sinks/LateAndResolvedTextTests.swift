import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchRules
@testable import CoinWatchEngine

/// SPEC §3: an alert delivered more than 2 minutes after its `time` says when it happened, and a
/// resolved alert is visibly marked in every format.
struct LateAndResolvedTextTests {
    private let alert = SampleAlert.make()   // 2026-11-29T12:00:00Z

    @Test func anAlertSentWithinTwoMinutesSaysNothingMore() {
        #expect(WebhookPayload.text(for: [alert], sent: SendTime(now: alert.time + 120)) == alert.message)
    }

    @Test func anAlertSentLaterSaysWhenItHappenedInUTC() {
        #expect(WebhookPayload.text(for: [alert], sent: SendTime(now: alert.time + 121)) == alert.message + " (at 12:00 UTC)")
        #expect(WebhookPayload.text(for: [alert], sent: SendTime(now: alert.time + 2 * 86_400))
                == alert.message + " (at 2026-11-29 12:00 UTC)", "a day later the date too")
    }

    @Test func aLateNoteReachesEveryFormatsBody() throws {
        for format in WebhookConfig.Format.allCases where format != .json {
            var config = SampleAlert.config(format)
            config.token = "t"; config.user = "u"; config.room = "!r:x"
            let request = try #require(WebhookRequest.make(for: [alert], key: "k", sink: "s", config: config,
                                                           sent: SendTime(now: alert.time + 600)).first)
            #expect(String(decoding: request.body ?? [], as: UTF8.self).contains("at 12:00 UTC"), "\(format)")
        }
    }

    @Test func aResolvedAlertIsMarkedInEveryFormat() throws {
        let resolved = SampleAlert.make(status: .resolved, message: "BTC is back below $100,000.00 — now $99,000.00")
        for format in WebhookConfig.Format.allCases {
            var config = SampleAlert.config(format)
            config.token = "t"; config.user = "u"; config.room = "!r:x"
            let request = try #require(WebhookRequest.make(for: [resolved], key: "k", sink: "s", config: config).first)
            let body = String(decoding: request.body ?? [], as: UTF8.self)
            #expect(body.contains("RESOLVED") || body.contains(#""status":"resolved""#), "\(format): \(body)")
        }
        let mail = MailMessage.subject(for: [resolved])
        #expect(mail.hasPrefix("RESOLVED: "))
    }

    @Test func theMailDateAndTheClockAreWrittenInUTC() {
        #expect(TimeText.mailDate(SampleAlert.time) == "Sun, 29 Nov 2026 12:00:00 +0000")
        #expect(TimeText.clock(SampleAlert.time + 39 * 60 + 4 * 3600, local: false) == "16:39 UTC")
    }
}
