import CoinWatchRules
/// The color of an alert in the formats that have one (SPEC §3): falls and `below`-type alerts red,
/// rises green, resolved grey; blue when neither the condition nor the prices tell a direction.
package enum AlertColor: Sendable, Equatable {
    case red, green, grey, blue

    /// The color of `alert`, from its status and `Alert.direction`.
    package init(_ alert: Alert) {
        if alert.status == .resolved {
            self = .grey
            return
        }
        switch alert.direction {
        case .rise: self = .green
        case .fall: self = .red
        case .neutral: self = .blue
        }
    }

    /// `#d32f2f` and the like (an attachment's color bar).
    package var hex: String {
        switch self {
        case .red: return "#d32f2f"
        case .green: return "#2e7d32"
        case .grey: return "#9e9e9e"
        case .blue: return "#1e88e5"
        }
    }

    /// The same color as an integer (an embed's color).
    package var rgb: Int { Int(hex.dropFirst(), radix: 16) ?? 0 }
}
