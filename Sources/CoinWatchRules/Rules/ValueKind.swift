import CoinWatchSupport
/// A kind whose value in `when` is one number in its `unit`: a price (never negative) or a percent.
protocol ValueKind: ConditionKind {
    /// The line, in the kind's `unit`.
    var value: Double { get }
    init(value: Double)
}

extension ValueKind {
    static var schema: JSONNode { RulesSchema.node(["$ref": unit == .percent ? "#/$defs/percent" : "#/$defs/price"]) }

    static func parse(_ node: JSONNode, path: @autoclosure () -> String, _ reader: inout RulesValidator) -> Self? {
        (unit == .percent ? reader.number(node, path: path()) : reader.price(node, path: path())).map(Self.init(value:))
    }

    var threshold: Threshold? { Threshold(value: value, unit: Self.unit) }
}
