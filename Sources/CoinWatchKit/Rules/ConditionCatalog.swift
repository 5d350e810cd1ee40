/// The registry of condition kinds: each kind's key, one-line description, an example
/// `when`, and worked examples that fire and that do not. `check --conditions`, the README
/// reference and one test all read it, so a kind cannot go undocumented or untested.
public enum ConditionCatalog {
    /// One condition kind.
    public struct Kind: Sendable {
        public var key: String
        public var summary: String
        /// The `when` object as written in rules.json.
        public var example: String
        public var cases: [Case]
    }

    /// A worked example: a situation and whether the condition holds in it.
    public struct Case: Sendable {
        public var condition: Condition
        public var price: Double
        public var previous: Double?
        public var change24h: Double?
        public var high24h: Double?
        public var low24h: Double?
        public var ath: Double?
        /// Recorded prices as (seconds ago, price), oldest first.
        public var history: [(Double, Double)]
        public var holds: Bool

        init(_ condition: Condition, price: Double, previous: Double? = nil, change24h: Double? = nil,
             high24h: Double? = nil, low24h: Double? = nil, ath: Double? = nil,
             history: [(Double, Double)] = [], holds: Bool) {
            self.condition = condition
            self.price = price
            self.previous = previous
            self.change24h = change24h
            self.high24h = high24h
            self.low24h = low24h
            self.ath = ath
            self.history = history
            self.holds = holds
        }
    }

    /// Every kind, in the order of SPEC §2.
    public static let kinds: [Kind] = [
        Kind(key: "above", summary: "price ≥ value (level)", example: #"{"above": 100000}"#, cases: [
            Case(.above(100), price: 100, holds: true), Case(.above(100), price: 99.99, holds: false)]),
        Kind(key: "below", summary: "price ≤ value (level)", example: #"{"below": 2000}"#, cases: [
            Case(.below(2000), price: 1999, holds: true), Case(.below(2000), price: 2000.5, holds: false)]),
        Kind(key: "crosses_above", summary: "previous price < value ≤ current (event)", example: #"{"crosses_above": 100000}"#, cases: [
            Case(.crossesAbove(100), price: 101, previous: 99, holds: true),
            Case(.crossesAbove(100), price: 101, previous: 100.5, holds: false),
            Case(.crossesAbove(100), price: 101, holds: false)]),
        Kind(key: "crosses_below", summary: "previous price > value ≥ current (event)", example: #"{"crosses_below": 90000}"#, cases: [
            Case(.crossesBelow(100), price: 100, previous: 101, holds: true),
            Case(.crossesBelow(100), price: 99, previous: 98, holds: false)]),
        Kind(key: "crosses", summary: "crosses the value in either direction (event)", example: #"{"crosses": 50000}"#, cases: [
            Case(.crosses(100), price: 99, previous: 101, holds: true),
            Case(.crosses(100), price: 101, previous: 99, holds: true),
            Case(.crosses(100), price: 102, previous: 101, holds: false)]),
        Kind(key: "change_24h_above", summary: "24h change % ≥ value (level)", example: #"{"change_24h_above": 5}"#, cases: [
            Case(.change24hAbove(5), price: 1, change24h: 5.2, holds: true),
            Case(.change24hAbove(5), price: 1, change24h: 4.9, holds: false)]),
        Kind(key: "change_24h_below", summary: "24h change % ≤ value; a drop is negative (level)", example: #"{"change_24h_below": -5}"#, cases: [
            Case(.change24hBelow(-5), price: 1, change24h: -7, holds: true),
            Case(.change24hBelow(-5), price: 1, change24h: -3, holds: false)]),
        Kind(key: "change_24h_abs", summary: "|24h change %| ≥ value, up or down (level)", example: #"{"change_24h_abs": 10}"#, cases: [
            Case(.change24hAbs(10), price: 1, change24h: -12, holds: true),
            Case(.change24hAbs(10), price: 1, change24h: 9.99, holds: false)]),
        Kind(key: "new_high", summary: "price ≥ the provider's high for the window and > every price recorded in it; windows 24h 7d 30d 52w all (level)",
             example: #"{"new_high": "24h"}"#, cases: [
                Case(.newHigh(.h24), price: 105, high24h: 104, history: [(3600, 100)], holds: true),
                Case(.newHigh(.h24), price: 103, high24h: 104, history: [(3600, 100)], holds: false),
                Case(.newHigh(.h24), price: 105, high24h: 105, history: [(3600, 106)], holds: false)]),
        Kind(key: "new_low", summary: "price ≤ the provider's low for the window and < every price recorded in it (level)",
             example: #"{"new_low": "7d"}"#, cases: [
                Case(.newLow(.h24), price: 90, low24h: 91, history: [(3600, 100)], holds: true),
                Case(.newLow(.d7), price: 90, history: [(3600, 100)], holds: false)]),
        Kind(key: "move_pct", summary: "price moved by ≥ pct % against some price recorded within the window; pct < 0 for a fall (level)",
             example: #"{"move_pct": {"pct": 3, "within": "1h"}}"#, cases: [
                Case(.movePct(pct: 3, within: 3600), price: 103, history: [(1800, 100)], holds: true),
                Case(.movePct(pct: 3, within: 3600), price: 103, history: [(7200, 100)], holds: false),
                Case(.movePct(pct: -3, within: 3600), price: 96, history: [(600, 100)], holds: true)]),
        Kind(key: "enters_range", summary: "previous price outside [low, high], current inside (event)", example: #"{"enters_range": [60000, 65000]}"#, cases: [
            Case(.entersRange(low: 10, high: 20), price: 15, previous: 25, holds: true),
            Case(.entersRange(low: 10, high: 20), price: 15, previous: 12, holds: false)]),
        Kind(key: "exits_range", summary: "previous price inside [low, high], current outside (event)", example: #"{"exits_range": [60000, 65000]}"#, cases: [
            Case(.exitsRange(low: 10, high: 20), price: 21, previous: 15, holds: true),
            Case(.exitsRange(low: 10, high: 20), price: 25, previous: 21, holds: false)]),
    ]

    /// The `check --conditions` listing.
    public static func text() -> String {
        let width = (kinds.map(\.key.count).max() ?? 0) + 2
        return kinds.map { "  " + $0.key.padding(to: width) + $0.summary + "\n  " + String(repeating: " ", count: width) + "e.g. " + $0.example + "\n" }
            .joined()
    }

    /// The listing as one JSON document.
    public static func json() -> String {
        JSONOut.array(kinds.map { kind in
            var o = JSONOut()
            o.add("key", kind.key)
            o.add("description", kind.summary)
            o.addRaw("example", kind.example)
            return o.text
        })
    }
}
