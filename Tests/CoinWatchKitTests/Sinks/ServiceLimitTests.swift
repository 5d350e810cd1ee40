import Foundation
import Testing
@testable import CoinWatchKit

/// SPEC §3: "A text over the service's limit is split into several messages, never cut
/// mid-character", for the limits inside a message too: Slack's 3,000 characters per section
/// text and 50 blocks, Pushover's 250-character title, Teams' 28 KB card.
struct ServiceLimitTests {
    private func bodies(_ format: WebhookConfig.Format, _ alerts: [Alert]) -> [[String: Any]] {
        let config = SampleAlert.config(format, group: true)
        return WebhookRequest.make(for: alerts, key: "k", sink: "s", config: config).map { request in
            (try? JSONSerialization.jsonObject(with: Data(request.body ?? []))) as? [String: Any] ?? [:]
        }
    }

    /// Every section text of a Slack body, in order.
    private func sections(_ body: [String: Any]) -> [String] {
        let attachments = body["attachments"] as? [[String: Any]] ?? []
        return attachments.flatMap { attachment in
            (attachment["blocks"] as? [[String: Any]] ?? []).compactMap { ($0["text"] as? [String: Any])?["text"] as? String }
        }
    }

    @Test func slackKeepsEverySectionTextWithinThreeThousandCharacters() {
        let text = String(repeating: "é", count: 3500) + String(repeating: "👍🏽", count: 2000)
        let parts = bodies(.slack, [SampleAlert.make(message: text)])
        let texts = parts.flatMap(sections)
        #expect(texts.count >= 4, "3,500 + 8,000 UTF-16 units need at least four sections")
        #expect(texts.allSatisfy { $0.utf16.count <= 3000 }, "\(texts.map(\.utf16.count))")
        #expect(texts.joined() == text, "split between characters, nothing lost or cut")
    }

    @Test func slackListsAtMostFiftyBlocksAMessage() {
        let many = (0..<120).map { SampleAlert.make(id: "\($0)", message: "alert \($0)") }
        let parts = bodies(.slack, many)
        #expect(parts.map { sections($0).count } == [50, 50, 20])
    }

    @Test func pushoverCutsALongTitleWholeCharactersWithin250() {
        var alert = SampleAlert.make()
        alert.symbol = String(repeating: "🙂", count: 200)
        let title = bodies(.pushover, [alert]).first?["title"] as? String ?? ""
        #expect(title.utf16.count <= 250 && title.utf16.count >= 248, "\(title.utf16.count)")
        #expect(("coinwatch: " + alert.symbol).hasPrefix(title), "a prefix made of whole characters")
        #expect(bodies(.pushover, [SampleAlert.make()]).first?["title"] as? String == "coinwatch: BTC btc-100k")
    }

    @Test func teamsCardsStayUnderTwentyEightKilobytes() {
        let many = (0..<200).map { SampleAlert.make(id: "\($0)", message: "\"" + String(repeating: "é", count: 120) + "\" \($0)") }
        let config = SampleAlert.config(.teams, group: true)
        let requests = WebhookRequest.make(for: many, key: "k", sink: "s", config: config)
        #expect(requests.count >= 4, "200 lines of about 250 bytes")
        #expect(requests.allSatisfy { ($0.body ?? []).count <= 28_000 }, "\(requests.map { ($0.body ?? []).count })")
    }

    @Test func aRangeAlertIsColoredByTheSideItCameFrom() {
        var fromAbove = SampleAlert.make(message: "x")
        fromAbove.condition = "enters_range"
        fromAbove.previous = 66_000
        fromAbove.price = 62_000
        #expect(AlertColor(fromAbove) == .red)
        fromAbove.previous = 59_000
        #expect(AlertColor(fromAbove) == .green)
    }
}
