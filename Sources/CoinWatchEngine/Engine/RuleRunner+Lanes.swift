import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
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
        /// The coin's holding (a held coin, or the portfolio's cost), as a pass derives it.
        var derived: Observation.Derived?
    }

    /// What a lane's pass keeps of an alert it makes: the figures `pendingAlert` reads from the
    /// observation and the quote, so `alert(_:coin:template:)` makes the very alert later — a replay
    /// that only counts its alerts (the text report, the tuning replays) never builds one.
    struct Fired: Sendable {
        /// The pair's position among all the plan's pairs (the order `evaluate` returns alerts of one pass in).
        var target: Int
        /// The rule's position in `rules.rules`.
        var ruleIndex: Int
        var status: Alert.Status
        var now: Double
        var price: Double
        var previous: Double?
        var change24h: Double?
        /// The condition's figure (`ConditionKind.figure`) and the wick's extreme, as the pass saw them.
        var value: Double?
        var extreme: Double?
    }

    /// The alert `fired` stands for, on `coin` quoted as `template` (its price and 24h change those of
    /// the pass) with the coin's `url` (`pageURL`): the one `pendingAlert` makes from the same pass.
    func alert(_ fired: Fired, coin: String, template: Quote, url: String?) -> Alert {
        var quote = template
        quote.price = fired.price
        quote.change24h = fired.change24h
        // Priced in the currency the history was in (a ratio's in its second coin), as a pass prices it.
        return makeAlert(rules.rules[fired.ruleIndex], coin: coin, vs: quote.vs.isEmpty ? rules.vsCurrency : quote.vs, quote: quote, previous: fired.previous,
                         value: fired.value, extreme: fired.extreme, status: fired.status, now: fired.now,
                         timeDigits: StableHash.digits(of: fired.now), url: url)
    }

    /// One lane per coin with at least one pair, in the plan's coin order, every pair fresh.
    func lanes() -> [Lane] {
        var steps = [[Int]](repeating: [], count: plan.coins.count)
        var targets = [[Int]](repeating: [], count: plan.coins.count)
        for (ruleIndex, pairs) in plan.targets.enumerated() {
            for target in pairs {
                steps[plan.targetCoins[target]].append(ruleIndex)
                targets[plan.targetCoins[target]].append(target)
            }
        }
        return plan.coins.indices.filter { !targets[$0].isEmpty }.map { coin in
            var lane = Lane(coin: coin, name: plan.coins[coin], steps: steps[coin], targets: targets[coin],
                            pairs: [PairState](repeating: PairState(), count: targets[coin].count))
            switch plan.derivations[coin] {
            case let derivation? where derivation == .portfolio: lane.derived = Self.derived(derivation, quotes: [:], plan: plan)
            case .holding(let position)?: lane.derived = Observation.Derived(holding: position)
            default: break
            }
            return lane
        }
    }

    /// The observation `lane`'s passes start from: `template`'s fixed figures, the lane's derived ones
    /// (a held coin's position, the portfolio's cost), the clock at `now`.
    func observation(of lane: Lane, template: Quote, now: Double) -> Observation {
        var observation = Observation(quote: template, previous: nil, series: nil, now: now)
        observation.derived = lane.derived
        return observation
    }

    /// The pass at `observation.now` for `lane`'s coin, seen as `observation` (made by
    /// `observation(of:template:now:)`; its price, clock and provider figures — the quote's price
    /// and 24h change; the previous price and the series are the lane's): advances the lane's pairs
    /// as `evaluate` does (`PairStep.decide`) and hands `fire` what each alert is made of
    /// (`alert(_:coin:template:url:)` makes it).
    func evaluate(_ lane: inout Lane, observation: inout Observation, fire: (Fired) -> Void) {
        let now = observation.now
        let looksBack = plan.needsHistory[lane.coin]
        observation.previous = lane.previous
        if looksBack { observation.series = lane.series }
        let (ruleIndices, targets) = (lane.steps, lane.targets)
        PairStep.decide(&lane.pairs, ruleOf: ruleIndices, rules: rules.rules, settings: plan.steps,
                        observation: &observation) { index, status, observation in
            // What `pendingAlert` reads of the observation, read now.
            let ruleIndex = ruleIndices[index]
            let figures = Self.figures(rules.rules[ruleIndex].condition.kind, observation: observation, status: status)
            fire(Fired(target: targets[index], ruleIndex: ruleIndex, status: status, now: now, price: observation.price,
                       previous: observation.previous, change24h: observation.change24h, value: figures.value,
                       extreme: figures.extreme))
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
