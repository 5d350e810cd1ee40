import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchRules
@testable import CoinWatchEngine

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
        let alert = SampleAlert.make(message: text)
        let parts = bodies(.slack, [alert])
        let texts = parts.flatMap(sections)
        #expect(texts.count >= 4, "3,500 + 8,000 UTF-16 units need at least four sections")
        #expect(texts.allSatisfy { $0.utf16.count <= 3000 }, "\(texts.map(\.utf16.count))")
        #expect(texts.joined() == WebhookPayload.chatLine(for: alert, sent: nil), "split between characters, nothing lost or cut")
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

    /// The raw bodies `format` sends for `alerts` grouped.
    private func rawBodies(_ format: WebhookConfig.Format, _ alerts: [Alert]) -> [[UInt8]] {
        var config = SampleAlert.config(format, group: true)
        if format == .matrix { (config.room, config.token) = ("!r:example.org", "t") }
        return WebhookRequest.make(for: alerts, key: "k", sink: "s", config: config).map { $0.body ?? [] }
    }

    @Test func theEscapedSizeOfEveryCharacterIsWhatTheJSONWriterWrites() throws {
        let scalars = (0..<0x300).compactMap(Unicode.Scalar.init)
            + [0x2028, 0x2029, 0x200E, 0x202E, 0x2066, 0x1F44D, 0xFEFF, 0xAC00].compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            let written = JSONOut.quote(String(Character(scalar))).utf8.count - 2
            #expect(JSONOut.escapedSize(of: scalar) == written, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func matrixEventsStayUnderSixtyFiveThousandBytesCountingJSONEscapes() throws {
        // Control characters are 1 byte of UTF-8 but 6 escaped (\u0001), quotes 2, a bidi override 6.
        let heavy = [String(repeating: "\u{1}", count: 20_000), String(repeating: "\"", count: 40_000),
                     String(repeating: "\u{202E}", count: 12_000), String(repeating: "é\\", count: 16_000)]
        for text in heavy {
            let alert = SampleAlert.make(message: text)
            let bodies = rawBodies(.matrix, [alert])
            #expect(bodies.count >= 2, "\(bodies.map(\.count))")
            #expect(bodies.allSatisfy { $0.count <= 60_100 }, "\(bodies.map(\.count))")
            let texts = bodies.compactMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }.compactMap { $0["body"] as? String }
            #expect(texts.joined() == WebhookPayload.chatLine(for: alert, sent: nil), "nothing lost or cut mid-character")
        }
        // Line separators (3 bytes of UTF-8, 6 escaped) are line breaks: the text is split at them.
        let separated = rawBodies(.matrix, [SampleAlert.make(message: String(repeating: "x\u{2028}", count: 12_000))])
        #expect(separated.count >= 2 && separated.allSatisfy { $0.count <= 60_100 }, "\(separated.map(\.count))")
        // Ordinary text still goes as one event up to the limit.
        #expect(rawBodies(.matrix, (0..<300).map { SampleAlert.make(id: "\($0)") }).count == 1)
    }

    /// With links (SPEC §4 `url`), the formatted body repeats each line as HTML with an anchor: the
    /// text counts once for each, so an event still stays under the 65,536 bytes.
    @Test func matrixEventsWithLinksStayUnderSixtyFiveThousandBytes() throws {
        let linked = (0..<600).map { index -> Alert in
            var alert = SampleAlert.make(id: "\(index)", message: index % 2 == 0 ? String(repeating: "<&\"", count: 40) : "BTC \(index)")
            alert.url = "https://www.coingecko.com/en/coins/bitcoin"
            return alert
        }
        let bodies = rawBodies(.matrix, linked)
        #expect(bodies.count >= 2 && bodies.allSatisfy { $0.count <= 61_000 }, "\(bodies.map(\.count))")
        let events = bodies.compactMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
        let anchors = events.compactMap { $0["formatted_body"] as? String }.map { $0.components(separatedBy: "<a href=").count - 1 }
        #expect(anchors.reduce(0, +) == 600, "one link per alert: \(anchors)")
    }

    @Test func teamsCardsStayUnderTwentyEightKilobytesWithLongLinesEscapesAndLineBreaks() {
        let escapes = (0..<60).map { SampleAlert.make(id: "\($0)", message: String(repeating: "\"\\", count: 300) + " \($0)") }
        let controls = (0..<60).map { SampleAlert.make(id: "c\($0)", message: String(repeating: "\u{1}", count: 1500)) }
        let breaks = [SampleAlert.make(message: Array(repeating: "line", count: 2000).joined(separator: "\n"))]
        let long = [SampleAlert.make(message: String(repeating: "€", count: 30_000))]
        for alerts in [escapes, controls, breaks, long] {
            let bodies = rawBodies(.teams, alerts)
            #expect(bodies.count >= 2)
            #expect(bodies.allSatisfy { $0.count <= 28_000 }, "\(bodies.map(\.count))")
        }
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
