/// Passes run coin by coin: a (rule, coin) pair reads only its coin's observation and its own
/// state, so a run of passes over recorded prices (a backtest) can advance each coin's pairs
/// through all the passes on its own — in flat arrays, on any core — with the very steps
/// `evaluate` takes (`decide`, `pendingAlert`, the same recording of prices).
extension RuleRunner {
    /// One coin's share of the state a run of passes keeps: its pairs' states in the plan's
    /// order and what a pass recorded of its prices.
    struct Lane: Sendable {
        /// The coin's position in the plan's coins.
        let coin: Int
        /// The coin as written in rules.json.
        let name: String
        /// Per pair on the coin, in the plan's order: its rule's position in `rules.rules`.
        let steps: [Int]
        /// Per pair on the coin: its position among all the plan's pairs (the order `evaluate`
        /// returns alerts of one pass in).
        let targets: [Int]
        /// The pairs' states, in the same order.
        var pairs: [PairState]
        /// The coin's recorded prices, kept only where a rule on it looks back (`ConditionNeeds.history`).
        var series: PriceSeries?
        /// The price the previous pass recorded; nil before the first.
        var previous: Double?
    }

    /// One lane per coin with at least one pair, in the plan's coin order, every pair fresh.
    func lanes() -> [Lane] {
        var steps = [[Int]](repeating: [], count: plan.coins.count)
        var targets = [[Int]](repeating: [], count: plan.coins.count)
        for (ruleIndex, step) in plan.steps.enumerated() {
            for target in step.targets {
                steps[plan.targetCoins[target]].append(ruleIndex)
                targets[plan.targetCoins[target]].append(target)
            }
        }
        return plan.coins.indices.filter { !targets[$0].isEmpty }.map { coin in
            Lane(coin: coin, name: plan.coins[coin], steps: steps[coin], targets: targets[coin],
                 pairs: [PairState](repeating: PairState(), count: targets[coin].count))
        }
    }

    /// The pass at `observation.now` for `lane`'s coin, seen as `observation` (its price, clock and
    /// provider figures; the previous price and the series are the lane's): advances the lane's
    /// pairs as `evaluate` does and hands `fire` each alert with its pair's position among all
    /// pairs. `quote` makes the coin's quote, only when an alert needs it.
    func evaluate(_ lane: inout Lane, observation: inout Observation, quote: () -> Quote,
                  fire: (_ target: Int, _ pending: Pending) -> Void) {
        let now = observation.now
        let looksBack = plan.needsHistory[lane.coin]
        observation.previous = lane.previous
        if looksBack { observation.series = lane.series }
        var timeDigits: String?  // made on the pass's first alert only
        for index in lane.pairs.indices {
            let ruleIndex = lane.steps[index]
            let step = plan.steps[ruleIndex]
            guard step.isActive(now: now) else { continue }
            let (pair, decision) = Self.decide(step, pair: lane.pairs[index], observation: &observation)
            lane.pairs[index] = pair
            guard case .notify(let status, _) = decision else { continue }
            let digits = timeDigits ?? StableHash.digits(of: now)
            timeDigits = digits
            fire(lane.targets[index], pendingAlert(ruleIndex, coin: lane.name, observation: observation, quote: quote(),
                                                   status: status, now: now, timeDigits: digits))
        }
        lane.previous = observation.price
        guard looksBack else { return }
        observation.series = nil  // the lane's series alone holds its points: appending copies nothing
        var series = lane.series ?? PriceSeries(firstSeen: now)
        lane.series = nil
        Self.append(observation.price, now: now, keep: longestWindow, to: &series)
        lane.series = series
    }
}
