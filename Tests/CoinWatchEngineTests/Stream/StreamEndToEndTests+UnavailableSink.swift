import Foundation
import Glibc
import Testing
@testable import TestHelpers

/// SPEC §2 and §9: `stream` loads rules.json as a pass does, so a sink whose `${…}` is unset is unavailable, not an
/// invalid file: its alerts wait in the outbox, every other sink is served, one line says so per load of the rules
/// (the start, each SIGHUP), and the stream keeps running.
extension StreamEndToEndTests {
    @Test func aSinkWhoseVariableIsUnsetWaitsInTheOutboxWhileStreamServesTheOthers() throws {
        // Paced, so each crossing is its own turn and its own delivery.
        let rig = try StreamRig(connections: [[
            ["send": StreamRig.ticker("BTCUSDT", 9500)], ["sleep": 0.3],
            ["send": StreamRig.trade("BTCUSDT", 10020)], ["sleep": 0.3],
            ["send": StreamRig.trade("BTCUSDT", 10100)],
        ]])
        let rules = #"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}, "#
            + #"{"id": "btc-10050", "coin": "BTC", "when": {"crosses_above": 10050}}"#
        try rig.writeRules(rules, sinks: ["pager": #"{"type": "webhook", "format": "json", "url": "${PAGER_URL}"}"#])
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 15) { rig.receiver.requests.count == 2 }, "the other sinks are served: \(run.stderr)")
        let state = { (try? String(contentsOfFile: rig.statePath, encoding: .utf8)) ?? "" }
        #expect(Eventually.wait(timeout: 10) { state().components(separatedBy: #""sink":"pager""#).count == 3 },
                "both alerts wait for the pager in the outbox: \(state())")
        let said = { run.stderrLines.filter { $0.contains("webhook sink 'pager' is unavailable") } }
        #expect(said().count == 1, "said once, not once per alert: \(run.stderr)")
        #expect(said().allSatisfy { $0.contains("PAGER_URL") }, "\(run.stderr)")
        run.send(SIGHUP)
        #expect(Eventually.wait(timeout: 10) { run.stderr.contains("reloaded") && said().count == 2 },
                "the reload loads the rules the same way and says it again: \(run.stderr)")
        #expect(run.isRunning)
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0, "an alert that waits is not one refused for good: \(run.stderr)")
        #expect(StreamRig.records(run.stdout).map { $0["rule"] as? String } == ["btc-10k", "btc-10050"])
        #expect(((try? String(contentsOfFile: rig.logPath, encoding: .utf8)) ?? "").split(separator: "\n").count == 2)
        #expect(state().components(separatedBy: #""sink":"pager""#).count == 3, "still waiting after the exit")
    }
}
