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

    /// Documents the skip and the parser must agree on: white space anywhere, every number form,
    /// literals, escapes, raw UTF-8, nesting, and each way of being broken.
    static let skipped: [[UInt8]] = [
        #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#, " { \"a\" :\t[ 1 , -2.5e+3 , 0 ] ,\n\"b\" : { } , \"c\":[ ] } ",
        #"[0,-0,0.5,1e5,1E-5,123456789012345678901234567890,-1.25]"#, #""caf\u00e9 \ud83d\ude00 \" \\ \/ \n""#, #""日本 é""#,
        #"[[[[{"a":[{"b":{}}]}]]]]"#, "[]", "{}", "7", "true", "null",
        #"{"a":1,}"#, #"[1,]"#, #"[1 2]"#, #"{"a" 1}"#, #"{"a":}"#, #"{1:2}"#, #"[01]"#, #"[1.]"#, #"[-]"#, #"[.5]"#, #"[1e]"#,
        #"[1e999]"#, #"[tru]"#, #"[nul]"#, #"["a]"#, #"["\x"]"#, #""\ud800""#, "\"a\u{01}b\"", #"{"a":[}"#, #"[}"#, #"{]"#,
        #"{"a":1"#, "[", "",
    ].map { Array($0.utf8) } + [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x28, 0x22]]

    /// `skipValue` (the checked skip the state reader passes over what it does not read with)
    /// accepts exactly the documents the parser accepts.
    @Test(arguments: skipped)
    func theSkipAcceptsWhatTheParserAccepts(_ bytes: [UInt8]) {
        let parsed = (try? JSONParser.parse(bytes)) != nil
        let skipped = bytes.withUnsafeBufferPointer { buffer in
            var tokens = JSONTokenizer(buffer)
            return tokens.skipValue() && tokens.atEnd()
        }
        #expect(skipped == parsed, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }

    /// The skip follows a value inside fewer than `skipDepth` open containers and refuses one deeper
    /// (the state reader then reads the file the general way, whose parser allows more).
    @Test func theSkipFollowsNestingToItsLimit() {
        for depth in [1, 63, 64, 65] {
            let bytes = Array((String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)).utf8)
            let skipped = bytes.withUnsafeBufferPointer { buffer in
                var tokens = JSONTokenizer(buffer)
                return tokens.skipValue()
            }
            #expect(skipped == (depth < JSONTokenizer.skipDepth), "depth \(depth)")
        }
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
