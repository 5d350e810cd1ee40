/// The default text of an alert, and the values its `message` template can use.
public enum AlertMessage {
    /// What the template placeholders stand for in this alert (SPEC §2 `message`); prices and
    /// percentages are formatted as in the default message, absent values are empty.
    public static func values(for alert: Alert) -> [String: String] {
        [
            "symbol": alert.symbol,
            "name": alert.name,
            "coin": alert.coin,
            "price": NumberText.money(alert.price, vs: alert.vs),
            "previous": alert.previous.map { NumberText.money($0, vs: alert.vs) } ?? "",
            "threshold": thresholdText(alert),
            "change_24h": alert.change24h.map(NumberText.percent) ?? "",
            "condition": alert.condition,
            "rule": alert.rule,
            "vs": alert.vs.uppercased(),
            "status": alert.status.rawValue,
            "time": TimeText.iso(alert.time),
        ]
    }

    /// The default message, one line for chat: what happened, then the price now and the 24h
    /// change: `BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h)`.
    public static func defaultText(for alert: Alert, condition: Condition) -> String {
        // Written into one buffer and made a string once (every firing alert formats one).
        let vs = alert.vs
        var out: [UInt8] = []
        out.reserveCapacity(128)
        out.append(contentsOf: alert.symbol.utf8)
        switch (alert.status, condition) {
        // The common kinds are written straight into the buffer; the others as their phrase.
        case (.firing, .above(let v)): write(" is above ", money: v, vs: vs, into: &out)
        case (.firing, .below(let v)): write(" is below ", money: v, vs: vs, into: &out)
        case (.firing, .crossesAbove(let v)): write(" crossed above ", money: v, vs: vs, into: &out)
        case (.firing, .crossesBelow(let v)): write(" crossed below ", money: v, vs: vs, into: &out)
        case (.firing, _):
            let money = { (v: Double) in NumberText.money(v, vs: vs) }
            out.append(contentsOf: firingPhrase(condition, money: money, previous: alert.previous, price: alert.price).utf8)
        case (.resolved, _):
            out.append(contentsOf: resolvedPhrase(condition, money: { NumberText.money($0, vs: vs) }).utf8)
        }
        write(" — now ", money: alert.price, vs: vs, into: &out)
        if let change = alert.change24h {
            out.append(contentsOf: " (".utf8)
            NumberText.writePercent(change, into: &out)
            out.append(contentsOf: " 24h)".utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` then `value` as money in `vs`.
    private static func write(_ text: StaticString, money value: Double, vs: String, into out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        NumberText.writeMoney(value, vs: vs, into: &out)
    }

    /// What happened, after the symbol: " crossed above $100,000.00", "'s 24h change is at or above -2%".
    static func firingPhrase(_ condition: Condition, money: (Double) -> String, previous: Double?, price: Double) -> String {
        switch condition {
        case .above(let v): return " is above " + money(v)
        case .below(let v): return " is below " + money(v)
        case .crossesAbove(let v): return " crossed above " + money(v)
        case .crossesBelow(let v): return " crossed below " + money(v)
        case .crosses(let v): return " crossed \((previous ?? price) < v ? "above" : "below") \(money(v))"
        case .change24hAbove(let v):
            return v > 0 ? " is up \(percent(v)) or more in 24h" : "'s 24h change is at or above \(signed(v))"
        case .change24hBelow(let v):
            return v < 0 ? " is down \(percent(-v)) or more in 24h" : "'s 24h change is at or below \(signed(v))"
        case .change24hAbs(let v): return " moved \(percent(v)) or more in 24h"
        case .newHigh(let w): return " is at a new \(name(of: w)) high"
        case .newLow(let w): return " is at a new \(name(of: w)) low"
        case .movePct(let pct, let within):
            return (pct > 0 ? " rose " : " fell ") + "\(percent(abs(pct))) or more within \(TimeText.duration(within))"
        case .entersRange(let low, let high): return " entered \(money(low))–\(money(high))"
        case .exitsRange(let low, let high): return " left \(money(low))–\(money(high))"
        }
    }

    /// What stopped holding, after the symbol (level conditions only resolve).
    static func resolvedPhrase(_ condition: Condition, money: (Double) -> String) -> String {
        switch condition {
        case .above(let v): return " is no longer above " + money(v)
        case .below(let v): return " is no longer below " + money(v)
        case .change24hAbove(let v):
            return v > 0 ? " is no longer up \(percent(v)) or more in 24h" : "'s 24h change is back below \(signed(v))"
        case .change24hBelow(let v):
            return v < 0 ? " is no longer down \(percent(-v)) or more in 24h" : "'s 24h change is back above \(signed(v))"
        case .change24hAbs(let v): return "'s 24h move is back under \(percent(v))"
        case .newHigh(let w): return " is no longer at a \(name(of: w)) high"
        case .newLow(let w): return " is no longer at a \(name(of: w)) low"
        case .movePct(let pct, let within):
            return " is no longer " + (pct > 0 ? "up " : "down ") + "\(percent(abs(pct))) within \(TimeText.duration(within))"
        case .crossesAbove(let v), .crossesBelow(let v), .crosses(let v): return " is back across " + money(v)
        case .entersRange(let low, let high), .exitsRange(let low, let high):
            return " is back across \(money(low))–\(money(high))"
        }
    }

    /// How a window reads in a sentence: "24h", "7-day", "52-week", "all-time".
    static func name(of window: Window) -> String {
        switch window {
        case .h24: return "24h"
        case .d7: return "7-day"
        case .d30: return "30-day"
        case .w52: return "52-week"
        case .all: return "all-time"
        }
    }

    /// A threshold percentage as written: `5%`, `2.5%`.
    private static func percent(_ value: Double) -> String { NumberText.plain(value) + "%" }

    /// A threshold percentage with its sign: `+2%`, `-2%`.
    private static func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + NumberText.plain(value) + "%" }

    private static func thresholdText(_ alert: Alert) -> String {
        guard let threshold = alert.threshold else { return "" }
        switch alert.condition {
        case "change_24h_above", "change_24h_below", "change_24h_abs", "move_pct": return NumberText.plain(threshold) + "%"
        default: return NumberText.money(threshold, vs: alert.vs)
        }
    }
}
