@testable import CoinWatchState
import Foundation
import Testing
@testable import TestHelpers

/// `check`'s hints (SPEC §1): a rule's coin written as a favorite's symbol gets a did-you-mean of that favorite.
@Suite struct CheckHintsEndToEndTests {
    @Test func aCoinWrittenAsTheSymbolOfAFavoriteGetsDidYouMeanThatFavorite() throws {
        let dir = try TempDir()
        let rules = try dir.write("rules.json", """
        {"favorites": ["bitcoin", "ethereum"],
         "rules": [{"id": "r", "coin": "BTC", "when": {"above": 1}}]}
        """)
        var state = StateDocument()
        state.memory.symbols["bitcoin"] = "BTC"
        state.memory.symbols["ethereum"] = "ETH"
        try StateStore.save(state, to: dir.path + "/state.json")
        let run = try Binary.run(["check", "--rules", rules, "--state", dir.path + "/state.json"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("rules[0].coin") && run.stderr.contains("coin 'BTC' is not in favorites")
                    && run.stderr.contains("Did you mean 'bitcoin'?"), "\(run.stderr)")
    }

    /// A number too small for a double (it read as 0) or too large is refused where it stands, with its JSON path; so is
    /// any syntax error inside a value (they had no path).
    @Test func outOfRangeNumbersAndSyntaxErrorsNameTheirPlace() throws {
        let dir = try TempDir()
        for (when, place, says) in [("1e-400", "1:87: rules[0].when.above: ", "the number 1e-400 is too small"),
                                    ("-1e999", "1:87: rules[0].when.above: ", "the number -1e999 is too large"),
                                    ("1,}", "1:89: rules[0].when: ", "trailing comma before '}'")] {
            let rules = try dir.write("rules.json", #"{"favorites": ["bitcoin"], "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": \#(when)}]}"#)
            let run = try Binary.run(["check", "--rules", rules, "--state", dir.path + "/state.json"])
            #expect(run.status == 65)
            #expect(run.stderr.hasPrefix(rules + ":" + place + says) && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
    }

    /// A control character in a favorite or a lot's coin is refused at its place (it was accepted and reached terminals).
    @Test func aControlCharacterInACoinNameIsRefused() throws {
        let dir = try TempDir()
        let rules = try dir.write("rules.json", #"""
        {"favorites": ["bitcoin", "eth\u0007"],
         "holdings": [{"coin": "sol\nana", "amount": 1, "price": 1}]}
        """#)
        let run = try Binary.run(["check", "--rules", rules, "--state", dir.path + "/state.json"])
        #expect(run.status == 65)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines == ["\(rules):1:27: favorites[1]: a favorite cannot hold a control character (U+0007 at character 4); "
                            + "write the coin id, symbol or name without it",
                          "\(rules):2:24: holdings[0].coin: a lot's coin cannot hold a control character (U+000A at character 4); "
                            + "write the coin id, symbol or name without it"], "\(run.stderr)")
    }

    /// Telegram updates name a chat by number only: control on a sink whose chat_id is "@channel" would never hear a
    /// command, so check refuses it and says to use the numeric id.
    @Test func aControlledTelegramChatGivenByUsernameIsRefused() throws {
        let dir = try TempDir()
        let rules = try dir.write("rules.json", """
        {"sinks": {"phone": {"type": "webhook", "format": "telegram", "url": "https://api.telegram.org/botX/sendMessage", "chat_id": "@mychannel"}},
         "control": {"telegram": {"sink": "phone", "users": [123456789]}}}
        """)
        let run = try Binary.run(["check", "--rules", rules, "--state", dir.path + "/state.json"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("control.telegram.sink: sink 'phone' names its chat_id by username")
                    && run.stderr.contains("numeric id") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    /// docs/control.md's three lines: a misspelt control sink does not hide its users' own problem.
    @Test func aMisspeltControlSinkStillLetsCheckReportItsUsers() throws {
        let dir = try TempDir()
        let rules = try dir.write("rules.json", """
        {"sinks": {"phone": {"type": "webhook", "format": "telegram", "url": "https://api.telegram.org/botX/sendMessage", "chat_id": 42}},
         "control": {"telegram": {"sink": "phon", "users": ["123456789"]}}}
        """)
        let run = try Binary.run(["check", "--rules", rules, "--state", dir.path + "/state.json"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("control.telegram.sink: unknown sink 'phon'. Did you mean 'phone'?"), "\(run.stderr)")
        #expect(run.stderr.contains("control.telegram.users[0]: expected a numeric Telegram user id"), "\(run.stderr)")
    }

    /// docs/indicators.md: a volume_spike a provider cannot serve names only providers whose candles have both the
    /// timeframe and volume (coinpaprika has volume but no 1h candles; coingecko 1h candles but no volume).
    @Test func aVolumeSpikeItsProviderCannotServeSuggestsOnlyProvidersThatCan() throws {
        let dir = try TempDir()
        let rules = try dir.write("rules.json", """
        {"providers": [{"name": "coingecko"}, {"name": "coinpaprika"}], "favorites": ["bitcoin"],
         "rules": [{"id": "gecko", "coin": "bitcoin", "when": {"volume_spike": {"x": 3, "tf": "1h", "n": 20}}},
                   {"id": "paprika", "coin": "bitcoin", "provider": "coinpaprika", "when": {"volume_spike": {"x": 3, "tf": "1h", "n": 20}}}]}
        """)
        let run = try Binary.run(["check", "--rules", rules, "--state", dir.path + "/state.json"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("coingecko's candles carry no volume: give the rule a \"provider\" whose candles do (bithumb, upbit, binance)"),
                "\(run.stderr)")
        #expect(run.stderr.contains("coinpaprika serves no 1h candles (only 1d, 1w): use one of those tf, or give the rule a \"provider\" that does (bithumb, upbit, binance)"),
                "\(run.stderr)")
    }
}
