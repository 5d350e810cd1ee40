extension JSONParser {
    /// The byte at the cursor, or nil at the end.
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves past one byte, keeping line and column (columns count characters, not bytes).
    mutating func advance() {
        guard index < bytes.count else { return }
        let byte = bytes[index]
        index += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Skips JSON whitespace: space, tab, line feed and carriage return.
    mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            advance()
        }
    }

    /// Skips a UTF-8 byte order mark at the very start.
    mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
        }
    }

    /// A syntax error at the cursor.
    func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    /// The character at the cursor, described for an error message.
    var found: String {
        guard let byte = peek else { return "end of file" }
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        if byte < 0x80 {
            return "a control character (byte 0x\(String(byte, radix: 16, uppercase: true)))"
        }
        let end = min(bytes.count, index + 4)
        for length in stride(from: end - index, through: 1, by: -1) {
            if let text = String(validating: bytes[index..<(index + length)], as: UTF8.self), text.count == 1 {
                return "'\(text)'"
            }
        }
        return "an invalid UTF-8 byte"
    }
}
