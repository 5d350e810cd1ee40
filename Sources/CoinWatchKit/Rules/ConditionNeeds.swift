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
    /// Whether the condition reads the span traded since the previous observation (SPEC §2
    /// wicks: crossings and range events), so a pass asks a provider that reports one for it.
    var tradedSpan = false
}
