import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
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
        ("2021-04-17T16:43:30.244075Z", 1_618_677_810.244075), ("2013-07-06T00:00Z", 1_373_068_800),
    ])
    func datesWithOrWithoutFractionalSeconds(text: String, seconds: Double) throws {
        let date = try #require(try row(#"{"d":"\#(text)"}"#).d?.value)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_5)
    }

    /// A provider's date names a real instant with `Z` or an offset; anything else is refused with one error,
    /// including what Foundation's ISO-8601 reader let through (a 30 February rolled into March, an hour 24,
    /// text after the `Z`) and a time without an offset (which `expires` would read as local time).
    @Test(arguments: ["15/05/2021", "2021-02-30T00:00:00Z", "2021-05-15T24:00:00Z", "2021-05-15T23:59:60Z",
                      "2021-05-15T16:00:12Zjunk", "2021-05-15T16:00:12UTC", "2021-5-15T16:00:12Z",
                      "2021-05-15T16:00:12", "2021-05-15"])
    func aDateThatIsNoInstantThrows(text: String) {
        #expect(throws: ProviderError.decoding(provider: "test", detail: #"d: expected an ISO-8601 date, got "\#(text)""#)) {
            try row(#"{"d":"\#(text)"}"#)
        }
    }

    /// Every date the real captures hold (CoinGecko's `last_updated` with milliseconds, CoinPaprika's
    /// `first_data_at`, `+00:00` offsets, Coinbase's microseconds, Upbit's zone-less UTC candle times) reads as
    /// Foundation's ISO-8601 reader reads it.
    @Test func everyCapturedDateReadsAsFoundationReadsIt() throws {
        let styles = [Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle()]
        var count = 0
        for folder in try Fixtures.files(in: "real") where !folder.hasSuffix(".md") {
            for file in try Fixtures.files(in: "real/" + folder) {
                let text = String(decoding: try Fixtures.bytes("real/\(folder)/\(file)"), as: UTF8.self)
                for match in text.matches(of: #/"(\d{4}-\d\d-\d\dT[\d:.]+)(Z|[+-]\d\d:?\d\d)?"/#) {
                    let (time, zone) = (String(match.1), match.2.map(String.init))
                    let read = DateTimeParser.parse(time + (zone ?? ""), unzoned: zone == nil ? .utc : .refused)
                    let expected = try #require(styles.lazy.compactMap { try? $0.parse(time + (zone ?? "Z")) }.first)
                    #expect(read.map { abs($0.timeIntervalSince(expected)) < 0.000_001 } == true, "\(file): \(time)")
                    count += 1
                }
            }
        }
        #expect(count > 2_500)
    }

    @Test func aDateThatIsNoStringThrows() {
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
