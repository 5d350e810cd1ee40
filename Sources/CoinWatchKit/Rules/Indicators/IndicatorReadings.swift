/// One coin's indicator readings in a pass, by timeframe and indicator: made once per coin by the
/// pass from its `IndicatorTrack`s and shared by every rule on the coin (a reference, so an
/// observation copies it without copying the readings).
public final class IndicatorReadings: Sendable, Equatable {
    private let readings: [IndicatorKey: IndicatorReading]

    init(_ readings: [IndicatorKey: IndicatorReading]) {
        self.readings = readings
    }

    /// The reading of `need`'s indicator; nil when the pass has no candles of its timeframe.
    subscript(_ need: IndicatorNeed) -> IndicatorReading? { readings[need.key] }

    /// The readings of `tracks` (each keyed as the track was).
    convenience init(tracks: [IndicatorKey: IndicatorTrack]) {
        self.init(tracks.mapValues(\.reading))
    }

    public static func == (lhs: IndicatorReadings, rhs: IndicatorReadings) -> Bool { lhs.readings == rhs.readings }
}
