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

    @Test func formatWritesTheShortForm() {
        #expect(DurationParser.format(5_400) == "1h30m")
        #expect(DurationParser.format(60) == "1m")
        #expect(DurationParser.format(1_209_600) == "2w")
        #expect(DurationParser.format(0) == "0s")
    }

    @Test func aFractionIsWrittenToTheMillisecondAndParsesBack() throws {
        #expect(DurationParser.format(90.5) == "1m30.5s")
        #expect(DurationParser.format(0.25) == "0.25s")
        // Found by the duration fuzz target: 1.1h is 3960.0000000000005 s, once written with an exponent.
        let seconds = try DurationParser.parse("1.1h")
        #expect(DurationParser.format(seconds) == "1h6m")
        #expect(try DurationParser.parse(DurationParser.format(seconds)) == 3960)
    }
}
