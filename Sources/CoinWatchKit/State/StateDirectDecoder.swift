#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fast path of reading a state file: prices, pairs, backoff, resolved and unresolved favorites,
/// symbols and the last pass's time (the sections that grow with the watchlist) are read straight from the bytes; the outbox, quote cache,
/// charts, listings, silences and outages are handed to `JSONDecoder` section by section. It gives up (nil) on anything
/// it cannot vouch for (an escape in a key, a duplicate key, a null where a value is required, a
/// version out of range), and `StateDecoding` then reads the whole file the general way, which
/// reports the problem exactly as before.
enum StateDirectDecoder {
    /// The document in `bytes`, or nil when the general decoder must decide.
    /// With `sections`, only those parts are read and the rest skipped (a document to read from, never to save).
    static func decode(_ bytes: [UInt8], sections: StateSections = .all) -> StateDocument? {
        bytes.withUnsafeBufferPointer { buffer -> StateDocument? in
            var reader = JSONTokenizer(buffer)
            var doc = StateDocument()
            var hasVersion = false
            var names = Set<String>()
            guard readObject(&reader, member: { reader, key in
                let name = String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[key]), as: UTF8.self)
                guard names.insert(name).inserted else { return false }
                if name != "version", let wanted = sections.names, !wanted.contains(name) { return reader.skipValue() }
                switch name {
                case "version":
                    guard let version = integer(&reader),
                          (1...StateDocument.currentVersion).contains(version) else { return false }
                    doc.version = version
                    hasVersion = true
                case "prices":
                    if let coins = sections.coins {
                        return filtered(&reader, wanted: coins, part: .beforeLast, series) { doc.prices.updateValue($1, forKey: $0) == nil }
                    }
                    return section(&reader, into: &doc.prices, series)
                case "pairs":
                    if let rule = sections.rule {
                        return filtered(&reader, wanted: [rule], part: .beforeFirst, pair) { doc.pairs.insertNew($1, forKey: $0) }
                    }
                    return pairs(&reader, into: &doc.pairs)
                case "backoff": return section(&reader, into: &doc.memory.backoff) { $0.number() }
                case "unresolved": return section(&reader, into: &doc.memory.unresolved) { $0.number() }
                case "last_pass":
                    guard let value = optionalNumber(&reader) else { return false }
                    doc.lastPass = value
                case "symbols": return section(&reader, into: &doc.memory.symbols) { $0.string() }
                case "resolved":
                    return section(&reader, into: &doc.memory.resolved) { reader in
                        var ids: [String: String] = [:]
                        return dictionary(&reader, into: &ids) { $0.string() } ? ids : nil
                    }
                case "outbox": return delegated(&reader, into: &doc.outbox)
                case "file_spool": return delegated(&reader, into: &doc.fileSpool)
                case "quote_cache":
                    if let coins = sections.coins {
                        return filtered(&reader, wanted: coins, part: .afterLast, cachedQuote) { doc.memory.quoteCache.updateValue($1, forKey: $0) == nil }
                    }
                    return delegated(&reader, into: &doc.memory.quoteCache)
                case "charts": return delegated(&reader, into: &doc.memory.charts)
                case "listings": return delegated(&reader, into: &doc.memory.listings)
                case "windows": return delegated(&reader, into: &doc.memory.windows)
                case "silences": return delegated(&reader, into: &doc.silences)
                case "outages": return delegated(&reader, into: &doc.outages)
                case "counters": return section(&reader, into: &doc.counters) { $0.number() }
                default: return reader.skipValue()
                }
                return true
            }), hasVersion, reader.atEnd() else { return nil }
            return doc
        }
    }

    /// Reads `{ "key": value, ... }`, calling `member` with each key's byte range (the cursor on its
    /// value); false when the object is malformed, a key holds an escape, or `member` says so.
    private static func readObject(_ reader: inout JSONTokenizer,
                                   member: (inout JSONTokenizer, Range<Int>) -> Bool) -> Bool {
        guard reader.take(UInt8(ascii: "{")) else { return false }
        if reader.take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let (key, escaped) = reader.stringRange(), !escaped, reader.take(UInt8(ascii: ":")),
                  member(&reader, key) else { return false }
        } while reader.take(UInt8(ascii: ","))
        return reader.take(UInt8(ascii: "}"))
    }

    /// An object of `value`s into `dictionary`; false on a duplicate key or a value `read` refuses.
    private static func dictionary<Value>(_ reader: inout JSONTokenizer, into dictionary: inout [String: Value],
                                          _ read: (inout JSONTokenizer) -> Value?) -> Bool {
        members(&reader, read) { dictionary.updateValue($1, forKey: $0) == nil }
    }

    /// An object's members in order, each value read by `read` and handed to `insert`; false when
    /// `read` refuses a value or `insert` a key (a duplicate).
    private static func members<Value>(_ reader: inout JSONTokenizer, _ read: (inout JSONTokenizer) -> Value?,
                                       insert: (String, Value) -> Bool) -> Bool {
        guard reader.take(UInt8(ascii: "{")) else { return false }
        if reader.take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let name = reader.string(), reader.take(UInt8(ascii: ":")), let value = read(&reader),
                  insert(name, value) else { return false }
        } while reader.take(UInt8(ascii: ","))
        return reader.take(UInt8(ascii: "}"))
    }

    /// A top-level section that may be null (then left empty, as `decodeIfPresent` leaves it).
    private static func section<Value>(_ reader: inout JSONTokenizer, into dictionary: inout [String: Value],
                                       _ read: (inout JSONTokenizer) -> Value?) -> Bool {
        if reader.next() == UInt8(ascii: "n") { return reader.takeNull() }
        return self.dictionary(&reader, into: &dictionary, read)
    }

    /// The pairs section, in the file's order (null leaves it empty); a repeated key gives up.
    private static func pairs(_ reader: inout JSONTokenizer, into table: inout PairTable) -> Bool {
        if reader.next() == UInt8(ascii: "n") { return reader.takeNull() }
        return members(&reader, pair) { table.insertNew($1, forKey: $0) }
    }

    /// Which part of a `a|b|c` key a filter looks at.
    private enum KeyPart {
        /// After the last `|`: the coin of a `quote_cache` key (`provider|vs|coin`).
        case afterLast
        /// Before the last `|`: the coin of a `prices` key (`coin|vs`).
        case beforeLast
        /// Before the first `|`: the rule of a `pairs` key (`rule|coin`).
        case beforeFirst
    }

    /// An object's members whose key's `part` is in `wanted` (null leaves it empty): each read by `read`
    /// and handed to `insert`, the others skipped unread. False on a bad value or a refused key (a duplicate).
    private static func filtered<Value>(_ reader: inout JSONTokenizer, wanted: Set<String>, part: KeyPart,
                                        _ read: (inout JSONTokenizer) -> Value?, insert: (String, Value) -> Bool) -> Bool {
        if reader.next() == UInt8(ascii: "n") { return reader.takeNull() }
        guard reader.take(UInt8(ascii: "{")) else { return false }
        if reader.take(UInt8(ascii: "}")) { return true }
        let bar = UInt8(ascii: "|")
        repeat {
            guard let (range, escaped) = reader.stringRange(), reader.take(UInt8(ascii: ":")) else { return false }
            let key = reader.bytes[range]
            var piece = range
            switch part {
            case .afterLast: if let at = key.lastIndex(of: bar) { piece = (at + 1)..<range.upperBound }
            case .beforeLast: if let at = key.lastIndex(of: bar) { piece = range.lowerBound..<at }
            case .beforeFirst: if let at = key.firstIndex(of: bar) { piece = range.lowerBound..<at }
            }
            // A short part makes a small string, which allocates nothing; an escaped key is read whole.
            let name = escaped ? nil : String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[piece]), as: UTF8.self)
            if let name, !wanted.contains(name) {
                guard reader.skipValue() else { return false }
                continue
            }
            guard let value = read(&reader), insert(reader.text(of: range, escaped: escaped), value) else { return false }
        } while reader.take(UInt8(ascii: ","))
        return reader.take(UInt8(ascii: "}"))
    }

    /// One `CachedQuote`, decoded by `JSONDecoder` from its own bytes.
    private static func cachedQuote(_ reader: inout JSONTokenizer) -> CachedQuote? {
        var cached: CachedQuote?
        return delegated(&reader, into: &cached) ? cached : nil
    }

    /// A section decoded by `JSONDecoder` from its own bytes (null leaves it empty).
    private static func delegated<Value: Decodable>(_ reader: inout JSONTokenizer,
                                                                   into value: inout Value) -> Bool {
        if reader.next() == UInt8(ascii: "n") { return reader.takeNull() }
        let start = reader.index
        guard reader.skipValue() else { return false }
        let bytes = UnsafeBufferPointer(rebasing: reader.bytes[start..<reader.index])
        guard let decoded = try? JSONDecoder().decode(Value.self, from: Data(buffer: bytes)) else { return false }
        value = decoded
        return true
    }

    /// One `PriceSeries`: `first_seen` required, `covered_from` and `points` optional, as `init(from:)`.
    private static func series(_ reader: inout JSONTokenizer) -> PriceSeries? {
        var firstSeen: Double?
        var coveredFrom: Double??
        var points: [PricePoint]??
        let read = readObject(&reader) { reader, key in
            switch String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[key]), as: UTF8.self) {
            case "first_seen":
                guard firstSeen == nil, let value = reader.number() else { return false }
                firstSeen = value
            case "covered_from":
                guard coveredFrom == nil, let value = optionalNumber(&reader) else { return false }
                coveredFrom = .some(value)
            case "points":
                guard points == nil, let value = optionalPoints(&reader) else { return false }
                points = .some(value)
            default:
                return reader.skipValue()
            }
            return true
        }
        guard read, let firstSeen else { return nil }
        let kept = (points ?? nil) ?? []
        var result = PriceSeries(firstSeen: firstSeen, points: kept)
        result.coveredFrom = (coveredFrom ?? nil) ?? max(firstSeen, kept.first?.time ?? firstSeen)
        return result
    }

    /// `points`: null, or an array of `[t, p]` pairs.
    private static func optionalPoints(_ reader: inout JSONTokenizer) -> [PricePoint]?? {
        if reader.next() == UInt8(ascii: "n") { return reader.takeNull() ? .some(nil) : nil }
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var points: [PricePoint] = []
        if reader.take(UInt8(ascii: "]")) { return .some(points) }
        repeat {
            guard reader.take(UInt8(ascii: "[")), let t = reader.number(), reader.take(UInt8(ascii: ",")),
                  let p = reader.number(), reader.take(UInt8(ascii: "]")) else { return nil }
            points.append(PricePoint(time: t, price: p))
        } while reader.take(UInt8(ascii: ","))
        return reader.take(UInt8(ascii: "]")) ? .some(points) : nil
    }

    /// One `PairState`: every field optional (null or missing is the default), as `init(from:)`.
    private static func pair(_ reader: inout JSONTokenizer) -> PairState? {
        var pair = PairState()
        var seen: UInt8 = 0
        let read = readObject(&reader) { reader, key in
            let name = String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[key]), as: UTF8.self)
            let field: UInt8
            switch name {
            case "firing": field = 0
            case "true_since": field = 1
            case "last_notified": field = 2
            case "last_fired": field = 3
            case "fired_once": field = 4
            case "resolved_once": field = 5
            case "rearm_at": field = 6
            case "reference": field = 7
            default: return reader.skipValue()  // `last_price` of older files among them
            }
            guard seen & (1 << field) == 0 else { return false }
            seen |= 1 << field
            switch field {
            case 0, 4, 5:
                guard let flag = optionalBool(&reader) else { return false }
                let value = flag ?? false
                if field == 0 { pair.firing = value } else if field == 4 { pair.firedOnce = value } else { pair.resolvedOnce = value }
            default:
                guard let number = optionalNumber(&reader) else { return false }
                switch field {
                case 1: pair.trueSince = number
                case 2: pair.lastNotified = number
                case 3: pair.lastFired = number
                case 6: pair.rearmAt = number
                default: pair.reference = number
                }
            }
            return true
        }
        return read ? pair : nil
    }

    /// A number or null (`.some(nil)`); nil for anything else.
    private static func optionalNumber(_ reader: inout JSONTokenizer) -> Double?? {
        if reader.next() == UInt8(ascii: "n") { return reader.takeNull() ? .some(nil) : nil }
        return reader.number().map { .some($0) }
    }

    /// `true`, `false` or null (`.some(nil)`); nil for anything else.
    private static func optionalBool(_ reader: inout JSONTokenizer) -> Bool?? {
        switch reader.next() {
        case UInt8(ascii: "n"): return reader.takeNull() ? .some(nil) : nil
        case UInt8(ascii: "t"): return reader.takeWord(Array("true".utf8)) ? .some(true) : nil
        case UInt8(ascii: "f"): return reader.takeWord(Array("false".utf8)) ? .some(false) : nil
        default: return nil
        }
    }

    /// A whole number written without fraction or exponent.
    private static func integer(_ reader: inout JSONTokenizer) -> Int? {
        guard let next = reader.next(), next == UInt8(ascii: "-") || (next >= 0x30 && next <= 0x39) else { return nil }
        let start = reader.index
        guard let value = reader.number(), let whole = Int(exactly: value) else { return nil }
        for offset in start..<reader.index where !(reader.bytes[offset] == 0x2D || (0x30...0x39).contains(reader.bytes[offset])) {
            return nil
        }
        return whole
    }
}
