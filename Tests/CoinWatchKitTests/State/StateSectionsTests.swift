@testable import CoinWatchKit
import Testing

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
        #expect(doc.pairs.count == 2 && doc.pairs["b|bitcoin"] == nil && doc.pairs["a|bitcoin"] == whole.pairs["a|bitcoin"] && doc.pairs["a|bitcoin"]?.firing == true)
        #expect(Array(doc.prices.keys) == ["bitcoin|usd"] && doc.prices["bitcoin|usd"] == whole.prices["bitcoin|usd"])
        #expect(Array(doc.memory.quoteCache.keys) == ["coingecko|usd|bitcoin"])
        #expect(doc.memory.quoteCache["coingecko|usd|bitcoin"] == whole.memory.quoteCache["coingecko|usd|bitcoin"])
        #expect(doc.silences == whole.silences && doc.outbox.isEmpty)
    }

    @Test func aBrokenStateIsStillRefusedWithTheWholeReadsMessage() throws {
        let dir = try TempDir()
        let path = try dir.write("state.json", #"{"version": 1, "silences": [{"id": 3}]}"#)
        #expect(throws: StateError.self) { try StateStore.load(path: path, sections: .silences) }
    }
}
