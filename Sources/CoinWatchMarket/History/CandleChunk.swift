/// How the store packs candles: one row per series per 1024 candle widths, a blob of 48 bytes a candle
/// (open time as Int64 ms, then OHLC and volume as Float64, little-endian; no volume is NaN).
package enum CandleChunk {
    /// Candle widths per chunk.
    static let widths: Int64 = 1024
    /// Bytes per candle.
    static let stride = 48

    /// The start (ms) of the chunk holding `time` for candles of `timeframe`.
    static func start(of time: Int64, _ timeframe: Timeframe) -> Int64 {
        let span = widths * timeframe.milliseconds
        let time = min(max(time, -(1 << 52)), 1 << 52)
        return (time >= 0 ? time / span : (time - span + 1) / span) * span
    }

    /// `candles` (sorted) as a blob.
    static func encode(_ candles: [Candle]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(candles.count * stride)
        for candle in candles {
            append(UInt64(bitPattern: candle.openTime), to: &out)
            for value in [candle.open, candle.high, candle.low, candle.close, candle.volume ?? .nan] {
                append(value.bitPattern, to: &out)
            }
        }
        return out
    }

    /// Appends the candles of `blob` to `candles`, keeping those with `from` ≤ open time < `to`;
    /// a blob that is not a whole number of candles yields none, and a candle that is not sane (damaged
    /// bytes, which SQLite does not check: a price of NaN) is left out, as the fetch leaves it out.
    static func decode(_ blob: UnsafeRawBufferPointer, from: Int64, to: Int64, into candles: inout [Candle]) {
        guard blob.count % stride == 0 else { return }
        var offset = 0
        while offset < blob.count {
            let time = Int64(bitPattern: UInt64(littleEndian: blob.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            if time >= from, time < to {
                func value(_ index: Int) -> Double {
                    Double(bitPattern: UInt64(littleEndian: blob.loadUnaligned(fromByteOffset: offset + 8 * index, as: UInt64.self)))
                }
                let volume = value(5)
                let candle = Candle(openTime: time, open: value(1), high: value(2), low: value(3), close: value(4),
                                    volume: volume.isNaN ? nil : volume)
                if candle.isSane { candles.append(candle) }
            }
            offset += stride
        }
    }

    /// `old` and `new` (both sorted) merged by open time; for a time in both, `new` wins.
    package static func merge(_ old: [Candle], _ new: [Candle]) -> [Candle] {
        var out: [Candle] = []
        out.reserveCapacity(old.count + new.count)
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && old[i].openTime < new[j].openTime) {
                out.append(old[i]); i += 1
            } else {
                if i < old.count, old[i].openTime == new[j].openTime { i += 1 }
                out.append(new[j]); j += 1
            }
        }
        return out
    }

    private static func append(_ value: UInt64, to out: inout [UInt8]) {
        var little = value.littleEndian
        withUnsafeBytes(of: &little) { out.append(contentsOf: $0) }
    }
}
