/// Percent-encoding for URL query values (RFC 3986: only unreserved characters stay as they are).
enum QueryString {
    /// `value` with every byte outside `A-Z a-z 0-9 - . _ ~` written as `%XX`.
    static func escape(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + hex(byte >> 4) + hex(byte & 0x0F)
            }
        }
        return out
    }

    /// `name=value&…` from already-escaped pairs, in order.
    static func join(_ items: [(name: String, value: String)]) -> String {
        items.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hex(_ nibble: UInt8) -> String {
        String(nibble, radix: 16, uppercase: true)
    }
}
