import CoinWatchSupport
import CoinWatchMarket
/// A condition kind judged on an exchange's market lists, not on a quote (SPEC §14): `holds` says whether
/// the market's `MarketChange` is its event, `clears` whether it undoes one (`resolved`).
package protocol ExchangeEventKind: ConditionKind {
    /// Whether `change` undoes the kind's event.
    func clears(_ change: MarketChange) -> Bool
    /// The flags the alert names for `change` (record field `flags`); nil where none apply.
    func flags(_ change: MarketChange) -> [String]?
    /// The default message: `Upbit flags KRW-XYZ: price fluctuations` (`resolved`: what cleared).
    func message(_ change: MarketChange, resolved: Bool) -> String
}

extension ExchangeEventKind {
    static var timing: ConditionTiming { .event }

    var needs: ConditionNeeds { ConditionNeeds(marketLists: true) }

    package func flags(_ change: MarketChange) -> [String]? { nil }

    static func direction(of alert: Alert) -> ConditionDirection { .neutral }

    /// The market change of `o`, if a pass handed one in.
    static func change(_ o: Observation) -> MarketChange? { o.derived?.market }

    /// No price is read: the event is the list's.
    func writeFiring(previous: Double?, price: Double, into out: inout MessageText) { out.text(" " + Self.summary) }

    /// A rule of this kind needs an exchange with a market list: its `provider`, else the first of rules.json's.
    func validate(at node: JSONNode, path: @autoclosure () -> String, providers: [ProviderConfig], _ reader: inout RulesValidator) {}
}
