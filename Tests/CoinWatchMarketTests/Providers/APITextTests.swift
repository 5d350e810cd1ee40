import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

/// The lenient number and date decoding every provider shares.
@Suite struct APITextTests {
    struct Row: Decodable {
        var n: NumberOrString?
        var d: ISO8601Date?
    }

    func row(_ json: String) throws -> Row {
        try JSONBody.decode(Row.self, from: Array(json.utf8), expecting: .object, provider: "test")
    }

    @Test(arguments: [
        (#"{"n":49053}"#, 49053.0), (#"{"n":"0.00000000"}"#, 0), (#"{"n":"163248000.00000000"}"#, 163_248_000),
        (#"{"n":"3.2014e-8"}"#, 3.2014e-8), (#"{"n":-4.37931}"#, -4.37931), (#"{"n":"137728155832.9616000000000000"}"#, 137728155832.9616),
    ])
    func numbersArriveAsNumbersOrStrings(json: String, expected: Double) throws {
        #expect(try row(json).n?.value == expected)
    }

    @Test func nullMissingAndEmptyNumbersAreNil() throws {
        #expect(try row(#"{"n":null}"#).n?.value == nil)
        #expect(try row(#"{}"#).n == nil)
        #expect(try row(#"{"n":""}"#).n?.value == nil)
    }

    @Test(arguments: [#"{"n":"abc"}"#, #"{"n":"0x10"}"#, #"{"n":"nan"}"#, #"{"n":" 1"}"#, #"{"n":true}"#])
    func anythingElseIsNotANumber(json: String) {
        #expect(throws: ProviderError.self) { try row(json) }
    }

    @Test(arguments: [
        ("2021-05-15T16:00:12.345Z", 1_621_094_412.345), ("2013-07-06T00:00:00.000Z", 1_373_068_800),
        ("2013-07-06T00:00:00Z", 1_373_068_800), ("2013-07-06T02:00:00+02:00", 1_373_068_800),
    ])
    func datesWithOrWithoutFractionalSeconds(text: String, seconds: Double) throws {
        let date = try #require(APIText.date(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_5)
        #expect(try row(#"{"d":"\#(text)"}"#).d?.value == date)
    }

    @Test func aDateThatIsNotISO8601Throws() {
        #expect(APIText.date("15/05/2021") == nil)
        #expect(throws: ProviderError.self) { try row(#"{"d":"15/05/2021"}"#) }
        #expect(throws: ProviderError.self) { try row(#"{"d":1621094412}"#) }
    }

    @Test func aBodyWithAUTF8BOMDecodes() throws {
        let body: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"n":"1.5"}"#.utf8)
        #expect(try JSONBody.decode(Row.self, from: body, expecting: .object, provider: "test").n?.value == 1.5)
        #expect(JSONBody.kind(of: body) == "a JSON object")
    }

    @Test func theBodyKindIsNamedInWords() {
        #expect(JSONBody.kind(of: Array("[1]".utf8)) == "a JSON array")
        #expect(JSONBody.kind(of: Array("\"x\"".utf8)) == "a JSON string")
        #expect(JSONBody.kind(of: Array("42".utf8)) == "a JSON number")
        #expect(JSONBody.kind(of: Array("Too Many Requests".utf8)) == #"text that is not JSON (starts with "Too Many Requests")"#)
    }
}
