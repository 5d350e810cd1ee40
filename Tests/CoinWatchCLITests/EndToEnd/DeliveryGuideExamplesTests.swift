import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchRules

/// docs/delivery.md "shows one working example per sink": the block under "One example per sink"
/// names every sink type and shows every webhook format's own example (`SinkFormat.example`), and `coinwatch check` accepts it as written once its
/// variables and secret files exist.
struct DeliveryGuideExamplesTests {
    /// The `"sinks": {…}` block of the guide's example section.
    private func exampleSinks() throws -> String {
        let guide = try String(contentsOfFile: Fixtures.root + "/docs/delivery.md", encoding: .utf8)
        guard let section = guide.range(of: "### One example per sink"),
              let open = guide.range(of: "```json\n", range: section.upperBound..<guide.endIndex),
              let close = guide.range(of: "\n```", range: open.upperBound..<guide.endIndex) else { return "" }
        return String(guide[open.upperBound..<close.lowerBound])
    }

    @Test func theGuideShowsOneExampleOfEverySinkAndFormat() throws {
        let sinks = try exampleSinks()
        for type in ["stdout", "file", "webhook", "command", "email"] {
            #expect(sinks.contains("\"type\": \"\(type)\""), "no \(type) sink in the example")
        }
        for format in SinkFormats.all {
            #expect(sinks.contains(format.example), "the guide does not show \(format.name)'s own example:\n\(format.example)")
        }
    }

    @Test func checkAcceptsTheGuidesExamplesAsWritten() throws {
        let sinks = try exampleSinks()
        #expect(sinks.hasPrefix("\"sinks\": {"))
        let dir = try TempDir()
        for secret in ["slack-url", "matrix-token", "smtp-password"] {
            try dir.write(secret, secret == "slack-url" ? "https://hooks.slack.com/services/T1/B2/x\n" : "s3cret\n")
        }
        let rules = #"{"favorites": ["bitcoin"], "rules": [{"id": "r", "coin": "bitcoin", "when": {"above": 1}}], "# + sinks + "}"
        try dir.write("rules.json", rules)
        let environment = ["DISCORD_WEBHOOK_URL": "https://discord.com/api/webhooks/1/x", "TELEGRAM_TOKEN": "1:x",
                           "NTFY_TOPIC": "t", "TEAMS_WORKFLOW_URL": "https://example.org/workflows/1", "PUSHOVER_TOKEN": "a",
                           "PUSHOVER_USER": "u", "GOTIFY_TOKEN": "g", "OPS_TOKEN": "o",
                           "GOOGLE_CHAT_WEBHOOK_URL": "https://chat.googleapis.com/v1/spaces/A/messages?key=k&token=t",
                           "MATTERMOST_WEBHOOK_URL": "https://mattermost.example.org/hooks/x"]
        let run = try Binary.run(["check", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
