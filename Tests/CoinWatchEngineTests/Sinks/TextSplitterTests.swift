import Testing
@testable import TestHelpers
@testable import CoinWatchEngine
@testable import CoinWatchRules

/// SPEC §3: "A text over the service's limit is split into several messages, never cut mid-character."
struct TextSplitterTests {
    @Test func aTextWithinTheLimitIsOneMessage() {
        #expect(TextSplitter.split("short", limit: TextLimit(10, .utf16)) == ["short"])
        #expect(TextSplitter.split(String(repeating: "a", count: 2000), limit: DiscordFormat.limit!).count == 1)
    }

    @Test func splitsAtLineBreaksWhereItCan() {
        let text = "alpha one\nbeta two\ngamma three"
        #expect(TextSplitter.split(text, limit: TextLimit(20, .utf16)) == ["alpha one\nbeta two", "gamma three"])
    }

    @Test func aLineLongerThanTheLimitIsCutBetweenCharacters() {
        #expect(TextSplitter.split("abcdefghij", limit: TextLimit(4, .utf16)) == ["abcd", "efgh", "ij"])
    }

    @Test func neverCutsAnEmojiFlagOrAccentedLetter() {
        // 👩‍👩‍👧 is 8 UTF-16 units, 🇯🇵 is 4, é (e + U+0301) is 2: each stays whole.
        let family = "👩‍👩‍👧", flag = "🇯🇵", accent = "e\u{301}"
        let text = String(repeating: family + flag + accent, count: 30)
        for limit in [9, 10, 13, 14, 15, 50] {
            let parts = TextSplitter.split(text, limit: TextLimit(limit, .utf16))
            #expect(parts.joined() == text, "limit \(limit): nothing lost or added")
            for part in parts {
                #expect(part.utf16.count <= limit)
                #expect(part.allSatisfy { [family, flag, accent].contains(String($0)) }, "limit \(limit): \(part)")
            }
        }
    }

    @Test func telegramCountsUTF16UnitsSoAstralCharactersCountTwice() {
        let limit = TelegramFormat.limit!
        let text = String(repeating: "😀", count: 3000)   // 3000 characters, 6000 UTF-16 units
        let parts = TextSplitter.split(text, limit: limit)
        #expect(parts.map(\.count) == [2048, 952])
        #expect(parts.allSatisfy { $0.utf16.count <= 4096 })
    }

    @Test func discordPartsHoldAtMost2000Characters() {
        let lines = (1...100).map { "BTC alert number \($0) — now $100,250.50 (+2.31% 24h) ✅" }
        let parts = TextSplitter.split(lines.joined(separator: "\n"), limit: DiscordFormat.limit!)
        #expect(parts.count > 1)
        #expect(parts.allSatisfy { $0.count <= 2000 && $0.utf16.count <= 2000 })
        #expect(parts.joined(separator: "\n") == lines.joined(separator: "\n"), "whole lines, in order")
    }

    @Test func ntfyCountsUTF8Bytes() {
        let parts = TextSplitter.split(String(repeating: "€", count: 2000), limit: NtfyFormat.limit!)
        #expect(parts.map { $0.utf8.count } == [4095, 1905])
    }

    @Test func slackCountsItsEscapesSoAnEntityIsNeverCut() {
        let parts = TextSplitter.split("a&b&c", limit: TextLimit(6, .utf16, htmlEscaped: true))
        #expect(parts == ["a&", "b&", "c"])
        #expect(parts.map(HTMLText.escape).allSatisfy { $0.utf16.count <= 6 })
    }

    @Test func slackAndGoogleChatCountTheZeroWidthSpaceAfterEachStylingCharacter() {
        for format in [SlackFormat.limit, GoogleChatFormat.limit] {
            let limit = TextLimit(5, .utf16, htmlEscaped: format?.htmlEscaped ?? false, styleEscaped: format?.styleEscaped ?? false)
            let parts = TextSplitter.split("a*b_c~", limit: limit)
            #expect(parts == ["a*b", "_c~"], "a*b_c~ is 9 units escaped")
            #expect(parts.map(UnstyledText.escape).allSatisfy { $0.utf16.count <= 5 })
        }
    }

    @Test func oneCharacterLongerThanTheLimitIsCutOnlyBetweenCodePoints() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 10)   // one character, 11 code points
        let parts = TextSplitter.split(zalgo, limit: TextLimit(4, .utf16))
        #expect(parts.joined() == zalgo)
        #expect(parts.allSatisfy { $0.utf16.count <= 4 })
    }
}
