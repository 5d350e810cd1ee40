/// A `new_high`/`new_low` window.
package enum Window: String, Sendable, Equatable, CaseIterable {
    case h24 = "24h", d7 = "7d", d30 = "30d", w52 = "52w", all

    /// Length in seconds; nil for `all`.
    package var seconds: Double? {
        switch self {
        case .h24: return 86_400
        case .d7: return 7 * 86_400
        case .d30: return 30 * 86_400
        case .w52: return 364 * 86_400
        case .all: return nil
        }
    }

    /// How the window reads in a sentence: "24h", "7-day", "52-week", "all-time".
    var phrase: String {
        switch self {
        case .h24: return "24h"
        case .d7: return "7-day"
        case .d30: return "30-day"
        case .w52: return "52-week"
        case .all: return "all-time"
        }
    }
}
