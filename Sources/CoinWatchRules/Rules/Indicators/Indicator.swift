import CoinWatchMarket
/// What an indicator condition computes from the closed candles of one timeframe (SPEC §2), as
/// TA-Lib computes it over the last `Indicator.window` closed candles.
package enum Indicator: Sendable, Hashable, CustomStringConvertible {
    /// Wilder's RSI of the closes (TA-Lib `RSI`).
    case rsi(period: Int)
    /// The simple moving average of the closes (TA-Lib `SMA`).
    case sma(period: Int)
    /// The exponential moving average of the closes, seeded by the SMA of the window's first `period` (TA-Lib `EMA`).
    case ema(period: Int)
    /// The SMA of the closes and their population standard deviation (TA-Lib `BBANDS` with matype SMA).
    case bands(period: Int)
    /// The last candle's volume over the mean volume of the `count` candles before it.
    case volumeRatio(count: Int)

    /// The closed candles a value is computed over, at most (SPEC §2).
    package static let window = 250

    /// The closed candles the first value needs: period + 1 for RSI, period for the averages and
    /// bands, count + 1 for the volume ratio.
    var warmUp: Int {
        switch self {
        case .rsi(let period): period + 1
        case .sma(let period), .ema(let period), .bands(let period): period
        case .volumeRatio(let count): count + 1
        }
    }

    /// `RSI(14)`, `SMA(50)`, `EMA(12)`, `BB(20)`, `volume/mean(20)`.
    package var description: String {
        switch self {
        case .rsi(let period): "RSI(\(period))"
        case .sma(let period): "SMA(\(period))"
        case .ema(let period): "EMA(\(period))"
        case .bands(let period): "BB(\(period))"
        case .volumeRatio(let count): "volume/mean(\(count))"
        }
    }
}

/// One indicator on the candles of one timeframe: what a condition asks a pass to keep up to date
/// (`ConditionNeeds.indicators`) and where it finds the reading (`IndicatorReadings`).
package struct IndicatorNeed: Sendable, Hashable {
    package var timeframe: Timeframe
    package var indicator: Indicator
    /// Whether the condition compares the last two readings (a crossing), so it needs one candle more.
    var crossing = false

    /// The closed candles the condition needs before it can hold.
    package var candles: Int { indicator.warmUp + (crossing ? 1 : 0) }

    /// The reading's key: the need without `crossing` (a crossing and a level rule share one track).
    package var key: IndicatorKey { IndicatorKey(timeframe: timeframe, indicator: indicator) }
}

/// Which track a reading comes from: an indicator on a timeframe.
package struct IndicatorKey: Sendable, Hashable {
    var timeframe: Timeframe
    package var indicator: Indicator

    /// The key packed into one integer (period, kind, timeframe), distinct for distinct keys; -1 for
    /// a period outside 0..<2³² (compared field by field instead).
    var code: Int {
        let kind: Int, period: Int
        switch indicator {
        case .rsi(let n): (kind, period) = (0, n)
        case .sma(let n): (kind, period) = (1, n)
        case .ema(let n): (kind, period) = (2, n)
        case .bands(let n): (kind, period) = (3, n)
        case .volumeRatio(let n): (kind, period) = (4, n)
        }
        let frame: Int
        switch timeframe {
        case .m1: frame = 0
        case .m5: frame = 1
        case .m15: frame = 2
        case .h1: frame = 3
        case .h4: frame = 4
        case .d1: frame = 5
        case .w1: frame = 6
        }
        guard period >= 0, period <= Int(UInt32.max) else { return -1 }
        return period << 6 | kind << 3 | frame
    }
}
