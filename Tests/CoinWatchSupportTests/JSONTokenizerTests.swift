import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchMarket

/// One tokenizer serves the rules parser, the direct provider decoders and the state reader
/// (docs/development.md): they read the same text the same way, and positions come from it alone.
@Suite struct JSONTokenizerTests {
    /// String literals with every kind of escape, a surrogate pair and raw UTF-8.
    static let literals = [#""plain""#, #""caf\u00e9 \"q\" \\ \/ \b\f\n\r\t""#, #""\ud83d\ude00 grin""#, #""日本 é""#]

    @Test(arguments: literals)
    func theRulesParserTheDirectDecodersAndJSONDecoderReadAStringAlike(_ literal: String) throws {
        let bytes = Array(literal.utf8)
        let parsed = try JSONParser.parse(bytes)
        let direct = bytes.withUnsafeBufferPointer { buffer -> String? in
            var tokens = JSONTokenizer(buffer)
            return tokens.string()
        }
        let general = try JSONDecoder().decode(String.self, from: Data(bytes))
        #expect(parsed.value == .string(general))
        #expect(direct == general)
    }

    @Test func positionsAreLineAndCharacterColumnWhicheverOrderTheyAreAskedIn() {
        let text = "{\n  \"é\": [1,\n    true]}"
        let bytes = Array(text.utf8)
        let offsetOfTrue = bytes.firstIndex(of: UInt8(ascii: "t"))!
        let offsetOfOne = bytes.firstIndex(of: UInt8(ascii: "1"))!
        bytes.withUnsafeBufferPointer { buffer in
            var tokens = JSONTokenizer(buffer)
            #expect(tokens.position(of: offsetOfTrue) == (3, 5))
            #expect(tokens.position(of: offsetOfOne) == (2, 9), "é is one column, not two bytes")
            #expect(tokens.position(of: offsetOfTrue) == (3, 5))
        }
    }

    @Test func anEscapedMarketNameGoesTheGeneralWayAndReadsAsJSONDecoderReadsIt() throws {
        let body = Array(#"[{"id":"bitcoin","symbol":"btc","name":"Bit\u00e9 \ud83d\ude00\n","current_price":1.5}]"#.utf8)
        #expect(CoinGeckoMarket.decodeDirect(body) == nil, "direct decoding keeps only plain names")
        let markets = try CoinGecko.decodeMarkets(body)
        #expect(markets == (try JSONDecoder().decode([CoinGeckoMarket].self, from: Data(body))))
        #expect(markets.first?.name == "Bité 😀\n")
    }
}
