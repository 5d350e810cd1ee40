import CoinWatchSupport
import CoinWatchRules
extension AlertRecord {
    /// The readable stdout line, colored when `color` is on (rule bold, rise green, fall red, resolved dim).
    package static func line(_ alert: Alert, color: ColorPolicy) -> String {
        guard color.enabled else { return line(alert) }
        let text = TerminalText.clean(alert.message)
        if alert.status == .resolved {
            return "\(color.bold(alert.rule))  \(color.dim("RESOLVED  " + text))"
        }
        let message: String
        switch alert.direction {
        case .rise: message = color.green(text)
        case .fall: message = color.red(text)
        case .neutral: message = text
        }
        return "\(color.bold(alert.rule))  \(message)"
    }
}
