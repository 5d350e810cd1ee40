import Foundation
import Testing
@testable import TestHelpers

/// The `telegram` sink through the binary against the Bot API stand-in (docs/delivery.md: `sendMessage` with
/// `parse_mode` HTML, every character of the text HTML-escaped), which reads the HTML as the real API does and
/// refuses what it cannot parse; and a revoked token's 401 shown without the token.
@Suite(.serialized) struct TelegramSinkBotAPIEndToEndTests {
    let market: MarketServer
    let telegram: TelegramBotServer
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        telegram = try TelegramBotServer()
        dir = try TempDir()
        market.set("bitcoin", price: 90)
    }

    private func run(_ args: [String], token: String) throws -> Binary.Run {
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL,
            rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}, "message": "{symbol} < 100 & <b>falling</b>"}"#,
            defaults: #"{"notify": ["tg"]}"#,
            sinks: #"{"tg": {"type": "webhook", "format": "telegram", "url": "\#(telegram.root)/bot${TELEGRAM_TOKEN}", "chat_id": 42}}"#))
        return try Binary.run(args + ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                              environment: ["TELEGRAM_TOKEN": token, "COINWATCH_RETRY_BACKOFF": "0.001"])
    }

    @Test func anAlertWhoseTextHoldsHTMLCharactersIsAcceptedByTheBotAPIAsWritten() throws {
        let pass = try run(["--once"], token: telegram.token)
        #expect(pass.status == 0 && pass.stderr.isEmpty, "\(pass.stderr)")
        let call = try #require(telegram.calls("sendMessage").first)
        #expect(telegram.calls("sendMessage").count == 1)
        #expect(call.parameters["chat_id"] == "42" && call.parameters["parse_mode"] == "HTML")
        // What the chat shows, once the API has read the HTML: the template's characters, not markup.
        let text = try #require(call.parameters["text"])
        #expect(try TelegramHTML.plainText(text).get().contains("BTC < 100 & <b>falling</b>"), "\(text)")
    }

    /// SPEC §12: a refused image never holds the alert back. In a group that forbids photos `sendPhoto` answers 400;
    /// the text goes alone by `sendMessage`, the alert counts as delivered, one stderr line says why. When that
    /// `sendMessage` must wait for a later pass, the retry sends the text alone, never the photo again.
    @Test func aPhotoTheChatRefusesLeavesTheTextToGoAloneAndARetryNeverSendsItAgain() throws {
        let history = try HistoryCaptures.replayServer()
        try dir.write("rules.json", RulesJSON.make(
            baseURL: history.baseURL + "/api/v3",
            rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100000}}"#,
            defaults: #"{"notify": ["tg"]}"#,
            sinks: #"{"tg": {"type": "webhook", "format": "telegram", "url": "\#(telegram.root)/bot${TELEGRAM_TOKEN}", "chat_id": 42, "chart": "1d"}}"#))
        let args = ["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"]
        let environment = ["TELEGRAM_TOKEN": telegram.token, "COINWATCH_RETRY_BACKOFF": "0.001", "COINWATCH_CACHE": dir.path + "/cache"]
        telegram.forbidPhotos(in: 42)
        // Every in-pass try of the text is flooded: it waits in the outbox without its chart.
        telegram.flood(retryAfter: 0, requests: 4, methods: ["sendMessage"])
        let first = try Binary.run(args, environment: environment)
        #expect(first.status == 0, "queued, not refused: \(first.stderr)")
        #expect(telegram.calls("sendPhoto").count == 1 && telegram.calls("sendMessage").count == 4)
        let lines = first.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(first.stderr)")
        #expect(lines.first.map { $0.hasPrefix("coinwatch: warning: webhook 'tg': ")
            && $0.contains("not enough rights to send photos") && $0.contains("the chart was refused") } == true, "\(first.stderr)")
        #expect(!first.stderr.contains(telegram.token))
        #expect(!(dir.read("state.json") ?? "").contains("\"chart\""), "the queued message has no image left to send")

        let second = try Binary.run(args, environment: environment)
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
        #expect(telegram.calls("sendPhoto").count == 1, "the photo is never sent again")
        #expect(telegram.calls("sendMessage").count == 5)
        #expect(telegram.sent.count == 1 && telegram.sent.first?.photo == nil && telegram.sent.first?.text.contains("BTC") == true,
                "the chat shows the text once, alone: \(telegram.sent.map(\.text))")
    }

    @Test func aWrongTokensUnauthorizedIsReportedWithoutTheToken() throws {
        let wrong = "7712345678:AAHk3-revoked-token-never-printed0000"
        let test = try run(["notify", "--test"], token: wrong)
        #expect(test.status != 0)
        #expect(test.stdout.contains("HTTP 401") && test.stdout.contains("Unauthorized"), "\(test.stdout)")
        #expect(!(test.stdout + test.stderr).contains(wrong))
        #expect(telegram.calls.isEmpty && telegram.requests.count == 1)
    }
}
