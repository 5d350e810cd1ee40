/// `volume_24h_above`: the provider's 24h traded volume is at or over an amount.
struct Volume24hAboveCondition: ProviderFigureKind {
    static let key = "volume_24h_above"
    static let summary = "the provider's 24h traded volume (in vs) ≥ value"
    static let sample = #"{"volume_24h_above": 50000000000}"#
    static let examples = [
        ConditionExample(when: #"{"volume_24h_above": 1000000}"#, price: 10, volume24h: 1_200_000, holds: true),
        ConditionExample(when: #"{"volume_24h_above": 1000000}"#, price: 10, volume24h: 999_999, holds: false),
        ConditionExample(when: #"{"volume_24h_above": 1000000}"#, price: 10, holds: false),
    ]

    static let measure = ProviderFigure.volume24h
    static let above = true

    var value: Double
}
