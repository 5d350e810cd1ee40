import CoinWatchRules
import CoinWatchState
/// What `RuleRunner` works out once per rules file rather than once per (rule, coin) pair of a pass,
/// so the evaluation loop builds no string and looks each coin up once per pass.
struct RulePlan: Sendable {
    /// How a slot's observation is made beyond its quote (SPEC §2 ratios, premiums, holdings).
    enum Derivation: Sendable, Equatable {
        /// A ratio coin: its quote is made from these two quotes (`QuoteKey`s) of the same pass.
        case ratio(base: String, quote: String)
        /// The holdings' total: its quote is made from every held coin's quote.
        case portfolio
        /// Premiums: per leg, the other leg's quote and the quote that converts it (nil: same currency).
        case premium([PremiumSource])
        /// A held coin: its position.
        case holding(Position)
    }

    /// Distinct slots, each a coin in one currency from one feed: the favorites, then any other a
    /// rule names; its `QuoteKey` (a premium's slot adds its leg to the key).
    let coins: [String]
    /// Slot key → its position in `coins`.
    let coinPositions: [String: Int]
    /// Per slot: the coin as written in the rule (the alert's `coin`).
    let names: [String]
    /// Per slot: the `QuoteKey` of its quote (a premium's slot reads its coin's quote).
    let quoteKeys: [String]
    /// Per slot: its currency.
    let currencies: [String]
    /// Per slot: how its observation is derived, if it is.
    let derivations: [Derivation?]
    /// Per slot: whether its quote is made in the pass from others (a ratio or the portfolio).
    let madeSlots: [Bool]
    /// The held coins (as written) and what they cost, when some rule values the portfolio.
    let portfolio: [(coin: String, position: Position)]?
    /// `StateDocument.priceKey` of each slot: its coin in its currency.
    let priceKeys: [String]
    /// One per rule of `rules.rules`, same order: what a pass reads of it for each of its pairs.
    let steps: [PairStep.Settings]
    /// One per rule of `rules.rules`, same order: its pairs, positions in `targetCoins` and `pairKeys`.
    let targets: [Range<Int>]
    /// Per pair (all rules' pairs, one run after another): its coin's position in `coins`.
    let targetCoins: [Int]
    /// Per coin of `coins`: whether some rule on it looks back over recorded prices
    /// (`ConditionNeeds.history`), so its observations carry the price series.
    let needsHistory: [Bool]
    /// Per coin of `coins`: whether some rule on it reads an indicator (`ConditionNeeds.indicators`),
    /// so a pass looks its readings up.
    let needsIndicators: [Bool]
    /// Per pair: its key in `StateDocument.pairs`.
    let pairKeys: [String]
    /// The longest history any enabled rule looks back over, in seconds (nil: only the last price).
    let longestWindow: Double?
    // For a round that quotes a few coins (`RuleRunner.evaluateFew`): a quote's slots are the one
    // `coinPositions` names (a slot's key is its quote's, but for a premium's and a made one's)
    // and the premium slots observed from it.
    /// Per `QuoteKey`: the premium slots observed from that quote.
    let premiumSlotsOfQuote: [String: [Int]]
    /// The made slots (`madeSlots`), ascending.
    let madeSlotList: [Int]
    /// Every slot's pairs (positions in `targetCoins`), ascending, one slot's after another: slot
    /// `s`'s are `pairsBySlot[pairsBySlotStart[s]..<pairsBySlotStart[s + 1]]`.
    let pairsBySlot: [Int]
    let pairsBySlotStart: [Int]
    /// Per pair: its rule's position in `steps`.
    let ruleOfPair: [Int]

    init(_ rules: RulesFile) {
        var coins: [String] = []
        var names: [String] = []
        var quoteKeys: [String] = []
        var currencies: [String] = []
        var derivations: [Derivation?] = []
        var position: [String: Int] = [:]
        let positions = rules.holdings.isEmpty ? [:] : Position.positions(rules.holdings)
        let defaultVs = rules.vsCurrency
        func slot(_ key: String, name: String, quoteKey: String, vs: String, derivation: @autoclosure () -> Derivation?) -> Int {
            if let known = position[key] { return known }
            position[key] = coins.count
            coins.append(key)
            names.append(name)
            quoteKeys.append(quoteKey)
            currencies.append(vs)
            derivations.append(derivation())
            return coins.count - 1
        }
        func slot(_ coin: String) -> Int {
            slot(coin, name: coin, quoteKey: coin, vs: defaultVs, derivation: positions[coin].map(Derivation.holding))
        }
        /// The slot of `coin` for `rule`: its feed (vs, provider), its derivation.
        func slot(_ coin: String, rule: Rule) -> Int {
            let vs = rule.vs ?? defaultVs
            let provider = rule.provider?.rawValue
            let key = QuoteKey.key(coin, vs: vs, provider: provider, defaultVs: defaultVs)
            if coin == RuleCoin.portfolio {
                return slot(coin, name: coin, quoteKey: coin, vs: defaultVs, derivation: .portfolio)
            }
            if let parts = RuleCoin.ratioParts(coin) {
                let part = { (name: String) in QuoteKey.key(name, vs: vs, provider: provider, defaultVs: defaultVs) }
                return slot(key, name: coin, quoteKey: key, vs: vs, derivation: .ratio(base: part(parts.base), quote: part(parts.quote)))
            }
            let legs = rule.condition.kind.needs.premiums
            if !legs.isEmpty {
                let sources = legs.map { leg in
                    PremiumSource(leg: leg, against: QuoteKey.key(coin, vs: leg.againstVs, provider: leg.against.rawValue, defaultVs: defaultVs),
                                  conversion: leg.againstVs == vs ? nil
                                      : QuoteKey.key(DataPlan.conversionCoin(leg), vs: vs, provider: provider, defaultVs: defaultVs))
                }
                let tag = legs.map { "|premium|" + $0.against.rawValue + "|" + $0.againstVs }.joined()
                return slot(key + tag, name: coin, quoteKey: key, vs: vs, derivation: .premium(sources))
            }
            if key == coin { return slot(coin) }
            return slot(key, name: coin, quoteKey: key, vs: vs, derivation: nil)
        }
        var steps: [PairStep.Settings] = []
        var targets: [Range<Int>] = []
        var historyCoins = Set<Int>()
        var indicatorCoins = Set<Int>()
        var targetCoins: [Int] = []
        var pairKeys: [String] = []
        for favorite in rules.favorites { _ = slot(favorite) }
        steps.reserveCapacity(rules.rules.count)
        targets.reserveCapacity(rules.rules.count)
        targetCoins.reserveCapacity(rules.rules.count)
        pairKeys.reserveCapacity(rules.rules.count)
        for rule in rules.rules {
            let start = targetCoins.count
            let needs = rule.condition.kind.needs
            let watchesList = needs.marketLists
            if watchesList {
                // No pair here: `MarketEventStage` judges it on the market lists.
            } else {
                for coin in rules.pairCoins(of: rule) {
                    targetCoins.append(slot(coin, rule: rule))
                    pairKeys.append(StateDocument.pairKey(rule: rule.id, coin: coin))
                }
            }
            if needs.history != nil { historyCoins.formUnion(targetCoins[start...]) }
            if !needs.indicators.isEmpty { indicatorCoins.formUnion(targetCoins[start...]) }
            steps.append(PairStep.Settings(rearm: rule.rearm, policy: NotifyPolicy(rule: rule, defaults: rules.defaults),
                                           remembers: needs.pairMemory, enabled: rule.enabled && !watchesList,
                                           expiresAt: rule.expires?.timeIntervalSince1970))
            targets.append(start..<targetCoins.count)
        }
        self.coins = coins
        self.coinPositions = position
        self.names = names
        self.quoteKeys = quoteKeys
        self.currencies = currencies
        self.derivations = derivations
        let madeSlots = derivations.map {
            switch $0 {
            case .ratio?, .portfolio?: return true
            default: return false
            }
        }
        self.madeSlots = madeSlots
        self.portfolio = derivations.contains { $0 == .portfolio }
            ? rules.holdings.map(\.coin).uniqued().compactMap { coin in positions[coin].map { (coin, $0) } } : nil
        self.priceKeys = zip(names, currencies).map { StateDocument.priceKey(coin: $0, vs: $1) }
        self.steps = steps
        self.targets = targets
        self.needsHistory = coins.indices.map { historyCoins.contains($0) }
        self.needsIndicators = coins.indices.map { indicatorCoins.contains($0) }
        self.targetCoins = targetCoins
        self.pairKeys = pairKeys
        self.longestWindow = Self.longestWindow(rules.rules)
        var premiumSlotsOfQuote: [String: [Int]] = [:]
        for (slot, derivation) in derivations.enumerated() {
            if case .premium? = derivation { premiumSlotsOfQuote[quoteKeys[slot], default: []].append(slot) }
        }
        // The pairs grouped by slot in one array (a counting sort: each slot's stay in pair order).
        var start = [Int](repeating: 0, count: coins.count + 1)
        for slot in targetCoins { start[slot + 1] += 1 }
        for slot in coins.indices { start[slot + 1] += start[slot] }
        var next = start
        var pairsBySlot = [Int](repeating: 0, count: targetCoins.count)
        for (pair, slot) in targetCoins.enumerated() {
            pairsBySlot[next[slot]] = pair
            next[slot] += 1
        }
        var ruleOfPair = [Int](repeating: 0, count: targetCoins.count)
        for (ruleIndex, pairs) in targets.enumerated() {
            for pair in pairs { ruleOfPair[pair] = ruleIndex }
        }
        self.premiumSlotsOfQuote = premiumSlotsOfQuote
        self.madeSlotList = madeSlots.indices.filter { madeSlots[$0] }
        self.pairsBySlot = pairsBySlot
        self.pairsBySlotStart = start
        self.ruleOfPair = ruleOfPair
    }

    private static func longestWindow(_ rules: [Rule]) -> Double? {
        var longest: Double?
        for rule in rules where rule.enabled {
            if let span = rule.condition.kind.needs.history { longest = max(longest ?? 0, span) }
        }
        return longest
    }
}

/// Where one premium leg's base comes from in a pass: the `QuoteKey` of the same coin on the leg's
/// provider, and of the price that converts it into the rule's currency (nil: the same currency).
struct PremiumSource: Sendable, Equatable {
    var leg: PremiumLeg
    var against: String
    var conversion: String?
}
