/// The fast path of reading a state file: every section and record is read straight from the bytes
/// by its field table (`StateFields`), the same table the writer and `Codable` use. It gives up (nil)
/// on anything it cannot vouch for (an escape in a record's key, a duplicate key, a null where a
/// value is required, a version out of range), and `StateDecoding` then reads the whole file the
/// general way, which reports the problem exactly as before.
public enum StateDirectDecoder {
    /// An object's members in order, each value read by `read` and handed to `insert`; false when
    /// `read` refuses a value or `insert` a key (a duplicate). With `keys`, a member whose key is not
    /// among them is skipped unread (`skipValue`), its key compared by its bytes (`KeptKeys`).
    @inlinable public static func members<Value>(_ reader: inout JSONTokenizer, keeping keys: Set<String>? = nil,
                               _ read: (inout JSONTokenizer) -> Value?, insert: (String, Value) -> Bool) -> Bool {
        let kept = keys.map(KeptKeys.init)
        guard reader.take(UInt8(ascii: "{")) else { return false }
        if reader.take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let (key, escaped) = reader.stringRange(), reader.take(UInt8(ascii: ":")) else { return false }
            if kept?.contains(key, escaped: escaped, in: reader) == false {
                guard reader.skipValue() else { return false }
                continue
            }
            guard let value = read(&reader), insert(reader.text(of: key, escaped: escaped), value) else { return false }
        } while reader.take(UInt8(ascii: ","))
        return reader.take(UInt8(ascii: "}"))
    }

    /// The keys of the members a partial read keeps, looked up by the bytes a member's key is
    /// written as, so that passing over the thousands it does not keep makes no string (and no
    /// hash) for them. A key written with an escape or a byte outside ASCII is compared as a
    /// string, and so is every key when a kept one is not ASCII: string equality is canonical
    /// equivalence (U+212A KELVIN SIGN equals `K`), byte equality is not.
    public final class KeptKeys {
        /// The keys.
        let names: Set<String>
        /// The UTF-8 of `names`, the shorter first, then by their bytes from the last (where keys
        /// made alike differ first); nil when one is not ASCII.
        let ordered: [[UInt8]]?

        /// The keys `names`.
        public init(_ names: Set<String>) {
            self.names = names
            let utf8 = names.map { Array($0.utf8) }
            ordered = utf8.allSatisfy { $0.allSatisfy { $0 < 0x80 } }
                ? utf8.sorted { $0.count != $1.count ? $0.count < $1.count : $0.reversed().lexicographicallyPrecedes($1.reversed()) } : nil
        }

        /// Whether the key `reader` read as `range` of its bytes (`escaped` when it holds an escape) is one of the keys.
        public func contains(_ range: Range<Int>, escaped: Bool, in reader: JSONTokenizer) -> Bool {
            guard let ordered, !escaped else { return names.contains(reader.text(of: range, escaped: escaped)) }
            // A binary search of `ordered`, then, for a key not found, whether it is ASCII.
            var (low, high) = (0, ordered.count)
            while low < high {
                let middle = (low + high) / 2
                let order = ordered[middle].withUnsafeBufferPointer { kept -> Int in
                    guard kept.count == range.count else { return kept.count < range.count ? 1 : -1 }
                    var offset = kept.count
                    while offset > 0 {
                        offset -= 1
                        let byte = reader.bytes[range.lowerBound + offset]
                        if kept[offset] != byte { return kept[offset] < byte ? 1 : -1 }
                    }
                    return 0
                }
                if order == 0 { return true }
                if order > 0 { low = middle + 1 } else { high = middle }
            }
            var (bits, at): (UInt64, Int) = (0, range.lowerBound)
            while at + ByteBlock.width <= range.upperBound {
                bits |= ByteBlock.load(reader.bytes, at)
                at += ByteBlock.width
            }
            while at < range.upperBound {
                bits |= UInt64(reader.bytes[at])
                at += 1
            }
            return ByteBlock.high(bits) != 0 && names.contains(reader.text(of: range, escaped: false))
        }
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
