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

    @Test func aWrongTokensUnauthorizedIsReportedWithoutTheToken() throws {
        let wrong = "7712345678:AAHk3-revoked-token-never-printed0000"
        let test = try run(["notify", "--test"], token: wrong)
        #expect(test.status != 0)
        #expect(test.stdout.contains("HTTP 401") && test.stdout.contains("Unauthorized"), "\(test.stdout)")
        #expect(!(test.stdout + test.stderr).contains(wrong))
        #expect(telegram.calls.isEmpty && telegram.requests.count == 1)
    }
}
