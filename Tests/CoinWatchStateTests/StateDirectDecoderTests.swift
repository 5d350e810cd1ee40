import Foundation
@testable import CoinWatchSupport
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine
import Testing
@testable import TestHelpers

/// The state file's byte reader and writer (a speed path) read and write the same documents as
/// JSONDecoder and JSONEncoder (SPEC §5: one JSON document; old files keep loading).
@Suite struct StateDirectDecoderTests {
    static func full() -> StateDocument {
        var doc = StateDocument()
        doc.recordPrice(coin: "bitcoin", vs: "usd", price: 100_250.5, at: 1_800_000_000)
        doc.recordPrice(coin: "bitcoin", vs: "usd", price: 0.1 + 0.2, at: 1_800_000_060)
        doc.prices["tiny|usd"] = PriceSeries(firstSeen: 1_700_000_000, coveredFrom: 1_700_000_500,
                                             points: [PricePoint(time: 1_700_000_600, price: 3.2014e-8)])
        doc.prices["empty|usd"] = PriceSeries(firstSeen: 1_700_000_000)
        var pair = PairState()
        pair.firing = true
        pair.trueSince = 1_800_000_000
        pair.lastNotified = 1_800_000_060.25
        pair.lastFired = 1_800_000_060
        pair.firedOnce = true
        pair.resolvedOnce = true
        pair.rearmAt = 99_000.125
        doc.pairs["btc-100k|bitcoin"] = pair
        doc.pairs["quiet|ethereum"] = PairState()
        doc.pairs["odd|\"quoted\\ / tab\tnewline\n é ✓"] = PairState()
        doc.memory.backoff["coingecko"] = 1_800_000_120
        doc.memory.resolved["coingecko"] = ["BTC": "bitcoin", "Ether/USD": "ethereum"]
        doc.memory.symbols["bitcoin"] = "BTC"
        doc.memory.unresolved["coingecko|nope-coin"] = 1_800_086_400
        doc.silences = [Silence(id: "ab12cd34", target: "btc-100k:bitcoin", until: 1_800_003_600, created: 1_800_000_000,
                                comment: "planned \"upgrade\"")]
        doc.outages["coinpaprika"] = Outage(since: 1_800_000_000, reported: 1_800_000_060, error: SecretScrubber.none.scrub("HTTP 502: Bad Gateway"))
        doc.counters["requests|coingecko"] = 12
        doc.counters["alerts|btc-100k|firing"] = 1
        let quote = Quote(providerID: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd", price: 100_250.5,
                          change24h: -2.5, athDate: Date(timeIntervalSince1970: 1_636_554_251.849), provider: "coingecko")
        doc.memory.quoteCache["coingecko|usd|bitcoin"] = CachedQuote(fetchedAt: 1_800_000_000, quote: quote)
        doc.memory.charts["coingecko|usd|bitcoin"] = CachedChart(fetchedAt: 1_800_000_000, prices: [1, 2.5])
        doc.memory.listings["upbit|krw"] = MarketListing(fetchedAt: 1_800_000_000, markets: [ListedMarket(code: "KRW-BTC", base: "BTC")])
        let alert = Alert(id: "a1", time: 1_800_000_000, rule: "btc-100k", coin: "bitcoin", symbol: "BTC", name: "Bitcoin",
                          vs: "usd", condition: "above", threshold: 100_000, price: 100_250.5, previous: nil,
                          change24h: nil, status: .firing, provider: "coingecko", message: "BTC is above")
        doc.outbox = [OutboxEntry(sink: "team", alerts: [alert], queuedAt: 1_800_000_000)]
        return doc
    }

    static func jsonEncoded(_ doc: StateDocument) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(doc))
    }

    @Test func whatTheWriterWritesJSONDecoderReadsAsTheSameDocument() throws {
        let doc = Self.full()
        let written = try StateWriter.encode(doc)
        #expect(try JSONDecoder().decode(StateDocument.self, from: Data(written)) == doc)
    }

    @Test func theReaderReadsWhatTheWriterWrites() throws {
        let doc = Self.full()
        #expect(StateDirectDecoder.decode(try StateWriter.encode(doc)) == doc)
    }

    @Test func theReaderReadsWhatJSONEncoderWroteBefore() throws {
        let doc = Self.full()
        #expect(StateDirectDecoder.decode(try Self.jsonEncoded(doc)) == doc)
    }

    /// Every section but the pairs, which keep their table's order (`PairTable`) for the next pass.
    @Test func theWriterWritesKeysInTheOrderJSONEncoderSortsThem() throws {
        var doc = StateDocument()
        doc.pairs["b|x"] = PairState()
        doc.pairs["a|x"] = PairState()
        doc.prices["bitcoin|usd"] = PriceSeries(firstSeen: 10, points: [PricePoint(time: 10, price: 1.5)])
        let text = String(decoding: try StateWriter.encode(doc), as: UTF8.self)
        #expect(text == #"{"backoff":{},"charts":{},"counters":{},"file_spool":{},"listings":{},"outages":{},"outbox":[],"pairs":{"b|x":{},"a|x":{}},"#
            + #""prices":{"bitcoin|usd":{"covered_from":10,"first_seen":10,"points":[[10,1.5]]}},"#
            + #""quote_cache":{},"resolved":{},"silences":[],"symbols":{},"unresolved":{},"version":1}"#)
    }

    @Test func oldFilesWithEveryDefaultWrittenOutLoadTheSame() throws {
        let text = #"{"version":1,"pairs":{"r|c":{"firing":false,"fired_once":false,"resolved_once":false,"#
            + #""true_since":null,"last_price":5}},"prices":{"c|usd":{"first_seen":7,"points":[[8,2],[9,3]]}}}"#
        let doc = try #require(StateDirectDecoder.decode(Array(text.utf8)))
        #expect(doc.pairs == ["r|c": PairState()], "last_price, which the prices tell, is no longer kept")
        #expect(doc.prices["c|usd"]?.coveredFrom == 8, "a file without covered_from is trusted from its oldest point")
        #expect(doc == (try JSONDecoder().decode(StateDocument.self, from: Data(text.utf8))))
    }

    @Test func whatTheReaderCannotVouchForIsLeftToTheGeneralDecoder() {
        for text in [#"{"version":2}"#, #"{"version":1.0}"#, #"{"pairs":{}}"#, #"{"version":1,"pairs":{"r|c":{"firing":"yes"}}}"#,
                     #"{"version":1,"prices":{"c|usd":{"points":[]}}}"#, #"{"version":1,"version":1}"#,
                     #"{"version":1,"pairs":{"a":{},"a":{}}}"#, #"{"version":1} x"#, "[]", ""] {
            #expect(StateDirectDecoder.decode(Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func aNonFiniteNumberIsRefusedByTheWriterAsJSONEncoderRefusesIt() {
        var doc = StateDocument()
        doc.memory.backoff["coingecko"] = .infinity
        #expect(throws: StateWriter.Refused.self) { try StateWriter.encode(doc) }
        #expect(throws: (any Error).self) { try Self.jsonEncoded(doc) }
    }

    @Test func numbersReadBackToTheSameDoubleAsDoubleParsesThem() {
        let texts = ["0", "-0", "1", "-1", "0.1", "0.3", "1.5e-8", "3.2014e-8", "163248000.00000000", "1e22", "1e23",
                     "9007199254740993", "123456789012345678901234", "0.000000000000000000000000001", "2.2250738585072014e-308",
                     "4.9e-324", "1.7976931348623157e308", "100250.5", "56700.123456789", "-60.0", "1E5", "1e+5", "12.5E-3"]
        for text in texts {
            let bytes = Array(text.utf8)
            let read = bytes.withUnsafeBufferPointer { buffer -> Double? in
                var reader = JSONTokenizer(buffer)
                return reader.number()
            }
            #expect(read == Double(text), "\(text)")
            #expect(read?.sign == Double(text)?.sign, "\(text)")
        }
    }
}
