/// The registry of condition kinds: each kind's key, one-line description, an example
/// `when`, and worked examples that fire and that do not. `check --conditions`, the user guide
/// reference and one test all read it, so a kind cannot go undocumented or untested.
public enum ConditionCatalog {
    /// One condition kind.
    public struct Kind: Sendable {
        /// The key in `when` (`crosses_above`).
        public var key: String
        /// One line: when it is true.
        public var summary: String
        /// The `when` object as written in rules.json.
        public var example: String
        /// Worked examples that fire and that do not; one test runs them all.
        public var cases: [Case]

        /// Level kinds notify on becoming true; the others on the event.
        public var isLevel: Bool { cases.first?.condition.isLevel ?? true }

        /// What `rearm` means for this kind: percent of the threshold, percentage points, or not allowed.
        public var rearm: String {
            switch key {
            case "above", "below", "crosses_above", "crosses_below", "crosses": return "percent of the threshold"
            case "change_24h_above", "change_24h_below", "change_24h_abs": return "percentage points"
            default: return "not allowed"
            }
        }
    }

    /// Every kind, in the order of SPEC §2.
    public static let kinds: [Kind] = [
        Kind(key: "above", summary: "price ≥ value", example: #"{"above": 100000}"#, cases: [
            Case(.above(100), price: 100, holds: true),
            Case(.above(100), price: 99.99, holds: false)]),
        Kind(key: "below", summary: "price ≤ value", example: #"{"below": 2000}"#, cases: [
            Case(.below(2000), price: 1999, holds: true),
            Case(.below(2000), price: 2000.5, holds: false)]),
        Kind(key: "crosses_above", summary: "previous price < value ≤ current price", example: #"{"crosses_above": 100000}"#, cases: [
            Case(.crossesAbove(100), price: 101, previous: 99, holds: true),
            Case(.crossesAbove(100), price: 100, previous: 99, holds: true),
            Case(.crossesAbove(100), price: 101, previous: 100.5, holds: false),
            Case(.crossesAbove(100), price: 101, holds: false)]),
        Kind(key: "crosses_below", summary: "previous price > value ≥ current price", example: #"{"crosses_below": 90000}"#, cases: [
            Case(.crossesBelow(100), price: 100, previous: 101, holds: true),
            Case(.crossesBelow(100), price: 99, previous: 98, holds: false),
            Case(.crossesBelow(100), price: 99, holds: false)]),
        Kind(key: "crosses", summary: "the price crossed the value in either direction", example: #"{"crosses": 50000}"#, cases: [
            Case(.crosses(100), price: 99, previous: 101, holds: true),
            Case(.crosses(100), price: 101, previous: 99, holds: true),
            Case(.crosses(100), price: 102, previous: 101, holds: false)]),
        Kind(key: "change_24h_above", summary: "24h change % ≥ value", example: #"{"change_24h_above": 5}"#, cases: [
            Case(.change24hAbove(5), price: 1, change24h: 5.2, holds: true),
            Case(.change24hAbove(5), price: 1, change24h: 4.9, holds: false),
            Case(.change24hAbove(5), price: 1, holds: false)]),
        Kind(key: "change_24h_below", summary: "24h change % ≤ value (a drop is negative)", example: #"{"change_24h_below": -5}"#, cases: [
            Case(.change24hBelow(-5), price: 1, change24h: -7, holds: true),
            Case(.change24hBelow(-5), price: 1, change24h: -3, holds: false)]),
        Kind(key: "change_24h_abs", summary: "|24h change %| ≥ value, up or down", example: #"{"change_24h_abs": 10}"#, cases: [
            Case(.change24hAbs(10), price: 1, change24h: -12, holds: true),
            Case(.change24hAbs(10), price: 1, change24h: 10, holds: true),
            Case(.change24hAbs(10), price: 1, change24h: 9.99, holds: false)]),
        Kind(key: "new_high",
             summary: "price ≥ the provider's own high for the window where it reports one (24h, 52w, all-time) and > every price recorded within the window; windows 24h 7d 30d 52w all; a window the provider does not report needs coinwatch to have watched the coin that long",
             example: #"{"new_high": "24h"}"#, cases: [
                Case(.newHigh(.h24), price: 105, high24h: 104, history: [(3600, 100)], holds: true),
                Case(.newHigh(.h24), price: 103, high24h: 104, history: [(3600, 100)], holds: false),
                Case(.newHigh(.h24), price: 105, high24h: 105, history: [(3600, 106)], holds: false),
                Case(.newHigh(.d7), price: 105, history: [(8 * 86_400, 100), (86_400, 104)], holds: true),
                Case(.newHigh(.d7), price: 105, history: [(6 * 86_400, 100)], holds: false),
                Case(.newHigh(.all), price: 70_000, ath: 69_000, history: [(3600, 68_000)], holds: true),
                Case(.newHigh(.all), price: 70_000, history: [(400 * 86_400, 1)], holds: false)]),
        Kind(key: "new_low", summary: "the mirror of new_high: price ≤ the provider's low and < every price recorded within the window",
             example: #"{"new_low": "7d"}"#, cases: [
                Case(.newLow(.h24), price: 90, low24h: 91, history: [(3600, 100)], holds: true),
                Case(.newLow(.w52), price: 90, low52w: 90, holds: true),
                Case(.newLow(.d7), price: 90, history: [(3600, 100)], holds: false),
                Case(.newLow(.d30), price: 90, history: [(31 * 86_400, 95), (86_400, 89)], holds: false)]),
        Kind(key: "move_pct",
             summary: "price rose by ≥ pct % (pct < 0: fell by ≥ |pct| %) against some price recorded within the window",
             example: #"{"move_pct": {"pct": 3, "within": "1h"}}"#, cases: [
                Case(.movePct(pct: 3, within: 3600), price: 103, history: [(1800, 100)], holds: true),
                Case(.movePct(pct: 3, within: 3600), price: 103, history: [(7200, 100), (600, 102)], holds: false),
                Case(.movePct(pct: -3, within: 3600), price: 96, history: [(600, 100)], holds: true),
                Case(.movePct(pct: -3, within: 3600), price: 98, history: [(600, 100)], holds: false)]),
        Kind(key: "enters_range", summary: "previous price outside [low, high], current price inside", example: #"{"enters_range": [60000, 65000]}"#, cases: [
            Case(.entersRange(low: 10, high: 20), price: 15, previous: 25, holds: true),
            Case(.entersRange(low: 10, high: 20), price: 10, previous: 9, holds: true),
            Case(.entersRange(low: 10, high: 20), price: 15, previous: 12, holds: false),
            Case(.entersRange(low: 10, high: 20), price: 15, holds: false)]),
        Kind(key: "exits_range", summary: "previous price inside [low, high], current price outside", example: #"{"exits_range": [60000, 65000]}"#, cases: [
            Case(.exitsRange(low: 10, high: 20), price: 21, previous: 15, holds: true),
            Case(.exitsRange(low: 10, high: 20), price: 25, previous: 21, holds: false)]),
    ]
}
