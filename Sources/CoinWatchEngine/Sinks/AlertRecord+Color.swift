import CoinWatchSupport
import CoinWatchRules
extension AlertRecord {
    /// Conditions whose firing means the price went up (green) or down (red).
    private static let rising: Set<String> = ["above", "crosses_above", "change_24h_above", "new_high"]
    private static let falling: Set<String> = ["below", "crosses_below", "change_24h_below", "new_low"]

    /// The readable stdout line, colored when `color` is on: the rule id bold, a firing
    /// message green for a rise and red for a fall, a resolved one dim.
    package static func line(_ alert: Alert, color: ColorPolicy) -> String {
        guard color.enabled else { return line(alert) }
        let text = TerminalText.clean(alert.message)
        if alert.status == .resolved {
            return "\(color.bold(alert.rule))  \(color.dim("RESOLVED  " + text))"
        }
        let message: String
        switch direction(of: alert) {
        case 1: message = color.green(text)
        case -1: message = color.red(text)
        default: message = text
        }
        return "\(color.bold(alert.rule))  \(message)"
    }

    /// +1 for a rise, -1 for a fall, 0 when neither the condition nor the prices tell.
    static func direction(of alert: Alert) -> Int {
        if rising.contains(alert.condition) { return 1 }
        if falling.contains(alert.condition) { return -1 }
        if let previous = alert.previous, previous != alert.price { return alert.price > previous ? 1 : -1 }
        if let change = alert.change24h, change != 0 { return change > 0 ? 1 : -1 }
        return 0
    }
}
