import Foundation
import Testing
@testable import TestHelpers

/// Charts in alerts through the binary (SPEC §12): a pass against a loopback CoinGecko replaying
/// the real captures (quote and `market_chart`) and a loopback chat service; every request read
/// back as the service would read it (Python's multipart parser, JSON, the mail parser).
@Suite(.serialized) struct ChartSinksEndToEndTests {
    let server: LoopbackServer
    let smtp: SMTPServer
    let dir: TempDir
    /// Whether `market_chart` answers (false: 404, no history).
    let history = LockedFlag(true)
    /// Whether the chat service answers 503 (busy).
    let busy = LockedFlag(false)
    /// Whether the chat service answers 413 (too large) to a message carrying an image.
    let tooLarge = LockedFlag(false)

    init() throws {
        let history = self.history, busy = self.busy, tooLarge = self.tooLarge
        server = try LoopbackServer { request in
            if busy.value, !request.path.contains("/api/v3/") { return Reply.text("busy", status: 503) }
            if tooLarge.value, request.body.count > 10_000 { return Reply.text("request entity too large", status: 413) }
            if request.path.hasSuffix("/coins/markets") {
                return (try? Fixtures.bytes("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json"))
                    .map { Reply.bytes($0, contentType: "application/json") } ?? .notFound
            }
            if request.path.hasSuffix("/market_chart") {
                guard history.value else { return .notFound }
                return (try? HistoryCaptures.capture(HistoryCaptures.chart(days: request.queryItem("days"))))
                    .map { Reply.bytes($0, contentType: "application/json") } ?? .notFound
            }
            if request.path.hasSuffix("/_matrix/media/v3/upload") { return .json(#"{"content_uri":"mxc://example.org/chart1"}"#) }
            return .json(#"{"ok":true,"result":{},"event_id":"$e1"}"#)
        }
        smtp = try SMTPServer()
        dir = try TempDir()
    }

    /// rules.json with one rule that fires at once (bitcoin below 100,000) and `sinks` (name → JSON of the sink).
    private func write(sinks: [String: String], rule extra: String = "") throws {
        let list = sinks.keys.sorted()
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(server.baseURL)/api/v3", "cache_ttl": "0s", "timeout": "5s"}],
         "favorites": ["bitcoin"],
         "defaults": {"notify": [\(list.map { "\"\($0)\"" }.joined(separator: ", "))]},
         "rules": [{"id": "btc-low", "coin": "bitcoin", "when": {"below": 100000}\(extra)}],
         "sinks": {\(list.map { "\"\($0)\": \(sinks[$0] ?? "{}")" }.joined(separator: ", "))}}
        """)
    }

    private func webhook(_ format: String, _ extra: String = "", chart: String = #""1d""#) -> String {
        #"{"type": "webhook", "format": "\#(format)", "url": "\#(server.url("/" + format))", "chart": \#(chart)\#(extra)}"#
    }

    private func pass() throws -> Binary.Run {
        try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                       environment: ["COINWATCH_CACHE": dir.path + "/cache", "COINWATCH_RETRY_BACKOFF": "0.001"])
    }

    private func requests(_ prefix: String) -> [RecordedRequest] { server.requests.filter { $0.path.hasPrefix(prefix) } }
    private var historyRequests: [RecordedRequest] { server.requests.filter { $0.path.hasSuffix("/market_chart") } }

    /// Whether `bytes` are a 1280×720 PNG.
    static func isChart(_ bytes: [UInt8]) -> Bool {
        ShowPNGEndToEndTests.pngSize(bytes).map { $0.width == 1280 && $0.height == 720 } ?? false
    }

    @Test func everyFormatThatCarriesAnImageGetsTheChartAndTheRestGoAsText() throws {
        try write(sinks: [
            "telegram": webhook("telegram", #", "chat_id": 42"#),
            "discord": webhook("discord"),
            "ntfy": webhook("ntfy"),
            "pushover": webhook("pushover", #", "token": "t0ken-p", "user": "u5er-key""#),
            "matrix": webhook("matrix", #", "token": "t0ken-m", "room": "!r:x""#),
            "slack": webhook("slack"),
            "mail": #"{"type": "email", "url": "smtp://127.0.0.1:\#(smtp.port)", "ca_file": "\#(smtp.certificate)", "from": "a@example.org", "to": ["b@example.org"], "chart": "1d"}"#,
        ])
        let run = try pass()
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderr.split(separator: "\n")
        #expect(warnings.count == 1 && warnings[0].hasSuffix("warning: sinks.slack.chart: Slack incoming webhooks carry no image; "
                + "this sink's alerts go as text alone (discord, telegram, ntfy, pushover, matrix and email carry a chart)"), "\(run.stderr)")
        #expect(historyRequests.count == 1, "one history request for seven sinks")

        // Telegram: sendPhoto, multipart/form-data, the message as the caption.
        let telegram = requests("/telegram")
        #expect(telegram.map(\.path) == ["/telegram/sendPhoto"])
        let photo = try #require(telegram.first)
        let form = try PythonMultipart(contentType: photo.header("Content-Type"), body: photo.body)
        #expect(form.type == "multipart/form-data" && form.defects.isEmpty, "\(form.defects)")
        #expect(form["chat_id"]?.text == "42")
        #expect(form["caption"]?.text.contains("BTC") == true, "\(form["caption"]?.text ?? "no caption")")
        #expect(form["parse_mode"]?.text == "HTML")
        let image = try #require(form["photo"])
        #expect(image.filename == "chart.png" && image.type == "image/png" && Self.isChart(image.payload))

        // Discord: payload_json whose embed shows attachment://chart.png, and files[0].
        let discord = try #require(requests("/discord").first)
        let parts = try PythonMultipart(contentType: discord.header("Content-Type"), body: discord.body)
        #expect(parts.defects.isEmpty)
        let payload = try #require(try JSONSerialization.jsonObject(with: Data(parts["payload_json"]?.payload ?? [])) as? [String: Any])
        let embed = try #require((payload["embeds"] as? [[String: Any]])?.first)
        #expect((embed["image"] as? [String: Any])?["url"] as? String == "attachment://chart.png")
        #expect((embed["description"] as? String)?.contains("BTC") == true)
        #expect(parts["files[0]"]?.filename == "chart.png" && parts["files[0]"]?.payload == image.payload, "the same image everywhere")

        // ntfy: a PUT of the PNG with Filename, the text in Message.
        let ntfy = try #require(requests("/ntfy").first)
        #expect(ntfy.method == "PUT" && ntfy.header("Filename") == "chart.png" && ntfy.body == image.payload)
        // One RFC 2047 word when the text is not ASCII, as ntfy decodes it.
        let header = ntfy.header("Message") ?? ""
        let message = header.hasPrefix("=?UTF-8?B?") && header.hasSuffix("?=")
            ? Data(base64Encoded: String(header.dropFirst(10).dropLast(2))).map { String(decoding: $0, as: UTF8.self) } ?? "" : header
        #expect(message.contains("BTC") && !message.contains("\n"), "\(header)")

        // Pushover: attachment_base64 in the JSON.
        let pushover = try #require(requests("/pushover").first)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(pushover.body)) as? [String: Any])
        #expect(doc["attachment_type"] as? String == "image/png")
        #expect((doc["attachment_base64"] as? String).flatMap { Data(base64Encoded: $0) }.map([UInt8].init) == image.payload)
        #expect((doc["message"] as? String)?.contains("BTC") == true)

        // Matrix: the text event, the upload, then an m.image event naming the upload, txnId the text's plus -chart.
        let matrix = requests("/matrix")
        #expect(matrix.map(\.method) == ["PUT", "POST", "PUT"], "\(matrix.map(\.target))")
        if matrix.count == 3 {
            let textID = String(matrix[0].path.split(separator: "/").last ?? "")
            #expect(matrix[0].path.contains("/send/m.room.message/"))
            #expect(matrix[1].target == "/matrix/_matrix/media/v3/upload?filename=chart.png" && matrix[1].body == image.payload)
            #expect(matrix[1].header("Content-Type") == "image/png" && matrix[1].header("Authorization") == "Bearer t0ken-m")
            #expect(matrix[2].path.hasSuffix("/send/m.room.message/" + textID + "-chart"), "\(matrix[2].path)")
            let event = try #require(try JSONSerialization.jsonObject(with: Data(matrix[2].body)) as? [String: Any])
            #expect(event["msgtype"] as? String == "m.image" && event["url"] as? String == "mxc://example.org/chart1")
            #expect((event["info"] as? [String: Any])?["mimetype"] as? String == "image/png")
        }

        // Slack carries no image: its JSON text as before.
        let slack = try #require(requests("/slack").first)
        #expect(slack.header("Content-Type") == "application/json" && !slack.bodyText.contains("chart"))

        // Email: multipart/related, the text and the PNG inline.
        let raw = try #require(smtp.messages.first)
        let mail = raw.components(separatedBy: "\r\n\r\n").count > 1 ? String(raw[raw.range(of: "Date: ")!.lowerBound...]) : raw
        let related = try PythonMultipart(contentType: nil, body: Array(mail.utf8))
        #expect(related.type == "multipart/related" && related.defects.isEmpty, "\(related.defects)")
        #expect(related.parts.map(\.type) == ["text/plain", "image/png"])
        #expect(related.parts.last?.disposition == "inline" && related.parts.last?.contentID?.hasPrefix("<chart-") == true)
        #expect(related.parts.last?.payload == image.payload && related.parts.first?.text.contains("BTC") == true)
    }

    @Test func checkSaysOfEachChartedSinkWhoseFormatCarriesNoImage() throws {
        try write(sinks: [
            "a-slack": webhook("slack"), "b-teams": webhook("teams", chart: "true"),
            "c-gotify": webhook("gotify", #", "token": "t0ken-g""#, chart: #""7d""#), "d-json": webhook("json"),
            "e-telegram": webhook("telegram", #", "chat_id": 42"#), "f-discord": webhook("discord"),
            "g-plain-slack": #"{"type": "webhook", "format": "slack", "url": "\#(server.url("/plain"))"}"#,
            "h-off": webhook("teams", chart: "false"),
        ])
        let run = try Binary.run(["check", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(run.status == 0, "a warning, not an error")
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("carr") }
        let tail = "no image; this sink's alerts go as text alone (discord, telegram, ntfy, pushover, matrix and email carry a chart)"
        #expect(warnings.map { String($0.split(separator: " warning: ").last ?? "") } == [
            "sinks.a-slack.chart: Slack incoming webhooks carry " + tail,
            "sinks.b-teams.chart: teams carries " + tail,
            "sinks.c-gotify.chart: gotify carries " + tail,
            "sinks.d-json.chart: the json format carries " + tail,
        ], "\(run.stderr)")
        #expect(server.requests.isEmpty, "check sends nothing")
    }

    /// A message the service could not take waits in the outbox with its image: the next pass sends
    /// the same bytes under the same Idempotency-Key, and fetches no history for it.
    @Test func aQueuedMessageKeepsItsImageAndItsKey() throws {
        try write(sinks: ["telegram": webhook("telegram", #", "chat_id": 42"#)])
        busy.value = true
        let first = try pass()
        #expect(first.status == 0, "queued for later: \(first.stderr)")
        let tried = requests("/telegram")
        #expect(!tried.isEmpty && tried.allSatisfy { $0.path == "/telegram/sendPhoto" })
        #expect((dir.read("state.json") ?? "").contains("\"chart\""), "the image is kept with the queued message")
        busy.value = false
        let second = try pass()
        #expect(second.status == 0, "\(second.stderr)")
        let all = requests("/telegram")
        let retried = try #require(all.last)
        #expect(all.count == tried.count + 1 && retried.path == "/telegram/sendPhoto")
        let same = retried.body == tried[0].body
        #expect(same, "the same bytes")
        #expect(retried.header("Idempotency-Key") == tried[0].header("Idempotency-Key"))
        #expect(historyRequests.count == 1, "the retry needed no history")
    }

    @Test func withoutHistoryTheTextGoesAloneWithOneLine() throws {
        history.value = false
        try write(sinks: ["telegram": webhook("telegram", #", "chat_id": 42"#)])
        let run = try pass()
        #expect(run.status == 0, "the alert was delivered")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("coinwatch: warning: no 1d chart for BTC/USD: "), "\(run.stderr)")
        #expect(requests("/telegram").map(\.path) == ["/telegram/sendMessage"])
    }

    /// SPEC §12: a refused image never costs the text. Discord answers the multipart message 413: the same message
    /// goes again as the text alone (JSON, same Idempotency-Key), delivered, with one stderr line.
    @Test func aMessageRefusedForItsImageGoesAgainAsTheTextAlone() throws {
        tooLarge.value = true
        try write(sinks: ["discord": webhook("discord")])
        let run = try pass()
        #expect(run.status == 0, "delivered: \(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("coinwatch: warning: webhook 'discord': ") && lines[0].contains("HTTP 413")
                && lines[0].contains("the chart was refused"), "\(run.stderr)")
        let discord = requests("/discord")
        #expect(discord.count == 2, "\(discord.map(\.path))")
        guard discord.count == 2 else { return }
        #expect(discord[0].header("Content-Type")?.hasPrefix("multipart/form-data") == true)
        #expect(discord[1].header("Content-Type")?.hasPrefix("application/json") == true && discord[1].bodyText.contains("BTC"))
        #expect(discord[1].header("Idempotency-Key") == discord[0].header("Idempotency-Key"))
        #expect(!(dir.read("state.json") ?? "").contains("\"chart\""), "nothing left in the outbox")
    }

    /// The same for a mail server that takes no message as large as the one with the image (552): the mail goes
    /// again as the text alone.
    @Test func aMailRefusedForItsSizeGoesAgainAsTheTextAlone() throws {
        let small = try SMTPServer(mode: .small)
        try write(sinks: ["mail": #"{"type": "email", "url": "smtp://127.0.0.1:\#(small.port)", "ca_file": "\#(small.certificate)", "from": "a@example.org", "to": ["b@example.org"], "chart": "1d"}"#])
        let run = try pass()
        #expect(run.status == 0, "delivered: \(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("coinwatch: warning: email 'mail': ") && lines[0].contains("552")
                && lines[0].contains("the chart was refused"), "\(run.stderr)")
        #expect(small.messages.count == 1 && small.messages.first?.contains("Content-Type: text/plain") == true
                && small.messages.first?.contains("image/png") == false, "\(small.messages)")
    }

    @Test func aRuleChartFalseSendsTheTextAlone() throws {
        try write(sinks: ["telegram": webhook("telegram", #", "chat_id": 42"#)], rule: #", "chart": false"#)
        let run = try pass()
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(requests("/telegram").map(\.path) == ["/telegram/sendMessage"])
        #expect(historyRequests.isEmpty, "no history fetched for a chart no one sends")
    }

    @Test func aRuleChartGivesTheImageToASinkWithoutOne() throws {
        try write(sinks: ["ntfy": webhook("ntfy", chart: "false")], rule: #", "chart": "1d""#)
        #expect(try pass().status == 0)
        #expect(requests("/ntfy").first.map { $0.method == "PUT" && Self.isChart($0.body) } == true)
    }

    @Test func aCaptionOverTelegramsLimitFollowsThePhotoAsSendMessage() throws {
        let long = String(repeating: "long text ", count: 120)
        try write(sinks: ["telegram": webhook("telegram", #", "chat_id": 42"#)], rule: #", "message": "{symbol} \#(long)""#)
        #expect(try pass().status == 0)
        let telegram = requests("/telegram")
        #expect(telegram.map(\.path) == ["/telegram/sendPhoto", "/telegram/sendMessage"])
        guard telegram.count == 2 else { return }
        let form = try PythonMultipart(contentType: telegram[0].header("Content-Type"), body: telegram[0].body)
        #expect(form["caption"] == nil && form["photo"].map { Self.isChart($0.payload) } == true)
        #expect(telegram[1].bodyText.contains(long.trimmingCharacters(in: .whitespaces)))
        let keys = telegram.compactMap { $0.header("Idempotency-Key") }
        #expect(keys.count == 2 && keys[0] == keys[1] + "-chart", "\(keys)")
    }
}

/// A Bool two threads share.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Bool
    init(_ value: Bool) { stored = value }
    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
