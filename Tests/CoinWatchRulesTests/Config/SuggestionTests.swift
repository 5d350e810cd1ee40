import Testing
@testable import CoinWatchRules

@Suite struct SuggestionTests {
    @Test func typoOfAFlagSuggestsTheFlag() {
        #expect(Suggestion.nearest(to: "--onec", in: ["--once", "--rules", "--state"]) == "--once")
    }

    @Test func unrelatedWordSuggestsNothing() {
        #expect(Suggestion.nearest(to: "--xyzzy", in: ["--once", "--rules"]) == nil)
    }

    @Test func transpositionCountsAsOneEdit() {
        #expect(Suggestion.distance(Array("abvoe"), Array("above")) == 1)
    }
}
