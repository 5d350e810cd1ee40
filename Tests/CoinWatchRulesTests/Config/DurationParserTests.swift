import Testing
@testable import TestHelpers
@testable import CoinWatchRules

@Suite struct DurationParserTests {
    @Test(arguments: [
        ("90s", 90.0), ("15m", 900), ("1h", 3_600), ("7d", 604_800), ("2w", 1_209_600),
        ("1h30m", 5_400), ("1d12h", 129_600), ("1.5h", 5_400), ("0s", 0), ("0", 0),
    ])
    func durationsBecomeSeconds(text: String, seconds: Double) throws {
        #expect(try DurationParser.parse(text) == seconds)
    }

    @Test(arguments: ["", "90", "5x", "h", "-5m", "1h 30m", "1h1h", "1..5h", "1H", "fast"])
    func otherTextIsAnErrorThatShowsTheForm(text: String) {
        do {
            _ = try DurationParser.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.description.hasSuffix("expected a duration like 90s, 15m, 1h30m, 7d"))
        }
    }

    @Test func errorsDoNotRepeatTheText() {
        do {
            _ = try DurationParser.parse("secretvalue")
        } catch {
            #expect(!error.description.contains("secretvalue"))
        }
    }
}
