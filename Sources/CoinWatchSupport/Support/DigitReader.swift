/// Reads fixed-width decimal fields from ASCII bytes.
struct DigitReader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }

    /// Consumes `character` when it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Consumes exactly `width` digits.
    mutating func number(_ width: Int) -> Int? {
        guard index + width <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<(index + width)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += width
        return value
    }

    /// Consumes one or more digits as a fraction of a second.
    mutating func fraction() -> Double? {
        var scale = 0.1
        var value = 0.0
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            value += Double(bytes[index] - UInt8(ascii: "0")) * scale
            scale /= 10
            index += 1
        }
        return index > start ? value : nil
    }
}
