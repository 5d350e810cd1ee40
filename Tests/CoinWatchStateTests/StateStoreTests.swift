import Foundation
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchState
import Testing
@testable import TestHelpers

@Suite struct StateStoreTests {
    static func sample() -> StateDocument {
        var doc = StateDocument()
        doc.recordPrice(coin: "bitcoin", vs: "usd", price: 100_250.5, at: 1_800_000_000)
        doc.recordPrice(coin: "bitcoin", vs: "usd", price: 100_300, at: 1_800_000_060)
        var pair = PairState()
        pair.firing = true
        pair.lastNotified = 1_800_000_060
        doc.pairs[StateDocument.pairKey(rule: "btc-100k", coin: "bitcoin")] = pair
        doc.memory.backoff["coingecko"] = 1_800_000_120
        doc.memory.resolved["coingecko"] = ["BTC": "bitcoin"]
        return doc
    }

    @Test func savedDocumentLoadsBackEqual() throws {
        let folder = try TempDir()
        let path = folder.file("state.json")
        try StateStore.save(Self.sample(), to: path)
        #expect(try StateStore.load(path: path) == Self.sample())
    }

    @Test func missingFileLoadsAFreshDocument() throws {
        let folder = try TempDir()
        #expect(try StateStore.load(path: folder.file("nothing.json")) == StateDocument())
    }

    @Test func atomicWriteLeavesNoTempFile() throws {
        let folder = try TempDir()
        let path = folder.file("state.json")
        try StateStore.save(Self.sample(), to: path)
        try StateStore.save(StateDocument(), to: path)
        #expect(folder.names() == ["state.json"])
    }

    @Test func fileIsWrittenWithMode0600() throws {
        let folder = try TempDir()
        let path = folder.file("state.json")
        try StateStore.save(Self.sample(), to: path)
        #expect(TempDir.mode(path) == 0o600)
    }

    @Test func missingFoldersAreCreatedWithMode0700() throws {
        let folder = try TempDir()
        let path = folder.file("a/b/state.json")
        try StateStore.save(Self.sample(), to: path)
        #expect(TempDir.mode(folder.file("a")) == 0o700)
        #expect(TempDir.mode(folder.file("a/b")) == 0o700)
        #expect(TempDir.mode(path) == 0o600)
    }

    @Test func aFileWithoutListingsOrSymbolsStillLoads() throws {
        let folder = try TempDir()
        let path = folder.file("state.json")
        try #"{"version":1,"resolved":{"coingecko":{"BTC":"bitcoin"}}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try StateStore.load(path: path)
        #expect(loaded.memory.resolved == ["coingecko": ["BTC": "bitcoin"]])
        #expect(loaded.memory.listings.isEmpty && loaded.memory.symbols.isEmpty)
    }

    @Test func listingsAndSymbolsRoundTrip() throws {
        let folder = try TempDir()
        let path = folder.file("state.json")
        var doc = StateDocument()
        doc.memory.symbols["bitcoin"] = "BTC"
        doc.memory.listings["upbit|krw"] = MarketListing(fetchedAt: 1_800_000_000, markets: [ListedMarket(code: "KRW-BTC", base: "BTC", name: "Bitcoin")])
        try StateStore.save(doc, to: path)
        #expect(try StateStore.load(path: path) == doc)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""upbit|krw":{"fetched_at":1800000000,"markets":[{"base":"BTC","code":"KRW-BTC","name":"Bitcoin"}]}"#))
    }

    @Test func encodingIsCompactWithSortedKeys() throws {
        let folder = try TempDir()
        let path = folder.file("state.json")
        try StateStore.save(StateDocument(), to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == #"{"backoff":{},"charts":{},"counters":{},"file_spool":{},"listings":{},"outages":{},"outbox":[],"pairs":{},"prices":{},"quote_cache":{},"resolved":{},"silences":[],"symbols":{},"unresolved":{},"version":1}"#)
    }

    @Test(arguments: [
        ("{not json", "not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        (#"{"prices": {}}"#, "1:1: missing key \"version\""),
        (#"{"version": 1, "pairs": {"r|c": {"firing": "yes"}}}"#, "1:44: pairs.r|c.firing: expected true or false"),
        ("{\"version\": 1,\n \"outbox\": [{\"sink\": 5}]}", "2:22: outbox[0].sink: expected a string"),
        (#"{"version": 0}"#, "version 0"),
    ])
    func unreadableFileIsRefusedAndLeftUntouched(contents: String, detail: String) throws {
        let folder = try TempDir()
        let path = folder.file("state.json")
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            try StateStore.load(path: path)
        } throws: { error in
            guard let error = error as? StateError, case .unreadable(let at, let found) = error else { return false }
            return at == path && found.contains(detail) && error.exitCode == .dataError
                && error.message.contains("coinwatch state reset") && error.message.contains(path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contents.utf8))
        #expect(folder.names() == ["state.json"])
    }

    @Test func aFolderInTheWayIsUnreadable() throws {
        let folder = try TempDir()
        #expect(throws: StateError.self) { try StateStore.load(path: folder.path) }
    }

    @Test func failedWriteLeavesNoTempFileBehind() throws {
        let folder = try TempDir()
        let path = folder.file("state.json")
        try FileManager.default.createDirectory(atPath: folder.file("state.json/inner"), withIntermediateDirectories: true)
        #expect {
            try StateStore.save(Self.sample(), to: path)
        } throws: { error in
            guard let error = error as? StateError, case .writeFailed(let at, _) = error else { return false }
            return at == path && error.exitCode == .failure
        }
        #expect(folder.names() == ["state.json"])
    }

    @Test func resetMovesTheFileAsideWithoutOverwritingABackup() throws {
        let folder = try TempDir()
        let path = folder.file("state.json")
        let now: Double = 1_795_953_600  // 2026-11-29T12:00:00Z
        try StateStore.save(Self.sample(), to: path)
        let first = try StateStore.reset(path: path, now: now)
        #expect(first == path + ".bak-20261129T120000Z")
        try StateStore.save(StateDocument(), to: path)
        let second = try StateStore.reset(path: path, now: now)
        #expect(second == path + ".bak-20261129T120000Z-2")
        #expect(folder.names() == ["state.json.bak-20261129T120000Z", "state.json.bak-20261129T120000Z-2"])
        #expect(try StateStore.load(path: first ?? "") == Self.sample())
        #expect(try StateStore.reset(path: path, now: now) == nil)
    }

    @Test func resetByRuleForgetsOnlyThatRulesPairs() {
        var doc = StateDocument()
        doc.pairs["a|bitcoin"] = PairState()
        doc.pairs["a|ethereum"] = PairState()
        doc.pairs["ab|bitcoin"] = PairState()
        #expect(doc.removePairs(rule: "a") == 2)
        #expect(Array(doc.pairs.keys) == ["ab|bitcoin"])
    }

    @Test func errorsSayWhatAndWhereOnOneLine() {
        let errors: [StateError] = [
            .unreadable(path: "/s/state.json", detail: "not valid JSON"),
            .writeFailed(path: "/s/state.json", detail: "No space left on device"),
            .locked(path: "/s/state.json"),
        ]
        #expect(errors.map(\.exitCode) == [.dataError, .failure, .tempFail])
        for error in errors {
            #expect(error.message.contains("/s/state.json") && !error.message.contains("\n"))
        }
        #expect(StateError.locked(path: "/s/state.json").message
            == "another coinwatch pass holds /s/state.json.lock; gave up after 10 s; let it finish and try again "
            + "(a pass that never ends shows in `pgrep -a coinwatch`), or raise COINWATCH_LOCK_TIMEOUT")
    }
}
