/// The registry of condition kinds, one line per kind in the order of SPEC §2 (then §14's exchange
/// events), that everything listing, parsing or documenting conditions reads (see `ConditionKind`).
package enum ConditionRegistry {
    /// Every kind.
    static let kinds: [any ConditionKind.Type] = [
        AboveCondition.self,
        BelowCondition.self,
        CrossesAboveCondition.self,
        CrossesBelowCondition.self,
        CrossesCondition.self,
        Change24hAboveCondition.self,
        Change24hBelowCondition.self,
        Change24hAbsCondition.self,
        NewHighCondition.self,
        NewLowCondition.self,
        MovePctCondition.self,
        EntersRangeCondition.self,
        ExitsRangeCondition.self,
        Volume24hAboveCondition.self,
        Volume24hBelowCondition.self,
        MarketCapAboveCondition.self,
        MarketCapBelowCondition.self,
        RankWithinCondition.self,
        VolumeSpikeCondition.self,
        RsiAboveCondition.self,
        RsiBelowCondition.self,
        RsiCrossesAboveCondition.self,
        RsiCrossesBelowCondition.self,
        MaCrossesAboveCondition.self,
        MaCrossesBelowCondition.self,
        PriceAboveMaCondition.self,
        PriceBelowMaCondition.self,
        BollingerAboveCondition.self,
        BollingerBelowCondition.self,
        ChangeFromCondition.self,
        TrailingDropCondition.self,
        TrailingRiseCondition.self,
        PremiumAboveCondition.self,
        PremiumBelowCondition.self,
        ValueAboveCondition.self,
        ValueBelowCondition.self,
        PnlPctAboveCondition.self,
        PnlPctBelowCondition.self,
        AllCondition.self,
        AnyCondition.self,
        ListedCondition.self,
        DelistingCondition.self,
        CautionCondition.self,
    ]

    /// Every key, in registry order.
    static let keys = kinds.map { $0.key }

    private static let byKey = Dictionary(kinds.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

    /// The kind whose key is `key`.
    static func kind(_ key: String) -> (any ConditionKind.Type)? { byKey[key] }
}
