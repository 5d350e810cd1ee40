/// `volume_24h_below`: the provider's 24h traded volume is at or under an amount.
struct Volume24hBelowCondition: ProviderFigureKind {
    static let key = "volume_24h_below"
    static let summary = "the provider's 24h traded volume (in vs) ≤ value"
    static let sample = #"{"volume_24h_below": 1000000}"#
    static let examples = [
        ConditionExample(when: #"{"volume_24h_below": 1000000}"#, price: 10, volume24h: 800_000, holds: true),
        ConditionExample(when: #"{"volume_24h_below": 1000000}"#, price: 10, volume24h: 1_000_001, holds: false),
        ConditionExample(when: #"{"volume_24h_below": 1000000}"#, price: 10, holds: false),
    ]

    static let measure = ProviderFigure.volume24h
    static let above = false

    var value: Double
}
