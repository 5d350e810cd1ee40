@testable import CoinWatchSupport
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine
import Testing
@testable import TestHelpers

/// `StateStore.load(path:sections:)`: a read-only command reads only the parts of the state it
/// needs (`silence list`, `explain`), and gets them exactly as the whole read would.
@Suite struct StateSectionsTests {
    private func savedState() throws -> (TempDir, String, StateDocument) {
        var doc = StateDocument()
        for (rule, coin) in [("a", "bitcoin"), ("a", "ethereum"), ("b", "bitcoin")] {
            var pair = PairState()
            pair.firing = true
            pair.lastNotified = 1_700_000_000
            _ = doc.pairs.insertNew(pair, forKey: StateDocument.pairKey(rule: rule, coin: coin))
        }
        for coin in ["bitcoin", "ethereum"] {
            doc.prices[StateDocument.priceKey(coin: coin, vs: "usd")] = PriceSeries(firstSeen: 1_700_000_000)
            let quote = Quote(providerID: coin, symbol: "X", name: coin, vs: "usd", price: 1, provider: "coingecko")
            doc.memory.quoteCache[QuoteFetcher.cacheKey(provider: "coingecko", vs: "usd", favorite: coin)] =
                CachedQuote(fetchedAt: 1_700_000_000, quote: quote)
        }
        doc.memory.symbols = ["bitcoin": "BTC", "ethereum": "ETH"]
        doc.memory.resolved = ["coingecko": ["bitcoin": "bitcoin", "ethereum": "ethereum"], "binance": ["ethereum": "ETH"]]
        doc.silences = [Silence(id: "abc12345", target: "a", until: 1_800_000_000, created: 1_700_000_000, comment: "quiet")]
        doc.outbox = [OutboxEntry(sink: "chat", alerts: [], queuedAt: 1_700_000_000)]
        let dir = try TempDir()
        let path = dir.path + "/state.json"
        try StateStore.save(doc, to: path)
        return (dir, path, try StateStore.load(path: path))
    }

    @Test func silenceListReadsTheSilencesAndNothingElse() throws {
        let (dir, path, whole) = try savedState()
        let doc = try withExtendedLifetime(dir) { try StateStore.load(path: path, sections: .silences) }
        #expect(doc.silences == whole.silences && doc.silences.count == 1)
        #expect(doc.pairs.count == 0 && doc.prices.isEmpty && doc.memory.quoteCache.isEmpty && doc.outbox.isEmpty)
    }

    @Test func explainReadsTheRulesPairsAndTheCoinsQuotesAndSeriesOnly() throws {
        let (dir, path, whole) = try savedState()
        let doc = try withExtendedLifetime(dir) { try StateStore.load(path: path, sections: .explaining(rule: "a", coins: ["Bitcoin"])) }
        #expect(doc.pairs.count == 1 && doc.pairs["b|bitcoin"] == nil && doc.pairs["a|ethereum"] == nil)
        #expect(doc.pairs["a|bitcoin"] == whole.pairs["a|bitcoin"] && doc.pairs["a|bitcoin"]?.firing == true)
        #expect(Array(doc.prices.keys) == ["bitcoin|usd"] && doc.prices["bitcoin|usd"] == whole.prices["bitcoin|usd"])
        #expect(Array(doc.memory.quoteCache.keys) == ["coingecko|usd|bitcoin"])
        #expect(doc.memory.quoteCache["coingecko|usd|bitcoin"] == whole.memory.quoteCache["coingecko|usd|bitcoin"])
        #expect(doc.memory.symbols == ["bitcoin": "BTC"] && whole.memory.symbols.count == 2)
        #expect(doc.memory.resolved == ["coingecko": ["bitcoin": "bitcoin"], "binance": [:]] && whole.memory.resolved.count == 2)
        #expect(doc.silences == whole.silences && doc.outbox.isEmpty)
    }

    @Test func explainingEveryCoinOfARuleReadsAllItsPairs() throws {
        let (dir, path, whole) = try savedState()
        let doc = try withExtendedLifetime(dir) {
            try StateStore.load(path: path, sections: .explaining(rule: "a", coins: ["bitcoin", "ethereum"]))
        }
        #expect(Array(doc.pairs.keys) == ["a|bitcoin", "a|ethereum"] && doc.pairs["a|ethereum"] == whole.pairs["a|ethereum"])
        #expect(Set(doc.prices.keys) == ["bitcoin|usd", "ethereum|usd"] && doc.memory.quoteCache.count == 2)
    }

    /// What a read for one command leaves out is skimmed (`skimValue`): brackets and quotes inside
    /// strings, escapes, nesting and numbers of every form must not throw it off, and a key with an
    /// escape is judged by what it spells.
    @Test func skimmedPartsWithTrickyStringsLeaveTheReadOnTrack() throws {
        let dir = try TempDir()
        let path = try dir.write("state.json", #"""
        {"version": 1,
         "outbox": [{"sink": "x}]\"{[", "alerts": [{"deep": [[[{"a": "\\"}]]], "n": -1.5e-3}], "queued_at": 1e9}],
         "pairs": {"a|bitcoin": {"firing": true}, "a|dogecoin": {"firing": true, "note": "}}]]"},
                   "ab|bitcoin": {"firing": true}, "b|bitcoin": {}},
         "quote_cache": {"coingecko|usd|dogecoin": {"fetched_at": 1, "quote": {"price": 2, "name": "\"}{"}},
                         "coingecko|usd|bit\u0063oin": {"fetched_at": 1700000000, "quote": {"providerID": "bitcoin", "symbol": "BTC",
                           "name": "Bitcoin", "vs": "usd", "price": 50000, "provider": "coingecko"}}},
         "silences": [{"id": "abc12345", "target": "a", "until": 1800000000, "created": 1700000000}]}
        """#)
        let doc = try withExtendedLifetime(dir) { try StateStore.load(path: path, sections: .explaining(rule: "a", coins: ["bitcoin"])) }
        #expect(Array(doc.pairs.keys) == ["a|bitcoin"] && doc.pairs["a|bitcoin"]?.firing == true)
        #expect(Array(doc.memory.quoteCache.keys) == ["coingecko|usd|bitcoin"] && doc.memory.quoteCache["coingecko|usd|bitcoin"]?.quote.price == 50000)
        #expect(doc.silences.map(\.id) == ["abc12345"] && doc.outbox.isEmpty)
    }

    @Test(arguments: [#"{"a": "unclosed}"#, #"{"a": [1, 2}"#, #""never closed"#, ""])
    func aValueThatIsNotClosedIsNotSkimmedPast(json: String) {
        let bytes = Array(json.utf8)
        let skimmed = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var reader = JSONTokenizer(buffer)
            return reader.skimValue()
        }
        #expect(!skimmed)
    }

    @Test func skimmingStopsRightAfterTheValue() {
        let bytes = Array(#"  {"a": "}\"", "b": [{"c": -2e5}]} , 7"#.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONTokenizer(buffer)
            #expect(reader.skimValue() && reader.take(UInt8(ascii: ",")) && reader.skimValue() && reader.atEnd())
        }
    }

    /// A quote ends a string unless an odd run of backslashes comes before it.
    @Test(arguments: [#""\\", 1"#, #""a\\\"b", 1"#, #""\\\\\"}", 1"#, #"["\"", "\\\"]\\"], 1"#])
    func escapedQuotesAndBackslashesAreSkimmedByWhatTheyAre(json: String) {
        let bytes = Array(json.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONTokenizer(buffer)
            #expect(reader.skimValue() && reader.take(UInt8(ascii: ",")) && reader.skimValue() && reader.atEnd(), "\(json)")
        }
    }

    /// Plain bytes are skimmed eight at a time: a quote or bracket at any offset of a long run is
    /// still seen, and `Y`, `y`, `_` (which look like brackets to the word test) change nothing.
    @Test(arguments: 0..<20)
    func aBracketOrQuoteAtAnyOffsetOfALongRunIsSeen(offset: Int) {
        let before = String(repeating: "1", count: offset), after = String(repeating: "2", count: 19 - offset)
        for middle in ["[]", "{}", "\"}\"", "Yy_\u{7F}"] {
            let json = "[\(before)\(middle)\(after), [\"Yy_\(before)]\(after)\"]], 7"
            let bytes = Array(json.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONTokenizer(buffer)
                #expect(reader.skimValue() && reader.take(UInt8(ascii: ",")) && reader.skimValue() && reader.atEnd(), "\(json)")
            }
            let unclosed = Array("[\(before)\(middle)\(after)".utf8)
            unclosed.withUnsafeBufferPointer { buffer in
                var reader = JSONTokenizer(buffer)
                let skimmed = reader.skimValue()
                #expect(!skimmed, "\(json)")
            }
        }
    }

    @Test func aBrokenStateIsStillRefusedWithTheWholeReadsMessage() throws {
        let dir = try TempDir()
        let path = try dir.write("state.json", #"{"version": 1, "silences": [{"id": 3}]}"#)
        #expect(throws: StateError.self) { try StateStore.load(path: path, sections: .silences) }
    }
}
