import CoinWatchSupport
import CoinWatchTransport
import Foundation
import Testing
@testable import TestHelpers

/// A Matrix sink's chart against a real Synapse homeserver on loopback (SPEC §12): the binary's pass
/// uploads the PNG to `/_matrix/media/v3/upload` and sends an `m.image` event naming it after the
/// text event, its txnId the text's plus `-chart`; another member of the room reads both events and
/// the image back through the client API. Skipped, with the reason printed, only when Synapse could
/// not be installed.
@Suite(.serialized) struct MatrixChartSynapseEndToEndTests {
    /// One homeserver for the suite (it takes seconds to start); nil with the reason when it could not start.
    static let synapse: Result<SynapseServer, SynapseServer.StartFailure> = {
        if case .failure(let reason) = SynapseServer.python { return .failure(reason) }
        do { return .success(try SynapseServer()) } catch let failure as SynapseServer.StartFailure {
            return .failure(failure)
        } catch {
            return .failure(SynapseServer.StartFailure(output: "\(error)"))
        }
    }()

    @Test func aMatrixSinksChartIsUploadedAndSentAsAnImageEventAfterTheText() throws {
        if case .failure(let reason) = SynapseServer.python {
            print("MatrixChartSynapseEndToEndTests skipped: Synapse could not be installed: \(reason)")
            return
        }
        let synapse = try Self.synapse.get()
        let room = try synapse.makeRoom()
        let bot = try synapse.user("coinwatch")
        let history = try HistoryCaptures.replayServer()
        let dir = try TempDir()
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(history.baseURL)/api/v3", "cache_ttl": "0s", "timeout": "5s"}],
         "favorites": ["bitcoin"],
         "defaults": {"notify": ["stdout", "room"]},
         "rules": [{"id": "btc-low", "coin": "bitcoin", "when": {"below": 100000}}],
         "sinks": {"room": {"type": "webhook", "format": "matrix", "url": "\(synapse.url)", "room": "\(room)",
                            "token": "${MATRIX_TOKEN}", "chart": "1d"}}}
        """)
        let run = try Binary.run(["--once", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["COINWATCH_CACHE": dir.path + "/cache", "MATRIX_TOKEN": bot.token])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains(bot.token) && !run.stdout.contains(bot.token), "the token stays secret")
        let key = try #require(run.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }.first?["id"] as? String)

        // What another member of the room reads: the text, then the image.
        let events = try synapse.messages(in: room, as: "alice").filter { $0.sender == bot.id }
        #expect(events.map(\.msgtype) == ["m.text", "m.image"], "\(events.map(\.content))")
        guard events.count == 2 else { return }
        #expect(events[0].body?.contains("BTC") == true)
        let image = events[1]
        #expect(image.body == "chart.png")
        #expect(image.content["info"]?["mimetype"]?.stringValue == "image/png")
        let mxc = try #require(image.content["url"]?.stringValue)
        #expect(mxc.hasPrefix("mxc://localhost/"))
        let png = try synapse.download(mxc, as: "alice")
        #expect(ChartSinksEndToEndTests.isChart(png), "the uploaded bytes are the 1280×720 chart: \(png.count) bytes")
        #expect(image.content["info"]?["size"]?.numberValue.map { Int($0) } == png.count)

        // The image event's txnId is the text's plus -chart: sending under it again is the same event (Synapse
        // deduplicates a sender's transaction ids), and the room gains nothing.
        let again = HTTPRequest(url: "\(synapse.url)/_matrix/client/v3/rooms/\(Self.escape(room))/send/m.room.message/\(key)-chart",
                                method: "PUT", headers: [HTTPHeader("Authorization", "Bearer " + bot.token),
                                                         HTTPHeader("Content-Type", "application/json")],
                                body: Array(#"{"msgtype": "m.text", "body": "a second try"}"#.utf8))
        let answer = try #require(CurlTransport().perform([again]).first).get()
        #expect(answer.status == 200)
        #expect((try? JSONParser.parse(answer.body))?["event_id"]?.stringValue == image.id, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(try synapse.messages(in: room, as: "alice").filter { $0.sender == bot.id }.count == 2)
    }

    /// SPEC §12: a refused image never costs the text. A homeserver that takes no upload as large as the chart answers
    /// the upload 413 after the text event went: the chart is dropped with one stderr line, the alert is delivered
    /// (exit 0, no `undelivered` record) and the room shows the text alone.
    @Test func anUploadTheHomeserverRefusesDropsTheChartAndTheAlertIsDelivered() throws {
        if case .failure(let reason) = SynapseServer.python {
            print("MatrixChartSynapseEndToEndTests skipped: Synapse could not be installed: \(reason)")
            return
        }
        let synapse = try SynapseServer(maxUploadSize: "1K")
        let bot = try synapse.user("coinwatch")
        let history = try HistoryCaptures.replayServer()
        let dir = try TempDir()
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(history.baseURL)/api/v3", "cache_ttl": "0s", "timeout": "5s"}],
         "favorites": ["bitcoin"],
         "defaults": {"notify": ["log", "room"]},
         "rules": [{"id": "btc-low", "coin": "bitcoin", "when": {"below": 100000}}],
         "sinks": {"room": {"type": "webhook", "format": "matrix", "url": "\(synapse.url)", "room": "\(synapse.room)",
                            "token": "${MATRIX_TOKEN}", "chart": "1d"},
                   "log": {"type": "file", "path": "\(dir.path)/alerts.jsonl"}}}
        """)
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                                 environment: ["COINWATCH_CACHE": dir.path + "/cache", "MATRIX_TOKEN": bot.token,
                                               "COINWATCH_RETRY_BACKOFF": "0.001"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("coinwatch: warning: webhook 'room': ") && lines[0].contains("HTTP 413")
                && lines[0].contains("the chart was refused"), "\(run.stderr)")
        #expect(!run.stderr.contains(bot.token))
        #expect(!(dir.read("alerts.jsonl") ?? "").contains("undelivered"), "\(dir.read("alerts.jsonl") ?? "")")
        #expect(!(dir.read("state.json") ?? "").contains("\"chart\""), "nothing left in the outbox")
        let events = try synapse.messages(as: "alice").filter { $0.sender == bot.id }
        #expect(events.map(\.msgtype) == ["m.text"], "\(events.map(\.content))")
    }

    /// A room id as a path segment.
    static func escape(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? segment
    }
}
