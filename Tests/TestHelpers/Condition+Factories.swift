@testable import CoinWatchMarket
@testable import CoinWatchRules

/// The conditions tests build by hand (the kinds coinwatch itself and its bench never build in code).
extension Condition {
    /// `{"any": conditions}`.
    static func any(_ conditions: [Condition]) -> Condition { Condition(AnyCondition(conditions: conditions)) }

    /// `{"bollinger_above": {"period": period, "k": k, "tf": timeframe}}`.
    static func bollingerAbove(period: Int = 20, k: Double = 2, timeframe: Timeframe) -> Condition {
        Condition(BollingerAboveCondition(settings: BandSettings(period: period, k: k, timeframe: timeframe)))
    }

    /// `{"caution": true}`, or only `flags`.
    static func caution(_ flags: [String]? = nil) -> Condition { Condition(CautionCondition(only: flags)) }

    /// `{"change_24h_abs": percent}`.
    static func change24hAbs(_ percent: Double) -> Condition { Condition(Change24hAbsCondition(value: percent)) }

    /// `{"change_from": {"pct": pct, "ref": reference ?? "start"}}`.
    static func changeFrom(pct: Double, reference: Double?) -> Condition { Condition(ChangeFromCondition(pct: pct, reference: reference)) }

    /// `{"enters_range": [low, high]}`.
    static func entersRange(low: Double, high: Double) -> Condition {
        Condition(EntersRangeCondition(range: PriceRange(low: low, high: high)))
    }

    /// `{"exits_range": [low, high]}`.
    static func exitsRange(low: Double, high: Double) -> Condition {
        Condition(ExitsRangeCondition(range: PriceRange(low: low, high: high)))
    }

    /// `{"ma_crosses_below": {"fast": fast, "slow": slow, "tf": timeframe, "type": average}}`.
    static func maCrossesBelow(fast: Int, slow: Int, timeframe: Timeframe, average: MovingAverage = .sma) -> Condition {
        Condition(MaCrossesBelowCondition(settings: AverageCrossSettings(fast: fast, slow: slow, timeframe: timeframe, average: average)))
    }

    /// `{"market_cap_above": amount}`.
    static func marketCapAbove(_ amount: Double) -> Condition { Condition(MarketCapAboveCondition(value: amount)) }

    /// `{"market_cap_below": amount}`.
    static func marketCapBelow(_ amount: Double) -> Condition { Condition(MarketCapBelowCondition(value: amount)) }

    /// `{"move_pct": {"pct": pct, "within": within}}`; `within` in seconds.
    static func movePct(pct: Double, within: Double) -> Condition { Condition(MovePctCondition(pct: pct, within: within)) }

    /// `{"new_high": window}`.
    static func newHigh(_ window: Window) -> Condition { Condition(NewHighCondition(window: window)) }

    /// `{"new_low": window}`.
    static func newLow(_ window: Window) -> Condition { Condition(NewLowCondition(window: window)) }

    /// `{"pnl_pct_above": value}`.
    static func pnlPctAbove(_ value: Double) -> Condition { Condition(PnlPctAboveCondition(value: value)) }

    /// `{"pnl_pct_below": value}`.
    static func pnlPctBelow(_ value: Double) -> Condition { Condition(PnlPctBelowCondition(value: value)) }

    /// `{"premium_above": {"pct": pct, "against": against, "against_vs": againstVs}}`.
    static func premiumAbove(pct: Double, against: ProviderName, againstVs: String) -> Condition {
        Condition(PremiumAboveCondition(premium: Premium(pct: pct, leg: PremiumLeg(against: against, againstVs: againstVs))))
    }

    /// `{"premium_below": {"pct": pct, "against": against, "against_vs": againstVs}}`.
    static func premiumBelow(pct: Double, against: ProviderName, againstVs: String) -> Condition {
        Condition(PremiumBelowCondition(premium: Premium(pct: pct, leg: PremiumLeg(against: against, againstVs: againstVs))))
    }

    /// `{"price_below_ma": {"period": period, "tf": timeframe, "type": average}}`.
    static func priceBelowAverage(period: Int, timeframe: Timeframe, average: MovingAverage = .sma) -> Condition {
        Condition(PriceBelowMaCondition(settings: PriceAverageSettings(period: period, timeframe: timeframe, average: average)))
    }

    /// `{"rank_within": rank}`.
    static func rankWithin(_ rank: Int) -> Condition { Condition(RankWithinCondition(value: rank)) }

    /// `{"rsi_crosses_above": {"value": value, "tf": timeframe, "period": period}}`.
    static func rsiCrossesAbove(_ value: Double, timeframe: Timeframe, period: Int = 14) -> Condition {
        Condition(RsiCrossesAboveCondition(settings: RSISettings(value: value, timeframe: timeframe, period: period)))
    }

    /// `{"rsi_crosses_below": {"value": value, "tf": timeframe, "period": period}}`.
    static func rsiCrossesBelow(_ value: Double, timeframe: Timeframe, period: Int = 14) -> Condition {
        Condition(RsiCrossesBelowCondition(settings: RSISettings(value: value, timeframe: timeframe, period: period)))
    }

    /// `{"trailing_drop": pct}`.
    static func trailingDrop(_ pct: Double) -> Condition { Condition(TrailingDropCondition(pct: pct)) }

    /// `{"trailing_rise": pct}`.
    static func trailingRise(_ pct: Double) -> Condition { Condition(TrailingRiseCondition(pct: pct)) }

    /// `{"value_above": value}`.
    static func valueAbove(_ value: Double) -> Condition { Condition(ValueAboveCondition(value: value)) }

    /// `{"value_below": value}`.
    static func valueBelow(_ value: Double) -> Condition { Condition(ValueBelowCondition(value: value)) }

    /// `{"volume_24h_above": amount}`.
    static func volume24hAbove(_ amount: Double) -> Condition { Condition(Volume24hAboveCondition(value: amount)) }

    /// `{"volume_24h_below": amount}`.
    static func volume24hBelow(_ amount: Double) -> Condition { Condition(Volume24hBelowCondition(value: amount)) }

    /// `{"volume_spike": {"x": x, "tf": timeframe, "n": n}}`.
    static func volumeSpike(x: Double, timeframe: Timeframe, n: Int) -> Condition {
        Condition(VolumeSpikeCondition(x: x, timeframe: timeframe, n: n))
    }
}
