import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import FoundationEssentials

/// Evaluates every enabled rule against this pass's quotes, advances each (rule, coin) pair's
/// state, and returns the alerts to deliver. Prices are recorded after all rules have seen
/// the same previous price.
package struct RuleRunner: Sendable {
    /// An alert and the sinks it goes to.
    package struct Pending: Sendable, Equatable {
        package var alert: Alert
        package var sinks: [String]
    }

    /// A notification that was due but held back (cooldown, silence, `for`, once), for `-v`.
    package struct Held: Sendable, Equatable {
        package var rule: String
        package var coin: String
        package var reason: NotifyReason
        /// When what held it back ends (seconds since 1970; `NotifyDecision.heldUntil`).
        package var until: Double?
    }

    /// The rules evaluated; setting them works out the plan again.
    package var rules: RulesFile {
        didSet { plan = RulePlan(rules) }
    }
    /// What the rules work out to once (coins, pairs, steps); `RuleRunner+Lanes` replays by it.
    private(set) var plan: RulePlan

    package init(rules: RulesFile) {
        self.rules = rules
        self.plan = RulePlan(rules)
    }

    /// The pass's evaluate stage at `now` (seconds since 1970): advances the pairs it evaluates and
    /// records the quotes' prices, the only parts of the state it writes.
    /// `indicators`: the readings of the coins some indicator rule watches (the candles stage, `CandleFeed`).
    package func evaluate(_ quotes: [String: Quote], pairs: inout PairTable, prices: inout [String: PriceSeries],
                         now: Double, indicators: [String: IndicatorReadings] = [:]) -> [Pending] {
        var held: [Held]?
        return evaluate(quotes, pairs: &pairs, prices: &prices, now: now, silences: SilenceIndex([], now: now), held: &held,
                        indicators: indicators)
    }

    /// `evaluate` with the silences in force (applied through each covered pair's notify policy),
    /// also listing in `held` (when it is not nil) each notification held back. `indicators`: the
    /// readings of the coins some indicator rule watches (the candles stage, `CandleFeed`).
    /// `changed`: the keys of `quotes` that are new since the last evaluation (`stream`'s round; nil: all of them);
    /// only the slots observed from them are evaluated, the other quotes serve as what a ratio, the
    /// portfolio or a premium is made of.
    package func evaluate(_ quotes: [String: Quote], changed: Set<String>? = nil, pairs: inout PairTable,
                         prices: inout [String: PriceSeries], now: Double, silences: SilenceIndex, held: inout [Held]?,
                         indicators: [String: IndicatorReadings] = [:]) -> [Pending] {
        if let changed, changed.count < quotes.count {
            return evaluateFew(quotes, changed: changed, pairs: &pairs, prices: &prices, now: now, silences: silences, held: &held,
                               indicators: indicators)
        }
        if quotes.count * 4 < plan.coins.count {
            return evaluateFew(quotes, changed: nil, pairs: &pairs, prices: &prices, now: now, silences: silences, held: &held,
                               indicators: indicators)
        }
        return evaluateAll(quotes, pairs: &pairs, prices: &prices, now: now, silences: silences, held: &held,
                           indicators: indicators)
    }

    /// `evaluate` walking every slot and pair of the plan (a pass that quotes most coins): the
    /// pairs are left in the plan's order, so the next pass finds each where the last one ended.
    func evaluateAll(_ quotes: [String: Quote], pairs: inout PairTable, prices: inout [String: PriceSeries],
                     now: Double, silences: SilenceIndex, held: inout [Held]?,
                     indicators: [String: IndicatorReadings] = [:]) -> [Pending] {
        // Each quoted coin's observation (its figures and the price series recorded before this
        // pass) and the place of its series, made once per coin rather than once per rule; a coin
        // without a quote this pass is not `quoted` (its observation is a placeholder).
        var observations: [Observation] = []
        var quoted: [Bool] = []
        var seriesAt: [Dictionary<String, PriceSeries>.Index?] = []
        observations.reserveCapacity(plan.coins.count)
        quoted.reserveCapacity(plan.coins.count)
        seriesAt.reserveCapacity(plan.coins.count)
        for slot in plan.coins.indices {
            guard let (observation, at) = observe(slot, quotes: quotes, prices: prices, indicators: indicators, now: now) else {
                observations.append(Self.unobserved)
                quoted.append(false)
                seriesAt.append(nil)
                continue
            }
            observations.append(observation)
            seriesAt.append(at)
            quoted.append(true)
        }
        var pending: [Pending] = []
        let timeDigits = StableHash.digits(of: now)  // in every alert id of the pass
        // The pairs' positions in the state, in the plan's order. Where the state keeps the pairs
        // in that order (every pass after the first), each is where the previous one ends.
        var order: [Int] = []
        order.reserveCapacity(plan.pairKeys.count)
        var cursor = 0
        for (ruleIndex, step) in plan.steps.enumerated() {
            let active = now < step.activeUntil
            for target in plan.targets[ruleIndex] {
                let coin = plan.targetCoins[target]
                let found = pairs.slot(of: plan.pairKeys[target], hint: cursor)
                guard active, quoted[coin] else {
                    if let found {
                        order.append(found)
                        cursor = found + 1
                    }
                    continue
                }
                let slot = found ?? pairs.append(PairState(), forKey: plan.pairKeys[target])
                order.append(slot)
                cursor = slot + 1
                judge(ruleIndex, step: step, coin: coin, pair: slot, observation: &observations[coin], pairs: &pairs,
                      silences: silences, held: &held, pending: &pending, quotes: quotes, now: now, timeDigits: timeDigits)
            }
        }
        pairs.arrange(first: order)
        record(quotes, changed: nil, observations: observations, slots: plan.coins.indices, quoted: quoted, at: seriesAt, prices: &prices, now: now)
        return pending
    }

    /// `evaluate` for a round that quotes few of the plan's coins (a stream's turn): only the slots
    /// observed from those quotes (and the made ones) and their pairs are visited, in the order the
    /// full walk visits them, so the alerts, the pairs' states and the prices recorded are the
    /// same; the pairs keep their places (a new one is added at the end).
    func evaluateFew(_ quotes: [String: Quote], changed: Set<String>? = nil, pairs: inout PairTable,
                     prices: inout [String: PriceSeries], now: Double, silences: SilenceIndex, held: inout [Held]?,
                     indicators: [String: IndicatorReadings] = [:]) -> [Pending] {
        var slots: [Int] = []
        for key in changed.map(Array.init) ?? Array(quotes.keys) {
            if let slot = plan.coinPositions[key], !plan.madeSlots[slot] { slots.append(slot) }
            if !plan.premiumSlotsOfQuote.isEmpty, let premiums = plan.premiumSlotsOfQuote[key] { slots += premiums }
        }
        slots += changed.map { changed in plan.madeSlotList.filter { isMade($0, from: changed) } } ?? plan.madeSlotList
        slots.sort()
        // Per observed slot, in `slots`' order: its observation, its series' place; and its pairs.
        var observed: [Int] = []
        var observations: [Observation] = []
        var seriesAt: [Dictionary<String, PriceSeries>.Index?] = []
        var visits: [(pair: Int, observation: Int)] = []
        for slot in slots {
            guard let (observation, at) = observe(slot, quotes: quotes, prices: prices, indicators: indicators, now: now) else {
                continue
            }
            for pair in plan.pairsBySlot[plan.pairsBySlotStart[slot]..<plan.pairsBySlotStart[slot + 1]] {
                visits.append((pair, observations.count))
            }
            observed.append(slot)
            observations.append(observation)
            seriesAt.append(at)
        }
        visits.sort { $0.pair < $1.pair }
        var pending: [Pending] = []
        let timeDigits = StableHash.digits(of: now)
        for visit in visits {
            let ruleIndex = plan.ruleOfPair[visit.pair]
            let step = plan.steps[ruleIndex]
            guard now < step.activeUntil else { continue }
            let slot = pairs.slot(of: plan.pairKeys[visit.pair], hint: visit.pair)
                ?? pairs.append(PairState(), forKey: plan.pairKeys[visit.pair])
            judge(ruleIndex, step: step, coin: observed[visit.observation], pair: slot,
                  observation: &observations[visit.observation], pairs: &pairs, silences: silences, held: &held,
                  pending: &pending, quotes: quotes, now: now, timeDigits: timeDigits)
        }
        record(quotes, changed: changed, observations: observations, slots: observed, quoted: nil, at: seriesAt, prices: &prices,
               now: now)
        return pending
    }

    /// Whether the made `slot` (a ratio, the portfolio) is made of one of the quotes `keys`.
    private func isMade(_ slot: Int, from keys: Set<String>) -> Bool {
        if case .ratio(let base, let quote)? = plan.derivations[slot] { return keys.contains(base) || keys.contains(quote) }
        return plan.portfolio?.contains { keys.contains($0.coin) } ?? false
    }

    /// The observation of `slot` this pass and the place of its price series, or nil when it has no
    /// quote or a figure that is not a finite number (`Observation.figuresAreFinite`). A ratio or the portfolio is observed from the figures of the quotes it is made of
    /// (`madeFigures`); its whole quote, with its names, is made only for an alert.
    @inline(__always)
    func observe(_ slot: Int, quotes: [String: Quote], prices: [String: PriceSeries],
                         indicators: [String: IndicatorReadings], now: Double)
        -> (Observation, Dictionary<String, PriceSeries>.Index?)? {
        let made = plan.madeSlots[slot] ? madeFigures(slot, from: quotes) : nil
        let quoteAt = plan.madeSlots[slot] ? nil : quotes.index(forKey: plan.quoteKeys[slot])
        guard made != nil || quoteAt != nil else { return nil }
        let at = prices.index(forKey: plan.priceKeys[slot])
        let previous = at.flatMap { prices.values[$0].points.last?.price }
        // The series only where a rule on the coin looks back: an observation without one
        // copies without touching a reference count.
        let series = plan.needsHistory[slot] ? at.map { prices.values[$0] } : nil
        var observation: Observation
        if let quoteAt {
            observation = Observation(quote: quotes.values[quoteAt], previous: previous, series: series, now: now)
        } else {
            observation = Observation(quote: Self.unquoted, previous: previous, series: series, now: now)
            observation.price = made?.price ?? 0
            observation.change24h = made?.change24h
        }
        if plan.needsIndicators[slot], !indicators.isEmpty, let readings = indicators[plan.quoteKeys[slot]] {
            observation.indicators = readings
        }
        if let derivation = plan.derivations[slot] {
            observation.derived = Self.derived(derivation, quotes: quotes, plan: plan)
        }
        // Every figure of the coin, given or derived, meets here: one that is not a finite number
        // leaves the coin unquoted this pass (SPEC §2), never an alert or a state that cannot be written.
        guard observation.figuresAreFinite else { return nil }
        return (observation, at)
    }

    /// Advances pair `pair` (its position in `pairs`) of rule `ruleIndex` on `coin` (a slot) by one
    /// observation, listing what was held back and appending the alert it raises.
    @inline(__always)
    private func judge(_ ruleIndex: Int, step: PairStep.Settings, coin: Int, pair slot: Int, observation: inout Observation,
                       pairs: inout PairTable, silences: SilenceIndex, held: inout [Held]?, pending: inout [Pending],
                       quotes: [String: Quote], now: Double, timeDigits: String) {
        var step = step
        if !silences.isEmpty {
            step.policy.silencedUntil = silences.until(rule: rules.rules[ruleIndex].id, coin: plan.names[coin])
        }
        let decision = PairStep.decide(ruleIndex, of: rules.rules, step, pair: &pairs.values[slot], observation: &observation)
        if held != nil, decision.status == nil, decision.reason.isHeldBack {
            held?.append(Held(rule: rules.rules[ruleIndex].id, coin: plan.names[coin], reason: decision.reason,
                              until: NotifyDecision.heldUntil(decision.reason, pair: pairs.values[slot], policy: step.policy)))
        }
        guard case .notify(let status, _) = decision else { return }
        pending.append(pendingAlert(ruleIndex, slot: coin, observation: observation,
                                    quotes: quotes, status: status, now: now, timeDigits: timeDigits))
    }

    /// Stands in for a quote that is not there (never alerted on: only quoted coins are observed), and
    /// is what a made quote's observation starts from (no figures of its own: `madeFigures` sets them).
    private static let unquoted = Quote(providerID: "", symbol: "", name: "", vs: "", price: 0, provider: "")
    /// Stands in for the observation of a coin without a quote (never judged).
    private static let unobserved = Observation(quote: unquoted, previous: nil, series: nil, now: 0)

    /// The alert of rule `ruleIndex` for the plan's `slot`, with the sinks it goes to.
    private func pendingAlert(_ ruleIndex: Int, slot: Int, observation: Observation, quotes: [String: Quote],
                              status: Alert.Status, now: Double, timeDigits: String) -> Pending {
        let quote = (plan.madeSlots[slot] ? madeQuote(slot, from: quotes) : quotes[plan.quoteKeys[slot]]) ?? Self.unquoted
        // A ratio is priced in its second coin; every other slot in its currency.
        let vs: String
        if case .ratio = plan.derivations[slot] { vs = quote.vs } else { vs = plan.currencies[slot] }
        let rule = rules.rules[ruleIndex]
        let coin = plan.names[slot]
        let figures = Self.figures(rule.condition.kind, observation: observation, status: status)
        let alert = makeAlert(rule, coin: coin, vs: vs, quote: quote, previous: observation.previous,
                              value: figures.value, extreme: figures.extreme, status: status, now: now, timeDigits: timeDigits,
                              url: Self.pageURL(coin: coin, quote: quote))
        return Pending(alert: alert, sinks: rules.sinks(of: rule))
    }

    /// What an alert of `kind` with `status` reads of the observation: the condition's figure, and
    /// the wick's extreme (asked only of an alert that fires from an observation with a span).
    static func figures(_ kind: any ConditionKind, observation: Observation, status: Alert.Status) -> (value: Double?, extreme: Double?) {
        (kind.figure(observation), status == .firing && observation.span != nil ? kind.wick(observation) : nil)
    }

    /// The page of `coin` on the web site of the provider that quoted it as `quote` (an alert's `url`);
    /// nil for anything but a single coin.
    static func pageURL(coin: String, quote: Quote) -> String? {
        guard RuleCoin.isOneCoin(coin) else { return nil }
        return ProviderRegistry.pageURL(provider: quote.provider, id: quote.providerID, symbol: quote.symbol, vs: quote.vs)
    }

    /// The alert, linking `url` (`pageURL`); its id hashes the rule, the coin, the status and
    /// `timeDigits` (`StableHash.digits(of: now)`).
    func makeAlert(_ rule: Rule, coin: String, vs: String, quote: Quote, previous: Double?, value: Double?, extreme: Double?,
                   status: Alert.Status, now: Double, timeDigits: String, url: String?) -> Alert {
        // Part by part, not `StableHash.hex([…])`: the array it takes costs a backtest 3 % of its instructions.
        var id = StableHash()
        id.add(rule.id)
        id.add(coin)
        id.add(status.rawValue)
        id.add(timeDigits)
        var alert = Alert(
            id: id.hex,
            time: now, rule: rule.id, coin: coin, symbol: quote.symbol, name: quote.name, vs: vs,
            condition: rule.condition.key, threshold: rule.condition.threshold, price: quote.price,
            previous: previous, change24h: quote.change24h, status: status, provider: quote.provider, message: "", value: value)
        alert.markWick(extreme)
        alert.url = url
        if let template = rule.message {
            alert.message = MessageTemplate.render(template, values: AlertMessage.values(for: alert, condition: rule.condition))
        } else {
            alert.message = AlertMessage.defaultText(for: alert, condition: rule.condition)
        }
        return alert
    }

    /// Appends this pass's prices to the history and prunes beyond the longest window in use:
    /// the plan's coins by their observations (a series found at `at` is updated where it stands, then
    /// new series are added), then any other quoted coin (of `changed`, when given).
    private func record<Slots: RandomAccessCollection<Int>>(
        _ quotes: [String: Quote], changed: Set<String>?, observations: [Observation], slots: Slots, quoted: [Bool]?,
        at: [Dictionary<String, PriceSeries>.Index?], prices: inout [String: PriceSeries], now: Double
    ) where Slots.Index == Int {
        let keep = longestWindow
        var recorded = 0
        // Observation `i` is of slot `slots[i]`, quoted unless `quoted` says otherwise. `recorded`
        // counts the slots observed from one of `quotes` (not a made ratio or portfolio). The
        // observations are read in place (copying one would retain its series and readings).
        let first = slots.startIndex
        for i in observations.indices {
            guard quoted?[i] ?? true, let index = at[i] else { continue }
            Self.append(observations[i].price, now: now, keep: keep, to: &prices.values[index])
            if !plan.madeSlots[slots[first + i]] { recorded += 1 }
        }
        for i in observations.indices where at[i] == nil && quoted?[i] ?? true {
            let slot = slots[first + i]
            Self.append(observations[i].price, now: now, keep: keep,
                        to: &prices[plan.priceKeys[slot], default: PriceSeries(firstSeen: now)])
            if !plan.madeSlots[slot] { recorded += 1 }
        }
        guard recorded < changed?.count ?? quotes.count else { return }
        for (coin, quote) in quotes where plan.coinPositions[coin] == nil && !QuoteKey.isFeedKey(coin) && changed?.contains(coin) ?? true {
            let key = StateDocument.priceKey(coin: coin, vs: rules.vsCurrency)
            Self.append(quote.price, now: now, keep: keep, to: &prices[key, default: PriceSeries(firstSeen: now)])
        }
    }

    /// Records and prunes in place (the series is not copied out of the dictionary and back).
    static func append(_ price: Double, now: Double, keep: Double?, to series: inout PriceSeries) {
        series.record(price: price, at: now)
        series.prune(now: now, retain: keep)
    }

    /// The longest history any enabled rule looks back over, in seconds (nil: only the last price).
    var longestWindow: Double? { plan.longestWindow }
}
