#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a state document as the same JSON `JSONEncoder` with sorted keys writes (every object's
/// keys in order, a pair's default values left out, whole numbers without `.0`), except that the
/// pairs keep their table's order (`PairTable`, which the next pass expects), but straight into
/// bytes for the sections that grow with the watchlist: prices, pairs, backoff, resolved and
/// unresolved favorites and symbols. The outbox, quote cache, charts, listings, silences and outages go through `JSONEncoder` section by section.
enum StateWriter {
    /// A value `JSONEncoder` refuses (a non-finite number): the caller encodes the general way, which says why.
    struct Refused: Error {}

    /// The document as JSON bytes. Throws `Refused` for a non-finite number, or what `JSONEncoder` throws.
    static func encode(_ doc: StateDocument) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 * (doc.pairs.count + doc.prices.count + doc.memory.symbols.count + doc.memory.unresolved.count) + 256)
        out.append(UInt8(ascii: "{"))
        key("backoff", &out)
        try object(doc.memory.backoff, &out) { try number($0, &$1) }
        out.append(UInt8(ascii: ","))
        key("charts", &out)
        try delegated(doc.memory.charts, empty: doc.memory.charts.isEmpty, &out)
        out.append(UInt8(ascii: ","))
        key("counters", &out)
        try object(doc.counters, &out) { try number($0, &$1) }
        out.append(UInt8(ascii: ","))
        key("file_spool", &out)
        object(doc.fileSpool, &out) { records, out in
            out.append(UInt8(ascii: "["))
            for (index, record) in records.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(record, &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: ","))
        if let lastPass = doc.lastPass {
            key("last_pass", &out)
            try number(lastPass, &out)
            out.append(UInt8(ascii: ","))
        }
        key("listings", &out)
        try delegated(doc.memory.listings, empty: doc.memory.listings.isEmpty, &out)
        out.append(UInt8(ascii: ","))
        key("outages", &out)
        try delegated(doc.outages, empty: doc.outages.isEmpty, &out)
        out.append(UInt8(ascii: ","))
        key("outbox", &out)
        try delegated(doc.outbox, empty: doc.outbox.isEmpty, &out)
        out.append(UInt8(ascii: ","))
        key("pairs", &out)
        try pairs(doc.pairs, &out)
        out.append(UInt8(ascii: ","))
        key("prices", &out)
        try object(doc.prices, &out, series)
        out.append(UInt8(ascii: ","))
        key("quote_cache", &out)
        try delegated(doc.memory.quoteCache, empty: doc.memory.quoteCache.isEmpty, &out)
        out.append(UInt8(ascii: ","))
        key("resolved", &out)
        object(doc.memory.resolved, &out) { ids, out in object(ids, &out) { string($0, &$1) } }
        out.append(UInt8(ascii: ","))
        key("silences", &out)
        try delegated(doc.silences, empty: doc.silences.isEmpty, &out)
        out.append(UInt8(ascii: ","))
        key("symbols", &out)
        object(doc.memory.symbols, &out) { string($0, &$1) }
        out.append(UInt8(ascii: ","))
        key("unresolved", &out)
        try object(doc.memory.unresolved, &out) { try number($0, &$1) }
        out.append(UInt8(ascii: ","))
        key("version", &out)
        out.append(contentsOf: String(doc.version).utf8)
        if !doc.memory.windows.isEmpty {
            out.append(UInt8(ascii: ","))
            key("windows", &out)
            try delegated(doc.memory.windows, empty: false, &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// `{"key":value,...}` with the keys in sorted order.
    private static func object<Value>(_ dictionary: [String: Value], _ out: inout [UInt8],
                                      _ write: (Value, inout [UInt8]) throws -> Void) rethrows {
        try object(dictionary.keys.sorted().lazy.compactMap { name in dictionary[name].map { (name, $0) } }, &out, write)
    }

    /// `{"key":pair,...}` in the table's order, which the next pass expects (`PairTable`).
    private static func pairs(_ table: PairTable, _ out: inout [UInt8]) throws {
        try object(zip(table.keys, table.values), &out, pair)
    }

    /// `{"key":value,...}` with the members in the order given.
    private static func object<Members: Sequence, Value>(_ members: Members, _ out: inout [UInt8],
                                                         _ write: (Value, inout [UInt8]) throws -> Void) rethrows
        where Members.Element == (String, Value) {
        out.append(UInt8(ascii: "{"))
        var first = true
        for (name, value) in members {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            string(name, &out)
            out.append(UInt8(ascii: ":"))
            try write(value, &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A section `JSONEncoder` writes (with sorted keys); an empty one is written directly.
    private static func delegated<Value: Encodable & Collection>(_ value: Value, empty: Bool, _ out: inout [UInt8]) throws {
        if empty {
            out.append(contentsOf: (value is any ExpressibleByArrayLiteral ? "[]" : "{}").utf8)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        out.append(contentsOf: try encoder.encode(value))
    }

    /// A pair without its default values, keys sorted (as `PairState.encode(to:)` with sorted keys).
    private static func pair(_ pair: PairState, _ out: inout [UInt8]) throws {
        out.append(UInt8(ascii: "{"))
        var first = true
        func field(_ name: String) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            key(name, &out)
        }
        func field(_ name: String, _ value: Double?) throws {
            guard let value else { return }
            field(name)
            try number(value, &out)
        }
        if pair.firedOnce {
            field("fired_once")
            out.append(contentsOf: "true".utf8)
        }
        if pair.firing {
            field("firing")
            out.append(contentsOf: "true".utf8)
        }
        try field("last_fired", pair.lastFired)
        try field("last_notified", pair.lastNotified)
        try field("rearm_at", pair.rearmAt)
        try field("reference", pair.reference)
        if pair.resolvedOnce {
            field("resolved_once")
            out.append(contentsOf: "true".utf8)
        }
        try field("true_since", pair.trueSince)
        out.append(UInt8(ascii: "}"))
    }

    /// `{"covered_from":…,"first_seen":…,"points":[[t,p],…]}`.
    private static func series(_ series: PriceSeries, _ out: inout [UInt8]) throws {
        key("covered_from", &out, opening: true)
        try number(series.coveredFrom, &out)
        out.append(UInt8(ascii: ","))
        key("first_seen", &out)
        try number(series.firstSeen, &out)
        out.append(UInt8(ascii: ","))
        key("points", &out)
        out.append(UInt8(ascii: "["))
        for (index, point) in series.points.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            try number(point.time, &out)
            out.append(UInt8(ascii: ","))
            try number(point.price, &out)
            out.append(UInt8(ascii: "]"))
        }
        out.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "}")])
    }

    /// `"name":` (after `{` when `opening`).
    static func key(_ name: String, _ out: inout [UInt8], opening: Bool = false) {
        if opening { out.append(UInt8(ascii: "{")) }
        string(name, &out)
        out.append(UInt8(ascii: ":"))
    }

    /// A finite number by the one number rule (`JSONOut.number`). Throws `Refused` for NaN and infinities.
    static func number(_ value: Double, _ out: inout [UInt8]) throws {
        guard value.isFinite else { throw Refused() }
        JSONOut.writeNumber(value, into: &out)
    }

    /// A JSON string by the one string escaper (`JSONOut.quote`).
    static func string(_ text: String, _ out: inout [UInt8]) {
        JSONOut.writeString(text, into: &out)
    }
}
