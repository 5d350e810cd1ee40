import CoinWatchSupport
import CoinWatchMarket
/// One kind of condition a rule's `when` can hold (SPEC §2): a value of the type is one parsed
/// condition (`{"above": 100000}` is `AboveCondition(value: 100000)`); the type carries its key,
/// summary and examples, SwiftLint-style.
///
/// Its one line in `ConditionRegistry.kinds` drives parsing, `check --conditions`, the docs, the
/// schema, the fuzz dictionary and the test of every example. `holds` is the one judgement (no
/// second copy for speed); what a kind reads beyond the quote it asks for in `needs`.
package protocol ConditionKind: Sendable, Equatable {
    /// The key in `when`: `crosses_above`.
    static var key: String { get }
    /// One line saying when the condition is true: `price ≥ value`.
    static var summary: String { get }
    /// Whether the kind notifies on becoming true (level) or on the event.
    static var timing: ConditionTiming { get }
    /// What `rearm` means for the kind, or that it is not allowed (the default).
    static var rearm: RearmUnit { get }
    /// Whether `resolve: true` applies: level kinds, and the exchange events that can be undone.
    static var resolvable: Bool { get }
    /// What its threshold and measured figure count (`{threshold}`, `{value}`): money by default.
    static var unit: Threshold.Unit { get }
    /// The figure it reads that the provider reports beside the price (market cap, rank, 24h
    /// volume); nil for none.
    static var figure: ProviderFigure? { get }
    /// Whether it reads the same coin on a second provider (a premium's other leg).
    static var readsOtherLeg: Bool { get }
    /// Whether its candles must carry a traded volume (`volume_spike`).
    static var readsCandleVolume: Bool { get }
    /// The `when` object `check --conditions` and the docs show: `{"above": 100000}`.
    static var sample: String { get }
    /// The JSON Schema of the kind's value in `when` (`RulesSchema.node`); the generator adds the
    /// description from `summary` and `timing`.
    static var schema: JSONNode { get }
    /// Situations in which the kind fires and does not; each `when` is read by the real parser.
    static var examples: [ConditionExample] { get }

    /// Reads the kind's value at `path` (`rules[3].when.above`), reporting every problem to
    /// `reader` with that path; nil when it is not valid.
    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self?

    /// Whether a firing alert reads as a rise, a fall or neither (sinks choose colors and tags by it).
    static func direction(of alert: Alert) -> ConditionDirection

    /// Whether the condition holds in `observation`; while `firing` (a level that fired and still holds)
    /// it holds until the value is `rearm` back, in the kind's `RearmUnit` (0: none).
    func holds(_ observation: Observation, firing: Bool, rearm: Double) -> Bool
    /// `holds`, reading the observation where it lies: through the existential a 545-byte
    /// observation is otherwise copied into every call, once per pair of a pass or backtest
    /// (bench/LESS-MACHINERY.md). Every kind takes the one implementation below.
    func holds(inPlace observation: inout Observation, firing: Bool, rearm: Double) -> Bool

    /// The figure `holds` compared, against its threshold, in words for `explain` and tests:
    /// `price 101 ≥ 100`, `no previous price`.
    func describe(_ observation: Observation, firing: Bool, rearm: Double) -> String

    /// The wick's extreme (SPEC §2): the traded price since the previous observation that made the event
    /// hold where the current price alone does not; nil otherwise.
    func wick(_ observation: Observation) -> Double?

    /// What the condition reads beyond the current quote and previous price.
    var needs: ConditionNeeds { get }
    /// The number the alert record reports as `threshold`, with its unit.
    var threshold: Threshold? { get }
    /// The condition's own measured figure for `{value}`; nil for kinds that have none.
    func figure(_ observation: Observation) -> Double?
    /// The condition as `check` lists a rule: `crosses_above $100,000.00`.
    func listing(vs: String) -> String
    /// Checks that need the whole rules file (the providers), after `parse` succeeded.
    func validate(at node: JSONNode, path: @autoclosure () -> String, providers: [ProviderConfig], _ reader: inout RulesValidator)

    /// What happened, after the symbol: ` crossed above $100,000.00`.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText)
    /// The measured figure after what happened, in the default message: ` — 24h volume $1.20B`;
    /// nothing for kinds whose words already say it.
    func writeFigure(_ value: Double, into out: inout MessageText)
    /// The measured figure for `{value}` in the rule's currency `vs`: `$1,200,000,000.00`, `12.5%`, `3`.
    func figureText(_ value: Double, vs: String) -> String

    /// What stopped holding, after the symbol: ` is no longer above $100,000.00` (level kinds).
    func writeResolved(into out: inout MessageText)
    /// What stands before the price at the end of a firing default message that carries the
    /// figure: ` — now ` (the price is the figure), `; price ` for indicators (`— now 71.3; price $…`).
    var priceLead: String { get }

    /// The pair's reference price to store after this pass (`ConditionNeeds.pairMemory`), given
    /// the one handed in on `o.reference` and whether the pair `fired` in this pass; nil: none.
    func remember(_ o: Observation, fired: Bool) -> Double?

    /// The prices a chart of `alert` draws as lines (SPEC §12): by default the threshold when it is a price.
    func chartLevels(_ alert: Alert) -> [Double]
}

extension ConditionKind {
    func holds(inPlace observation: inout Observation, firing: Bool, rearm: Double) -> Bool {
        holds(observation, firing: firing, rearm: rearm)
    }
    var needs: ConditionNeeds { ConditionNeeds() }
    static var rearm: RearmUnit { .notAllowed }
    static var resolvable: Bool { timing == .level }
    static var unit: Threshold.Unit { .money }
    static var figure: ProviderFigure? { nil }
    static var readsOtherLeg: Bool { false }
    static var readsCandleVolume: Bool { false }
    var threshold: Threshold? { nil }
    func figure(_ observation: Observation) -> Double? { nil }
    func wick(_ observation: Observation) -> Double? { nil }
    func validate(at node: JSONNode, path: @autoclosure () -> String, providers: [ProviderConfig], _ reader: inout RulesValidator) {}
    func writeFigure(_ value: Double, into out: inout MessageText) {}
    func figureText(_ value: Double, vs: String) -> String { Self.unit.text(value, vs: vs, measured: true) }

    /// Event kinds never resolve (`resolve` is refused on them); a level kind says its own words.
    func writeResolved(into out: inout MessageText) { out.text(" no longer meets its condition") }

    var priceLead: String { " — now " }

    func remember(_ o: Observation, fired: Bool) -> Double? { nil }
    func chartLevels(_ alert: Alert) -> [Double] {
        guard let threshold, threshold.unit == .money else { return [] }
        return [threshold.value]
    }

    /// `listing` for kinds whose value is one number: the key and the threshold in its unit.
    func listing(vs: String) -> String {
        guard let threshold else { return Self.key }
        return Self.key + " " + threshold.text(vs: vs)
    }

    /// Whether `other` is the same kind with the same value.
    func isSame(as other: any ConditionKind) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
