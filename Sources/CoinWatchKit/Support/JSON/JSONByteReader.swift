/// A forward-only reader over the bytes of a JSON document for the hand-written fast decoders.
/// It is strict: every read returns nil (or false) for anything outside plain, valid JSON it fully
/// understands, and the caller then decodes the whole document the general way, which reports the
/// problem (or accepts it) exactly as before. Positions are byte offsets into `bytes`.
struct JSONByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// A reader at the start of `bytes`, past a UTF-8 byte order mark.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// Whether only white space is left.
    mutating func atEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    /// Skips JSON white space.
    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` after white space; false (nothing consumed but the space) when another byte is next.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The next significant byte, not consumed.
    mutating func next() -> UInt8? {
        skipSpace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// The byte range inside the quotes of the string at the cursor, and whether it holds escapes;
    /// nil when no well-formed string is there (a control character, a bad escape, a lone surrogate).
    mutating func stringRange() -> (range: Range<Int>, escaped: Bool)? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var escaped = false
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let range = start..<index
                index += 1
                if !ascii, String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) == nil {
                    return nil
                }
                return (range, escaped)
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                guard skipEscape() else { return nil }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The string at the cursor when it holds no escape; nil otherwise.
    mutating func plainString() -> String? {
        guard let (range, escaped) = stringRange(), !escaped else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The string at the cursor with its escapes decoded; nil when it is not a well-formed string
    /// (a surrogate pair in a `\u` escape counts as not understood, see `stringRange`).
    mutating func string() -> String? {
        guard let (range, escaped) = stringRange() else { return nil }
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var offset = 0
        while offset < raw.count {
            let byte = raw[offset]
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                offset += 1
                continue
            }
            let letter = raw[offset + 1]
            offset += 2
            if letter == UInt8(ascii: "u") {
                var unit: UInt32 = 0
                for hex in raw[offset..<(offset + 4)] { unit = unit << 4 | (JSONParser.hexValue(hex) ?? 0) }
                offset += 4
                guard let scalar = Unicode.Scalar(unit) else { return nil }
                UTF8.encode(scalar) { decoded.append($0) }
            } else {
                decoded.append(JSONParser.unescaped(letter) ?? letter)  // `stringRange` let only JSON's escapes through
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Whether the bytes in `range` spell `word`.
    func bytes(in range: Range<Int>, equal word: [UInt8]) -> Bool {
        guard range.count == word.count else { return false }
        var offset = range.lowerBound
        for byte in word {
            if bytes[offset] != byte { return false }
            offset += 1
        }
        return true
    }

    /// The number at the cursor (RFC 8259 grammar) as a finite `Double`; nil otherwise. A number of
    /// at most 19 significant digits whose mantissa and power of ten are exact doubles is computed with
    /// one correctly rounded multiplication or division (the same double `Double(text)` gives); any
    /// other number is handed to `Double(text)`.
    mutating func number() -> Double? {
        skipSpace()
        let start = index
        var digits = DecimalDigits()
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { return nil }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                digits.add(bytes[index] &- UInt8(ascii: "0"), fraction: false)
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { return nil }
            while index < bytes.count, isDigit(bytes[index]) {
                digits.add(bytes[index] &- UInt8(ascii: "0"), fraction: true)
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var sign = 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                if bytes[index] == UInt8(ascii: "-") { sign = -1 }
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { return nil }
            var exponent = 0
            while index < bytes.count, isDigit(bytes[index]) {
                if exponent < 10_000 { exponent = exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            digits.scale += sign * exponent
        }
        if let exact = digits.exactValue {
            return negative ? -exact : exact
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Consumes `null`; false when something else is next.
    mutating func takeNull() -> Bool { takeWord([0x6E, 0x75, 0x6C, 0x6C]) }

    /// Skips one value of any kind, nested at most `depth` deep; false when it is not valid JSON.
    mutating func skipValue(depth: Int = 64) -> Bool {
        guard depth > 0, let byte = next() else { return false }
        switch byte {
        case UInt8(ascii: "\""): return stringRange() != nil
        case UInt8(ascii: "t"): return takeWord([0x74, 0x72, 0x75, 0x65])
        case UInt8(ascii: "f"): return takeWord([0x66, 0x61, 0x6C, 0x73, 0x65])
        case UInt8(ascii: "n"): return takeNull()
        case UInt8(ascii: "["):
            index += 1
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                guard skipValue(depth: depth - 1) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        case UInt8(ascii: "{"):
            index += 1
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                guard stringRange() != nil, take(UInt8(ascii: ":")), skipValue(depth: depth - 1) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        default:
            return number() != nil
        }
    }

    /// Consumes `word` (a literal such as `true`) after white space; false when something else is next.
    mutating func takeWord(_ word: [UInt8]) -> Bool {
        skipSpace()
        guard index + word.count <= bytes.count, self.bytes(in: index..<(index + word.count), equal: word) else { return false }
        index += word.count
        return true
    }

    /// Skips `\x` or `\uXXXX` (not a surrogate, which the general decoder pairs or refuses).
    private mutating func skipEscape() -> Bool {
        guard index + 1 < bytes.count else { return false }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
            return true
        case UInt8(ascii: "u"):
            guard index + 6 <= bytes.count else { return false }
            var unit: UInt32 = 0
            for offset in 2..<6 {
                guard let digit = JSONParser.hexValue(bytes[index + offset]) else { return false }
                unit = unit << 4 | digit
            }
            guard !(0xD800...0xDFFF).contains(unit) else { return false }
            index += 6
            return true
        default:
            return false
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
