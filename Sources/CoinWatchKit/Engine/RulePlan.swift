/// What `RuleRunner` works out once per rules file rather than once per (rule, coin) pair of a
/// pass: the distinct coins the rules name, each coin's `prices` key, and every pair's `pairs` key
/// ("rule|coin"), so the evaluation loop builds no string and hashes each coin once per pass.
struct RulePlan: Sendable {
    /// One (rule, coin) pair: the coin's position in `coins` and the pair's key in `StateDocument.pairs`.
    struct Target: Sendable {
        var coin: Int
        var pairKey: String
    }

    /// Distinct coins as written (a favorite, or a rule's coin), in first-use order.
    let coins: [String]
    /// `StateDocument.priceKey` of each of `coins` in the rules' quote currency.
    let priceKeys: [String]
    /// Every rule's pairs, one run after another.
    let targets: [Target]
    /// The run of `targets` that belongs to each rule of `rules.rules` (same order).
    let ranges: [Range<Int>]

    init(_ rules: RulesFile) {
        var coins: [String] = []
        var position: [String: Int] = [:]
        func slot(_ coin: String) -> Int {
            if let known = position[coin] { return known }
            position[coin] = coins.count
            coins.append(coin)
            return coins.count - 1
        }
        var targets: [Target] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(rules.rules.count)
        for rule in rules.rules {
            let start = targets.count
            for coin in rule.coin == "*" ? rules.favorites : [rule.coin] {
                targets.append(Target(coin: slot(coin), pairKey: StateDocument.pairKey(rule: rule.id, coin: coin)))
            }
            ranges.append(start..<targets.count)
        }
        self.coins = coins
        self.priceKeys = coins.map { StateDocument.priceKey(coin: $0, vs: rules.vsCurrency) }
        self.targets = targets
        self.ranges = ranges
    }
}
