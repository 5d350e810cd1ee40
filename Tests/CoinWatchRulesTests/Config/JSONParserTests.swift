import Testing
@testable import TestHelpers
@testable import CoinWatchSupport

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func objectsKeepKeyOrderAndPositions() throws {
        let node = try parse("{\n  \"b\": 1,\n  \"a\": [true, null]\n}")
        #expect(node.members?.map(\.key) == ["b", "a"])
        #expect(node.members?[1].line == 3)
        #expect(node.members?[1].column == 3)
        let array = try #require(node["a"])
        #expect(array.line == 3 && array.column == 8)
        #expect(array.elements?[1] == JSONNode(.null, line: 3, column: 15))
    }

    @Test func syntaxErrorGivesLineColumnAndWhatWasExpected() {
        let error = syntaxError("{\n  \"a\": 1,\n  \"b\" 2\n}")
        #expect(error?.line == 3)
        #expect(error?.column == 7)
        #expect(error?.message.contains("expected ':'") == true)
    }

    @Test func columnsCountCharactersNotBytes() {
        let error = syntaxError("{\"éé\": tru}")
        #expect(error?.line == 1)
        #expect(error?.column == 8)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let node = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(node["a"]?.numberValue == 1)
        #expect(node.column == 1)
    }

    @Test func escapesAreDecoded() throws {
        let node = try parse(#""a\n\t\"\\\/\b\f\r\u00e9\u0041""#)
        #expect(node.stringValue == "a\n\t\"\\/\u{08}\u{0C}\ré" + "A")
    }

    @Test func surrogatePairsMakeOneScalar() throws {
        #expect(try parse(#""\ud83d\ude00""#).stringValue == "😀")
    }

    @Test func loneSurrogatesAreErrors() {
        #expect(syntaxError(#""\ud83d""#)?.message.contains("low surrogate") == true)
        #expect(syntaxError(#""\ude00x""#)?.message.contains("high surrogate") == true)
        #expect(syntaxError(#""\ud83d\u0041""#) != nil)
    }

    @Test func invalidEscapesAndControlCharactersAreErrors() {
        #expect(syntaxError(#""\x""#)?.message.contains("invalid escape") == true)
        #expect(syntaxError("\"a\tb\"")?.message.contains("control character") == true)
        #expect(syntaxError("\"ab\ncd\"")?.message.contains("line break") == true)
        #expect(syntaxError(#""\u12g4""#)?.message.contains("four hex digits") == true)
        #expect(syntaxError("\"abc")?.message.contains("never closed") == true)
    }

    @Test func invalidUTF8IsAnError() {
        let error = try? JSONParser.parse(Array("\"a".utf8) + [0xFF] + Array("\"".utf8))
        #expect(error == nil)
    }

    @Test func numbersAreDoubles() throws {
        #expect(try parse("-0.5e2").numberValue == -50)
        #expect(try parse("0").numberValue == 0)
        #expect(try parse("1E+3").numberValue == 1000)
        #expect(try parse("123456789012").numberValue == 123_456_789_012)
    }

    @Test(arguments: ["NaN", "Infinity", "-Infinity", "+1", "01", "1.", ".5", "1e", "-", "1e400"])
    func malformedNumbersAreErrors(text: String) {
        #expect(syntaxError(text) != nil)
    }

    @Test func hugeNumberSaysItIsTooLarge() {
        #expect(syntaxError("[1e400]")?.message.contains("too large") == true)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        let error = syntaxError(deep)
        #expect(error?.message.contains("deeper than 256") == true)
        let allowed = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(syntaxError(allowed) == nil)
    }

    @Test func trailingGarbageIsAnError() {
        let error = syntaxError("{} x")
        #expect(error?.column == 4)
        #expect(error?.message.contains("expected end of file") == true)
    }

    @Test func duplicateKeysAreErrors() {
        let error = syntaxError(#"{"a": 1, "a": 2}"#)
        #expect(error?.column == 10)
        #expect(error?.message.contains("duplicate key 'a' (first at 1:2)") == true)
    }

    @Test func trailingCommasAndCommentsAreErrors() {
        #expect(syntaxError(#"{"a": 1,}"#)?.message.contains("trailing comma") == true)
        #expect(syntaxError("[1,]")?.message.contains("trailing comma") == true)
        #expect(syntaxError("// hi\n{}")?.message.contains("comments") == true)
        #expect(syntaxError("{'a': 1}") != nil)
    }

    @Test func emptyDocumentIsAnError() {
        #expect(syntaxError("  ")?.message.contains("empty") == true)
    }

    @Test func literalsMustBeExact() throws {
        #expect(try parse("[true, false, null]").elements?.count == 3)
        #expect(syntaxError("tru") != nil)
        #expect(syntaxError("nul") != nil)
    }

    /// The rules validator skips its walk for over-long strings when the parser measured none.
    @Test func theLongestStringIsMeasuredAsWrittenKeysAndEscapesIncluded() throws {
        #expect(try JSONParser.parseMeasuringStrings(Array(#"{"ab": ["xyz", 1], "c": "\u00e9\n"}"#.utf8)).longestString == 8)
        #expect(try JSONParser.parseMeasuringStrings(Array(#"{"abcdefghij": "x"}"#.utf8)).longestString == 10)
        #expect(try JSONParser.parseMeasuringStrings(Array("[1, true]".utf8)).longestString == 0)
    }

    /// Strings are scanned eight plain bytes at a time: whatever sits at any offset of a long string
    /// (a control character, an escape, a non-ASCII letter, a bad byte) is still seen.
    @Test(arguments: 0..<20)
    func whatALongStringHoldsIsSeenAtEveryOffset(offset: Int) throws {
        func string(_ middle: [UInt8]) -> [UInt8] {
            Array("[\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: offset) + middle
                + Array(repeating: UInt8(ascii: "b"), count: 19 - offset) + Array("\"]".utf8)
        }
        let padding = (String(repeating: "a", count: offset), String(repeating: "b", count: 19 - offset))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(string([0x0A])) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(string([0x01])) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(string([0xFF])) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(string(Array("\\x".utf8))) }
        #expect(try JSONParser.parse(string(Array("\\n".utf8))).elements?.first?.value == .string(padding.0 + "\n" + padding.1))
        #expect(try JSONParser.parse(string(Array("\\\"".utf8))).elements?.first?.value == .string(padding.0 + "\"" + padding.1))
        #expect(try JSONParser.parse(string(Array("é".utf8))).elements?.first?.value == .string(padding.0 + "é" + padding.1))
        #expect(try JSONParser.parse(string(Array("\u{7F}".utf8))).elements?.first?.value == .string(padding.0 + "\u{7F}" + padding.1))
    }

    @Test func keysOfOneLengthAndOneFirstAndLastByteStayApartAndRepeatedKeysReadAlike() throws {
        // Keys made once are looked up again by their bytes; alike-looking keys must not be taken for one another.
        let node = try parse(#"[{"abc": 1, "axc": 2}, {"axc": 4, "abc": 5}, {"a\u0078c": 6}, {"abc": 7}]"#)
        let keys = node.elements?.map { $0.members?.map(\.key) ?? [] }
        #expect(keys == [["abc", "axc"], ["axc", "abc"], ["axc"], ["abc"]])
        #expect(syntaxError(#"{"abc": 1, "abc": 2}"#)?.message.hasPrefix("duplicate key 'abc'") == true)
    }
}
