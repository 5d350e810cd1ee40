import CoinWatchSupport
import FoundationEssentials

/// Reads the rows of a history answer with `JSONTokenizer` into candles sorted by time, the later of two
/// duplicates kept; errors are `ProviderError.decoding` with a JSON path, or `.api` for an error envelope.
struct HistoryRows {
    var reader: JSONTokenizer
    let provider: String
    /// The JSON path of the row being read (`[12]`, `prices[3]`).
    private(set) var path = ""

    /// The candles of `body`: the top-level array, or the array under key `member` of a top-level
    /// object; `row` reads one element (the reader at its first byte) and returns nil to skip it.
    static func decode(_ body: [UInt8], provider: String, member: String? = nil,
                       row: (inout HistoryRows) throws -> Candle?) throws -> [Candle] {
        let candles: [Candle]
        do {
            candles = try body.withUnsafeBufferPointer { buffer in
                var rows = HistoryRows(reader: JSONTokenizer(buffer), provider: provider)
                return try rows.readAll(member: member, row: row)
            }
        } catch {
            if let message = APIErrorEnvelope.message(in: body) { throw ProviderError.api(provider: provider, message: message) }
            let kind = JSONBody.kind(of: body)
            if body.isEmpty || kind.hasPrefix("HTML") || kind.hasPrefix("text") {
                throw ProviderError.decoding(provider: provider, detail: "expected a JSON history, got \(kind)")
            }
            throw error as? ProviderError ?? .decoding(provider: provider, detail: "\(error)")
        }
        return normalized(candles)
    }

    private mutating func readAll(member: String?, row: (inout HistoryRows) throws -> Candle?) throws -> [Candle] {
        if let member {
            guard reader.take(UInt8(ascii: "{")) else { throw fail("expected a JSON object") }
            if !reader.take(UInt8(ascii: "}")) {
                repeat {
                    guard let key = reader.plainString(), reader.take(UInt8(ascii: ":")) else { throw fail("not valid JSON") }
                    if key == member {
                        path = member
                        let candles = try readArray(row: row)
                        path = ""
                        // The other members (market_caps, total_volumes, status) are checked for syntax only.
                        while reader.take(UInt8(ascii: ",")) {
                            guard reader.plainString() != nil, reader.take(UInt8(ascii: ":")), reader.skipValue() else {
                                throw fail("not valid JSON (the body ends early or is damaged)")
                            }
                        }
                        guard reader.take(UInt8(ascii: "}")), reader.atEnd() else { throw fail("not valid JSON (the body ends early or is damaged)") }
                        return candles
                    }
                    guard reader.skipValue() else { throw fail("not valid JSON (the body ends early or is damaged)") }
                } while reader.take(UInt8(ascii: ","))
            }
            throw fail("missing key \"\(member)\"")
        }
        let candles = try readArray(row: row)
        guard reader.atEnd() else { throw fail("not valid JSON (something follows the array)") }
        return candles
    }

    private mutating func readArray(row: (inout HistoryRows) throws -> Candle?) throws -> [Candle] {
        let base = path
        guard reader.take(UInt8(ascii: "[")) else { throw fail("expected an array of rows") }
        var candles: [Candle] = []
        if reader.take(UInt8(ascii: "]")) { return candles }
        var index = 0
        repeat {
            path = "\(base)[\(index)]"
            guard reader.next() != nil else { throw fail("not valid JSON (the body ends early)") }
            if let candle = try row(&self) { candles.append(candle) }
            index += 1
        } while reader.take(UInt8(ascii: ","))
        path = base
        guard reader.take(UInt8(ascii: "]")) else { throw fail("not valid JSON (the body ends early or is damaged)") }
        return candles
    }

    /// A decoding error at the current row (and `field`, a suffix like `[2]` or `.high_price`).
    func fail(_ what: String, field: String = "") -> ProviderError {
        var what = what
        if reader.index >= reader.bytes.count { what = "not valid JSON (the body ends early: truncated)" }
        let at = path + field
        return .decoding(provider: provider, detail: at.isEmpty ? what : "\(at): \(what)")
    }

    /// The number at the cursor, written as a JSON number or as a string holding one (`"60685.22000000"`).
    mutating func number(field: String) throws -> Double {
        guard let value = reader.numberOrString() else { throw fail("expected a number", field: field) }
        return value
    }

    /// The number at the cursor as milliseconds since 1970 (a whole number from 2009 to 2100).
    mutating func milliseconds(field: String) throws -> Int64 {
        let value = try number(field: field)
        guard value.rounded() == value, value >= 1_230_768_000_000, value < 4_102_444_800_000 else {
            throw fail("expected a time in milliseconds since 1970", field: field)
        }
        return Int64(value)
    }

    /// The ISO-8601 time string at the cursor (`2022-01-19T00:00:00Z`, or Upbit's zone-less `2020-02-20T11:19:00`,
    /// which is UTC) as milliseconds since 1970 (`DateTimeParser` reads years 1970-9999).
    mutating func isoTime(field: String) throws -> Int64 {
        guard let text = reader.plainString(), let date = DateTimeParser.parse(text, unzoned: .utc) else {
            throw fail("expected an ISO-8601 time", field: field)
        }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// Skips the value at the cursor.
    mutating func skip(field: String) throws {
        guard reader.skipValue() else { throw fail("not valid JSON (the body ends early or is damaged)", field: field) }
    }

    /// Reads an array row `[ms, n1, …, nCount, …]` (numbers or numeric strings; later fields
    /// skipped). The values are nil when one is `null` and `nullable` allows it.
    mutating func numberRow(count: Int, nullable: Bool = false) throws -> (time: Int64, values: [Double]?) {
        var time: Int64 = 0
        var values: [Double]? = []
        var fields = 0
        try array { rows, index in
            switch index {
            case 0: time = try rows.milliseconds(field: "[0]")
            case 1...count:
                if nullable, rows.reader.takeNull() { values = nil } else {
                    let value = try rows.number(field: "[\(index)]")
                    values?.append(value)
                }
            default: try rows.skip(field: "[\(index)]")
            }
            fields = index + 1
        }
        guard fields > count else { throw fail("expected at least \(count + 1) fields, got \(fields)") }
        return (time, values)
    }

    /// Reads an object row into a candle from the fields named `time` (ISO-8601), `open`, `high`,
    /// `low`, `close` and `volume` (optional, may be null); other fields are skipped.
    mutating func objectCandle(time timeKey: String, open openKey: String, high highKey: String, low lowKey: String,
                               close closeKey: String, volume volumeKey: String) throws -> Candle {
        var time: Int64?
        var open, high, low, close, volume: Double?
        try object { rows, key in
            switch key {
            case timeKey: time = try rows.isoTime(field: ".\(key)")
            case openKey: open = try rows.number(field: ".\(key)")
            case highKey: high = try rows.number(field: ".\(key)")
            case lowKey: low = try rows.number(field: ".\(key)")
            case closeKey: close = try rows.number(field: ".\(key)")
            case volumeKey: volume = rows.reader.takeNull() ? nil : try rows.number(field: ".\(key)")
            default: try rows.skip(field: ".\(key)")
            }
        }
        guard let time, let open, let high, let low, let close else {
            throw fail("missing \(timeKey) or a price (\(openKey), \(highKey), \(lowKey), \(closeKey))")
        }
        return Candle(openTime: time, open: open, high: high, low: low, close: close, volume: volume)
    }

    /// Reads an array row: `read` is called once per element with its index; the rest is checked.
    mutating func array(_ read: (inout HistoryRows, Int) throws -> Void) throws {
        guard reader.take(UInt8(ascii: "[")) else { throw fail("expected an array") }
        var index = 0
        if !reader.take(UInt8(ascii: "]")) {
            repeat {
                try read(&self, index)
                index += 1
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "]")) else { throw fail("not valid JSON (the body ends early or is damaged)") }
        }
    }

    /// Reads an object row: `read` is called with each key (the reader at its value) and must consume the value.
    mutating func object(_ read: (inout HistoryRows, String) throws -> Void) throws {
        guard reader.take(UInt8(ascii: "{")) else { throw fail("expected an object") }
        if reader.take(UInt8(ascii: "}")) { return }
        repeat {
            guard let key = reader.plainString(), reader.take(UInt8(ascii: ":")) else {
                throw fail("not valid JSON (the body ends early or is damaged)")
            }
            try read(&self, key)
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "}")) else { throw fail("not valid JSON (the body ends early or is damaged)") }
    }

    /// `candles` sorted by open time, a repeated time keeping the later row (impossible prices kept:
    /// `HistoryLoader` leaves those rows out).
    static func normalized(_ candles: [Candle]) -> [Candle] {
        var sorted = candles
        if !zip(candles, candles.dropFirst()).allSatisfy({ $0.openTime < $1.openTime }) {
            sorted = candles.enumerated().sorted { ($0.element.openTime, $0.offset) < ($1.element.openTime, $1.offset) }.map(\.element)
        }
        var out: [Candle] = []
        out.reserveCapacity(sorted.count)
        for candle in sorted {
            if let last = out.last, last.openTime == candle.openTime { out[out.count - 1] = candle } else { out.append(candle) }
        }
        return out
    }
}
