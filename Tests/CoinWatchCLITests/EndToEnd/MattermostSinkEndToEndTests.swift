import Foundation
import Testing
@testable import TestHelpers

/// SPEC §3 `mattermost`: `{"text"}` plus Slack-style `attachments` with a color, 16,383 characters at
/// most, markdown and @mentions from provider data escaped; no image (SPEC §12).
@Suite(.serialized) struct MattermostSinkEndToEndTests {
    let rig: BinaryRig

    init() throws {
        rig = try BinaryRig()
        rig.market.set("bitcoin", price: 90)
    }

    private func write(rules: String, sink: String = "") throws {
        let sinks = #"{"team": {"type": "webhook", "format": "mattermost", "url": "\#(rig.receiver.url("/hooks/xyz"))"\#(sink)}}"#
        try rig.write(rules: rules, defaults: #"{"notify": ["team"]}"#, sinks: sinks)
    }

    private func posts() throws -> [[String: Any]] {
        try rig.receiver.requests.map { try #require(try JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any]) }
    }

    @Test func anAlertIsAPostWithAColoredAttachmentHoldingItsEscapedLine() throws {
        try write(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "message": "{symbol} fell @channel **now** [x](https://x.example)"}"#)
        let pass = try rig.run(["--once"])
        #expect(pass.status == 0, "\(pass.stderr)")
        let request = try #require(rig.receiver.requests.first)
        #expect(request.method == "POST" && request.path == "/hooks/xyz" && request.header("Content-Type") == "application/json")
        let post = try #require(try posts().first)
        #expect(post["text"] as? String == "coinwatch: BTC lo")
        let attachments = try #require(post["attachments"] as? [[String: Any]])
        #expect(attachments.count == 1)
        #expect(attachments.first?["color"] as? String == "#d32f2f", "a below alert is red")
        #expect((attachments.first?["fallback"] as? String)?.hasPrefix("▼ BTC fell @channel **now** [x](https://x.example) · lo · ") == true)
        #expect((attachments.first?["text"] as? String)?.hasPrefix(#"▼ BTC fell \@channel \*\*now\*\* \[x\]\(https\://x.example\) · lo · "#) == true,
                "no mention, styling or link from the text: \(attachments)")
    }

    @Test func aLongGroupIsSplitIntoPostsOfAtMost16383Characters() throws {
        let rules = (0..<12).map { #"{"id": "r\#($0)", "coin": "bitcoin", "when": {"below": 100}, "message": "\#(String(repeating: "*", count: 2000)) {rule}"}"# }
        try write(rules: rules.joined(separator: ", "), sink: #", "group": true"#)
        let pass = try rig.run(["--once"])
        #expect(pass.status == 0, "\(pass.stderr)")
        let posts = try posts()
        // 12 lines of 2,000 `*` (4,000 characters escaped): four fit one post, never a line cut.
        #expect(posts.count == 3, "\(posts.count)")
        for post in posts {
            let texts = (post["attachments"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
            #expect(texts.joined(separator: "\n").utf16.count <= 16_383)
            #expect(post["text"] as? String == "coinwatch: \(texts.count) alerts")
        }
        #expect(posts.reduce(0) { $0 + (($1["attachments"] as? [Any])?.count ?? 0) } == 12, "every alert once")
        #expect(Set(rig.receiver.keys).count == 3, "one key per part")
    }

    @Test func checkSaysAMattermostSinkCarriesNoImage() throws {
        try write(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#, sink: #", "chart": "7d""#)
        let check = try rig.run(["check"])
        #expect(check.status == 0, "a warning: \(check.stderr)")
        #expect(check.stderr.contains("sinks.team.chart: mattermost carries no image; this sink's alerts go as text alone"), "\(check.stderr)")
    }
}
