/// `market_cap_above`: the provider's market cap is at or over an amount.
struct MarketCapAboveCondition: ProviderFigureKind {
    static let key = "market_cap_above"
    static let summary = "the provider's market cap (in vs) ≥ value"
    static let sample = #"{"market_cap_above": 1000000000000}"#
    static let examples = [
        ConditionExample(when: #"{"market_cap_above": 1000000000}"#, price: 10, marketCap: 1_200_000_000, holds: true),
        ConditionExample(when: #"{"market_cap_above": 1000000000}"#, price: 10, marketCap: 999_999_999, holds: false),
        ConditionExample(when: #"{"market_cap_above": 1000000000}"#, price: 10, holds: false),
    ]

    static let measure = ProviderFigure.marketCap
    static let above = true

    var value: Double
}
