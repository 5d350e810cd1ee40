import Glibc

/// A strict RFC 8259 parser over UTF-8 bytes: positions on every node, duplicate keys refused. It
/// builds the tree the rules loader validates on top of `JSONTokenizer`, the one tokenizer.
///
/// Stages: skip a UTF-8 byte order mark, parse one value, require end of input. Numbers
/// become `Double` (NaN and infinities cannot be written; overflow is an error), `\u`
/// escapes may pair surrogates, and nesting deeper than `maxDepth` is an error instead of
/// a stack overflow.
package struct JSONParser {
    /// Nesting depth allowed by default.
    package static let defaultMaxDepth = 256
    /// From this many members on, an object's keys are checked for duplicates through a dictionary.
    static let indexedMembers = 16

    var tokens: JSONTokenizer
    let maxDepth: Int
    var depth = 0
    /// The keys and indexes down to the value being read, outermost first, kept only while `tracking`: left as it is
    /// when an error unwinds, so the error can say where it is (`JSONSyntaxError.steps`). A document is parsed without
    /// it, and once more with it only when it has an error (3 % of `explain`'s instructions on 10,000 rules otherwise).
    private var trail: [JSONSyntaxError.Step] = []
    private var tracking = false
    /// The most bytes any string or key took in the document as written, escapes included (so never
    /// fewer than its characters).
    var longestString = 0
    /// Keys already made, by a small hash of their bytes (`parseKey`): a rules file writes a
    /// handful of keys (`id`, `coin`, `when`) thousands of times.
    private var keys = [(range: Range<Int>, key: String)?](repeating: nil, count: 64)

    init(tokens: JSONTokenizer, maxDepth: Int) {
        self.tokens = tokens
        self.maxDepth = maxDepth
    }

    /// Parses one JSON document; throws `JSONSyntaxError` with line:column and what was expected.
    package static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONNode {
        try parseMeasuringStrings(bytes, maxDepth: maxDepth).root
    }

    /// `parse`, also giving the most bytes any string or key took as written (`longestString`).
    package static func parseMeasuringStrings(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth)
        throws(JSONSyntaxError) -> (root: JSONNode, longestString: Int) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            var parser = JSONParser(tokens: JSONTokenizer(buffer), maxDepth: maxDepth)
            do throws(JSONSyntaxError) {
                return (try parser.parseDocument(), parser.longestString)
            } catch {
                var again = JSONParser(tokens: JSONTokenizer(buffer), maxDepth: maxDepth)
                again.tracking = true
                var found = error
                do throws(JSONSyntaxError) { _ = try again.parseDocument() } catch { found.steps = again.trail }
                throw found
            }
        }
    }

    /// The one value of the document, with nothing but white space after it.
    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        tokens.skipSpace()
        if tokens.peek == nil {
            throw tokens.error("the document is empty; expected a JSON value such as {}")
        }
        let node = try parseValue()
        tokens.skipSpace()
        if tokens.peek != nil {
            throw tokens.error("expected end of file after the JSON value, found \(tokens.found)")
        }
        return node
    }

    /// Parses a value of any kind at the cursor.
    mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let (startLine, startColumn) = tokens.position(of: tokens.index)
        guard let byte = tokens.peek else {
            throw tokens.error("unexpected end of file; expected a value")
        }
        switch byte {
        case UInt8(ascii: "{"):
            return try parseObject(line: startLine, column: startColumn)
        case UInt8(ascii: "["):
            return try parseArray(line: startLine, column: startColumn)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), line: startLine, column: startColumn)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (number, range) = try tokens.scanNumber()
            var node = JSONNode(.number(number), line: startLine, column: startColumn)
            node.numberText = String(decoding: UnsafeBufferPointer(rebasing: tokens.bytes[range]), as: UTF8.self)
            return node
        case UInt8(ascii: "t"):
            try tokens.scanLiteral(JSONTokenizer.true)
            return JSONNode(.bool(true), line: startLine, column: startColumn)
        case UInt8(ascii: "f"):
            try tokens.scanLiteral(JSONTokenizer.false)
            return JSONNode(.bool(false), line: startLine, column: startColumn)
        case UInt8(ascii: "n"):
            try tokens.scanLiteral(JSONTokenizer.null)
            return JSONNode(.null, line: startLine, column: startColumn)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw tokens.error("NaN and Infinity are not JSON numbers; write a finite number")
        case UInt8(ascii: "+"):
            throw tokens.error("a JSON number cannot start with '+'; remove it")
        case UInt8(ascii: "'"):
            throw tokens.error("JSON strings use double quotes, found '")
        case UInt8(ascii: "/"):
            throw tokens.error("comments are not allowed in JSON; remove them")
        default:
            throw tokens.error("expected a value (object, array, string, number, true, false or null), found \(tokens.found)")
        }
    }

    /// The string at the cursor (on its opening quote), its escapes decoded.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let (range, escaped) = try scanMeasured()
        return tokens.text(of: range, escaped: escaped)
    }

    /// `scanString`, counting the string toward `longestString`.
    private mutating func scanMeasured() throws(JSONSyntaxError) -> (range: Range<Int>, escaped: Bool) {
        let scanned = try tokens.scanString()
        longestString = max(longestString, scanned.range.count)
        return scanned
    }

    /// The key at the cursor (on its opening quote): the string made for the same bytes before, when
    /// there is one.
    mutating func parseKey() throws(JSONSyntaxError) -> String {
        let (range, escaped) = try scanMeasured()
        guard !escaped, let first = range.first else { return tokens.text(of: range, escaped: escaped) }
        let slot = (range.count &* 31 &+ Int(tokens.bytes[first]) &* 7 &+ Int(tokens.bytes[range.upperBound - 1])) & (keys.count - 1)
        if let made = keys[slot], made.range.count == range.count,
           memcmp(tokens.bytes.baseAddress.unsafelyUnwrapped + made.range.lowerBound,
                  tokens.bytes.baseAddress.unsafelyUnwrapped + first, range.count) == 0 {
            return made.key
        }
        let key = tokens.text(of: range, escaped: false)
        keys[slot] = (range, key)
        return key
    }

    /// Parses `{ "key": value, ... }` starting at `line`:`column`, refusing duplicate keys.
    mutating func parseObject(line startLine: Int, column startColumn: Int) throws(JSONSyntaxError) -> JSONNode {
        try enterContainer()
        tokens.index += 1
        var members: [JSONNode.Member] = []
        var seen: [String: (line: Int, column: Int)] = [:]
        if !tokens.take(UInt8(ascii: "}")) {
            members.reserveCapacity(4)
            repeat {
                tokens.skipSpace()
                guard tokens.peek == UInt8(ascii: "\"") else {
                    if tokens.peek == UInt8(ascii: "}") {
                        throw tokens.error("trailing comma before '}'; remove the comma")
                    }
                    throw tokens.error("expected a key in double quotes, found \(tokens.found)")
                }
                let (keyLine, keyColumn) = tokens.position(of: tokens.index)
                let key = try parseKey()
                // Small objects (most of a rules file) look back along their members; larger ones keep an index.
                if members.count >= Self.indexedMembers, seen.isEmpty {
                    for member in members { seen[member.key] = (member.line, member.column) }
                }
                let first = members.count < Self.indexedMembers
                    ? members.first { $0.key == key }.map { (line: $0.line, column: $0.column) } : seen[key]
                if let first {
                    throw JSONSyntaxError(line: keyLine, column: keyColumn,
                                          message: "duplicate key '\(key)' (first at \(first.line):\(first.column)); keep only one")
                }
                if members.count >= Self.indexedMembers { seen[key] = (keyLine, keyColumn) }
                guard tokens.take(UInt8(ascii: ":")) else {
                    throw tokens.error("expected ':' after the key '\(key)', found \(tokens.found)")
                }
                tokens.skipSpace()
                if tracking { trail.append(.key(key)) }
                let value = try parseValue()
                if tracking { trail.removeLast() }
                members.append(JSONNode.Member(key: key, line: keyLine, column: keyColumn, value: value))
            } while try another(before: "}", after: "an object member")
        }
        depth -= 1
        return JSONNode(.object(members), line: startLine, column: startColumn)
    }

    /// Parses `[ value, ... ]` starting at `line`:`column`.
    mutating func parseArray(line startLine: Int, column startColumn: Int) throws(JSONSyntaxError) -> JSONNode {
        try enterContainer()
        tokens.index += 1
        var elements: [JSONNode] = []
        if !tokens.take(UInt8(ascii: "]")) {
            repeat {
                if tokens.next() == UInt8(ascii: "]") {
                    throw tokens.error("trailing comma before ']'; remove the comma")
                }
                if tracking { trail.append(.index(elements.count)) }
                elements.append(try parseValue())
                if tracking { trail.removeLast() }
            } while try another(before: "]", after: "an array element")
        }
        depth -= 1
        return JSONNode(.array(elements), line: startLine, column: startColumn)
    }

    /// After a member or element: true past a ',', false past the container's `close`; throws for anything else.
    @inline(__always) private mutating func another(before close: Unicode.Scalar, after what: String) throws(JSONSyntaxError) -> Bool {
        if tokens.take(UInt8(ascii: ",")) { return true }
        guard tokens.take(UInt8(ascii: close)) else {
            throw tokens.error("expected ',' or '\(close)' after \(what), found \(tokens.found)")
        }
        return false
    }

    /// Counts one more level of nesting, refusing documents nested deeper than `maxDepth`.
    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > maxDepth {
            throw tokens.error("nesting is deeper than \(maxDepth) levels")
        }
    }
}
