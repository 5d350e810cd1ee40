/// `new_high`: the price is a new high for a window (level), held until it pulls back more than 1 %
/// (`WindowExtremeKind`); a window the provider does not report comes from its price history (`WindowHistory`).
struct NewHighCondition: WindowExtremeKind {
    static let high = true
    static let key = "new_high"
    static let summary = "price ≥ the provider's own high for the window where it reports one (24h, 52w, all-time) and > every price recorded within the window; windows 24h 7d 30d 52w all; a window the provider does not report is taken from its price history at the first pass, then kept current (without any history it waits until coinwatch has watched the coin that long); once fired, true until the price falls more than 1% below the window's high"
    static let sample = #"{"new_high": "24h"}"#
    static let examples = [
        ConditionExample(when: #"{"new_high": "24h"}"#, price: 105, high24h: 104, history: [(3600, 100)], holds: true),
        ConditionExample(when: #"{"new_high": "24h"}"#, price: 103, high24h: 104, history: [(3600, 100)], holds: false),
        ConditionExample(when: #"{"new_high": "24h"}"#, price: 105, high24h: 105, history: [(3600, 106)], holds: false),
        ConditionExample(when: #"{"new_high": "7d"}"#, price: 105, history: [(8 * 86_400, 100), (86_400, 104)], holds: true),
        ConditionExample(when: #"{"new_high": "7d"}"#, price: 105, history: [(6 * 86_400, 100)], holds: false),
        ConditionExample(when: #"{"new_high": "all"}"#, price: 70_000, ath: 69_000, history: [(3600, 68_000)], holds: true),
        ConditionExample(when: #"{"new_high": "all"}"#, price: 70_000, history: [(400 * 86_400, 1)], holds: false),
        ConditionExample(when: #"{"new_high": "24h"}"#, price: 110, high24h: 110, history: [(3600, 110)], firing: true, holds: true),
        ConditionExample(when: #"{"new_high": "24h"}"#, price: 109, high24h: 110, history: [(3600, 110)], firing: true, holds: true),
        ConditionExample(when: #"{"new_high": "24h"}"#, price: 108.5, high24h: 110, history: [(3600, 110)], firing: true, holds: false),
    ]

    var window: Window
}
