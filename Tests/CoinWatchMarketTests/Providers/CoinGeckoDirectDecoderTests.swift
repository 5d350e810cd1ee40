import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

/// The `/coins/markets` byte scanner (a speed path) gives exactly what the general decoder gives on
/// every real capture, and leaves whatever it cannot vouch for to it (SPEC §6 providers).
@Suite struct CoinGeckoDirectDecoderTests {
    static func general(_ body: [UInt8]) throws -> [CoinGeckoMarket] {
        try JSONBody.decodeAnswer([CoinGeckoMarket].self, from: body, expecting: .array, provider: "coingecko")
    }

    @Test func everyRealCaptureScansToTheMarketsTheGeneralDecoderReads() throws {
        #expect(CoinGeckoTests.marketCaptures.count == 5)
        for file in CoinGeckoTests.marketCaptures {
            let body = try Fixtures.bytes(CoinGeckoTests.folder + file)
            let scanned = try #require(CoinGeckoMarket.decodeDirect(body), "\(file)")
            #expect(scanned == (try Self.general(body)), "\(file)")
            #expect(!scanned.isEmpty)
        }
    }

    @Test func numbersAsStringsNullsAndEmptyStringsReadAsTheGeneralDecoderReadsThem() throws {
        let body = Array(#"""
        [{"id":"a","symbol":"a","name":"A","current_price":"0.00000000","high_24h":"","low_24h":null,
          "market_cap_rank":3.5,"price_change_percentage_24h_in_currency":-2.5,"ath_date":"","roi":{"x":[1,true,null,"\u00e9"]},
          "last_updated":"2021-05-15T16:00:12.345Z"},
         {"id":"b","symbol":"b","name":"B","current_price":null,"price_change_percentage_24h":1,"atl_date":null}]
        """#.utf8)
        let scanned = try #require(CoinGeckoMarket.decodeDirect(body))
        #expect(scanned == (try Self.general(body)))
        #expect(scanned.first?.change24h == -2.5)
    }

    @Test func whatTheScannerCannotVouchForGoesTheGeneralWay() {
        for text in [#"{"error":"x"}"#, #"[{"id":"a","symbol":"a","name":"A"}]"#, #"[{"id":"a","symbol":"a","name":"A","current_price":"abc"}]"#,
                     #"[{"id":"a\u0062","symbol":"a","name":"A","current_price":1}]"#, #"[{"id":"a","id":"b","symbol":"a","name":"A","current_price":1}]"#,
                     #"[{"id":1,"symbol":"a","name":"A","current_price":1}]"#, #"[{"id":"a","symbol":"a","name":"A","current_price":1,"x":01}]"#,
                     #"[]x"#, "<html>"] {
            #expect(CoinGeckoMarket.decodeDirect(Array(text.utf8)) == nil, "\(text)")
        }
    }
}
