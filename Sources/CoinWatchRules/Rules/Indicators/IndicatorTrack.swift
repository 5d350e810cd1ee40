import CoinWatchMarket
/// One indicator kept up to date over one series of closed candles, O(1) per new candle; the values equal
/// TA-Lib's over the last `Indicator.window` candles (`IndicatorGoldenTests`).
package struct IndicatorTrack: Sendable, Equatable {
    let indicator: Indicator
    /// Open time (ms) of the newest candle added; nil before the first.
    private(set) var lastOpen: Int64?
    package private(set) var reading = IndicatorReading(value: nil, previous: nil, deviation: nil, candles: 0)

    // RSI: the last close and Wilder's averages of gains and losses.
    private var lastClose: Double?
    private var gains: SeededSmoothing?
    private var losses: SeededSmoothing?
    // EMA.
    private var smoothing: SeededSmoothing?
    // SMA, bands and the volume ratio: the last `period` inputs and their sums.
    private var ring: [Double] = []
    private var ringStart = 0
    private var sum = CompensatedSum()
    private var squares = CompensatedSum()
    /// The volume ratio: candles without a volume in the ring make it unknown.
    private var missingVolumes = 0

    package init(_ indicator: Indicator) {
        self.indicator = indicator
        let window = Indicator.window
        switch indicator {
        case .rsi(let period):
            // 250 closes give 249 changes.
            gains = SeededSmoothing(period: period, alpha: 1 / Double(period), capacity: window - 1)
            losses = SeededSmoothing(period: period, alpha: 1 / Double(period), capacity: window - 1)
        case .ema(let period):
            smoothing = SeededSmoothing(period: period, alpha: 2 / Double(period + 1), capacity: window)
        case .sma, .bands, .volumeRatio:
            break
        }
    }

    /// Adds the closed candle `candle`; one already added (an open time not after the last) is ignored.
    package mutating func add(_ candle: Candle) {
        if let lastOpen, candle.openTime <= lastOpen { return }
        lastOpen = candle.openTime
        let previous = reading.value
        var deviation: Double?
        let value: Double?
        switch indicator {
        case .rsi:
            value = addRSI(candle.close)
        case .ema:
            smoothing?.add(candle.close)
            value = smoothing?.value
        case .sma(let period):
            slide(candle.close, period: period)
            value = ring.count == period ? sum.value / Double(period) : nil
        case .bands(let period):
            slide(candle.close, period: period)
            if ring.count == period {
                let mean = sum.value / Double(period)
                let variance = squares.value / Double(period) - mean * mean
                value = mean
                deviation = variance > 0 ? variance.squareRoot() : 0
            } else {
                value = nil
            }
        case .volumeRatio(let count):
            value = addVolume(candle.volume, count: count)
        }
        reading = IndicatorReading(value: value, previous: previous, deviation: deviation, candles: reading.candles + 1)
    }

    /// Wilder's RSI after one more close, as TA-Lib: 0 when the averages sum to (about) zero.
    private mutating func addRSI(_ close: Double) -> Double? {
        defer { lastClose = close }
        guard let last = lastClose else { return nil }
        let change = close - last
        gains?.add(change > 0 ? change : 0)
        losses?.add(change < 0 ? -change : 0)
        guard let gain = gains?.value, let loss = losses?.value else { return nil }
        let total = gain + loss
        return total > -1e-8 && total < 1e-8 ? 0 : 100 * (gain / total)
    }

    /// Puts `x` into the ring of the last `period` inputs, keeping their sum and sum of squares.
    private mutating func slide(_ x: Double, period: Int) {
        if ring.count < period {
            ring.append(x)
        } else {
            let old = ring[ringStart]
            sum.add(-old)
            squares.add(-old * old)
            ring[ringStart] = x
            ringStart = (ringStart + 1) % period
        }
        sum.add(x)
        squares.add(x * x)
    }

    /// The last volume over the mean of the `count` before it (nil while any of them is missing,
    /// or when that mean is 0). The ring holds the last count + 1 volumes (NaN: none) and `sum` the known ones.
    private mutating func addVolume(_ volume: Double?, count: Int) -> Double? {
        let size = count + 1
        let x = volume ?? .nan
        if ring.count == size {
            let oldest = ring[ringStart]
            if oldest.isNaN { missingVolumes -= 1 } else { sum.add(-oldest) }
            ring[ringStart] = x
            ringStart = (ringStart + 1) % size
        } else {
            ring.append(x)
        }
        if x.isNaN { missingVolumes += 1 } else { sum.add(x) }
        guard ring.count == size, missingVolumes == 0, let volume else { return nil }
        let mean = (sum.value - volume) / Double(count)
        return mean > 0 ? volume / mean : nil
    }
}
