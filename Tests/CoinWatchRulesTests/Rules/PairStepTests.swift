@testable import CoinWatchMarket
@testable import CoinWatchRules
import Testing
@testable import TestHelpers

/// A pass decides with `PairStep.decide`; `explain` with `PairStep.advance`, which also says why.
/// Both must leave the pair in the same state (its reference price too) with the same decision.
@Suite struct PairStepTests {
    static let now: Double = 1_800_000_000

    /// Prices on a coarse grid so thresholds, previous and current prices often tie exactly.
    private static func price(_ random: inout SeededRandom) -> Double { Double(Int.random(in: 90...110, using: &random)) }

    private static func condition(_ random: inout SeededRandom) -> Condition {
        let v = price(&random)
        let w = price(&random)
        let pct = Double(Int.random(in: -12...12, using: &random))
        switch Int.random(in: 0..<17, using: &random) {
        case 0: return .above(v)
        case 1: return .below(v)
        case 2: return .crossesAbove(v)
        case 3: return .crossesBelow(v)
        case 4: return .crosses(v)
        case 5: return .change24hAbove(pct)
        case 6: return .change24hBelow(pct)
        case 7: return .change24hAbs(abs(pct))
        case 8: return .newHigh(Window.allCases.randomElement(using: &random) ?? .h24)
        case 9: return .newLow(Window.allCases.randomElement(using: &random) ?? .h24)
        case 10: return .movePct(pct: pct == 0 ? 1 : pct, within: Double(Int.random(in: 1...48, using: &random)) * 3600)
        case 11: return .entersRange(low: v, high: w)
        case 12: return .exitsRange(low: v, high: w)
        // The kinds that keep a reference price per pair.
        case 13: return Condition(TrailingDropCondition(pct: abs(pct) + 1))
        case 14: return Condition(TrailingRiseCondition(pct: abs(pct) + 1))
        case 15: return Condition(ChangeFromCondition(pct: pct == 0 ? 1 : pct, reference: nil))
        default: return .above(-v)
        }
    }

    private static func observation(_ random: inout SeededRandom, now: Double) -> Observation {
        let maybe = { (random: inout SeededRandom) -> Double? in Bool.random(using: &random) ? price(&random) : nil }
        let change: Double? = Bool.random(using: &random) ? Double(Int.random(in: -15...15, using: &random)) : nil
        let quote = Quote(providerID: "example", symbol: "EX", name: "Example", vs: "usd", price: price(&random),
                          change24h: change, high24h: maybe(&random), low24h: maybe(&random),
                          high52w: maybe(&random), low52w: maybe(&random), ath: maybe(&random), atl: maybe(&random),
                          provider: "example")
        var series: PriceSeries?
        if Bool.random(using: &random) {
            let count = Int.random(in: 1...6, using: &random)
            let points = (0..<count).map { index in
                PricePoint(time: now - Double(count - index) * Double(Int.random(in: 1...20_000, using: &random)) * 60,
                           price: price(&random))
            }.sorted { $0.time < $1.time }
            let first = points[0].time - Double(Int.random(in: 0...3, using: &random)) * 86_400 * 30
            series = PriceSeries(firstSeen: first, points: points)
        }
        let previous = Bool.random(using: &random) ? price(&random) : series?.last?.price
        return Observation(quote: quote, previous: previous, series: series, now: now)
    }

    @Test func decideAgreesWithAdvanceOverSeededRandomPasses() {
        var random = SeededRandom(seed: 0x00C0_1A57_0108)
        let policies = [NotifyPolicy(), NotifyPolicy(forDuration: 120, cooldown: 300, repeatEvery: 600)]
        var notices = 0
        var remembered = 0
        for _ in 0..<400 {
            let condition = Self.condition(&random)
            let rearm: Double? = Bool.random(using: &random) ? Double(Int.random(in: 0...8, using: &random)) : nil
            let policy = policies.randomElement(using: &random) ?? NotifyPolicy()
            var slowPair = PairState()
            var fastPair = PairState()
            for pass in 0..<12 {
                let observation = Self.observation(&random, now: Self.now + Double(pass) * 60)
                let slow = PairStep.advance(condition, rearm: rearm, policy: policy, pair: slowPair, observation: observation)
                var seen = observation
                let settings = PairStep.Settings(rearm: rearm, policy: policy, remembers: condition.kind.needs.pairMemory,
                                                 enabled: true, expiresAt: nil)
                let decision = PairStep.decide(0, of: [Rule(id: "r", coin: "c", condition: condition)], settings,
                                               pair: &fastPair, observation: &seen)
                #expect(fastPair == slow.pair && decision == slow.decision && seen == slow.observation, "\(condition) pass \(pass)")
                if decision.status != nil { notices += 1 }
                if slow.pair.reference != nil { remembered += 1 }
                slowPair = slow.pair
            }
        }
        #expect(notices > 100, "the passes notify as well as stay silent (\(notices))")
        #expect(remembered > 50, "the reference-keeping kinds carry a reference from pass to pass (\(remembered))")
    }
}
