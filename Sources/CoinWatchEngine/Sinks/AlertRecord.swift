import CoinWatchSupport
import CoinWatchRules
/// The alert record of SPEC §4 as one JSON line, keys in the documented order.
package enum AlertRecord {
    /// One JSON object, no trailing newline; fields that do not apply are omitted.
    package static func json(_ alert: Alert) -> String {
        var out = JSONOut()
        out.add("id", alert.id)
        out.add("time", TimeText.iso(alert.time))
        out.add("rule", alert.rule)
        out.add("coin", alert.coin)
        out.add("symbol", alert.symbol)
        out.add("name", alert.name)
        out.add("vs", alert.vs)
        out.add("condition", alert.condition)
        out.add("threshold", alert.threshold)
        // An exchange event on a market no pass quoted has no price (0 is never a quote, SPEC §2).
        if alert.price > 0 { out.add("price", alert.price) }
        out.add("previous", alert.previous)
        out.add("change_24h", alert.change24h)
        out.add("status", alert.status.rawValue)
        out.add("provider", alert.provider)
        out.add("source", alert.source)
        out.add("message", alert.message)
        out.add("value", alert.value)
        if alert.wick == true, let extreme = alert.extreme {
            out.add("wick", true)
            out.add("extreme", extreme)
        }
        if alert.backtest == true { out.add("backtest", true) }
        out.add("url", alert.url)
        if let flags = alert.flags { out.addRaw("flags", "[" + flags.map(JSONOut.quote).joined(separator: ",") + "]") }
        return out.text
    }

    /// The readable stdout line: `btc-100k  BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h)`;
    /// always one line (a message's line breaks become spaces, `TerminalText.clean`).
    package static func line(_ alert: Alert) -> String {
        let status = alert.status == .resolved ? "RESOLVED  " : ""
        return "\(alert.rule)  \(status)\(TerminalText.clean(alert.message))"
    }
}
