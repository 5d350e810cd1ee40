import Foundation
import Testing
@testable import TestHelpers
import Synchronization
@testable import CoinWatchSupport
@testable import CoinWatchState
@testable import CoinWatchCLI

/// The watchlist commands share the state's response cache and rate-limit backoff with the alert
/// passes (SPEC §1, §5, §6), run in process with an injected clock against a loopback CoinGecko.
@Suite(.serialized) struct WatchlistStateTests {
    let api: ReplayServer
    let dir: TempDir
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    var statePath: String { dir.path + "/state.json" }

    init() throws {
        api = try ReplayServer()
        dir = try TempDir()
        api.route("/api/v3/coins/markets", Reply.bytes(try MarketCaptures.withSparkline(
            "coins-markets_vs-usd_ids-bitcoin_2021-05-15.json", [[48_000, 49_000, 49_053]]), contentType: "application/json"))
        try dir.write("rules.json", """
        {
          "providers": [{"name": "coingecko", "base_url": "\(api.baseURL)/api/v3", "cache_ttl": "60s", "timeout": "5s"}],
          "favorites": ["bitcoin"],
          "rules": [{"id": "hi", "coin": "bitcoin", "when": {"above": 1}}]
        }
        """)
    }

    private func run(_ args: [String], at offset: Double) -> (code: ExitCode, io: CapturedIO) {
        let io = CapturedIO(environment: ["HOME": dir.path, "TZ": "UTC", "NO_COLOR": "1", "COINWATCH_CACHE": dir.path + "/cache"])
        let code = CLI.run(args + ["--rules", dir.path + "/rules.json", "--state", statePath], io: io.io,
                           clock: FixedClock(t0.addingTimeInterval(offset)))
        return (code, io)
    }

    private var cardRequests: Int { api.requests.filter { $0.queryItem("sparkline") == "true" }.count }
    private var passRequests: Int { api.requests.filter { $0.path.hasSuffix("/coins/markets") && $0.queryItem("sparkline") == nil }.count }

    private func state() throws -> StateDocument { try StateStore.load(path: statePath) }

    @Test func aRepeatedShowWithinCacheTTLMakesNoRequest() throws {
        #expect(run(["show", "bitcoin"], at: 0).code == .success)
        let again = run(["show", "bitcoin"], at: 59)
        #expect(again.code == .success)
        #expect(again.io.stdout.contains("$49,053.00"))
        #expect(cardRequests == 1)
        #expect(run(["show", "bitcoin"], at: 60).code == .success)
        #expect(cardRequests == 2, "the cache lasts cache_ttl, then show asks again")
    }

    @Test func anInteractiveShowFillsTheCacheTheNextPassReuses() throws {
        #expect(run(["show", "bitcoin"], at: 0).code == .success)
        // 20 s later: younger than cache_ttl 60s and half the 60 s interval.
        let pass = run(["--once"], at: 20)
        #expect(pass.code == .success, "\(pass.io.stderr)")
        #expect(pass.io.stdout.contains("BTC is above $1.00"))
        #expect(passRequests == 0, "the pass was served from the quote show cached")
        #expect(cardRequests == 1)
    }

    @Test func showReusesTheQuoteAndChartItCachedUnderTheTypedSymbol() throws {
        try api.route("/api/v3/search", fixture: "real/coingecko/search_query-bi_2023-01-08.json")
        api.script(Reply.json("[]"))
        #expect(run(["show", "BTC"], at: 0).code == .success)
        #expect(try state().memory.resolved["coingecko"]?["BTC"] == "bitcoin")
        let card = { self.api.requests.filter { !$0.path.hasSuffix("/market_chart") }.count }
        let requests = card()
        #expect(run(["show", "btc"], at: 10).code == .success)
        #expect(card() == requests, "resolution, quote and sparkline all came from the state (the 7d chart is the history store's)")
    }

    @Test func a429DuringShowIsRecordedAndThePassThenSkipsTheProvider() throws {
        api.script(Reply(status: 429, headers: [("Retry-After", "120")],
                         body: try Fixtures.bytes("real/coingecko/error-429_rate-limit_2023.json")))
        let show = run(["show", "bitcoin"], at: 0)
        #expect(show.code == .failure)
        #expect(show.io.stderr.hasPrefix("coinwatch: coingecko: "), "\(show.io.stderr)")
        #expect(show.io.stderr.contains("429"))
        #expect(try state().memory.backoff["coingecko"] == t0.timeIntervalSince1970 + 120)
        let before = api.requests.count
        let pass = run(["--once"], at: 10)
        #expect(pass.code == .failure)
        #expect(pass.io.stderr.contains("no provider quoted bitcoin"))
        let later = run(["show", "bitcoin"], at: 20)
        #expect(later.code == .failure)
        #expect(later.io.stderr == "coinwatch: coingecko: rate-limited (HTTP 429); skipped until 2027-01-15T08:02:00Z, try again then\n")
        #expect(api.requests.count == before, "nobody asked CoinGecko while it asked us to wait")
    }

    @Test func whenCoinGeckoCannotAnswerTheCachedCardIsShownWithAWarning() throws {
        #expect(run(["show", "bitcoin"], at: 0).code == .success)
        api.script(Reply(status: 429, headers: [("Retry-After", "300")], body: Array(#"{"status":{"error_code":429}}"#.utf8)))
        let stale = run(["show", "bitcoin"], at: 120)
        #expect(stale.code == .success)
        #expect(stale.io.stdout.contains("$49,053.00"))
        #expect(stale.io.stdout.contains("▁██"), "the cached chart too")
        #expect(stale.io.stderr.hasPrefix("coinwatch: warning: coingecko: "))
        let warnings = stale.io.stderr.split(separator: "\n")
        #expect(warnings.first?.hasSuffix("; showing the card cached at 2027-01-15T08:00:00Z") == true, "\(stale.io.stderr)")
        #expect(warnings.count == 2 && warnings[1].hasSuffix("; the card is shown without its 7d chart"), "the default chart only warns")
        let json = run(["show", "bitcoin", "--json"], at: 130)
        #expect(json.io.stdout.contains(#""cached_at":"2027-01-15T08:00:00Z""#))
    }

    @Test func anUnreadableStateIsNeitherUsedNorWritten() throws {
        try dir.write("state.json", "{ not json")
        let show = run(["show", "bitcoin"], at: 0)
        #expect(show.code == .success)
        #expect(show.io.stdout.contains("Bitcoin (BTC)"))
        #expect(show.io.stderr.hasPrefix("coinwatch: warning: state file \(statePath) cannot be read"))
        #expect(show.io.stderr.contains("not writing the state"))
        #expect(dir.read("state.json") == "{ not json")
    }

    @Test func showHoldsNoLockWhileItWaitsForTheNetwork() throws {
        let path = statePath
        let lockFree = Mutex<Bool?>(nil)
        let server = try LoopbackServer { _ in
            let free = (try? StateLock.acquire(statePath: path, timeout: 0)).map { lock in lock.release(); return true } ?? false
            lockFree.withLock { $0 = free }
            return Reply.json("[]")
        }
        try dir.write("rules.json", #"{"providers": [{"name": "coingecko", "base_url": "\#(server.baseURL)"}]}"#)
        _ = run(["show", "bitcoin"], at: 0)
        #expect(lockFree.withLock { $0 } == true, "a pass could take the state lock during show's request")
    }
}
