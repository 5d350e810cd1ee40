/// The fast path of reading a state file: every section and record is read straight from the bytes
/// by its field table (`StateFields`), the same table the writer and `Codable` use. It gives up (nil)
/// on anything it cannot vouch for (an escape in a record's key, a duplicate key, a null where a
/// value is required, a version out of range), and `StateDecoding` then reads the whole file the
/// general way, which reports the problem exactly as before.
enum StateDirectDecoder {
    /// The document in `bytes`, or nil when the general decoder must decide.
    /// With `sections`, only those parts are read and the rest skipped (a document to read from, never
    /// to save); `quote_cache` (`provider|vs|coin`) and `prices` (`coin|vs`) keep only the entries of
    /// `sections.coins`, `pairs` only those of `sections.rule`; the entries left out are skipped unread.
    static func decode(_ bytes: [UInt8], sections: StateSections = .all) -> StateDocument? {
        var keeping: [String: (String) -> Bool] = [:]
        if let coins = sections.coins {
            keeping["quote_cache"] = { coins.contains(part(of: $0, after: true)) }
            keeping["prices"] = { coins.contains(part(of: $0, after: false)) }
        }
        if let rule = sections.rule {
            let prefix = StateDocument.pairKey(rule: rule, coin: "")
            keeping["pairs"] = { $0.hasPrefix(prefix) }
        }
        return bytes.withUnsafeBufferPointer { buffer -> StateDocument? in
            var reader = JSONTokenizer(buffer)
            guard let doc = StateDocument.fields.read(&reader, only: sections.names, keeping: keeping), reader.atEnd() else {
                return nil
            }
            return doc
        }
    }

    /// The part of a key after its last `|` (`after`), else before it; the whole key without one.
    private static func part(of key: String, after: Bool) -> String {
        let utf8 = key.utf8
        guard let bar = utf8.lastIndex(of: UInt8(ascii: "|")) else { return key }
        return String(after ? key[utf8.index(after: bar)...] : key[..<bar])
    }

    /// An object's members in order, each value read by `read` and handed to `insert`; false when
    /// `read` refuses a value or `insert` a key (a duplicate). With `keep`, a member whose key it
    /// refuses is skipped unread.
    static func members<Value>(_ reader: inout JSONTokenizer, keeping keep: ((String) -> Bool)? = nil,
                               _ read: (inout JSONTokenizer) -> Value?, insert: (String, Value) -> Bool) -> Bool {
        guard reader.take(UInt8(ascii: "{")) else { return false }
        if reader.take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let name = reader.string(), reader.take(UInt8(ascii: ":")) else { return false }
            if let keep, !keep(name) {
                guard reader.skipValue() else { return false }
                continue
            }
            guard let value = read(&reader), insert(name, value) else { return false }
        } while reader.take(UInt8(ascii: ","))
        return reader.take(UInt8(ascii: "}"))
    }

    /// A whole number written without fraction or exponent.
    static func integer(_ reader: inout JSONTokenizer) -> Int? {
        guard let next = reader.next(), next == UInt8(ascii: "-") || (next >= 0x30 && next <= 0x39) else { return nil }
        let start = reader.index
        guard let value = reader.number(), let whole = Int(exactly: value) else { return nil }
        for offset in start..<reader.index where !(reader.bytes[offset] == 0x2D || (0x30...0x39).contains(reader.bytes[offset])) {
            return nil
        }
        return whole
    }
}

extension StateValue where Value == Int {
    /// The document's `version`: a whole number from 1 to `StateDocument.currentVersion`.
    static var version: StateValue {
        StateValue(read: { reader in
            StateDirectDecoder.integer(&reader).flatMap { (1...StateDocument.currentVersion).contains($0) ? $0 : nil }
        }, write: StateValue.integer.write)
    }
}
