@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine
import Testing
@testable import TestHelpers

/// `change_from` and the trailing kinds through `RuleRunner`, pass after pass: the pair's reference
/// price lives in state (SPEC §2), and firing re-anchors a trailing one.
struct ReferencePriceTests {
    /// Whether each pass (one a minute, prices in order) fired `condition` for one coin; the state after them.
    static func run(_ condition: Condition, prices: [Double], state: inout StateDocument) -> [Bool] {
        var file = RulesFile(path: "/dev/null")
        file.favorites = ["bitcoin"]
        file.rules = [Rule(id: "r", coin: "bitcoin", condition: condition)]
        let runner = RuleRunner(rules: file)
        var now = 1_750_000_000.0
        return prices.map { price in
            let quote = Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: price, provider: "coingecko")
            defer { now += 60 }
            return !runner.evaluate(["bitcoin": quote], pairs: &state.pairs, prices: &state.prices, now: now).isEmpty
        }
    }

    static func run(_ condition: Condition, prices: [Double]) -> [Bool] {
        var state = StateDocument()
        return run(condition, prices: prices, state: &state)
    }

    @Test func changeFromStartMeasuresFromTheFirstPriceSeenForThePair() {
        #expect(Self.run(.changeFrom(pct: -10, reference: nil), prices: [100, 120, 95, 89]) == [false, false, false, true])
    }

    @Test func changeFromAFixedPriceNeedsNoStoredReference() {
        var state = StateDocument()
        #expect(Self.run(.changeFrom(pct: 25, reference: 100), prices: [110, 126], state: &state) == [false, true])
        #expect(state.pairs.values.allSatisfy { $0.reference == nil })
    }

    @Test func trailingDropFiresOnADropFromThePeakAndFiringReAnchorsIt() {
        // Peak 120; 108 is 10 % below it: fires and re-anchors at 108; 100 is 7.4 % below 108; 97 is 10.2 % below.
        #expect(Self.run(.trailingDrop(10), prices: [100, 120, 108, 100, 97]) == [false, false, true, false, true])
    }

    @Test func trailingRiseFiresOnARiseFromTheTrough() {
        #expect(Self.run(.trailingRise(10), prices: [100, 80, 87, 88.1]) == [false, false, false, true])
    }

    @Test func theReferenceSurvivesTheStateFileAndAnOldFileWithoutOneReadsAsNone() throws {
        var state = StateDocument()
        _ = Self.run(.trailingDrop(10), prices: [100, 120], state: &state)
        let dir = try TempDir()
        let path = dir.path + "/state.json"
        try StateStore.save(state, to: path)
        var loaded = try StateStore.load(path: path)
        #expect(loaded.pairs.values.map(\.reference) == [120])
        #expect(Self.run(.trailingDrop(10), prices: [108], state: &loaded) == [true], "the peak 120 came from the file")
    }
}
