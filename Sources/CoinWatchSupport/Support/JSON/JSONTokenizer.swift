import Glibc

/// The one JSON tokenizer: a forward-only cursor over the UTF-8 bytes of a document (RFC 8259),
/// shared by the rules parser (`JSONParser`, which builds positioned nodes and words every error),
/// the fast provider decoders (`CoinGeckoMarket.decodeDirect`, `HistoryRows`) and the state reader
/// (`StateDirectDecoder`). Positions are byte offsets into `bytes`; `position(of:)` turns one into the
/// 1-based line and column (in characters) the rules loader reports, counting each byte once
/// over a whole parse, so a reader that never asks pays nothing for it.
///
/// Every token read has two faces: a throwing one (`scanString`, `scanNumber`, `scanLiteral`)
/// whose `JSONSyntaxError` says where and what was expected, and an optional one (`stringRange`,
/// `string`, `number`, `takeWord`) for the fast decoders, which give up (nil) on anything they do
/// not fully understand and let the general decoder word the problem.
public struct JSONTokenizer {
    /// The document.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The cursor: the offset of the next byte to read.
    public var index = 0
    /// The first offset after a UTF-8 byte order mark (line 1, column 1).
    private let start: Int
    /// The last offset `position(of:)` counted to, with its line and column.
    private var counted: (offset: Int, line: Int, column: Int)

    /// A tokenizer at the start of `bytes`, past a UTF-8 byte order mark.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        start = bom ? 3 : 0
        index = start
        counted = (start, 1, 1)
    }

    // MARK: The cursor

    /// The byte at the cursor (white space included), or nil at the end.
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips JSON white space: space, tab, line feed and carriage return.
    @inline(__always)
    mutating func skipSpace() { index = spaceEnd(index) }

    /// Whether only white space is left.
    package mutating func atEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    /// Consumes `byte` after white space; false (nothing consumed but the space) when another byte is next.
    @inline(__always)
    public mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The next significant byte, not consumed.
    @inline(__always)
    public mutating func next() -> UInt8? {
        skipSpace()
        return peek
    }

    /// Whether the bytes in `range` spell `word`. Inlinable: the provider decoders ask it for every
    /// key they meet (docs/development.md, "Layers").
    @inlinable public func bytes(in range: Range<Int>, equal word: [UInt8]) -> Bool {
        guard range.count == word.count else { return false }
        var offset = range.lowerBound
        for byte in word {
            if bytes[offset] != byte { return false }
            offset += 1
        }
        return true
    }

    // MARK: Positions and errors

    /// The 1-based line and column (counted in characters: every byte that is not a UTF-8
    /// continuation byte) of `offset`. Offsets asked in increasing order are counted once in all.
    mutating func position(of offset: Int) -> (line: Int, column: Int) {
        if offset < counted.offset { counted = (start, 1, 1) }
        var (line, column) = (counted.line, counted.column)
        var cursor = counted.offset
        let end = min(offset, bytes.count)
        while cursor < end {
            // A word of ASCII with no line feed is eight more columns.
            if cursor + ByteBlock.width <= end {
                let word = ByteBlock.load(bytes, cursor)
                if ByteBlock.high(word) | ByteBlock.equal(word, 0x0A) == 0 {
                    column += ByteBlock.width
                    cursor += ByteBlock.width
                    continue
                }
            }
            let byte = bytes[cursor]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            cursor += 1
        }
        counted = (cursor, line, column)
        return (line, column)
    }

    /// A syntax error at `offset` (the cursor when nil).
    mutating func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let (line, column) = position(of: offset ?? index)
        return JSONSyntaxError(line: line, column: column, message: message)
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
            let slice = UnsafeBufferPointer(rebasing: bytes[index..<(index + length)])
            if let text = String(validating: slice, as: UTF8.self), text.count == 1 {
                return "'\(text)'"
            }
        }
        return "an invalid UTF-8 byte"
    }

    // MARK: Strings

    /// Reads the string whose opening quote is at the cursor: the byte range inside its quotes and
    /// whether it holds escapes. Throws when it is not closed, holds a raw line break or control
    /// character, a bad escape (a `\u` high surrogate must be followed by a low one) or bytes that
    /// are not UTF-8.
    mutating func scanString() throws(JSONSyntaxError) -> (range: Range<Int>, escaped: Bool) {
        let opening = index
        let first = index + 1
        // Plain ASCII without escapes (nearly every key and value) is passed a word at a time, and
        // the string ends at the first byte that is not plain when that is its quote.
        index = passWords(from: first, ByteBlock.notPlainInString)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return (first..<(index - 1), false)
        }
        var escaped = false
        var ascii = true
        while index < bytes.count {
            // Whole words of plain characters first; a byte that needs a decision is taken below.
            let stillASCII = ascii
            index = passWords(from: index) { word in
                ByteBlock.equal(word, UInt8(ascii: "\"")) | ByteBlock.equal(word, UInt8(ascii: "\\"))
                    | ByteBlock.below(word, 0x20) | (stillASCII ? ByteBlock.high(word) : 0)
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let range = first..<index
                if !ascii, String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) == nil {
                    throw error("the string holds bytes that are not valid UTF-8", at: opening)
                }
                index += 1
                return (range, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                try scanEscape()
            } else if byte < 0x20 {
                throw error(byte == 0x0A || byte == 0x0D
                    ? "line break inside a string; close it with '\"' or write \\n"
                    : "control character inside a string; write it as an escape such as \\t or \\u0001")
            } else {
                if byte >= 0x80 { ascii = false }
                index += 1
            }
        }
        throw error("the string that starts here is never closed; expected '\"'", at: opening)
    }

    /// The text of a string `scanString` read, its escapes decoded.
    @usableFromInline func text(of range: Range<Int>, escaped: Bool) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var offset = 0
        while offset < raw.count {
            let byte = raw[offset]
            guard byte == UInt8(ascii: "\\"), offset + 1 < raw.count else {
                decoded.append(byte)
                offset += 1
                continue
            }
            let letter = raw[offset + 1]
            offset += 2
            guard letter == UInt8(ascii: "u") else {
                decoded.append(Self.unescaped(letter) ?? letter)  // `scanString` let only JSON's escapes through
                continue
            }
            var unit = Self.hex4(raw, at: offset)
            offset += 4
            if (0xD800...0xDBFF).contains(unit), offset + 6 <= raw.count {
                unit = 0x10000 + ((unit - 0xD800) << 10) + (Self.hex4(raw, at: offset + 2) - 0xDC00)
                offset += 6
            }
            if let scalar = Unicode.Scalar(unit) { UTF8.encode(scalar) { decoded.append($0) } }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// `scanString` after white space, or nil when no well-formed string is there.
    public mutating func stringRange() -> (range: Range<Int>, escaped: Bool)? {
        skipSpace()
        guard peek == UInt8(ascii: "\"") else { return nil }
        return try? scanString()
    }

    /// The string at the cursor when it holds no escape; nil otherwise.
    package mutating func plainString() -> String? {
        guard let (range, escaped) = stringRange(), !escaped else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The string at the cursor with its escapes decoded; nil when it is not a well-formed string.
    @usableFromInline mutating func string() -> String? {
        guard let (range, escaped) = stringRange() else { return nil }
        return text(of: range, escaped: escaped)
    }

    /// Steps over one escape, the cursor on its backslash.
    private mutating func scanEscape() throws(JSONSyntaxError) {
        let backslash = index
        index += 1
        guard let letter = peek else { throw error("unexpected end of file inside a string escape") }
        index += 1
        if Self.unescaped(letter) != nil { return }
        guard letter == UInt8(ascii: "u") else {
            throw error("invalid escape; JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: backslash)
        }
        let unit = try scanHex4()
        switch unit {
        case 0xD800...0xDBFF:
            let pairing = "a high surrogate \\u escape must be followed by a low surrogate (\\uDC00-\\uDFFF)"
            guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error(pairing, at: backslash)
            }
            index += 2
            guard (0xDC00...0xDFFF).contains(try scanHex4()) else { throw error(pairing, at: backslash) }
        case 0xDC00...0xDFFF:
            throw error("a low surrogate \\u escape must follow a high surrogate (\\uD800-\\uDBFF)", at: backslash)
        default:
            return
        }
    }

    /// Reads exactly four hex digits.
    private mutating func scanHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexValue(byte) else {
                throw error("expected four hex digits after \\u, found \(found)")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The four hex digits at `offset` of a string `scanString` vouched for.
    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        var unit: UInt32 = 0
        for digit in raw[offset..<min(offset + 4, raw.count)] { unit = unit << 4 | (hexValue(digit) ?? 0) }
        return unit
    }

    /// The byte a one-letter escape stands for (`n` → 0x0A; `"`, `\\` and `/` for themselves), nil for
    /// `u` and any letter JSON has no escape for.
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

    // MARK: Numbers

    /// Reads the number at the cursor (RFC 8259 grammar) as a finite `Double`, with the range of its
    /// text. A number of at most 19 significant digits whose mantissa and power of ten are exact
    /// doubles is computed with one correctly rounded multiplication or division (the double
    /// `Double(text)` gives); any other is handed to `Double(text)`. Throws for leading zeros, a
    /// missing digit, `-Infinity`, or a number too large for a `Double`.
    mutating func scanNumber() throws(JSONSyntaxError) -> (value: Double, range: Range<Int>) {
        let first = index
        var digits = DecimalDigits()
        let negative = peek == UInt8(ascii: "-")
        if negative { index += 1 }
        guard let lead = peek, Self.isDigit(lead) else {
            if peek == UInt8(ascii: "I") { throw error("-Infinity is not a JSON number; write a finite number") }
            throw error("expected a digit after '-', found \(found)")
        }
        if lead == UInt8(ascii: "0") {
            index += 1
            if let after = peek, Self.isDigit(after) { throw error("a JSON number cannot have leading zeros", at: first) }
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) {
                digits.add(bytes[index] &- UInt8(ascii: "0"), fraction: false)
                index += 1
            }
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard let digit = peek, Self.isDigit(digit) else {
                throw error("expected a digit after the decimal point, found \(found)")
            }
            while index < bytes.count, Self.isDigit(bytes[index]) {
                digits.add(bytes[index] &- UInt8(ascii: "0"), fraction: true)
                index += 1
            }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            var sign = 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
                if peek == UInt8(ascii: "-") { sign = -1 }
                index += 1
            }
            guard let digit = peek, Self.isDigit(digit) else {
                throw error("expected a digit in the exponent, found \(found)")
            }
            var exponent = 0
            while index < bytes.count, Self.isDigit(bytes[index]) {
                if exponent < 10_000 { exponent = exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            digits.scale += sign * exponent
        }
        let range = first..<index
        if let exact = digits.exactValue {
            return (negative ? -exact : exact, range)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is too large for a 64-bit floating-point value; write a smaller number", at: first)
        }
        // Digits that are not all zeros must not read as 0 (1e-400 did, silently).
        guard value != 0 || digits.mantissa == 0 else {
            throw error("the number \(text) is too small for a 64-bit floating-point value (it would read as 0); write 0 or a larger number", at: first)
        }
        return (value, range)
    }

    /// The number at the cursor (after white space), or nil when no valid, finite number is there.
    public mutating func number() -> Double? {
        skipSpace()
        guard let byte = peek, byte == UInt8(ascii: "-") || Self.isDigit(byte) else { return nil }
        return try? scanNumber().value
    }

    /// Whether `byte` is an ASCII decimal digit.
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    // MARK: Literals and whole values

    /// Consumes `word` (a literal such as `true`) after white space; false when something else is next.
    @usableFromInline mutating func takeWord(_ word: [UInt8]) -> Bool {
        skipSpace()
        guard index + word.count <= bytes.count, self.bytes(in: index..<(index + word.count), equal: word) else { return false }
        index += word.count
        return true
    }

    /// Consumes `null`; false when something else is next.
    public mutating func takeNull() -> Bool { takeWord(Self.null) }

    /// Consumes `word` at the cursor; throws when the literal there is not exactly it.
    mutating func scanLiteral(_ word: [UInt8]) throws(JSONSyntaxError) {
        guard takeWord(word) else { throw error("invalid literal; expected true, false or null") }
    }

    /// `true`, `false` and `null` as bytes.
    @usableFromInline static let `true` = Array("true".utf8), `false` = Array("false".utf8), null = Array("null".utf8)

    /// The nesting `skipValue` follows: a value inside more open arrays and objects than this is refused.
    static let skipDepth = 64

    /// Skips one value of any kind, nested less than `skipDepth` deep, checking it as the readers
    /// would read it (every string's escapes and UTF-8, every number's grammar and range) without
    /// converting anything; false when it is not valid JSON, the cursor then where the problem was
    /// found (the end for a truncated value). One loop walks the structure, the open
    /// containers one bit each of a word (set for an object); strings and numbers are passed by
    /// `stringEnd` and `numberEnd`.
    public mutating func skipValue() -> Bool {
        let start = index
        if skip(placingFailure: false) { return true }
        // Invalid: the same walk again, now leaving the cursor where it fails (only a message reads it).
        index = start
        return skip(placingFailure: true)
    }

    /// `skipValue`'s walk; on a failure, with `placingFailure`, the cursor is left where the problem
    /// was found. Inlined twice, so the walk a valid value takes keeps no failure's position.
    @inline(__always)
    private mutating func skip(placingFailure: Bool) -> Bool {
        let count = bytes.count
        var at = index
        var open: UInt64 = 0
        var depth = 0
        var keyFirst = false  // a member's key and colon come before the value
        value: while true {
            if keyFirst {
                guard let quote = past(UInt8(ascii: "\""), at), let end = stringEnd(quote - 1),
                      let colon = past(UInt8(ascii: ":"), end) else { break value }
                at = colon
            }
            guard at < count else { break value }
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09:
                at = spaceEnd(at)
                keyFirst = false
                continue value
            case UInt8(ascii: "\""):
                guard let end = stringEnd(at) else { break value }
                at = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let object = bytes[at] == UInt8(ascii: "{")
                if let closed = past(object ? UInt8(ascii: "}") : UInt8(ascii: "]"), at + 1) {
                    at = closed
                } else {
                    at += 1
                    depth += 1
                    guard depth < Self.skipDepth else { break value }
                    open = open << 1 | (object ? 1 : 0)
                    keyFirst = object
                    continue value
                }
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                index = at
                guard takeWord(bytes[at] == UInt8(ascii: "t") ? Self.true : bytes[at] == UInt8(ascii: "f") ? Self.false : Self.null) else {
                    break value
                }
                at = index
            default:
                guard let end = numberEnd(at) else { break value }
                at = end
            }
            // After a value: a comma goes on to the next member or element, a bracket closes a container.
            while depth > 0 {
                guard at < count else { break value }
                let byte = bytes[at]
                at += 1
                let object = open & 1 != 0
                if byte == UInt8(ascii: ",") {
                    keyFirst = object
                    continue value
                }
                if byte == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    open >>= 1
                    depth -= 1
                } else {
                    guard Self.isSpace(byte) else { at -= 1; break value }
                    at = spaceEnd(at)
                }
            }
            index = at
            return true
        }
        // Failed at `at`: the cursor where the problem was found, at the end when the bytes ran out
        // first (a truncated body, as a caller words it), past what a string's read took.
        if placingFailure { index = Swift.max(index, spaceEnd(at)) }
        return false
    }

    /// Whether `byte` is JSON white space: space, tab, line feed or carriage return.
    @inline(__always)
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The offset of the first byte from `offset` that is not JSON white space.
    @inline(__always)
    private func spaceEnd(_ offset: Int) -> Int {
        var at = offset
        while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
        return at
    }

    /// The offset just past `byte` when it is the next byte from `offset` after white space (looked
    /// for only when `byte` is not right there); nil when another byte is.
    @inline(__always)
    private func past(_ byte: UInt8, _ offset: Int) -> Int? {
        if offset < bytes.count, bytes[offset] == byte { return offset + 1 }
        let at = spaceEnd(offset)
        return at < bytes.count && bytes[at] == byte ? at + 1 : nil
    }

    /// The offset just past the string whose opening quote is at `offset`, as `scanString` reads it;
    /// nil where `scanString` throws. A string of plain ASCII without escapes (nearly every key and
    /// value of a state file) is passed a word at a time with no more work; any other is read by
    /// `scanString`.
    @inline(__always)
    private mutating func stringEnd(_ offset: Int) -> Int? {
        var at = passWords(from: offset + 1, ByteBlock.notPlainInString)
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") { return at + 1 }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { break }
            at += 1
        }
        index = offset
        guard (try? scanString()) != nil else { return nil }
        return index
    }

    /// The offset just past the number at `offset`, as `number()` reads it, without working out its
    /// value when it plainly fits a `Double` (no exponent, at most 300 digits before the point); nil
    /// when no valid, finite number is there. Its runs of digits are passed a word at a time.
    @inline(__always)
    private mutating func numberEnd(_ offset: Int) -> Int? {
        let count = bytes.count
        var at = offset
        if at < count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        guard at < count, Self.isDigit(bytes[at]) else { return nil }
        let lead = at
        at = digitsEnd(from: at + 1)
        if bytes[lead] == UInt8(ascii: "0"), at > lead + 1 { return nil }  // a leading zero
        let whole = at - offset
        if at < count, bytes[at] == UInt8(ascii: ".") {
            let fraction = at + 1
            at = digitsEnd(from: fraction)
            guard at > fraction else { return nil }
        }
        if whole > 300 || (at < count && bytes[at] | 0x20 == UInt8(ascii: "e")) {
            index = offset
            guard number() != nil else { return nil }
            return index
        }
        return at
    }

    /// The offset of the first byte from `offset` that is not a decimal digit (the end when none is).
    @inline(__always)
    private func digitsEnd(from offset: Int) -> Int {
        var at = passWords(from: offset, ByteBlock.nonDigits)
        while at < bytes.count, Self.isDigit(bytes[at]) { at += 1 }
        return at
    }
}

extension JSONTokenizer {
    /// From `offset`, the first byte that `stops` marks in its word (`ByteBlock`), passing whole
    /// words in which it marks none; where fewer bytes than a word remain, the offset reached, for
    /// the caller to go on byte by byte.
    @inline(__always)
    func passWords(from offset: Int, _ stops: (UInt64) -> UInt64) -> Int {
        var at = offset
        while at + ByteBlock.width <= bytes.count {
            let marked = stops(ByteBlock.load(bytes, at))
            if marked != 0 { return at + ByteBlock.firstOffset(marked) }
            at += ByteBlock.width
        }
        return at
    }
}

extension JSONTokenizer {
    /// Walks the object at the cursor: `body` gets each member's key range with the cursor on its
    /// value and must consume that value (`skipValue` for members it does not want), or return
    /// false to give up. False when the object is not well-formed or `body` gave up.
    package mutating func members(_ body: (inout JSONTokenizer, Range<Int>) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        while true {
            guard let (key, _) = stringRange(), take(UInt8(ascii: ":")), body(&self, key) else { return false }
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}"))
        }
    }

    /// Walks the array at the cursor: `body` must consume each element. False when malformed.
    public mutating func elements(_ body: (inout JSONTokenizer) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        while true {
            guard body(&self) else { return false }
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]"))
        }
    }

    /// Whether the key range spells `word` (ASCII).
    package func key(_ range: Range<Int>, is word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let pointer = word.utf8Start
        var offset = 0
        for index in range {
            if bytes[index] != pointer[offset] { return false }
            offset += 1
        }
        return true
    }
}
