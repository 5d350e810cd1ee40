import Foundation
import Glibc
import Testing
@testable import TestHelpers

/// Charts in `stream`'s alerts (SPEC §9, §12): the chart is made on the sink's sending thread, from
/// the history the provider serves (Binance klines on the rig's REST server), never on the event
/// loop, so a slow history answer delays only that sink's message.
@Suite(.serialized) struct StreamChartEndToEndTests {
    /// Holds every klines answer until the test opens it.
    final class Gate: @unchecked Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func wait() { _ = semaphore.wait(timeout: .now() + 20) }
        func open() { for _ in 0..<16 { semaphore.signal() } }
    }

    /// `/api/v3/klines` rows every `interval` from `startTime` to the request's moment (at most
    /// `endTime`), the price wandering around 9,800, in Binance's shape.
    static func klines(_ request: RecordedRequest) -> Reply {
        let units: [Character: Int64] = ["m": 60_000, "h": 3_600_000, "d": 86_400_000, "w": 604_800_000]
        guard let interval = request.queryItem("interval"), let unit = interval.last.flatMap({ units[$0] }),
              let count = Int64(interval.dropLast()), let start = request.queryItem("startTime").flatMap({ Int64($0) }),
              let end = request.queryItem("endTime").flatMap({ Int64($0) }) else { return .status(400) }
        let step = count * unit
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        var rows: [String] = []
        var time = start - start % step
        while time <= min(end, now), rows.count < 1000 {
            let price = 9800 + 300 * sin(Double(time / step) / 20)
            let text = String(format: "%.2f", price)
            rows.append(#"[\#(time),"\#(text)","\#(text)","\#(text)","\#(text)","1.0",\#(time + step - 1),"1.0",1,"1.0","1.0","0"]"#)
            time += step
        }
        return .json("[" + rows.joined(separator: ",") + "]")
    }

    @Test func aStreamAlertCarriesItsChartMadeOffTheLoop() throws {
        let rig = try StreamRig(connections: [[
            ["send": StreamRig.ticker("BTCUSDT", 9500)], ["sleep": 0.3],
            ["send": StreamRig.trade("BTCUSDT", 10100)], ["sleep": 0.6],
            ["send": StreamRig.ticker("ETHUSDT", 350, open: 300)], ["sleep": 0.3],
            ["send": StreamRig.trade("ETHUSDT", 450)],
        ]])
        let gate = Gate()
        rig.rest.route("/api/v3/klines") { request in
            gate.wait()
            return Self.klines(request)
        }
        let telegram = try WebhookReceiver(fallback: .json(#"{"ok":true,"result":{}}"#))
        // The provider's timeout outlasts the held answer; the loop must not wait for it.
        try rig.writeRules(provider: #"{"name": "binance", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "30s"}"#,
                           vs: "usdt", favorites: ["BTC", "ETH"], rules: """
            {"id": "btc-10k", "coin": "BTC", "when": {"crosses_above": 10000}, "notify": ["stdout", "tg"]},
            {"id": "eth-400", "coin": "ETH", "when": {"crosses_above": 400}, "notify": ["stdout"]}
            """, sinks: ["tg": #"{"type": "webhook", "format": "telegram", "url": "\#(telegram.url("/bot1"))", "chat_id": 7, "chart": "1d"}"#])
        let run = try rig.start(environment: ["COINWATCH_CACHE": rig.folder + "/cache"])  // its own history store
        defer { gate.open() }
        // While the BTC chart's history is held, the loop goes on: ETH's later alert is printed.
        #expect(Eventually.wait(timeout: 15) { StreamRig.records(run.stdout).count == 2 }, "\(run.stderr)")
        #expect(!rig.rest.requests("/api/v3/klines").isEmpty, "the chart's history was asked for")
        #expect(telegram.requests.isEmpty, "the sink's message waits for its chart")
        gate.open()
        #expect(Eventually.wait(timeout: 15) { telegram.requests.count == 1 }, "\(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let records = StreamRig.records(run.stdout)
        #expect(records.map { $0["rule"] as? String } == ["btc-10k", "eth-400"])
        let photo = try #require(telegram.requests.first)
        #expect(photo.path == "/bot1/sendPhoto")
        #expect(photo.header("Idempotency-Key") == records.first?["id"] as? String)
        let form = try PythonMultipart(contentType: photo.header("Content-Type"), body: photo.body)
        #expect(form.defects.isEmpty, "\(form.defects)")
        #expect(form["caption"]?.text.contains("BTC") == true)
        let image = try #require(form["photo"])
        #expect(image.type == "image/png" && ChartSinksEndToEndTests.isChart(image.payload))
        #expect(!run.stderr.contains("chart"), "\(run.stderr)")
    }
}
