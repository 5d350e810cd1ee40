/// A strict RFC 8259 parser over UTF-8 bytes: positions on every node, duplicate keys refused.
///
/// Stages: skip a UTF-8 byte order mark, parse one value, require end of input. Numbers
/// become `Double` (NaN and infinities cannot be written; overflow is an error), `\u`
/// escapes may pair surrogates, and nesting deeper than `maxDepth` is an error instead of
/// a stack overflow.
public struct JSONParser {
    /// Nesting depth allowed by default.
    public static let defaultMaxDepth = 256
    /// From this many members on, an object's keys are checked for duplicates through a dictionary.
    static let indexedMembers = 16

    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    var line = 1
    var column = 1
    var depth = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Parses one JSON document; throws `JSONSyntaxError` with line:column and what was expected.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        parser.skipByteOrderMark()
        parser.skipWhitespace()
        if parser.peek == nil {
            throw parser.error("the document is empty; expected a JSON value such as {}")
        }
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.peek != nil {
            throw parser.error("expected end of file after the JSON value, found \(parser.found)")
        }
        return node
    }

    /// Parses a value of any kind at the cursor.
    mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let (startLine, startColumn) = (line, column)
        guard let byte = peek else {
            throw error("unexpected end of file; expected a value")
        }
        switch byte {
        case UInt8(ascii: "{"):
            return try parseObject()
        case UInt8(ascii: "["):
            return try parseArray()
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), line: startLine, column: startColumn)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return JSONNode(.bool(true), line: startLine, column: startColumn)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return JSONNode(.bool(false), line: startLine, column: startColumn)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return JSONNode(.null, line: startLine, column: startColumn)
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not JSON numbers; write a finite number")
        case UInt8(ascii: "+"):
            throw error("a JSON number cannot start with '+'; remove it")
        case UInt8(ascii: "'"):
            throw error("JSON strings use double quotes, found '")
        case UInt8(ascii: "/"):
            throw error("comments are not allowed in JSON; remove them")
        default:
            throw error("expected a value (object, array, string, number, true, false or null), found \(found)")
        }
    }

    /// Parses `{ "key": value, ... }`, refusing duplicate keys.
    mutating func parseObject() throws(JSONSyntaxError) -> JSONNode {
        let (startLine, startColumn) = (line, column)
        try enterContainer()
        advance()
        var members: [JSONNode.Member] = []
        var seen: [String: (line: Int, column: Int)] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return JSONNode(.object(members), line: startLine, column: startColumn)
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                if peek == UInt8(ascii: "}") {
                    throw error("trailing comma before '}'; remove the comma")
                }
                throw error("expected a key in double quotes, found \(found)")
            }
            let (keyLine, keyColumn) = (line, column)
            let key = try parseString()
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
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else {
                throw error("expected ':' after the key '\(key)', found \(found)")
            }
            advance()
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONNode.Member(key: key, line: keyLine, column: keyColumn, value: value))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "}"):
                advance()
                depth -= 1
                return JSONNode(.object(members), line: startLine, column: startColumn)
            default:
                throw error("expected ',' or '}' after an object member, found \(found)")
            }
        }
    }

    /// Parses `[ value, ... ]`.
    mutating func parseArray() throws(JSONSyntaxError) -> JSONNode {
        let (startLine, startColumn) = (line, column)
        try enterContainer()
        advance()
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return JSONNode(.array(elements), line: startLine, column: startColumn)
        }
        while true {
            skipWhitespace()
            if peek == UInt8(ascii: "]") {
                throw error("trailing comma before ']'; remove the comma")
            }
            elements.append(try parseValue())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "]"):
                advance()
                depth -= 1
                return JSONNode(.array(elements), line: startLine, column: startColumn)
            default:
                throw error("expected ',' or ']' after an array element, found \(found)")
            }
        }
    }

    /// Consumes `true`, `false` or `null` exactly.
    mutating func parseLiteral(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        let end = index + expected.count
        guard end <= bytes.count, Array(bytes[index..<end]) == expected else {
            throw error("invalid literal; expected true, false or null")
        }
        for _ in expected { advance() }
    }

    /// Counts one more level of nesting, refusing documents nested deeper than `maxDepth`.
    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > maxDepth {
            throw error("nesting is deeper than \(maxDepth) levels")
        }
    }
}
