/// `market_cap_below`: the provider's market cap is at or under an amount.
struct MarketCapBelowCondition: ProviderFigureKind {
    static let key = "market_cap_below"
    static let summary = "the provider's market cap (in vs) ≤ value"
    static let sample = #"{"market_cap_below": 1000000000}"#
    static let examples = [
        ConditionExample(when: #"{"market_cap_below": 1000000000}"#, price: 10, marketCap: 800_000_000, holds: true),
        ConditionExample(when: #"{"market_cap_below": 1000000000}"#, price: 10, marketCap: 1_000_000_001, holds: false),
        ConditionExample(when: #"{"market_cap_below": 1000000000}"#, price: 10, holds: false),
    ]

    static let measure = ProviderFigure.marketCap
    static let above = false

    var value: Double
}
