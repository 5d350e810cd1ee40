extension JSONParser {
    /// Parses an RFC 8259 number into a finite `Double`.
    mutating func parseNumber() throws(JSONSyntaxError) -> JSONNode {
        let (startLine, startColumn) = (line, column)
        let start = index
        if peek == UInt8(ascii: "-") {
            advance()
        }
        guard let first = peek, Self.isDigit(first) else {
            if peek == UInt8(ascii: "I") {
                throw error("-Infinity is not a JSON number; write a finite number")
            }
            throw error("expected a digit after '-', found \(found)")
        }
        advance()
        if first == UInt8(ascii: "0") {
            if let next = peek, Self.isDigit(next) {
                throw JSONSyntaxError(line: startLine, column: startColumn,
                                      message: "a JSON number cannot have leading zeros")
            }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            advance()
            guard let digit = peek, Self.isDigit(digit) else {
                throw error("expected a digit after the decimal point, found \(found)")
            }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
                advance()
            }
            guard let digit = peek, Self.isDigit(digit) else {
                throw error("expected a digit in the exponent, found \(found)")
            }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw JSONSyntaxError(line: startLine, column: startColumn,
                                  message: "the number \(text) is too large for a 64-bit floating-point value")
        }
        var node = JSONNode(.number(number), line: startLine, column: startColumn)
        node.numberText = text
        return node
    }

    /// Skips a run of decimal digits.
    mutating func skipDigits() {
        while let byte = peek, Self.isDigit(byte) {
            advance()
        }
    }

    /// Whether `byte` is an ASCII decimal digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
