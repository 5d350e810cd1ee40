/// The default text of an alert, and the values its `message` template can use.
public enum AlertMessage {
    /// What the template placeholders stand for in this alert (SPEC §2 `message`).
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

    /// The default message: `BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h)`.
    public static func defaultText(for alert: Alert, condition: Condition) -> String {
        let now = "now " + NumberText.money(alert.price, vs: alert.vs)
            + (alert.change24h.map { " (\(NumberText.percent($0)) 24h)" } ?? "")
        let symbol = alert.symbol
        let money = { (v: Double) in NumberText.money(v, vs: alert.vs) }
        if alert.status == .resolved {
            let phrase = phrase(condition, money: money, previous: alert.previous)
            let negated = phrase.hasPrefix("is ") ? "is no longer " + phrase.dropFirst(3) : "no longer " + phrase
            return "\(symbol) \(negated) — \(now)"
        }
        switch condition {
        case .crossesAbove(let v): return "\(symbol) crossed above \(money(v)) — \(now)"
        case .crossesBelow(let v): return "\(symbol) crossed below \(money(v)) — \(now)"
        case .crosses(let v):
            let direction = (alert.previous ?? alert.price) < v ? "above" : "below"
            return "\(symbol) crossed \(direction) \(money(v)) — \(now)"
        case .entersRange(let low, let high): return "\(symbol) entered \(money(low))–\(money(high)) — \(now)"
        case .exitsRange(let low, let high): return "\(symbol) left \(money(low))–\(money(high)) — \(now)"
        default: return "\(symbol) \(phrase(condition, money: money, previous: alert.previous)) — \(now)"
        }
    }

    /// How a level condition reads after the symbol: "is above $2,000.00".
    private static func phrase(_ condition: Condition, money: (Double) -> String, previous: Double?) -> String {
        switch condition {
        case .above(let v): return "is above \(money(v))"
        case .below(let v): return "is below \(money(v))"
        case .crossesAbove(let v), .crossesBelow(let v), .crosses(let v): return "crossing \(money(v))"
        case .change24hAbove(let v): return "is up \(NumberText.percent(v)) or more in 24h"
        case .change24hBelow(let v): return "is down \(NumberText.percent(v)) or more in 24h"
        case .change24hAbs(let v): return "moved \(NumberText.plain(v))% or more in 24h"
        case .newHigh(let w): return "is at a new \(w == .all ? "all-time" : w.rawValue) high"
        case .newLow(let w): return "is at a new \(w == .all ? "all-time" : w.rawValue) low"
        case .movePct(let pct, let within):
            return (pct >= 0 ? "rose" : "fell") + " \(NumberText.plain(abs(pct)))% or more within \(TimeText.duration(within))"
        case .entersRange(let low, let high), .exitsRange(let low, let high):
            return "in \(money(low))–\(money(high))"
        }
    }

    private static func thresholdText(_ alert: Alert) -> String {
        guard let threshold = alert.threshold else { return "" }
        switch alert.condition {
        case "change_24h_above", "change_24h_below", "change_24h_abs", "move_pct": return NumberText.plain(threshold) + "%"
        default: return NumberText.money(threshold, vs: alert.vs)
        }
    }
}
