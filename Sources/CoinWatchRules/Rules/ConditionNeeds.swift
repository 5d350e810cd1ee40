import CoinWatchMarket
/// What a condition reads beyond the current quote and the previous price, so a pass keeps and
/// fetches only what some rule needs; every field defaults to none.
package struct ConditionNeeds: Sendable, Equatable {
    /// Seconds of recorded prices the condition looks back over; `.infinity` for all of them,
    /// nil for none (only the last price is kept).
    package var history: Double?
    /// Whether the condition needs the provider's all-time high or low (`check` warns when no
    /// configured provider reports one).
    var allTimeMarks = false
    /// Indicators on closed candles (RSI, moving averages, bands, the volume ratio) the condition
    /// reads from `Observation.indicators`; a pass keeps them only for the coins that need them.
    package var indicators: [IndicatorNeed] = []
    /// Whether the condition keeps a reference price per pair (`trailing_drop`, `change_from` from the
    /// start): handed in on `Observation.reference`, stored from `ConditionKind.remember`.
    package var pairMemory = false
    /// Whether the condition reads the coin's holding (`value_*`, `pnl_pct_*`).
    var holdings = false
    /// The other legs premiums compare against: one for a premium, each of its premiums' for a compound.
    package var premiums: [PremiumLeg] = []
    /// Whether the condition reads the span traded since the previous observation (SPEC §2
    /// wicks: crossings and range events), so a pass asks a provider that reports one for it.
    package var tradedSpan = false
    /// Whether the condition watches its exchange's market lists (`listed`, `delisting`, `caution`;
    /// SPEC §14) instead of quotes: a pass judges it in `MarketEventStage` and fetches no quote for it.
    package var marketLists = false
    /// Whether it waits for a market that may not exist yet (`listed`), so its coin needs no quote at all; the other
    /// list kinds watch a market that trades (and `stream` reads Upbit's announced end from its ticker).
    package var awaitsMarket = false
}

/// A premium's other leg (SPEC §2 `premium_above`): the same coin on `against` in `againstVs`,
/// converted into the rule's currency at the price of `againstVs` on the rule's own provider.
package struct PremiumLeg: Sendable, Equatable, Hashable {
    /// The provider the coin is compared on.
    package var against: ProviderName
    /// Its quote currency there, lower case.
    package var againstVs: String
}
