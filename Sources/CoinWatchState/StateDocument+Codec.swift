import CoinWatchSupport
import CoinWatchRules
extension StateWriter {
    /// The document as JSON bytes. Throws `Refused` for a non-finite number.
    static func encode(_ doc: StateDocument) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 * (doc.pairs.count + doc.prices.count + doc.memory.symbols.count + doc.memory.unresolved.count) + 256)
        try StateDocument.fields.write(doc, &out)
        return out
    }
}

extension StateValue where Value == PairTable {
    /// The pairs object in the file's order (the writer keeps the table's order, which the next pass
    /// expects); a repeated key gives up.
    static var pairs: StateValue {
        let pair = StateValue<PairState>.record
        func read(_ reader: inout JSONTokenizer, keeping keys: Set<String>?) -> PairTable? {
            var table = PairTable()
            return StateDirectDecoder.members(&reader, keeping: keys, pair.read) { table.insertNew($1, forKey: $0) } ? table : nil
        }
        return StateValue(read: { read(&$0, keeping: nil) }, write: { table, out in
            try StateWriter.object(zip(table.keys, table.values), &out, pair.write)
        }, readKeeping: { read(&$0, keeping: $1) })
    }
}
