@testable import CoinWatchState
import Foundation
import Testing
@testable import TestHelpers

/// SPEC §2 favorites: a favorite written as a symbol or a name is resolved by coinwatch — also in a
/// plain pass, on a provider asked by id (CoinGecko) — and the resolution is remembered, so later
/// passes ask by id. A favorite the coin list does not have is looked up again only a day later.
@Suite(.serialized) struct SymbolFavoriteTests {
    let dir: TempDir
    let gecko: ReplayServer

    /// A CoinGecko that answers `/coins/markets` as the real one does, only for the ids asked for
    /// (from the real top-100 capture), and `/coins/list` with the real list capture.
    init() throws {
        dir = try TempDir()
        let markets = try Self.marketsByID()
        gecko = try ReplayServer([
            "/coins/list": { _ in ReplayServer.capture("real/coingecko/coins-list_2021-05-15.json") },
            "/coins/markets": { Self.markets(for: $0, in: markets) },
        ])
    }

    /// Each market of the real top-100 capture as its own JSON text, by id (bytes: a Sendable value).
    static func marketsByID() throws -> [String: [UInt8]] {
        let markets = try JSONSerialization.jsonObject(
            with: Data(try Fixtures.bytes("real/coingecko/coins-markets_vs-usd_top100_2023-01-08.json"))) as? [[String: Any]] ?? []
        return markets.reduce(into: [:]) { byID, item in
            guard let id = item["id"] as? String, byID[id] == nil,
                  let bytes = try? JSONSerialization.data(withJSONObject: item) else { return }
            byID[id] = Array(bytes)
        }
    }

    /// The `/coins/markets` answer for the ids `request` asks for.
    static func markets(for request: RecordedRequest, in byID: [String: [UInt8]]) -> Reply {
        let ids = (request.queryItem("ids") ?? "").split(separator: ",").map(String.init)
        let items = ids.compactMap { byID[$0] }
        return .bytes(Array("[".utf8) + Array(items.joined(separator: Array(",".utf8))) + Array("]".utf8),
                      contentType: "application/json")
    }

    private func pass(_ favorites: [String], environment: [String: String] = [:]) throws -> Binary.Run {
        let rules = favorites.enumerated().map { #"{"id": "r\#($0.offset)", "coin": "\#($0.element)", "when": {"above": 0.000001}}"# }
        try dir.write("rules.json", ProviderRules.make([("coingecko", gecko.baseURL)], vs: "usd", favorites: favorites,
                                                       rules: rules.joined(separator: ", ")))
        return try Binary.run(["--once", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"],
                              environment: environment)
    }

    private func state() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data((dir.read("state.json") ?? "").utf8)) as? [String: Any])
    }

    @Test func aSymbolAndANameAreResolvedInAPassAndRememberedForTheNext() throws {
        let first = try pass(["UNI", "Chainlink", "bitcoin"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty)
        let coins = first.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["coin"] as? String
        }
        #expect(Set(coins) == ["UNI", "Chainlink", "bitcoin"], "every favorite is quoted in the first pass")
        #expect(gecko.requests("/coins/list").count == 1)
        let resolved = try #require(try state()["resolved"] as? [String: [String: String]])
        #expect(resolved["coingecko"]?["UNI"] == "uniswap", "the best-ranked coin with that symbol")
        #expect(resolved["coingecko"]?["Chainlink"] == "chainlink")

        let second = try pass(["UNI", "Chainlink", "bitcoin"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(gecko.requests("/coins/list").count == 1, "the next pass asks by the remembered ids")
        let asked = gecko.requests("/coins/markets").last?.queryItem("ids") ?? ""
        #expect(Set(asked.split(separator: ",")) == ["uniswap", "chainlink", "bitcoin"])
    }

    @Test func aFavoriteNoCoinListHasIsLookedUpAgainOnlyADayLater() throws {
        let first = try pass(["bitcoin", "nope-coin-zz"])
        #expect(first.status == 1)
        #expect(first.stderr.contains("no provider quoted nope-coin-zz in usd"), "\(first.stderr)")
        #expect(gecko.requests("/coins/list").count == 1)
        let waiting = try #require(try state()["unresolved"] as? [String: Double])
        let retryAt = try #require(waiting["coingecko|nope-coin-zz"])
        #expect(abs(retryAt - Date().timeIntervalSince1970 - 86_400) < 120)

        _ = try pass(["bitcoin", "nope-coin-zz"])
        #expect(gecko.requests("/coins/list").count == 1, "not looked up again within the day")
        var doc = try StateStore.load(path: dir.path + "/state.json")
        doc.memory.unresolved["coingecko|nope-coin-zz"] = Date().timeIntervalSince1970 - 1
        try StateStore.save(doc, to: dir.path + "/state.json")
        _ = try pass(["bitcoin", "nope-coin-zz"])
        #expect(gecko.requests("/coins/list").count == 2, "looked up again once the day is over")
    }

    @Test func aCoinListThatCannotBeReadIsRetriedAnHourLaterWithoutAMessage() throws {
        let broken = try ReplayServer([
            "/coins/list": { _ in .json(#"{"status": {"error_code": 500, "error_message": "boom"}}"#, status: 500) },
            "/coins/markets": { _ in ReplayServer.capture("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json") },
        ])
        try dir.write("rules.json", ProviderRules.make([("coingecko", broken.baseURL)], vs: "usd", favorites: ["bitcoin", "UNI"],
                                                       rules: #"{"id": "r", "coin": "bitcoin", "when": {"above": 1}}"#))
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(run.status == 1, "UNI has no quote")
        #expect(run.stdout.hasPrefix("r  BTC is above"), "bitcoin is still served")
        #expect(run.stderr == "coinwatch: no provider quoted UNI in usd; check the favorite's id or add a provider that lists it\n")
        let waiting = try #require(try state()["unresolved"] as? [String: Double])
        let retryAt = try #require(waiting["coingecko|UNI"])
        #expect(abs(retryAt - Date().timeIntervalSince1970 - 3_600) < 120)
        _ = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(broken.requests("/coins/list").count == 1, "not asked again within the hour")
    }

    @Test func aSharedSymbolIsNotSettledWhileItsRanksCannotBeRead() throws {
        let markets = try Self.marketsByID()
        let unranked = try ReplayServer([
            "/coins/list": { _ in ReplayServer.capture("real/coingecko/coins-list_2021-05-15.json") },
            "/coins/markets": { request in
                // The ranks of the coins that share UNI's symbol cannot be read.
                (request.queryItem("ids") ?? "").contains("unicorn-token") ? .status(503) : Self.markets(for: request, in: markets)
            },
        ])
        try dir.write("rules.json", ProviderRules.make([("coingecko", unranked.baseURL)], vs: "usd", favorites: ["bitcoin", "UNI"],
                                                       rules: #"{"id": "r", "coin": "bitcoin", "when": {"above": 1}}"#))
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(run.status == 1, "UNI stays unquoted rather than going to whichever coin the list names first")
        let resolved = try state()["resolved"] as? [String: [String: String]]
        #expect(resolved?["coingecko"]?["UNI"] == nil)
        let waiting = try #require(try state()["unresolved"] as? [String: Double])
        #expect(abs((waiting["coingecko|UNI"] ?? 0) - Date().timeIntervalSince1970 - 3_600) < 120, "tried again in an hour")
    }

    @Test func a429OnTheCoinListStartsTheBackoff() throws {
        let limited = try ReplayServer([
            "/coins/list": { _ in Reply(status: 429, headers: [("Retry-After", "600")], body: Array("{}".utf8)) },
            "/coins/markets": { _ in ReplayServer.capture("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json") },
        ])
        try dir.write("rules.json", ProviderRules.make([("coingecko", limited.baseURL)], vs: "usd", favorites: ["bitcoin", "UNI"],
                                                       rules: #"{"id": "r", "coin": "bitcoin", "when": {"above": 1}}"#))
        _ = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        let backoff = try #require(try state()["backoff"] as? [String: Double])
        #expect(abs((backoff["coingecko"] ?? 0) - Date().timeIntervalSince1970 - 600) < 120)
        let next = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(limited.requests.count == 2, "the next pass asks nothing while the backoff lasts: \(next.stderr)")
    }
}
