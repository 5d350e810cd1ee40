import Testing
@testable import CoinWatchSupport
@testable import CoinWatchTransport
@testable import TestHelpers
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine

/// SPEC §13's commands, table-tested on the pure handler: (command, role, rules, state, now) → (answer, edit).
@Suite struct ControlHandlerTests {
    static let now: Double = 1_760_000_000
    static let rulesText = """
    {
      "favorites": ["bitcoin",   "ethereum"],
      "sinks": {"phone": {"type": "webhook", "format": "telegram", "url": "https://api.telegram.org/bot${TG_TOKEN}/sendMessage", "chat_id": 42}},
      "rules": [
        {"id": "btc-100k", "coin": "bitcoin", "when": {"above": 100000}, "notify": ["phone"]},
        {"id": "dip", "coin": "*", "when": {"change_24h_below": -5}}
      ]
    }
    """
    static let environment = ["TG_TOKEN": "123:SECRETTOKEN", "HOME": "/home/ann"]

    static func input(_ text: String = rulesText, state: StateDocument = state()) throws -> ControlInput {
        let bytes = Array(text.utf8)
        let loaded = try RulesLoader.parse(bytes: bytes, path: "/srv/cw/rules.json", environment: environment)
        return ControlInput(rules: loaded.rules, rulesBytes: bytes, environment: environment, state: state, now: now,
                            transport: SearchStandIn())
    }

    /// CoinGecko's `/search`, answering every query with Solana; any other request is a test bug.
    struct SearchStandIn: HTTPTransport {
        func perform(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, TransportError>] {
            requests.map { request in
                guard request.url.contains("/search?query=") else { return .success(HTTPResponse(status: 404, body: [])) }
                return .success(HTTPResponse(status: 200, body: Array(#"{"coins": [{"id": "solana", "name": "Solana", "symbol": "SOL", "market_cap_rank": 5}]}"#.utf8)))
            }
        }
    }

    static func state() -> StateDocument {
        var state = StateDocument()
        state.prices["bitcoin|usd"] = PriceSeries(firstSeen: now - 90_000, points: [
            PricePoint(time: now - 87_000, price: 90_000), PricePoint(time: now - 600, price: 95_000), PricePoint(time: now - 60, price: 99_000),
        ])
        state.memory.symbols["bitcoin"] = "btc"
        var pair = PairState()
        pair.lastNotified = now - 3_600
        pair.lastFired = now - 3_600
        pair.firing = true
        state.pairs["btc-100k|bitcoin"] = pair
        state.silences = [Silence(id: "aa11bb22", target: "dip", until: now + 600, created: now - 60, comment: "busy"),
                          Silence(id: "old00000", target: "*", until: now - 1, created: now - 100)]
        var outbox = OutboxEntry(sink: "phone", alerts: [], queuedAt: now - 30)
        outbox.attempts = 2
        outbox.lastError = SecretScrubber.none.scrub("POST https://api.telegram.org/bot123:SECRETTOKEN/sendMessage: HTTP 502")
        state.outbox = [outbox]
        return state
    }

    static func reply(_ text: String, _ role: ControlRole = .admin, input: ControlInput? = nil) throws -> ControlReply {
        let command = try #require(ControlCommand(text))
        var input = try input ?? Self.input()
        return ControlHandler.handle(command, role: role, input: &input)
    }

    /// Read commands: (message, a phrase the answer holds).
    static let reads: [(String, String)] = [
        ("/price btc", "bitcoin (BTC): $99,000"),
        ("/price BITCOIN", "24h +10.00%"),
        ("/price@coinwatch_bot ethereum", "ethereum: no price recorded yet"),
        ("/chart btc", "bitcoin (BTC): $99,000.00, 24h +10.00%"),
        ("/chart bitcoin 7D", "· 7d chart"),
        ("/list", "bitcoin (BTC): $99,000.00, 24h +10.00%"),
        ("/list", "btc-100k firing, dip silenced"),
        ("/rules", "btc-100k: bitcoin above 100000 -> phone\ndip: * change_24h_below -5 -> stdout"),
        ("/explain btc-100k", "btc-100k on bitcoin: firing"),
        ("/explain dip ethereum", "dip on ethereum: silenced"),
        ("/explain btc-100k BTC", "btc-100k on bitcoin: firing"),
        ("/explain dip eth", "dip on ethereum: silenced"),
        ("/silences", "aa11bb22 dip until"),
        ("/outbox", "→ phone: 0 alerts (); 2 attempts; held by retry, next try next pass; POST ***: HTTP 502"),
        ("/log", "btc-100k on bitcoin"),
        ("/log 1", "btc-100k on bitcoin"),
        ("/help", "/price COIN — the last price coinwatch recorded"),
    ]

    @Test(arguments: reads)
    func readCommandsAnswerFromRulesAndState(_ message: String, _ phrase: String) throws {
        let reply = try Self.reply(message, .user)
        #expect(reply.answer.contains(phrase), "\(message) → \(reply.answer)")
        #expect(reply.edit == nil)
        #expect(reply.outcome == "ok")
    }

    @Test func chartAsksForTheImageOfTheFavoriteOverTheRangeWithThePriceLineAsCaption() throws {
        let reply = try Self.reply("/chart BTC", .user)
        #expect(reply.chart?.coin == "bitcoin" && reply.chart?.symbol == "btc" && reply.chart?.vs == "usd" && reply.chart?.range == "1d",
                "\(String(describing: reply.chart))")
        #expect(reply.answer.hasSuffix("· 1d chart"))
        #expect(try Self.reply("/chart ethereum max").chart?.range == "max")
        #expect(try Self.reply("/price btc").chart == nil)
    }

    @Test func silencesListOnlyThoseInForce() throws {
        #expect(!(try Self.reply("/silences")).answer.contains("old00000"))
    }

    @Test func noAnswerHoldsASecret() throws {
        for (message, _) in Self.reads {
            #expect(!(try Self.reply(message)).answer.contains("SECRETTOKEN"), "\(message)")
        }
    }

    /// Bad commands: (message, the one-line answer's phrase).
    static let bad: [(String, String)] = [
        ("/price", "Usage: /price COIN"),
        ("/price dogecoin", "'dogecoin' is not a favorite."),
        ("/prise btc", "unknown command /prise. Did you mean 'price'?"),
        ("/chart btc soon", "'soon' is not a range; one of 1d, 7d, 30d, 90d, 1y, max"),
        ("/log many", "Usage: /log [N]"),
        ("/explain bt-100k", "no rule 'bt-100k'. Did you mean 'btc-100k'?"),
        ("/explain btc-100k eth", "rule 'btc-100k' does not cover 'eth'."),
        ("/silence dip", "Usage: /silence TARGET DUR [COMMENT]"),
        ("/silence dip forever", "is not a duration from 1s to 366d"),
        ("/silence dp 1h", "Did you mean 'dip'?"),
        ("/unsilence nope", "no silence 'nope' is in force"),
        ("/alert btc above", "Usage: /alert COIN KIND VALUE"),
        ("/alert btc abve 100000", "not changed: rules[2].when: unknown condition 'abve'"),
        ("/alert btc above 1 coooldown=1h", "not changed: rules[2]: unknown key 'coooldown'. Did you mean 'cooldown'?"),
        ("/alert btc above 1 cooldown", "is not OPTION=VALUE"),
        ("/remove nope", "no rule 'nope'"),
        ("/favorite add bitcoin", "bitcoin is already a favorite"),
        ("/favorite remove bitcoin", "cannot remove bitcoin: rule btc-100k names it"),
        ("/favorite drop x", "Usage: /favorite add|remove COIN"),
    ]

    @Test(arguments: bad)
    func aBadCommandGetsOneLineWithItsUsageOrReason(_ message: String, _ phrase: String) throws {
        let reply = try Self.reply(message)
        #expect(reply.answer.contains(phrase), "\(message) → \(reply.answer)")
        #expect(!reply.answer.contains("\n"))
        #expect(reply.edit == nil)
        #expect(reply.outcome != "ok")
    }

    @Test(arguments: ["/silence dip 1h", "/unsilence aa11bb22", "/alert btc above 1", "/remove dip", "/favorite add solana"])
    func usersMayNotEdit(_ message: String) throws {
        let reply = try Self.reply(message, .user)
        #expect(reply.outcome == "refused")
        #expect(reply.edit == nil)
        #expect(reply.answer.contains("is for admins"))
    }

    /// Chat text is never expanded (SPEC §2's `${…}` reads the environment and files; §13: no secret in an answer):
    /// a `${` anywhere is refused with the usage, nothing is written.
    @Test(arguments: ["/alert btc above 1 message=T${TG_TOKEN}", "/alert btc above 1 message=F${file:/etc/hostname}",
                      "/alert btc above 1 message=$${TG_TOKEN}", "/alert ${TG_TOKEN} above 1", "/favorite add ${TG_TOKEN}",
                      "/silence dip 1h ${HOME}"])
    func chatTextHoldingDollarBraceIsRefused(_ message: String) throws {
        let reply = try Self.reply(message)
        #expect(reply.edit == nil, "\(message) → \(String(describing: reply.edit))")
        #expect(reply.outcome == "usage" && reply.answer.contains("cannot hold '${'") && reply.answer.contains("Usage: /"), "\(reply.answer)")
        #expect(!reply.answer.contains("\n") && !reply.answer.contains("SECRETTOKEN"))
    }

    @Test func anOptionValueReadAsJSONIsWrittenAsJSONOnlyWithoutAnEscapeThatCouldSpellDollarBrace() {
        #expect(ControlHandler.jsonValue(#"["phone"]"#) == #"["phone"]"#)
        #expect(ControlHandler.jsonValue(#"["\u0024{TG_TOKEN}"]"#) == #""[\"\\u0024{TG_TOKEN}\"]""#, "a string, kept literally")
    }

    @Test func theOutboxAnswerMasksAnEchoedValueOfAVariableInASinkURL() throws {
        var state = Self.state()
        state.outbox[0].lastError = SecretScrubber.none.scrub("HTTP 401: bad token 123:SECRETTOKEN (MTIzOlNFQ1JFVFRPS0VO)")
        let relay = Self.rulesText.replacingFirst(#""format": "telegram", "url": "https://api.telegram.org/bot${TG_TOKEN}/sendMessage", "chat_id": 42"#,
                                                  with: #""format": "json", "url": "https://relay.example.org/send/tg-${TG_TOKEN}""#)
        let answer = try Self.reply("/outbox", .user, input: try Self.input(relay, state: state)).answer
        #expect(answer.hasSuffix("HTTP 401: bad token *** (***)"), "\(answer)")
    }

    @Test func helpListsEditsForAdminsOnly() throws {
        #expect(!(try Self.reply("/help", .user)).answer.contains("/silence TARGET"))
        #expect((try Self.reply("/help", .admin)).answer.contains("/silence TARGET DUR [COMMENT]"))
    }

    @Test func silenceAddsASilenceInTheStateEdit() throws {
        let reply = try Self.reply("/silence bitcoin 1h back at noon")
        guard case .addSilence(let silence)? = reply.edit else {
            Issue.record("no silence: \(reply)")
            return
        }
        #expect(silence == Silence(id: silence.id, target: "bitcoin", until: Self.now + 3_600, created: Self.now, comment: "back at noon"))
        #expect(reply.answer == "\(silence.id) silenced every rule on bitcoin and on ratios with bitcoin as a leg until \(TimeText.iso(Self.now + 3_600)) (1h)")
        var state = Self.state()
        reply.edit?.apply(to: &state, now: Self.now)
        #expect(state.silences.map(\.id) == ["aa11bb22", silence.id])
    }

    @Test func silenceTakesAFavoriteByItsSymbolAsPriceDoesAndStoresItAsWritten() throws {
        for (message, target) in [("/silence BTC 1h", "bitcoin"), ("/silence btc-100k:btc 1h", "btc-100k:bitcoin"), ("/silence dip:Ethereum 1h", "dip:ethereum")] {
            guard case .addSilence(let silence)? = try Self.reply(message).edit else {
                Issue.record("no silence for \(message)")
                continue
            }
            #expect(silence.target == target, "\(message)")
        }
        guard case .addSilence(let eth)? = try Self.reply("/silence eth 1h").edit else {
            Issue.record("no silence for eth")
            return
        }
        #expect(eth.target == "ethereum", "a well-known symbol before a pass has learnt ethereum's")
        let other = try Self.input(Self.rulesText.replacingFirst(#""ethereum"]"#, with: #""ethereum", "kelp-dao"]"#))
        #expect(try Self.reply("/silence rseth 1h", input: other).answer.hasPrefix("'rseth' is not a rule id, a favorite, RULE:COIN or '*'"),
                "a symbol neither learnt nor well known")
    }

    @Test func listShowsARatioRuleUnderBothItsCoinsWithTheRatiosState() throws {
        let text = Self.rulesText.replacingFirst(#"{"id": "dip", "coin": "*""#, with: #"{"id": "dip", "coin": "ethereum/bitcoin""#)
        var state = Self.state()
        state.silences = []
        var pair = PairState()
        pair.firing = true
        pair.lastFired = Self.now - 60
        state.pairs["dip|ethereum/bitcoin"] = pair
        let lines = try Self.reply("/list", input: try Self.input(text, state: state)).answer.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasSuffix("btc-100k firing, dip firing") && lines[1].hasSuffix("dip firing"), "\(lines)")
    }

    @Test func unsilenceRemovesIt() throws {
        let reply = try Self.reply("/unsilence aa11bb22")
        #expect(reply.edit == .removeSilence(id: "aa11bb22"))
        var state = Self.state()
        reply.edit?.apply(to: &state, now: Self.now)
        #expect(state.silences.isEmpty)
    }

    @Test func alertAppendsARuleWithANewIDKeepingTheRestOfTheFile() throws {
        let reply = try Self.reply("/alert btc crosses_above 100000 cooldown=1h once=true")
        #expect(reply.answer == "added rule chat-1: bitcoin crosses_above 100000")
        guard case .rewriteRules(let bytes)? = reply.edit else {
            Issue.record("no rewrite: \(reply)")
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""favorites": ["bitcoin",   "ethereum"]"#), "formatting kept")
        #expect(text.contains(#"bot${TG_TOKEN}"#), "placeholders kept, never expanded")
        let loaded = try RulesLoader.parse(bytes: bytes, path: "/srv/cw/rules.json", environment: Self.environment)
        let rule = try #require(loaded.rules.rules.last)
        #expect(rule.id == "chat-1" && rule.coin == "bitcoin" && rule.cooldown == 3_600 && rule.once)
        #expect(rule.condition.key == "crosses_above" && rule.condition.threshold == 100_000)
    }

    @Test func alertTakesTheFirstFreeID() throws {
        let text = Self.rulesText.replacingFirst(#"{"id": "dip""#, with: #"{"id": "chat-1""#)
        let reply = try Self.reply("/alert Ethereum below 2000", input: try Self.input(text))
        #expect(reply.answer == "added rule chat-2: ethereum below 2000")
    }

    @Test func removeDropsTheRule() throws {
        let reply = try Self.reply("/remove dip")
        guard case .rewriteRules(let bytes)? = reply.edit else {
            Issue.record("no rewrite: \(reply)")
            return
        }
        let loaded = try RulesLoader.parse(bytes: bytes, path: "/srv/cw/rules.json", environment: Self.environment)
        #expect(loaded.rules.rules.map(\.id) == ["btc-100k"])
    }

    @Test func favoriteAddAndRemove() throws {
        let added = try Self.reply("/favorite add SOL")
        #expect(added.answer == "added solana (Solana, SOL) for 'SOL'")
        guard case .rewriteRules(let bytes)? = added.edit else {
            Issue.record("no rewrite: \(added)")
            return
        }
        #expect(try RulesLoader.parse(bytes: bytes, path: "/srv/cw/rules.json", environment: Self.environment).rules.favorites
                == ["bitcoin", "ethereum", "solana"])
        let removed = try Self.reply("/favorite remove ethereum")
        #expect(removed.answer == "removed ethereum from the favorites")
        guard case .rewriteRules(let after)? = removed.edit else {
            Issue.record("no rewrite: \(removed)")
            return
        }
        #expect(try RulesLoader.parse(bytes: after, path: "/srv/cw/rules.json", environment: Self.environment).rules.favorites == ["bitcoin"])
    }

    /// SPEC §13: `/favorite add` goes through `favorites add`: a coin the search provider does not know is refused
    /// with the CLI's words, rules.json untouched (a typo would otherwise break every pass).
    @Test func favoriteAddOfACoinTheSearchDoesNotFindIsRefused() throws {
        let reply = try Self.reply("/favorite add bitcoinn")
        #expect(reply.answer == "no coin on coingecko matches 'bitcoinn'; find it with 'coinwatch search bitcoinn'")
        #expect(reply.outcome == "failed")
        #expect(reply.edit == nil)
    }

    @Test func aMessageThatIsNoCommandIsNone() {
        #expect(ControlCommand("hello") == nil)
        #expect(ControlCommand("/") == nil)
        var addressed = ControlCommand(verb: "price", arguments: ["btc"])
        addressed.addressee = "bot"
        #expect(ControlCommand("/Price@bot  btc\n") == addressed)
    }
}

private extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
