/// One coin's indicator readings in a pass, made once from its `IndicatorTrack`s and shared by every rule
/// on the coin; a rule finds its reading by packed key (`IndicatorKey.code`) in a short array, no hashing.
package struct IndicatorReadings: Sendable, Equatable {
    /// The packed keys, ascending; `values` in the same order.
    private let codes: [Int]
    private let values: [IndicatorReading]
    /// Readings whose key does not pack (a period outside 0..<2³²): none from a rules file.
    private let unpacked: [IndicatorKey: IndicatorReading]

    package init(_ readings: [IndicatorKey: IndicatorReading]) {
        let packed = readings.filter { $0.key.code >= 0 }.sorted { $0.key.code < $1.key.code }
        codes = packed.map(\.key.code)
        values = packed.map(\.value)
        unpacked = readings.filter { $0.key.code < 0 }
    }

    /// The reading of `need`'s indicator; nil when the pass has no candles of its timeframe.
    subscript(_ need: IndicatorNeed) -> IndicatorReading? {
        let key = need.key
        let code = key.code
        guard code >= 0 else { return unpacked[key] }
        for index in codes.indices where codes[index] == code { return values[index] }
        return nil
    }

    /// The readings of `tracks` (each keyed as the track was).
    package init(tracks: [IndicatorKey: IndicatorTrack]) {
        self.init(tracks.mapValues(\.reading))
    }
}
