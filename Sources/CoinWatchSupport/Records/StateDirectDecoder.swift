/// The fast path of reading a state file: every section and record is read straight from the bytes
/// by its field table (`StateFields`), the same table the writer and `Codable` use. It gives up (nil)
/// on anything it cannot vouch for (an escape in a record's key, a duplicate key, a null where a
/// value is required, a version out of range), and `StateDecoding` then reads the whole file the
/// general way, which reports the problem exactly as before.
public enum StateDirectDecoder {
    /// An object's members in order, each value read by `read` and handed to `insert`; false when
    /// `read` refuses a value or `insert` a key (a duplicate). With `keys`, a member whose key is not
    /// among them is skipped unread (`skipValue`).
    @inlinable public static func members<Value>(_ reader: inout JSONTokenizer, keeping keys: Set<String>? = nil,
                               _ read: (inout JSONTokenizer) -> Value?, insert: (String, Value) -> Bool) -> Bool {
        guard reader.take(UInt8(ascii: "{")) else { return false }
        if reader.take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let (key, escaped) = reader.stringRange(), reader.take(UInt8(ascii: ":")) else { return false }
            let name = reader.text(of: key, escaped: escaped)
            if let keys, !keys.contains(name) {
                guard reader.skipValue() else { return false }
                continue
            }
            guard let value = read(&reader), insert(name, value) else { return false }
        } while reader.take(UInt8(ascii: ","))
        return reader.take(UInt8(ascii: "}"))
    }

    /// A whole number written without fraction or exponent.
    @inlinable public static func integer(_ reader: inout JSONTokenizer) -> Int? {
        guard let next = reader.next(), next == UInt8(ascii: "-") || (next >= 0x30 && next <= 0x39) else { return nil }
        let start = reader.index
        guard let value = reader.number(), let whole = Int(exactly: value) else { return nil }
        for offset in start..<reader.index where !(reader.bytes[offset] == 0x2D || (0x30...0x39).contains(reader.bytes[offset])) {
            return nil
        }
        return whole
    }
}
