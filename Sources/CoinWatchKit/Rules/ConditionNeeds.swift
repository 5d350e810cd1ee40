/// What a condition reads beyond the current quote and the previous price, so a pass keeps and
/// fetches only what some rule needs. New needs (candles of a timeframe, per-pair memory,
/// holdings) are new fields here with "none" as their default; see `ConditionKind`.
struct ConditionNeeds: Sendable, Equatable {
    /// Seconds of recorded prices the condition looks back over; `.infinity` for all of them,
    /// nil for none (only the last price is kept).
    var history: Double?
    /// Whether the condition needs the provider's all-time high or low (`check` warns when no
    /// configured provider reports one).
    var allTimeMarks = false
    /// Indicators on closed candles (RSI, moving averages, bands, the volume ratio) the condition
    /// reads from `Observation.indicators`; a pass keeps them only for the coins that need them.
    var indicators: [IndicatorNeed] = []
    /// Whether the condition keeps a reference price per pair (`change_from` with `"ref": "start"`,
    /// `trailing_drop`, `trailing_rise`): the pass hands it in on `Observation.reference` and stores
    /// what `ConditionKind.remember` returns.
    var pairMemory = false
}
