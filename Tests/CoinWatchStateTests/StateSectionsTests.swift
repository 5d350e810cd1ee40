@testable import CoinWatchSupport
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
@testable import CoinWatchEngine
import Foundation
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
        let lock = try StateLock.acquire(statePath: path)  // as a pass saves: its lock file holds the stamp
        try StateStore.save(doc, to: path)
        lock.release()
        return (dir, path, try StateStore.load(path: path))
    }

    /// Marks a file written here as the one the last save wrote (its stamp in the lock file), so that a partial
    /// read skips what it leaves out.
    static func stamp(_ path: String) throws {
        let lock = try StateLock.acquire(statePath: path)
        StateStore.stamp(path)
        lock.release()
    }

    @Test func silenceListReadsTheSilencesAndNothingElse() throws {
        let (dir, path, whole) = try savedState()
        let doc = try withExtendedLifetime(dir) { try StateStore.load(path: path, sections: .silences) }
        #expect(doc.silences == whole.silences && doc.silences.count == 1)
        #expect(doc.pairs.count == 0 && doc.prices.isEmpty && doc.memory.quoteCache.isEmpty && doc.outbox.isEmpty)
    }

    /// `explain` of rule "a" on bitcoin: the pairs, series and cached quotes with the keys it asks for.
    static let explainingBitcoin = StateSections.explaining(
        pairs: [StateDocument.pairKey(rule: "a", coin: "bitcoin")], prices: [StateDocument.priceKey(coin: "bitcoin", vs: "usd")],
        quotes: [QuoteFetcher.cacheKey(provider: "coingecko", vs: "usd", favorite: "bitcoin")])

    @Test func explainReadsTheKeysItAsksForAndNotTheOutbox() throws {
        let (dir, path, whole) = try savedState()
        let doc = try withExtendedLifetime(dir) { try StateStore.load(path: path, sections: Self.explainingBitcoin) }
        #expect(Array(doc.pairs.keys) == ["a|bitcoin"] && doc.pairs["a|bitcoin"] == whole.pairs["a|bitcoin"])
        #expect(doc.pairs["a|bitcoin"]?.firing == true)
        #expect(Array(doc.prices.keys) == ["bitcoin|usd"] && doc.prices["bitcoin|usd"] == whole.prices["bitcoin|usd"])
        #expect(Array(doc.memory.quoteCache.keys) == ["coingecko|usd|bitcoin"])
        #expect(doc.memory.quoteCache["coingecko|usd|bitcoin"] == whole.memory.quoteCache["coingecko|usd|bitcoin"])
        #expect(doc.memory.symbols == whole.memory.symbols && doc.memory.resolved == whole.memory.resolved)
        #expect(doc.silences == whole.silences && doc.outbox.isEmpty && whole.outbox.count == 1)
    }

    /// What a read for one command leaves out is skipped by the checked skip (`skipValue`):
    /// brackets and quotes inside strings, escapes, nesting and numbers of every form must not
    /// throw it off.
    @Test func skippedPartsWithTrickyStringsLeaveTheReadOnTrack() throws {
        let dir = try TempDir()
        let path = try dir.write("state.json", #"""
        {"version": 1,
         "outbox": [{"sink": "x}]\"{[", "alerts": [{"deep": [[[{"a": "\\"}]]], "n": -1.5e-3, "m": 0, "k": -0.25}], "queued_at": 1e9}],
         "pairs": {"a|dogecoin": {"firing": true, "note": "}}]]"}, "a|bitcoin": {"firing": true}, "b|bitcoin": {}},
         "silences": [{"id": "abc12345", "target": "a", "until": 1800000000, "created": 1700000000}]}
        """#)
        try Self.stamp(path)
        let doc = try withExtendedLifetime(dir) { try StateStore.load(path: path, sections: Self.explainingBitcoin) }
        #expect(Array(doc.pairs.keys) == ["a|bitcoin"] && doc.pairs["a|bitcoin"]?.firing == true)
        #expect(doc.silences.map(\.id) == ["abc12345"] && doc.outbox.isEmpty)
    }

    /// A state file that `--once` refuses (here: a part `silence list` and `explain` leave out is not
    /// JSON) is refused by them too, with the whole read's message.
    @Test(arguments: [#"{"version": 1, "outbox": [{"sink": "x", "alerts": [}], "silences": []}"#,
                      #"{"version": 1, "outbox": [1 2], "silences": []}"#,
                      #"{"version": 1, "pairs": {"a|b": {"firing": tru}}, "silences": []}"#,
                      #"{"version": 1, "outbox": [{"sink": 5}], "silences": []}"#,
                      #"{"version": 1, "pairs": {"a|b": {"firing": 1}}, "silences": []}"#,
                      #"{"version": 1, "prices": {"x|usd": {"first_seen": -5}}, "silences": []}"#])
    func aStateTheWholeReadRefusesIsRefusedByAPartialRead(json: String) throws {
        let dir = try TempDir()
        let path = try dir.write("state.json", json)
        let whole = withExtendedLifetime(dir) { () -> String? in
            do { _ = try StateStore.load(path: path); return nil } catch { return (error as? StateError)?.message ?? "\(error)" }
        }
        for sections in [StateSections.silences, Self.explainingBitcoin] {
            let partial = withExtendedLifetime(dir) { () -> String? in
                do { _ = try StateStore.load(path: path, sections: sections); return nil } catch { return (error as? StateError)?.message ?? "\(error)" }
            }
            #expect(whole != nil && partial == whole, "\(json)")
        }
    }

    /// Of `resolved`, `explain` keeps only its favorites, in every provider.
    @Test func explainReadsOnlyItsFavoritesResolvedIds() throws {
        let (dir, path, whole) = try savedState()
        let sections = StateSections.explaining(pairs: [], prices: [], quotes: [], symbols: ["ethereum"], favorites: ["ethereum"])
        let doc = try withExtendedLifetime(dir) { try StateStore.load(path: path, sections: sections) }
        #expect(doc.memory.resolved == ["coingecko": ["ethereum": "ethereum"], "binance": ["ethereum": "ETH"]])
        #expect(doc.memory.symbols == ["ethereum": "ETH"] && whole.memory.resolved["coingecko"]?.count == 2)
    }

    /// Kept keys are compared by their bytes, yet found as the whole read's string lookup finds them:
    /// one written with an escape, and one that is not ASCII but equal as a string (U+212A KELVIN SIGN
    /// is `K`), are kept; keys that only share a kept one's length and last bytes are not.
    @Test func keptKeysAreFoundAsAStringLookupFindsThem() throws {
        let dir = try TempDir()
        let path = try dir.write("state.json", #"""
        {"version": 1, "pairs": {"a|\u004bbc": {"firing": true}, "a|KEY": {"firing": true}, "a|xyz": {}, "b|xyz": {}, "a|kbc": {}}}
        """#.replacingOccurrences(of: "KEY", with: "\u{212A}ey"))
        try Self.stamp(path)
        let sections = StateSections.explaining(pairs: ["a|Kbc", "a|Key", "b|xyz"], prices: [], quotes: [])
        let doc = try withExtendedLifetime(dir) { try StateStore.load(path: path, sections: sections) }
        let whole = try withExtendedLifetime(dir) { try StateStore.load(path: path) }
        #expect(doc.pairs.count == 3 && doc.pairs["a|Kbc"]?.firing == true && doc.pairs["a|Key"]?.firing == true)
        #expect(doc.pairs["b|xyz"] != nil && doc.pairs["a|xyz"] == nil && doc.pairs["a|kbc"] == nil)
        for key in ["a|Kbc", "a|Key", "b|xyz"] { #expect(doc.pairs[key] == whole.pairs[key]) }
    }

    /// The parts left out are trusted only while the file is the one the last save wrote: the same bytes
    /// written again by anything else (a new modification time) are read whole.
    @Test func aFileChangedSinceTheLastSaveIsReadWhole() throws {
        let (dir, path, whole) = try savedState()
        let partial = try withExtendedLifetime(dir) { try StateStore.load(path: path, sections: .silences) }
        #expect(partial.outbox.isEmpty && whole.outbox.count == 1)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        withExtendedLifetime(dir) {
            #expect(FileManager.default.createFile(atPath: path + ".new", contents: bytes))
            #expect(rename(path + ".new", path) == 0)
        }
        let reread = try withExtendedLifetime(dir) { try StateStore.load(path: path, sections: .silences) }
        #expect(reread == whole)
    }

    @Test func aBrokenStateIsStillRefusedWithTheWholeReadsMessage() throws {
        let dir = try TempDir()
        let path = try dir.write("state.json", #"{"version": 1, "silences": [{"id": 3}]}"#)
        #expect(throws: StateError.self) { try StateStore.load(path: path, sections: .silences) }
    }
}
