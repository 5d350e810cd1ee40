/// The span `show --range` charts (SPEC §7), and the resolution it is drawn at.
package enum ChartRange: String, Sendable, CaseIterable {
    case d1 = "1d", d7 = "7d", d30 = "30d", d90 = "90d", y1 = "1y", max

    /// The span in milliseconds; nil for `max` (all the provider has).
    package var milliseconds: Int64? {
        switch self {
        case .d1: 86_400_000
        case .d7: 7 * 86_400_000
        case .d30: 30 * 86_400_000
        case .d90: 90 * 86_400_000
        case .y1: 365 * 86_400_000
        case .max: nil
        }
    }

    /// The candle width the chart is drawn from: 5m for a day, 1h to 30 days, 4h for 90 days, 1d beyond.
    package var timeframe: Timeframe {
        switch self {
        case .d1: .m5
        case .d7, .d30: .h1
        case .d90: .h4
        case .y1, .max: .d1
        }
    }

    /// The accepted values, for messages.
    package static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
