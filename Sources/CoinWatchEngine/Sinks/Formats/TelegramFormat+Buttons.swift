import CoinWatchSupport
import CoinWatchRules
/// The inline buttons on an alert to a chat under control (SPEC §13): `Silence 1h`, `Silence 24h` and
/// `Chart` (an alert on one coin), whose callback data is the command a press stands for, run with the presser's rights.
extension TelegramFormat {
    /// The most bytes of callback data.
    static let maxButtonData = 64

    /// The `reply_markup` JSON for a message about `alerts`, or nil when they are not all about one pair
    /// (a grouped message) or no command fits the callback data.
    static func buttons(for alerts: [Alert]) -> String? {
        guard let first = alerts.first, alerts.allSatisfy({ $0.rule == first.rule && $0.coin == first.coin }) else { return nil }
        var buttons: [String] = []
        for duration in ["1h", "24h"] {
            let data = [("/silence \(first.rule):\(first.coin) \(duration)"), "/silence \(first.coin) \(duration)"]
                .first { $0.utf8.count <= maxButtonData && !$0.contains("\n") }
            if let data { buttons.append(button("Silence \(duration)", data)) }
        }
        // `/chart` draws one coin: a ratio's or the portfolio's alert gets no Chart button (it would answer "not a favorite").
        let chart = "/chart \(first.coin)"
        if RuleCoin.isOneCoin(first.coin), chart.utf8.count <= maxButtonData { buttons.append(button("Chart", chart)) }
        guard !buttons.isEmpty else { return nil }
        return "{\"inline_keyboard\":[" + JSONOut.array(buttons) + "]}"
    }

    private static func button(_ text: String, _ data: String) -> String {
        var out = JSONOut()
        out.add("text", text)
        out.add("callback_data", data)
        return out.text
    }
}
