import CoinWatchSupport
import CoinWatchMarket
/// What the indicator kinds' values share (SPEC §2): reading `tf`, periods and `type` from a
/// `when` value, the schema parts, and putting a reading into words.
package enum IndicatorFields {
    /// The most candles a period may span: a value is computed over at most `Indicator.window`.
    static let periods = 2...(Indicator.window - 1)

    /// The JSON Schema of `tf`.
    static let timeframeSchema = RulesSchema.node(["enum": Timeframe.allCases.map(\.rawValue)])
    /// The JSON Schema of a period.
    static let periodSchema = RulesSchema.count(periods)
    /// The JSON Schema of `type`.
    static let averageSchema = RulesSchema.node(["enum": MovingAverage.allCases.map(\.rawValue)])

    /// `tf`: one of the timeframes, required.
    static func timeframe(_ fields: JSONFields, at node: JSONNode, path: String, key: String,
                          _ reader: inout RulesValidator) -> Timeframe? {
        let names = Timeframe.allCases.map(\.rawValue)
        return reader.required(fields, "tf", of: node, in: path,
                               missing: "\(key) needs tf, the candle timeframe: one of \(names.joined(separator: ", "))") {
            $0.named($1, path: $2, unknown: "timeframe", names: names, label: "Timeframes", Timeframe.init(rawValue:))
        }
    }

    /// A whole number of candles in `range` under `name`; `fallback` when absent (nil: required).
    static func count(_ fields: JSONFields, _ name: String, fallback: Int?, range: ClosedRange<Int> = periods,
                      at node: JSONNode, path: String, key: String, _ reader: inout RulesValidator) -> Int? {
        guard let countNode = fields[name] else {
            if fallback == nil { reader.error("\(key) needs \(name), a whole number of candles", at: node, path: path) }
            return fallback
        }
        let countPath = JSONPath.child(path, name)
        guard let value = reader.number(countNode, path: countPath) else { return nil }
        guard value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            reader.error("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(value.formattedForMessage)",
                         at: countNode, path: countPath)
            return nil
        }
        return Int(value)
    }

    /// A number under `name` (required) for which `valid` holds, else the error `rule`.
    static func number(_ fields: JSONFields, _ name: String, at node: JSONNode, path: String, key: String,
                       rule: String, _ reader: inout RulesValidator, valid: (Double) -> Bool) -> Double? {
        guard let numberNode = fields[name] else {
            reader.error("\(key) needs \(name), \(rule)", at: node, path: path)
            return nil
        }
        let numberPath = JSONPath.child(path, name)
        guard let value = reader.number(numberNode, path: numberPath) else { return nil }
        guard valid(value) else {
            reader.error("\(name) must be \(rule), got \(value.formattedForMessage)", at: numberNode, path: numberPath)
            return nil
        }
        return value
    }

    /// `type`: `sma` (the default) or `ema`.
    static func average(_ fields: JSONFields, _ reader: inout RulesValidator, path: String) -> MovingAverage? {
        guard fields["type"] != nil else { return .sma }
        return reader.field(fields, "type", in: path) {
            $0.named($1, path: $2, unknown: "moving average", names: MovingAverage.allCases.map(\.rawValue), label: "Types",
                     MovingAverage.init(rawValue:))
        }
    }

    /// `RSI(14, 1h)`: the indicator and its timeframe, as messages and `explain` name it.
    package static func name(_ need: IndicatorNeed) -> String {
        var text = need.indicator.description
        text.insert(contentsOf: ", \(need.timeframe.rawValue)", at: text.index(before: text.endIndex))
        return text
    }

    /// Why `need` has no value in `o`: how many of the closed candles it needs exist.
    static func warmUp(_ o: Observation, _ need: IndicatorNeed) -> String {
        let have = o.indicators?[need]?.candles ?? 0
        return "\(name(need)): \(have) of \(need.candles) closed \(need.timeframe.rawValue) candles (warming up)"
    }

    /// An indicator figure for people: one decimal for RSI-like figures, two for ratios.
    static func figure(_ value: Double, decimals: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return NumberText.plain((value * scale).rounded() / scale)
    }
}

/// The moving averages a rule can name in `type`.
package enum MovingAverage: String, Sendable, Equatable, CaseIterable {
    case sma, ema

    /// This average over `period` closes.
    func indicator(_ period: Int) -> Indicator { self == .sma ? .sma(period: period) : .ema(period: period) }
}
