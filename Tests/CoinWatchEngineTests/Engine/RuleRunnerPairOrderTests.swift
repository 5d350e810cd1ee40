@testable import CoinWatchSupport
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// A pass finds each pair where the previous pass left it (the state keeps the pairs in the rules'
/// order) and looks the rest up. Whichever way a pair is found, the pass must decide the same:
/// these tests run the same passes twice, once over state kept in order and once over state
/// that the general decoder sorted after every pass (so no pair is where it is expected), and
/// require the same alerts, in the same order, and the same state.
@Suite struct RuleRunnerPairOrderTests {
    static let start: Double = 1_800_000_000

    static func rule(_ id: String, _ coin: String, _ condition: Condition, configure: (inout Rule) -> Void = { _ in }) -> Rule {
        var rule = Rule(id: id, coin: coin, condition: condition)
        configure(&rule)
        return rule
    }

    static func rules(_ rules: [Rule], favorites: [String]) -> RulesFile {
        var file = RulesFile(path: "/dev/null")
        file.favorites = favorites
        file.rules = rules
        return file
    }

    static func quotes(_ prices: [String: Double], change: Double = 0) -> [String: Quote] {
        prices.reduce(into: [:]) { quotes, entry in
            quotes[entry.key] = Quote(providerID: entry.key, symbol: entry.key.uppercased(), name: entry.key, vs: "usd",
                                      price: entry.value, change24h: change, high24h: entry.value, low24h: entry.value,
                                      provider: "coingecko")
        }
    }

    /// The state as the general decoder reads it after JSONEncoder wrote it: pairs sorted by key.
    static func shuffledThroughTheGeneralCoder(_ doc: StateDocument) throws -> StateDocument {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try JSONDecoder().decode(StateDocument.self, from: encoder.encode(doc))
    }

    /// The state as the next process reads it: written by the pass, read by the fast reader.
    static func throughTheStateFile(_ doc: StateDocument) throws -> StateDocument {
        try #require(StateDirectDecoder.decode(try StateWriter.encode(doc)))
    }

    @Test func afterAPassThePairsStandInTheRulesOrderThenTheOthers() throws {
        let favorites = ["bitcoin", "ethereum", "solana"]
        var state = StateDocument()
        state.pairs["removed-rule|bitcoin"] = PairState()
        let file = Self.rules([
            Self.rule("z-last", "solana", .above(1)),
            Self.rule("all", "*", .below(1_000_000)),
            Self.rule("a-first", "bitcoin", .crossesAbove(100)),
        ], favorites: favorites)
        _ = RuleRunner(rules: file).evaluate(Self.quotes(["bitcoin": 90, "ethereum": 50, "solana": 20]),
                                        pairs: &state.pairs, prices: &state.prices, now: Self.start)
        #expect(state.pairs.keys == ["z-last|solana", "all|bitcoin", "all|ethereum", "all|solana", "a-first|bitcoin",
                                     "removed-rule|bitcoin"],
                "the pair of a rule no longer in the file is kept, after the rest")
        let file2 = try Self.throughTheStateFile(state)
        #expect(file2.pairs.keys == state.pairs.keys, "the file keeps the order")
    }

    @Test func aCoinWithoutAQuoteKeepsItsPairsAndTheOthersStayInPlace() throws {
        let favorites = ["bitcoin", "ethereum"]
        let file = Self.rules([Self.rule("all", "*", .above(10)), Self.rule("btc", "bitcoin", .below(5))], favorites: favorites)
        let runner = RuleRunner(rules: file)
        var state = StateDocument()
        _ = runner.evaluate(Self.quotes(["bitcoin": 20, "ethereum": 20]), pairs: &state.pairs, prices: &state.prices, now: Self.start)
        let before = state.pairs
        let alerts = runner.evaluate(Self.quotes(["ethereum": 5]), pairs: &state.pairs, prices: &state.prices, now: Self.start + 60)
        #expect(alerts.isEmpty)
        #expect(state.pairs.keys == before.keys)
        #expect(state.pairs["all|bitcoin"] == before["all|bitcoin"], "an unquoted coin's pair is untouched")
        #expect(state.pairs["btc|bitcoin"] == before["btc|bitcoin"])
        #expect(state.pairs["all|ethereum"]?.firing == false, "ethereum fell below 10: no longer firing")
    }

    @Test func reorderingTheRulesLosesNoPairState() throws {
        let favorites = ["bitcoin", "ethereum"]
        let rules = [
            Self.rule("once", "bitcoin", .above(100)) { $0.once = true },
            Self.rule("all", "*", .above(10)),
            Self.rule("cool", "ethereum", .crosses(50)) { $0.cooldown = 3600 },
        ]
        var state = StateDocument()
        _ = RuleRunner(rules: Self.rules(rules, favorites: favorites))
            .evaluate(Self.quotes(["bitcoin": 120, "ethereum": 40]), pairs: &state.pairs, prices: &state.prices, now: Self.start)
        _ = RuleRunner(rules: Self.rules(rules, favorites: favorites))
            .evaluate(Self.quotes(["bitcoin": 90, "ethereum": 60]), pairs: &state.pairs, prices: &state.prices, now: Self.start + 60)
        let reordered = RuleRunner(rules: Self.rules(rules.reversed(), favorites: favorites))
        let alerts = reordered.evaluate(Self.quotes(["bitcoin": 130, "ethereum": 40]), pairs: &state.pairs, prices: &state.prices, now: Self.start + 120)
        #expect(alerts.map(\.alert.rule) == [], "once already sent; all still true; cool in its cooldown")
        #expect(state.pairs.keys == ["cool|ethereum", "all|bitcoin", "all|ethereum", "once|bitcoin"])
    }

    static func randomRules(_ random: inout SeededRandom, favorites: [String]) -> [Rule] {
        (0..<40).map { index in
            let v = Double(Int.random(in: 90...110, using: &random))
            let condition: Condition
            switch Int.random(in: 0..<10, using: &random) {
            case 0: condition = .above(v)
            case 1: condition = .below(v)
            case 2: condition = .crossesAbove(v)
            case 3: condition = .crossesBelow(v)
            case 4: condition = .crosses(v)
            case 5: condition = .change24hAbs(Double(Int.random(in: 0...6, using: &random)))
            case 6: condition = .newHigh(.h24)
            case 7: condition = .movePct(pct: Double(Int.random(in: -5...5, using: &random)) + 0.5, within: 3600)
            case 8: condition = .entersRange(low: v - 5, high: v + 5)
            default: condition = .exitsRange(low: v - 5, high: v + 5)
            }
            let coin = Int.random(in: 0..<4, using: &random) == 0 ? "*" : favorites.randomElement(using: &random) ?? "*"
            return rule("r\(index)", coin, condition) { rule in
                switch Int.random(in: 0..<8, using: &random) {
                case 0: rule.once = true
                case 1: rule.cooldown = 600
                case 2: rule.resolve = true
                case 3: rule.forDuration = 120
                case 4: rule.repeatEvery = 300
                case 5: if condition.isLevel, condition.threshold != nil { rule.rearm = 2 }
                case 6: rule.enabled = false
                default: rule.expires = Date(timeIntervalSince1970: start + Double(Int.random(in: 0...40, using: &random)) * 60)
                }
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func pairsFoundInPlaceAndPairsLookedUpGiveTheSamePasses(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let favorites = (1...8).map { "coin-\($0)" }
        var rules = Self.randomRules(&random, favorites: favorites)
        var inOrder = StateDocument()
        var sorted = StateDocument()
        var prices = Dictionary(uniqueKeysWithValues: favorites.map { ($0, 100.0) })
        var now = Self.start
        for pass in 0..<40 {
            // Now and then the user edits the rules: reorders them, drops one, adds one back.
            switch pass % 10 {
            case 3: rules.shuffle(using: &random)
            case 6: rules.removeLast()
            case 8: rules.insert(Self.rule("late\(pass)", "*", .crosses(100)), at: Int.random(in: 0...rules.count, using: &random))
            default: break
            }
            for coin in favorites { prices[coin, default: 100] += Double(Int.random(in: -4...4, using: &random)) }
            var quotes = Self.quotes(prices, change: Double(Int.random(in: -8...8, using: &random)))
            if Int.random(in: 0..<4, using: &random) == 0 { quotes[favorites.randomElement(using: &random) ?? ""] = nil }
            let runner = RuleRunner(rules: Self.rules(rules, favorites: favorites))
            let fast = runner.evaluate(quotes, pairs: &inOrder.pairs, prices: &inOrder.prices, now: now)
            let slow = runner.evaluate(quotes, pairs: &sorted.pairs, prices: &sorted.prices, now: now)
            // Compared whole, reported briefly (the documents run to thousands of lines).
            let sameAlerts = fast == slow, sameState = inOrder == sorted
            #expect(sameAlerts, "seed \(seed), pass \(pass): alerts \(fast.map(\.alert.id)) vs \(slow.map(\.alert.id))")
            #expect(sameState, "seed \(seed), pass \(pass): the states differ")
            inOrder = try Self.throughTheStateFile(inOrder)
            sorted = try Self.shuffledThroughTheGeneralCoder(sorted)
            now += Double(Int.random(in: 1...20, using: &random)) * 30
        }
        #expect(inOrder.pairs.count > 40, "the passes made pairs")
    }

    /// A stream's turn quotes a coin or two of many: `evaluate` then visits only those coins' pairs
    /// (`evaluateFew`). Whatever it visits, each turn must judge as the walk over every pair does:
    /// the same alerts in the same order, the same notifications held back, the same pair states
    /// and the same prices recorded (only the pairs' places may differ).
    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func aTurnOfAFewQuotesJudgesAsTheWalkOverEveryPairDoes(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let favorites = (1...12).map { "coin-\($0)" }
        var rules = Self.randomRules(&random, favorites: favorites)
        rules.append(Self.rule("ratio", "coin-1/coin-2", .crosses(1)))
        rules.append(Self.rule("premium", "coin-3", .premiumAbove(pct: 1, against: .binance, againstVs: "usd")))
        let onBinance = QuoteKey.key("coin-3", vs: "usd", provider: "binance", defaultVs: "usd")
        let runner = RuleRunner(rules: Self.rules(rules, favorites: favorites))
        var few = StateDocument()
        var all = StateDocument()
        var prices = Dictionary(uniqueKeysWithValues: favorites.map { ($0, 100.0) })
        var now = Self.start
        var fewAlerts = 0
        for turn in 0..<300 {
            let coins = (0..<Int.random(in: 1...3, using: &random)).compactMap { _ in favorites.randomElement(using: &random) }
            for coin in coins { prices[coin, default: 100] += Double(Int.random(in: -4...4, using: &random)) }
            var quotes = Self.quotes(prices.filter { coins.contains($0.key) }, change: Double(Int.random(in: -8...8, using: &random)))
            if Bool.random(using: &random) {
                quotes[onBinance] = Self.quotes(["coin-3": (prices["coin-3"] ?? 100) * 0.98])["coin-3"]
            }
            var heldFew: [RuleRunner.Held]? = []
            var heldAll: [RuleRunner.Held]? = []
            let silences = SilenceIndex([], now: now)
            let a = runner.evaluateFew(quotes, pairs: &few.pairs, prices: &few.prices, now: now, silences: silences, held: &heldFew)
            let b = runner.evaluateAll(quotes, pairs: &all.pairs, prices: &all.prices, now: now, silences: silences, held: &heldAll)
            fewAlerts += a.count
            let sameAlerts = a == b, sameHeld = heldFew == heldAll
            #expect(sameAlerts, "seed \(seed), turn \(turn): alerts \(a.map(\.alert.id)) vs \(b.map(\.alert.id))")
            #expect(sameHeld, "seed \(seed), turn \(turn): held back \(heldFew ?? []) vs \(heldAll ?? [])")
            // Compared whole, reported briefly.
            let sameKeys = Set(few.pairs.keys) == Set(all.pairs.keys)
            let samePairs = few.pairs.keys.allSatisfy { few.pairs[$0] == all.pairs[$0] }
            let samePrices = few.prices == all.prices
            #expect(sameKeys, "seed \(seed), turn \(turn): the pairs differ")
            #expect(samePairs, "seed \(seed), turn \(turn): a pair's state differs")
            #expect(samePrices, "seed \(seed), turn \(turn): the prices recorded differ")
            now += Double(Int.random(in: 1...20, using: &random)) * 5
        }
        #expect(fewAlerts > 20, "the turns raised alerts")
        #expect(few.pairs["premium|coin-3"] != nil, "the premium rule was judged")
        #expect(few.pairs.count > 40, "the turns made pairs")
    }
}
