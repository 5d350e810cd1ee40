/// An indicator's value at the last closed candle and at the one before, as a pass hands it to a
/// condition (`Observation.indicators`).
package struct IndicatorReading: Sendable, Equatable {
    /// At the last closed candle; nil during the warm-up.
    var value: Double?
    /// At the closed candle before it; nil when there is none yet.
    var previous: Double?
    /// For `bands`: the population standard deviation at the last closed candle.
    var deviation: Double?
    /// Closed candles seen (the window's and earlier ones).
    var candles: Int
}
