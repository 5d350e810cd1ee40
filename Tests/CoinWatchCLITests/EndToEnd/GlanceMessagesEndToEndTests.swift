import Foundation
import Testing
@testable import TestHelpers

/// SPEC §3: a chat message reads at a glance on a phone: a direction mark, what happened with the
/// figures that define it, the price, the rule id and the time.
@Suite(.serialized) struct GlanceMessagesEndToEndTests {
    let rig: BinaryRig

    init() throws {
        rig = try BinaryRig()
    }

    private func write(rules: String, format: String = "json") throws {
        let sinks = #"{"chat": {"type": "webhook", "format": "\#(format)", "url": "\#(rig.receiver.url("/chat"))"\#(format == "telegram" ? #", "chat_id": 7"# : "")}}"#
        try rig.write(rules: rules, defaults: #"{"notify": ["chat"]}"#, sinks: sinks)
    }

    @Test func aTrailingDropSaysWhatTheHighWas() throws {
        try write(rules: #"{"id": "sol-stop", "coin": "bitcoin", "when": {"trailing_drop": 8}}"#)
        rig.market.set("bitcoin", price: 150, change24h: nil)
        #expect(try rig.run(["--once"]).status == 0)
        rig.market.set("bitcoin", price: 134.58, change24h: nil)
        let run = try rig.run(["--once"])
        #expect(run.status == 0, "\(run.stderr)")
        let last = try #require(rig.receiver.requests.last)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(last.body)) as? [String: Any])
        #expect(record["message"] as? String == "BTC fell 10.28% from its high of $150.00 (≥ 8%) — now $134.58", "\(record)")
    }

    /// Every chat line: the direction mark, the words and price, the rule id and the time (UTC) it happened.
    @Test func aChatLineHasTheDirectionMarkTheRuleIdAndTheTime() throws {
        try write(rules: #"{"id": "btc-floor", "coin": "bitcoin", "when": {"below": 100}}, {"id": "btc-roof", "coin": "bitcoin", "when": {"above": 50}}"#,
                  format: "ntfy")
        rig.market.set("bitcoin", price: 90, change24h: nil)
        let run = try rig.run(["--once"])
        #expect(run.status == 0, "\(run.stderr)")
        let bodies = rig.receiver.requests.map(\.bodyText).sorted()
        let clock = #/ · \d\d:\d\d UTC$/#
        #expect(bodies.count == 2, "\(bodies)")
        #expect(bodies.first?.hasPrefix("▲ BTC is above $50.00 — now $90.00 · btc-roof") == true
                && bodies.first?.firstMatch(of: clock) != nil, "\(bodies)")
        #expect(bodies.last?.hasPrefix("▼ BTC is below $100.00 — now $90.00 · btc-floor") == true
                && bodies.last?.firstMatch(of: clock) != nil, "\(bodies)")
    }
}
