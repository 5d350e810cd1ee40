/// `new_low`: the mirror of `new_high` (level), held until the price rises more than 1 % (`WindowExtremeKind`).
struct NewLowCondition: WindowExtremeKind {
    static let high = false
    static let key = "new_low"
    static let summary = "the mirror of new_high: price ≤ the provider's low and < every price recorded within the window; once fired, true until the price rises more than 1% above the window's low"
    static let sample = #"{"new_low": "7d"}"#
    static let examples = [
        ConditionExample(when: #"{"new_low": "24h"}"#, price: 90, low24h: 91, history: [(3600, 100)], holds: true),
        ConditionExample(when: #"{"new_low": "52w"}"#, price: 90, low52w: 90, holds: true),
        ConditionExample(when: #"{"new_low": "7d"}"#, price: 90, history: [(3600, 100)], holds: false),
        ConditionExample(when: #"{"new_low": "30d"}"#, price: 90, history: [(31 * 86_400, 95), (86_400, 89)], holds: false),
        ConditionExample(when: #"{"new_low": "24h"}"#, price: 90.5, low24h: 90, history: [(3600, 90)], firing: true, holds: true),
        ConditionExample(when: #"{"new_low": "24h"}"#, price: 91, low24h: 90, history: [(3600, 90)], firing: true, holds: false),
    ]

    var window: Window
}
