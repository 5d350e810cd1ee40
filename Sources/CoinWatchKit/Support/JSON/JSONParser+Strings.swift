extension JSONParser {
    /// Parses a string at the cursor (which is on its opening quote), decoding escapes.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let (startLine, startColumn) = (line, column)
        advance()
        // Most strings are one run of plain bytes up to the closing quote: take it whole rather than
        // byte by byte (same cursor, line and column as `advance()` would leave).
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        for offset in index..<end where bytes[offset] & 0xC0 != 0x80 { column += 1 }
        let run = bytes[index..<end]
        index = end
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            advance()
            guard let text = String(validating: run, as: UTF8.self) else {
                throw JSONSyntaxError(line: startLine, column: startColumn,
                                      message: "the string holds bytes that are not valid UTF-8")
            }
            return text
        }
        var buffer = Array(run)
        while true {
            guard let byte = peek else {
                throw JSONSyntaxError(line: startLine, column: startColumn,
                                      message: "the string that starts here is never closed; expected '\"'")
            }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw JSONSyntaxError(line: startLine, column: startColumn,
                                          message: "the string holds bytes that are not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0x0A, 0x0D:
                throw error("line break inside a string; close it with '\"' or write \\n")
            case 0x00..<0x20:
                throw error("control character inside a string; write it as an escape such as \\t or \\u0001")
            default:
                buffer.append(byte)
                advance()
            }
        }
    }

    /// Decodes one escape sequence (cursor on the backslash) into UTF-8 bytes.
    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        let (escapeLine, escapeColumn) = (line, column)
        advance()
        guard let letter = peek else {
            throw error("unexpected end of file inside a string escape")
        }
        advance()
        if let byte = Self.unescaped(letter) {
            buffer.append(byte)
        } else if letter == UInt8(ascii: "u") {
            let scalar = try parseUnicodeEscape(line: escapeLine, column: escapeColumn)
            UTF8.encode(scalar) { buffer.append($0) }
        } else {
            throw JSONSyntaxError(line: escapeLine, column: escapeColumn,
                                  message: "invalid escape; JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
    }

    /// Decodes the hex digits after `\u`, pairing a high surrogate with the `\uDC00`–`\uDFFF` that must follow.
    mutating func parseUnicodeEscape(line escapeLine: Int, column escapeColumn: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        let unit = try parseHex4()
        let value: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw JSONSyntaxError(line: escapeLine, column: escapeColumn,
                                      message: "a high surrogate \\u escape must be followed by a low surrogate (\\uDC00-\\uDFFF)")
            }
            advance()
            advance()
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONSyntaxError(line: escapeLine, column: escapeColumn,
                                      message: "a high surrogate \\u escape must be followed by a low surrogate (\\uDC00-\\uDFFF)")
            }
            value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        case 0xDC00...0xDFFF:
            throw JSONSyntaxError(line: escapeLine, column: escapeColumn,
                                  message: "a low surrogate \\u escape must follow a high surrogate (\\uD800-\\uDBFF)")
        default:
            value = unit
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw JSONSyntaxError(line: escapeLine, column: escapeColumn, message: "the \\u escape is not a Unicode scalar")
        }
        return scalar
    }

    /// Reads exactly four hex digits.
    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexValue(byte) else {
                throw error("expected four hex digits after \\u, found \(found)")
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    /// The byte a one-letter escape stands for (`n` → 0x0A; `"`, `\\` and `/` for themselves), nil for
    /// `u` and any letter JSON has no escape for. The rules parser and `JSONByteReader` both decode with it.
    static func unescaped(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return letter
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return nil
        }
    }

    /// The value of one hex digit, or nil.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
