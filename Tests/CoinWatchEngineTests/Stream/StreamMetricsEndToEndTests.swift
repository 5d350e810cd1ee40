import Foundation
import Glibc
import Testing
@testable import TestHelpers

/// `coinwatch stream --metrics PATH` (SPEC §11) through the binary against the loopback feed: per
/// feed its messages, reconnects, alerts and last message age, written atomically while it runs and
/// at exit (how often it is written is `StreamMetricsTests`' part, on an injected clock).
@Suite(.serialized) struct StreamMetricsEndToEndTests {
    /// The value of the sample `name` (with its labels, as written) in a metrics file.
    static func sample(_ text: String, _ name: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    @Test func streamMetricsCountEachFeedsMessagesReconnectsAndAlertsAndAreWrittenAtExit() throws {
        // 30 prices, one of them crossing the line; then the server drops the connection (1006).
        var steps: [WebSocketServer.Step] = []
        for k in 0..<30 {
            steps.append(["send": StreamRig.trade("BTCUSDT", k == 10 ? 10100 : 9900)])
        }
        steps.append(["drop": true])
        let rig = try StreamRig(connections: [steps, []])
        try rig.writeRules(#"{"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}}"#)
        let path = rig.folder + "/coinwatch.prom"
        let run = try rig.start(["--metrics", path])
        #expect(Eventually.wait(timeout: 10) { FileManager.default.fileExists(atPath: path) }, "\(run.stderr)")
        #expect(Eventually.wait(timeout: 15) { rig.feed.connectionCount >= 2 && rig.receiver.requests.count >= 1 }, "\(run.stderr)")
        let during = try String(contentsOfFile: path, encoding: .utf8)
        #expect(during.contains("# TYPE coinwatch_stream_messages_total counter"))
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(Self.sample(text, #"coinwatch_stream_messages_total{provider="binance"}"#) == 30, "\(text)")
        #expect(Self.sample(text, #"coinwatch_stream_reconnects_total{provider="binance"}"#) == 1)
        #expect(Self.sample(text, #"coinwatch_stream_alerts_total{provider="binance"}"#) == 1)
        #expect(Self.sample(text, #"coinwatch_alerts_total{rule="btc-10k",status="firing"}"#) == 1)
        #expect(Self.sample(text, #"coinwatch_stream_connected{provider="binance"}"#) == 0, "closed at exit")
        #expect((Self.sample(text, #"coinwatch_stream_last_message_age_seconds{provider="binance"}"#) ?? -1) >= 0)
        #expect((Self.sample(text, #"coinwatch_requests_total{provider="binance"}"#) ?? 0) >= 3, "the start and two bridges")
        #expect(Self.sample(text, #"coinwatch_provider_up{provider="binance"}"#) == 1)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o644)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: rig.folder).filter { $0.hasPrefix("coinwatch.prom") && $0 != "coinwatch.prom" }
        #expect(leftovers.isEmpty, "no temp file left: \(leftovers)")
    }

    @Test func streamMetricsWithAnEmptyPathIsAUsageError() throws {
        let run = try Binary.run(["stream", "--metrics", ""])
        #expect(run.status == 64 && run.stderr.contains("'--metrics'"), "\(run.stderr)")
    }
}
