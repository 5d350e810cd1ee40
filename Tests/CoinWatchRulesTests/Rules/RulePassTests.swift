@testable import CoinWatchMarket
@testable import CoinWatchRules
import Testing
@testable import TestHelpers

/// Evaluator, decision and history together, pass after pass, as the engine chains them: the
/// re-arming of crossings and a history condition. The sentences of SPEC §2 themselves are
/// tested once, in Spec/ (through the command line) and NotifyDecisionTests (the decision table).
@Suite struct RulePassTests {
    /// Runs `prices` (one a minute) through `rule` and returns what each pass decided.
    private func run(_ condition: Condition, rearm: Double? = nil, policy: NotifyPolicy = NotifyPolicy(),
                     prices: [Double]) -> [Decision] {
        var series: PriceSeries?
        var pair = PairState()
        var decisions: [Decision] = []
        for (index, price) in prices.enumerated() {
            let now = 1_800_000_000 + Double(index) * 60
            let quote = Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: price,
                              provider: "test")
            let observation = Observation(quote: quote, previous: series?.last?.price, series: series, now: now)
            let step = PairStep.advance(condition, rearm: rearm, policy: policy, pair: pair, observation: observation)
            pair = step.pair
            let decision = step.decision
            decisions.append(decision)
            if series == nil { series = PriceSeries(price: price, at: now) } else { series?.record(price: price, at: now) }
        }
        return decisions
    }

    @Test func rearmOnCrossesWaitsForTheOppositeSide() {
        // Up through 100 fires; back to 99 and up again is a flap; down to 94 (5 % back) re-arms
        // and, being a downward crossing, notifies; then only a climb to 105 or more counts.
        let decisions = run(.crosses(100), rearm: 5, prices: [99, 101, 99, 101, 94, 101, 99, 106, 99])
        #expect(decisions.map(\.status) == [nil, .firing, nil, nil, .firing, nil, nil, .firing, nil])
    }

    @Test func rearmOnCrossesBelowMirrors() {
        let decisions = run(.crossesBelow(100), rearm: 10, prices: [101, 99, 105, 99, 111, 99])
        #expect(decisions.map(\.status) == [nil, .firing, nil, nil, nil, .firing])
    }

    @Test func aCrossingWaitingToReArmIsArmedAgainWhenTheRuleDropsRearm() {
        var pair = PairState()
        pair.rearmAt = 95
        pair.firing = true
        let quote = Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: 101, provider: "test")
        let step = PairStep.advance(.crossesAbove(100), rearm: nil, policy: NotifyPolicy(), pair: pair,
                                    observation: Observation(quote: quote, previous: 99, series: nil, now: 0))
        #expect(step.decision.status == .firing)
        #expect(step.pair.rearmAt == nil && !step.pair.firing)
    }

    @Test func movePctComparesAgainstRecordedHistory() {
        let decisions = run(.movePct(pct: 3, within: 600), policy: NotifyPolicy(resolve: true),
                            prices: [100, 101, 103, 103.5, 104])
        #expect(decisions.map(\.status) == [nil, nil, .firing, nil, nil])
    }
}
