import Foundation
import Testing
@testable import TestHelpers

/// SPEC §3: a chat message reads at a glance on a phone: a direction mark, what happened with the
/// figures that define it, the price, the rule id, the time and a link to the coin's page (§4 `url`).
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

    /// The page of bitcoin on CoinGecko: the public site, though the provider is served on loopback.
    static let page = "https://www.coingecko.com/en/coins/bitcoin"

    /// A JSON object from `text`, or an empty one.
    private static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// Every chat format, the json record and the email link the coin's page on the provider that
    /// quoted it, each as a link it understands (SPEC §3, §4 `url`).
    @Test func everyFormatLinksTheCoinsPageOnTheProviderThatQuotedIt() throws {
        let smtp = try SMTPServer(security: .starttls)
        let extra = ["telegram": #", "chat_id": 7"#, "pushover": #", "token": "t0ken-p", "user": "u5er-key""#,
                     "gotify": #", "token": "t0ken-g""#, "matrix": #", "token": "t0ken-m", "room": "!r:x""#]
        let formats = ["json", "slack", "discord", "telegram", "ntfy", "teams", "pushover", "gotify", "matrix", "googlechat", "mattermost"]
        var sinks = formats.map { #""\#($0)": {"type": "webhook", "format": "\#($0)", "url": "\#(rig.receiver.url("/" + $0))"\#(extra[$0] ?? "")}"# }
        sinks.append(#""mail": {"type": "email", "url": "smtp://127.0.0.1:\#(smtp.port)", "ca_file": "\#(smtp.certificate)", "from": "a@example.org", "to": ["b@example.org"]}"#)
        let names = (formats + ["mail"]).map { "\"\($0)\"" }.joined(separator: ", ")
        try rig.write(rules: #"{"id": "btc-floor", "coin": "bitcoin", "when": {"below": 100}}"#, defaults: #"{"notify": [\#(names)]}"#,
                      sinks: "{" + sinks.joined(separator: ", ") + "}")
        rig.market.set("bitcoin", price: 90, change24h: nil)
        let run = try rig.run(["--once"])
        #expect(run.status == 0, "\(run.stderr)")
        func body(_ format: String) -> String { rig.receiver.requests.first { $0.path.hasPrefix("/" + format) }?.bodyText ?? "" }
        func request(_ format: String) -> RecordedRequest? { rig.receiver.requests.first { $0.path.hasPrefix("/" + format) } }
        let page = Self.page

        #expect(Self.object(body("json"))["url"] as? String == page, "\(body("json"))")
        let telegram = Self.object(body("telegram"))["text"] as? String ?? ""
        #expect(telegram.hasSuffix(#" · <a href="\#(page)">coingecko</a>"#), "\(telegram)")
        let slack = ((Self.object(body("slack"))["attachments"] as? [[String: Any]])?.first?["blocks"] as? [[String: Any]])?.first
        let section = (slack?["text"] as? [String: Any])?["text"] as? String ?? ""
        #expect(section.hasPrefix("▼ BTC is below $100.00 — now $90.00 · btc-floor · ") && section.hasSuffix(" UTC · <\(page)|coingecko>"),
                "\(body("slack"))")
        let mattermost = (Self.object(body("mattermost"))["attachments"] as? [[String: Any]])?.first?["text"] as? String ?? ""
        #expect(mattermost.hasSuffix(" · [coingecko](\(page))"), "\(mattermost)")
        let chat = Self.object(body("googlechat"))["text"] as? String ?? ""
        #expect(chat.hasSuffix(" · <\(page)|coingecko>"), "\(chat)")
        let embed = (Self.object(body("discord"))["embeds"] as? [[String: Any]])?.first
        #expect(embed?["url"] as? String == page && embed?["title"] as? String == "coingecko", "\(body("discord"))")
        let card = ((Self.object(body("teams"))["attachments"] as? [[String: Any]])?.first?["content"] as? [String: Any])?["body"] as? [[String: Any]]
        let link = (card?.last?["inlines"] as? [[String: Any]])?.last
        #expect((link?["selectAction"] as? [String: Any])?["url"] as? String == page && link?["text"] as? String == " · coingecko",
                "\(body("teams"))")
        let matrix = Self.object(body("matrix"))
        #expect(matrix["format"] as? String == "org.matrix.custom.html"
                && (matrix["formatted_body"] as? String)?.hasSuffix(#" · <a href="\#(page)">coingecko</a>"#) == true, "\(matrix)")
        #expect(request("ntfy")?.header("Click") == page, "\(String(describing: request("ntfy")?.headers))")
        let pushover = Self.object(body("pushover"))
        #expect(pushover["url"] as? String == page && pushover["url_title"] as? String == "coingecko", "\(pushover)")
        let gotify = (Self.object(body("gotify"))["extras"] as? [String: Any])?["client::notification"] as? [String: Any]
        #expect((gotify?["click"] as? [String: Any])?["url"] as? String == page, "\(body("gotify"))")
        let mail = try #require(smtp.messages.first)
        let message = mail.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
        let encoded = message.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        let text = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(text == "BTC is below $100.00 — now $90.00\r\n\(page)\r\n", "\(text)")
    }

    /// A rule on every favorite (`"*"`) alerts per coin, each linking its own page.
    @Test func aRuleOnEveryFavoriteLinksEachCoinsOwnPage() throws {
        let sinks = #"{"chat": {"type": "webhook", "format": "json", "url": "\#(rig.receiver.url("/chat"))", "group": true}}"#
        try rig.write(favorites: ["bitcoin", "ethereum"], rules: #"{"id": "all", "coin": "*", "when": {"below": 100}}"#,
                      defaults: #"{"notify": ["chat"]}"#, sinks: sinks)
        rig.market.set("bitcoin", price: 90, change24h: nil)
        rig.market.set("ethereum", price: 80, change24h: nil)
        let run = try rig.run(["--once"])
        #expect(run.status == 0, "\(run.stderr)")
        let records = (try? JSONSerialization.jsonObject(with: Data(rig.receiver.requests.first?.body ?? []))) as? [[String: Any]] ?? []
        #expect(Set(records.compactMap { $0["url"] as? String })
                == ["https://www.coingecko.com/en/coins/bitcoin", "https://www.coingecko.com/en/coins/ethereum"], "\(records)")
    }
}
