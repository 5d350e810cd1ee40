/// Writes a state document by its field tables (`StateFields`, the ones the reader uses): every
/// object's keys in sorted order, as `JSONEncoder` with `.sortedKeys` writes them, a pair's default
/// values left out, numbers by the one number rule and strings by the one escaper (`JSONOut`),
/// except that the pairs keep their table's order (`PairTable`, which the next pass expects).
public enum StateWriter {
    /// A value the writer refuses (a non-finite number): the caller encodes the general way, which says why.
    public struct Refused: Error { @inlinable public init() {} }

    /// `{"key":value,...}` with the members in the order given.
    @inlinable public static func object<Members: Sequence, Value>(_ members: Members, _ out: inout [UInt8],
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

    /// `"name":`.
    @inlinable public static func key(_ name: String, _ out: inout [UInt8]) {
        string(name, &out)
        out.append(UInt8(ascii: ":"))
    }

    /// A finite number by the one number rule (`JSONOut.number`). Throws `Refused` for NaN and infinities.
    @inlinable public static func number(_ value: Double, _ out: inout [UInt8]) throws {
        guard value.isFinite else { throw Refused() }
        JSONOut.writeNumber(value, into: &out)
    }

    /// A JSON string by the one string escaper (`JSONOut.quote`).
    @inlinable public static func string(_ text: String, _ out: inout [UInt8]) {
        JSONOut.writeString(text, into: &out)
    }
}
