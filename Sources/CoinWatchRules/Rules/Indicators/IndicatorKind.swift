import CoinWatchSupport
/// The value of an indicator kind in `when` (`{"period": 20, "tf": "4h"}`): its schema and its parser.
protocol IndicatorSettings: Sendable, Equatable {
    /// The JSON Schema of the value (`RulesSchema.node`).
    static var schema: JSONNode { get }
    /// Reads the value of `key` at `path`, reporting every problem to `reader`; nil when it is not valid.
    static func parse(_ key: String, _ node: JSONNode, path: String, _ reader: inout RulesValidator) -> Self?
}

/// A kind computed from the closed candles of a timeframe (RSI, moving averages, Bollinger bands), whose value is its settings.
protocol IndicatorKind: ConditionKind {
    associatedtype Settings: IndicatorSettings
    var settings: Settings { get }
    init(settings: Settings)
}

extension IndicatorKind {
    static var schema: JSONNode { Settings.schema }

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        Settings.parse(key, node, path: path(), &reader).map(Self.init(settings:))
    }

    /// The indicator is the figure, so the price follows it: `— now 71.3; price $…`.
    var priceLead: String { "; price " }
}
