/// What `RuleRunner` works out once per rules file rather than once per (rule, coin) pair of a
/// pass: the favorites and any other coin a rule names, each coin's `prices` key, every pair's
/// `pairs` key ("rule|coin"), the longest window in use, and per rule the plain values its
/// evaluation needs. The evaluation loop then builds no string, looks each coin up once per pass
/// and copies no reference-counted value.
struct RulePlan: Sendable {
    /// The plain-value part of one rule (no strings, arrays or counted references, so copying
    /// it costs nothing).
    struct Step: Sendable {
        /// The rule's condition, unretained: `RulePlan.boxes` keeps it alive as long as the plan.
        let condition: Unmanaged<ConditionBox>
        /// `Condition.isLevel` of the rule's condition.
        var isLevel: Bool
        /// `Condition.threshold` of the rule's condition.
        var threshold: Double?
        var rearm: Double?
        var policy: NotifyPolicy
        var enabled: Bool
        /// Whether the condition keeps a reference price per pair (`ConditionNeeds.pairMemory`).
        var remembers: Bool
        /// `expires` in seconds since 1970.
        var expiresAt: Double?
        /// The rule's pairs: positions in `targetCoins` and `pairKeys`.
        var targets: Range<Int>

        /// Whether the rule is evaluated at `now` (seconds since 1970): enabled and not expired.
        func isActive(now: Double) -> Bool { enabled && (expiresAt.map { now < $0 } ?? true) }
    }

    /// Distinct coins as written: the favorites, then any other coin a rule names.
    let coins: [String]
    /// Coin as written → its position in `coins`.
    let coinPositions: [String: Int]
    /// `StateDocument.priceKey` of each of `coins` in the rules' quote currency.
    let priceKeys: [String]
    /// One per rule of `rules.rules`, same order.
    let steps: [Step]
    /// Per pair (all rules' pairs, one run after another): its coin's position in `coins`.
    let targetCoins: [Int]
    /// Every rule's condition, in rule order: the owners of the steps' `condition`s.
    let boxes: [ConditionBox]
    /// Per coin of `coins`: whether some rule on it looks back over recorded prices
    /// (`ConditionNeeds.history`), so its observations carry the price series.
    let needsHistory: [Bool]
    /// Per pair: its key in `StateDocument.pairs`.
    let pairKeys: [String]
    /// The longest history any enabled rule looks back over, in seconds (nil: only the last price).
    let longestWindow: Double?

    init(_ rules: RulesFile) {
        var coins: [String] = []
        var position: [String: Int] = [:]
        func slot(_ coin: String) -> Int {
            if let known = position[coin] { return known }
            position[coin] = coins.count
            coins.append(coin)
            return coins.count - 1
        }
        var steps: [Step] = []
        // The conditions' boxes first, back to back in rule order (see `ConditionBox`).
        let boxes = rules.rules.map { ConditionBox.boxing($0.condition) }
        var historyCoins = Set<Int>()
        var targetCoins: [Int] = []
        var pairKeys: [String] = []
        for favorite in rules.favorites { _ = slot(favorite) }
        steps.reserveCapacity(rules.rules.count)
        targetCoins.reserveCapacity(rules.rules.count)
        pairKeys.reserveCapacity(rules.rules.count)
        for rule in rules.rules {
            let start = targetCoins.count
            if rule.coin == "*" {
                for coin in rules.favorites {
                    targetCoins.append(slot(coin))
                    pairKeys.append(StateDocument.pairKey(rule: rule.id, coin: coin))
                }
            } else {
                targetCoins.append(slot(rule.coin))
                pairKeys.append(StateDocument.pairKey(rule: rule.id, coin: rule.coin))
            }
            let box = boxes[steps.count]
            if rule.condition.kind.needs.history != nil { historyCoins.formUnion(targetCoins[start...]) }
            steps.append(Step(condition: Unmanaged.passUnretained(box), isLevel: rule.condition.isLevel,
                              threshold: rule.condition.threshold, rearm: rule.rearm, policy: NotifyPolicy(rule: rule, defaults: rules.defaults),
                              enabled: rule.enabled, remembers: rule.condition.kind.needs.pairMemory, expiresAt: rule.expires?.timeIntervalSince1970,
                              targets: start..<targetCoins.count))
        }
        self.coins = coins
        self.coinPositions = position
        self.priceKeys = coins.map { StateDocument.priceKey(coin: $0, vs: rules.vsCurrency) }
        self.steps = steps
        self.boxes = boxes
        self.needsHistory = coins.indices.map { historyCoins.contains($0) }
        self.targetCoins = targetCoins
        self.pairKeys = pairKeys
        self.longestWindow = Self.longestWindow(rules.rules)
    }

    private static func longestWindow(_ rules: [Rule]) -> Double? {
        var longest: Double?
        for rule in rules where rule.enabled {
            if let span = rule.condition.kind.needs.history { longest = max(longest ?? 0, span) }
        }
        return longest
    }
}
