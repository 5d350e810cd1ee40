import Foundation
import Testing
@testable import TestHelpers

/// The webhook sink against every server fault, through the binary (SPEC §1, §3): a retryable fault
/// queues the alert (exit 0, one line naming the sink and the cause) and the next healthy pass
/// delivers it under the same Idempotency-Key; a 2xx with any body is delivered.
@Suite struct WebhookFaultTests {
    private let fastRetries = ["COINWATCH_RETRY_BACKOFF": "0.001"]

    private func setUp(_ fault: Fault) throws -> (market: MarketServer, receiver: WebhookReceiver, refusing: ClosedPort, dir: TempDir) {
        let market = try MarketServer()
        let receiver = try WebhookReceiver()
        let refusing = try ClosedPort()
        let dir = try TempDir()
        if let reply = fault.reply { receiver.script(reply, reply, reply, reply) }
        let url = fault.reply == nil ? refusing.baseURL + "/hook" : receiver.url("/hook")
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
            defaults: #"{"notify": ["hook"]}"#,
            sinks: #"{"hook": {"type": "webhook", "format": "json", "url": "\#(url)", "timeout": "1s"}}"#))
        market.set("bitcoin", price: 90)
        return (market, receiver, refusing, dir)
    }

    private func pass(_ dir: TempDir) throws -> Binary.Run {
        try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"], environment: fastRetries)
    }

    @Test(arguments: Fault.network)
    func aFailingWebhookQueuesTheAlertWithOneLineAndTheNextPassDeliversItOnce(fault: Fault) throws {
        let (market, receiver, refusing, dir) = try setUp(fault)
        defer { withExtendedLifetime((market, refusing)) {} }
        let run = try pass(dir)
        #expect(run.status == 0, "safely queued is success: \(fault.name): \(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("coinwatch: webhook 'hook': ") == true && lines.first?.contains(fault.cause) == true,
                "\(fault.name) names the sink and '\(fault.cause)': \(run.stderr)")
        #expect(lines.first?.contains("queued in the outbox") == true)
        let state = try #require(StateSnapshot(path: dir.path + "/state.json"), "state parses")
        let queued = state.outboxAlertIDs
        #expect(queued.count == 1, "the alert waits in the outbox")
        #expect(state.section("pairs").contains("lo|bitcoin"), "the pair remembers it notified")

        if fault.name == "http429RetryAfter" {
            #expect(receiver.requests.count == 1, "a Retry-After beyond 30 s defers to a later pass")
            #expect(lines.first?.contains("(Retry-After)") == true)
            #expect(state.outbox.first?["not_before"] != nil)
            return
        }
        let tries = receiver.requests.count
        #expect(tries == (fault.reply == nil ? 0 : 4), "one try and three retries")
        if fault.reply != nil {
            #expect(Set(receiver.keys) == Set(queued), "every try carried the alert's id as Idempotency-Key")
        }

        // Healthy again: the queued alert goes first under the same key, then never again.
        let healthy = try WebhookReceiver()
        try rewriteSinkURL(dir, to: healthy.url("/hook"))
        let recovered = try pass(dir)
        #expect(recovered.status == 0, "\(recovered.stderr)")
        #expect(recovered.stderr.isEmpty, "\(recovered.stderr)")
        #expect(healthy.keys == queued, "the queued alert, under its key, exactly once")
        #expect(StateSnapshot(path: dir.path + "/state.json")?.outbox.isEmpty == true)
        _ = try pass(dir)
        #expect(healthy.requests.count == 1, "nothing answered 2xx is sent again")
    }

    @Test(arguments: Fault.bodies)
    func aTwoHundredWithAnyBodyIsDelivered(fault: Fault) throws {
        let (market, receiver, refusing, dir) = try setUp(fault)
        defer { withExtendedLifetime((market, refusing)) {} }
        let run = try pass(dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "a chat service's 2xx means accepted, whatever its body: \(run.stderr)")
        #expect(receiver.requests.count == 1)
        #expect(StateSnapshot(path: dir.path + "/state.json")?.outbox.isEmpty == true)
    }

    @Test func aFourHundredWithAnHTMLBodyIsRefusedForGoodWithExitOne() throws {
        let fault = Fault(name: "http400HTML", reply: .html("<html><body><h1>400 Bad Request</h1></body></html>", status: 400),
                          cause: "HTTP 400: 400 Bad Request")
        let (market, receiver, refusing, dir) = try setUp(fault)
        defer { withExtendedLifetime((market, refusing)) {} }
        let run = try pass(dir)
        #expect(run.status == 1)
        #expect(receiver.requests.count == 1, "a 4xx is not retried")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("coinwatch: webhook 'hook': ") && lines[0].contains(fault.cause)
                && lines[0].contains("refused for good"), "\(run.stderr)")
        #expect(StateSnapshot(path: dir.path + "/state.json")?.outbox.isEmpty == true)
    }

    /// Points the sink `hook` at `url`.
    private func rewriteSinkURL(_ dir: TempDir, to url: String) throws {
        let text = try #require(dir.read("rules.json"))
        let rewritten = text.replacing(#/"url": "[^"]*"/#) { _ in #""url": "\#(url)""# }
        try dir.write("rules.json", rewritten)
    }
}
