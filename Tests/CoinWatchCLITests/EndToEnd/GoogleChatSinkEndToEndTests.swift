import Foundation
import Testing
@testable import TestHelpers

/// SPEC §3 `googlechat`: `{"text"}` POSTed to the space's webhook URL, 4,096 characters at most, the
/// text escaped so provider data mentions and links nobody; no image (SPEC §12).
@Suite(.serialized) struct GoogleChatSinkEndToEndTests {
    let rig: BinaryRig

    init() throws {
        rig = try BinaryRig()
        rig.market.set("bitcoin", price: 90)
    }

    private func write(rules: String, sink: String = "") throws {
        let sinks = #"{"space": {"type": "webhook", "format": "googlechat", "url": "\#(rig.receiver.url("/v1/spaces/AAA/messages"))"\#(sink)}}"#
        try rig.write(rules: rules, defaults: #"{"notify": ["space"]}"#, sinks: sinks)
    }

    private func texts() throws -> [String] {
        try rig.receiver.requests.map { request in
            let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
            #expect(Set(body.keys) == ["text"], "only text: \(body.keys)")
            return try #require(body["text"] as? String)
        }
    }

    @Test func anAlertIsPostedAsTextToTheSpacesWebhook() throws {
        try write(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "message": "{symbol} <users/all> & <https://x.example|win>"}"#)
        let pass = try rig.run(["--once"])
        #expect(pass.status == 0, "\(pass.stderr)")
        let request = try #require(rig.receiver.requests.first)
        #expect(request.method == "POST" && request.path == "/v1/spaces/AAA/messages")
        #expect(request.header("Content-Type") == "application/json" && request.header("Idempotency-Key") != nil)
        let text = try #require(try texts().first)
        // The only link is coinwatch's own, to the coin's page (SPEC §4 url); the template's text links nothing.
        let link = " · <https://www.coingecko.com/en/coins/bitcoin|coingecko>"
        #expect(text.hasPrefix("▼ BTC &lt;users/all&gt; &amp; &lt;https://x.example|win&gt; · lo · ") && text.hasSuffix(link)
                && !text.dropLast(link.count).contains("<"), "no mention, no link: \(text)")
    }

    @Test func aLongGroupIsSplitIntoMessagesOfAt4096Characters() throws {
        let rules = (0..<12).map { #"{"id": "r\#($0)", "coin": "bitcoin", "when": {"below": 100}, "message": "\#(String(repeating: "<", count: 200)) {rule}"}"# }
        try write(rules: rules.joined(separator: ", "), sink: #", "group": true"#)
        let pass = try rig.run(["--once"])
        #expect(pass.status == 0, "\(pass.stderr)")
        let texts = try texts()
        // 12 lines of 200 `<` (800 characters escaped) plus the rule: five fit one message, never a line cut.
        #expect(texts.count == 3, "\(texts.map(\.count))")
        #expect(texts.allSatisfy { $0.utf16.count <= 4096 })
        #expect(texts.joined(separator: "\n").split(separator: "\n").count == 12, "every alert's line whole")
        #expect(Set(rig.receiver.keys).count == 3, "one key per part")
    }

    @Test func checkSaysAGoogleChatSinkCarriesNoImage() throws {
        try write(rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#, sink: #", "chart": "1d""#)
        let check = try rig.run(["check"])
        #expect(check.status == 0, "a warning: \(check.stderr)")
        #expect(check.stderr.contains("sinks.space.chart: googlechat carries no image; this sink's alerts go as text alone"), "\(check.stderr)")
        let pass = try rig.run(["--once"])
        #expect(pass.status == 0 && rig.receiver.requests.count == 1 && rig.receiver.requests[0].header("Content-Type") == "application/json")
    }

    /// `init --sink` takes every registered format (InitEndToEndTests runs each); completions offer it too.
    @Test func everyShellsCompletionOffersTheFormat() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try Binary.run(["completion", shell])
            #expect(script.status == 0 && script.stdout.contains("googlechat"), "\(shell) does not offer it")
        }
    }
}
