extension Candle {
    /// The width of a chart candle: `wanted` once aggregated, else the fetched `timeframe`.
    func width(_ wanted: Timeframe, _ timeframe: Timeframe) -> Int64 {
        wanted.isBuilt(from: timeframe) ? wanted.milliseconds : timeframe.milliseconds
    }
}
