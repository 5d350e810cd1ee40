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
        var out = MessageText(vs: alert.vs, symbol: alert.symbol)
        if alert.status == .resolved {
            writeResolvedPhrase(condition, into: &out)
        } else {
            writeFiringPhrase(condition, previous: alert.previous, price: alert.price, into: &out)
        }
        out.text(" — now ", money: alert.price)
        if let change = alert.change24h { out.text(" (", percent: change, then: " 24h)") }
        return out.string
    }

    /// What happened, after the symbol, appended to `out`: " crossed above $100,000.00",
    /// "'s 24h change is at or above -2%".
    static func writeFiringPhrase(_ condition: Condition, previous: Double?, price: Double, into out: inout MessageText) {
        switch condition {
        case .above(let v): out.text(" is above ", money: v)
        case .below(let v): out.text(" is below ", money: v)
        case .crossesAbove(let v): out.text(" crossed above ", money: v)
        case .crossesBelow(let v): out.text(" crossed below ", money: v)
        case .crosses(let v): out.text((previous ?? price) < v ? " crossed above " : " crossed below ", money: v)
        case .change24hAbove(let v):
            out.text(v > 0 ? " is up \(percent(v)) or more in 24h" : "'s 24h change is at or above \(signed(v))")
        case .change24hBelow(let v):
            out.text(v < 0 ? " is down \(percent(-v)) or more in 24h" : "'s 24h change is at or below \(signed(v))")
        case .change24hAbs(let v): out.text(" moved \(percent(v)) or more in 24h")
        case .newHigh(let w): out.text(" is at a new \(name(of: w)) high")
        case .newLow(let w): out.text(" is at a new \(name(of: w)) low")
        case .movePct(let pct, let within):
            out.text((pct > 0 ? " rose " : " fell ") + "\(percent(abs(pct))) or more within \(TimeText.duration(within))")
        case .entersRange(let low, let high): out.text(" entered ", from: low, to: high)
        case .exitsRange(let low, let high): out.text(" left ", from: low, to: high)
        }
    }

    /// What stopped holding, after the symbol, appended to `out` (level conditions only resolve).
    static func writeResolvedPhrase(_ condition: Condition, into out: inout MessageText) {
        switch condition {
        case .above(let v): out.text(" is no longer above ", money: v)
        case .below(let v): out.text(" is no longer below ", money: v)
        case .change24hAbove(let v):
            out.text(v > 0 ? " is no longer up \(percent(v)) or more in 24h" : "'s 24h change is back below \(signed(v))")
        case .change24hBelow(let v):
            out.text(v < 0 ? " is no longer down \(percent(-v)) or more in 24h" : "'s 24h change is back above \(signed(v))")
        case .change24hAbs(let v): out.text("'s 24h move is back under \(percent(v))")
        case .newHigh(let w): out.text(" is no longer at a \(name(of: w)) high")
        case .newLow(let w): out.text(" is no longer at a \(name(of: w)) low")
        case .movePct(let pct, let within):
            out.text(" is no longer " + (pct > 0 ? "up " : "down ") + "\(percent(abs(pct))) within \(TimeText.duration(within))")
        case .crossesAbove(let v), .crossesBelow(let v), .crosses(let v): out.text(" is back across ", money: v)
        case .entersRange(let low, let high), .exitsRange(let low, let high):
            out.text(" is back across ", from: low, to: high)
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

/// A message being written as UTF-8 bytes, with prices in one currency.
struct MessageText {
    /// The currency of the prices.
    let vs: String
    private var bytes: [UInt8] = []

    /// A message that starts with `symbol`.
    init(vs: String, symbol: String) {
        self.vs = vs
        bytes.reserveCapacity(128)
        bytes.append(contentsOf: symbol.utf8)
    }

    /// The message.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// `text`, then `value` as money when there is one.
    mutating func text(_ text: String, money value: Double? = nil) {
        bytes.append(contentsOf: text.utf8)
        if let value { NumberText.writeMoney(value, vs: vs, into: &bytes) }
    }

    /// `text`, then `low`–`high` as money.
    mutating func text(_ text: String, from low: Double, to high: Double) {
        self.text(text, money: low)
        self.text("–", money: high)
    }

    /// `text`, `value` as a signed percentage (`+2.31%`), then `after`.
    mutating func text(_ text: String, percent value: Double, then after: String) {
        bytes.append(contentsOf: text.utf8)
        NumberText.writePercent(value, into: &bytes)
        bytes.append(contentsOf: after.utf8)
    }
}
