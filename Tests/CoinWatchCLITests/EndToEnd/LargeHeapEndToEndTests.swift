@testable import CoinWatchSupport
@testable import CoinWatchMarket
@testable import CoinWatchState
@testable import CoinWatchEngine
import Foundation
import Glibc
import Testing
@testable import TestHelpers

/// A command that reads a large state file whole (`explain`) backs its heap with 2 MiB pages
/// (`LargeHeap`): its fresh memory costs a page fault per 2 MiB, not one per 4 KiB.
@Suite struct LargeHeapEndToEndTests {
    /// Whether the kernel gives transparent huge pages to memory advised for them.
    static var hugePagesOffered: Bool {
        let setting = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        return setting.contains("[always]") || setting.contains("[madvise]")
    }

    @Test(.enabled(if: hugePagesOffered, "the kernel offers no transparent huge pages"))
    func explainOnALargeStateFaultsFewerPagesThanTheStateFileHolds() throws {
        let dir = try TempDir()
        let closed = try ClosedPort()
        let rulesPath = dir.path + "/rules.json", statePath = dir.path + "/state.json"
        try #"""
        {"providers": [{"name": "coingecko", "base_url": "\#(closed.baseURL)", "cache_ttl": "1d"}],
         "favorites": ["coin-00001"],
         "rules": [{"id": "hi", "coin": "coin-00001", "when": {"above": 100}}]}
        """#.write(toFile: rulesPath, atomically: true, encoding: .utf8)
        // 60,000 cached quotes: an 11 MiB state, of which explain keeps one coin's.
        var doc = StateDocument()
        let now = Date().timeIntervalSince1970
        for index in 1...60_000 {
            let coin = "coin-" + String(100_000 + index).dropFirst()
            let quote = Quote(providerID: coin, symbol: "C\(index)", name: "Coin \(index)", vs: "usd", price: Double(index) + 0.123456,
                              provider: "coingecko")
            doc.memory.quoteCache[QuoteFetcher.cacheKey(provider: "coingecko", vs: "usd", favorite: coin)] =
                CachedQuote(fetchedAt: now, quote: quote)
        }
        doc.memory.resolved = ["coingecko": ["coin-00001": "coin-00001"]]
        try StateStore.save(doc, to: statePath)
        let statePages = POSIXFile.size(of: statePath) / 4096
        #expect(statePages > 2000, "the state must be large enough to tell: \(statePages) pages")

        // The coin's quote comes from the cache: no request, so libcurl's loading adds no faults.
        let check = try Binary.run(["explain", "hi", "--rules", rulesPath, "--state", statePath])
        #expect(check.status == 0 && check.stderr.isEmpty && check.stdout.contains("price 1.123456"), "\(check.stdout)\(check.stderr)")
        let run = try #require(try Shell.spawnMeasured(Binary.path, ["explain", "hi", "--rules", rulesPath, "--state", statePath],
                                                       environment: Binary.environment(adding: [:]), timeout: 60))
        #expect(run.status == 0)
        // Reading the state alone into 4 KiB pages would fault once per page of it.
        #expect(run.usage.ru_minflt < statePages, "\(run.usage.ru_minflt) page faults for a state of \(statePages) pages")
    }
}
