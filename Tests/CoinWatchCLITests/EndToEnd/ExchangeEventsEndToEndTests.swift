import Foundation
import Glibc
import Synchronization
import Testing
@testable import CoinWatchSupport
@testable import TestHelpers

/// Exchange events (SPEC §14) through the built binary against a loopback Upbit replaying the real
/// `/market/all?isDetails=true` capture, then edited copies of it (named `EDITED-…`): a market newly
/// flagged, a new KRW market. Time passes by ageing the state (`StateAging`), not by sleeping.
@Suite(.serialized) struct ExchangeEventsEndToEndTests {
    let dir: TempDir
    /// The capture `/market/all` answers with now.
    let listing = Listing()

    final class Listing: Sendable {
        let file = Mutex("real/upbit/market-all_isDetails-true_2025-07-27.json")
        /// Markets the answer leaves out: a code (`KRW-ETH`), or every market of a quote (`KRW-`).
        let dropped = Mutex<[String]>([])
        /// A market the answer names twice.
        let twice = Mutex<String?>(nil)
        /// A market whose `PRICE_FLUCTUATIONS` the answer gives as `"Y"`, not a boolean.
        let odd = Mutex<String?>(nil)
    }

    init() throws { dir = try TempDir() }

    static let original = "real/upbit/market-all_isDetails-true_2025-07-27.json"
    static let flagged = "real/upbit/market-all_isDetails-true_2025-07-27_EDITED-KRW-ETH-flagged.json"
    static let listed = "real/upbit/market-all_isDetails-true_2025-07-27_EDITED-KRW-XYZ-listed.json"

    func server() throws -> ReplayServer { try ReplayServer(routes()) }

    func write(base: String, rules: String) throws {
        let document = ProviderRules.make([("upbit", base)], vs: "krw", favorites: ["BTC"], rules: rules)
        try dir.write("rules.json", document.replacingOccurrences(of: #""vs_currency": "krw","#,
                                                                  with: #""vs_currency": "krw", "listing_interval": "10m","#))
    }

    /// One `--once --json` pass of the binary, after ageing the state by `after` seconds.
    func pass(after: Double = 0, _ extra: [String] = []) throws -> Binary.Run {
        try StateAging.age(dir.path + "/state.json", by: after)
        return try Binary.run(["--once", "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"] + extra)
    }

    static let rules = #"{"id": "flags", "coin": "*", "provider": "upbit", "when": {"caution": true}, "resolve": true}, "#
        + #"{"id": "new", "coin": "*", "provider": "upbit", "when": {"listed": true}}"#

    @Test func aCautionRuleOnEveryMarketAnnouncesANewlyFlaggedMarketOnceWithItsFlags() throws {
        let upbit = try server()
        try write(base: upbit.baseURL, rules: Self.rules)
        let first = try pass()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stdout.contains(#""condition":"caution""#), "the first list is recorded without notifying: \(first.stdout)")
        #expect(upbit.requests("/market/all").count == 1, "one list serves the favorites and the events")

        listing.file.withLock { $0 = Self.flagged }
        let within = try pass(after: 60)
        #expect(!within.stdout.contains("caution"), "not fetched again within listing_interval")
        #expect(upbit.requests("/market/all").count == 1)

        let second = try pass(after: 600)
        let lines = second.stdout.split(separator: "\n").filter { $0.contains(#""condition":"caution""#) }
        #expect(lines.count == 1, "\(second.stdout) \(second.stderr)")
        let record = try #require(lines.first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(record["coin"] as? String == "KRW-ETH")
        #expect(record["flags"] as? [String] == ["PRICE_FLUCTUATIONS", "TRADING_VOLUME_SOARING"])
        #expect(record["message"] as? String == "Upbit flags KRW-ETH: price fluctuations, trading volume soaring")
        #expect(record["provider"] as? String == "upbit")
        #expect(record["price"] == nil, "no quote of KRW-ETH: no price")
        #expect(record["url"] as? String == "https://upbit.com/exchange?code=CRIX.UPBIT.KRW-ETH", "the market's page: \(record)")

        let third = try pass(after: 600)
        #expect(!third.stdout.contains(#""condition":"caution""#), "one notice per change: \(third.stdout)")
        #expect(upbit.requests("/market/all").count == 3)
    }

    @Test func aListedRuleAnnouncesANewKRWMarketAndAClearedFlagResolves() throws {
        let upbit = try server()
        try write(base: upbit.baseURL, rules: Self.rules)
        #expect(try pass().status == 0)
        listing.file.withLock { $0 = Self.flagged }
        #expect(records(try pass(after: 600)).map { $0["status"] as? String } == ["firing"], "only a flag that fired resolves")
        listing.file.withLock { $0 = Self.listed }
        let next = try pass(after: 600)
        let records = next.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let listed = records.filter { $0["condition"] as? String == "listed" }
        #expect(listed.count == 1, "\(next.stdout) \(next.stderr)")
        #expect(listed.first?["message"] as? String == "Upbit lists KRW-XYZ (Xyz)")
        #expect(listed.first?["coin"] as? String == "KRW-XYZ")
        let resolved = records.filter { $0["condition"] as? String == "caution" }
        #expect(resolved.count == 1)
        #expect(resolved.first?["status"] as? String == "resolved")
        #expect(resolved.first?["message"] as? String == "Upbit no longer flags KRW-ETH (was: price fluctuations, trading volume soaring)")
    }

    @Test func aBaselinePassRecordsTheListWithoutNotifying() throws {
        let upbit = try server()
        try write(base: upbit.baseURL, rules: Self.rules)
        #expect(try pass().status == 0)
        listing.file.withLock { $0 = Self.flagged }
        let baseline = try pass(after: 600, ["--baseline"])
        #expect(!baseline.stdout.contains("caution"), "\(baseline.stdout)")
        let after = try pass(after: 600)
        #expect(!after.stdout.contains("caution"), "the baseline recorded the flag: \(after.stdout)")
        listing.file.withLock { $0 = Self.original }
        let cleared = try pass(after: 600)
        #expect(records(cleared).isEmpty, "a flag never announced resolves nothing: \(cleared.stdout)")
    }

    /// A `listed` rule on a favorite no exchange lists yet needs its market list, not a quote (`DataPlan.quotedFavorites`):
    /// the passes wait quietly with exit 0 (no "no provider quoted XYZ" to cron every minute), `check --online` does not
    /// ask for it, `explain` shows it not listed, and the list that lists it announces it.
    @Test func aListedRuleWaitsForACoinNotListedYetWithoutAQuote() throws {
        let upbit = try server()
        let document = ProviderRules.make([("upbit", upbit.baseURL)], vs: "krw", favorites: ["BTC", "XYZ"],
                                          rules: #"{"id": "xyz", "coin": "XYZ", "provider": "upbit", "when": {"listed": true}}"#)
        try dir.write("rules.json", document)
        let args = ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"]
        for after in [0.0, 600] {
            let run = try pass(after: after)
            #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty, "\(run.stdout) \(run.stderr)")
        }
        let online = try Binary.run(["check", "--online"] + args)
        #expect(online.status == 0 && !online.stdout.contains("XYZ  not found"), "\(online.stdout) \(online.stderr)")
        let explained = try Binary.run(["explain", "xyz", "XYZ"] + args)
        #expect(explained.status == 0 && explained.stdout.contains("  XYZ\n    now:   not listed\n"), "\(explained.stdout) \(explained.stderr)")
        let other = try Binary.run(["explain", "xyz", "BTC"] + args)
        #expect(other.status == 1 && other.stderr == "coinwatch: rule 'xyz' does not cover 'BTC'. It covers XYZ.\n", "\(other.stderr)")
        listing.file.withLock { $0 = Self.listed }
        let listed = try pass(after: 600)
        #expect(records(listed).map { $0["message"] as? String } == ["Upbit lists KRW-XYZ (Xyz)"], "\(listed.stdout) \(listed.stderr)")
        #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed.stderr)")
    }

    /// An answer that names a new market twice (odd, but valid JSON: a list put together from pages) announces it once.
    @Test func aMarketTheAnswerNamesTwiceIsAnnouncedOnce() throws {
        let upbit = try server()
        try write(base: upbit.baseURL, rules: Self.rules)
        #expect(try pass().status == 0)
        listing.file.withLock { $0 = Self.listed }
        listing.twice.withLock { $0 = "KRW-XYZ" }
        let next = try pass(after: 600)
        #expect(records(next).map { $0["message"] as? String } == ["Upbit lists KRW-XYZ (Xyz)"], "\(next.stdout) \(next.stderr)")
    }

    /// One market's flag that is not a boolean is not read as set; it fails neither the list nor the other markets.
    @Test func aNonBooleanFlagOfOneMarketKeepsTheRestOfTheList() throws {
        let upbit = try server()
        try write(base: upbit.baseURL, rules: Self.rules)
        listing.odd.withLock { $0 = "KRW-BTC" }
        let first = try pass()
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        listing.file.withLock { $0 = Self.flagged }
        let next = try pass(after: 600)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(records(next).map { $0["coin"] as? String } == ["KRW-ETH"], "only ETH's flags changed: \(next.stdout) \(next.stderr)")
    }

    /// SPEC §10: a baseline "records prices and pair states, notifies nothing", so it spends no `once`
    /// and starts no cooldown of an event rule: the flag, cleared and raised again, is announced.
    @Test func aBaselinePassSpendsNoOnceOfAnEventRule() throws {
        let upbit = try server()
        try write(base: upbit.baseURL, rules: #"{"id": "flags", "coin": "*", "provider": "upbit", "when": {"caution": true}, "once": true}"#)
        #expect(try pass().status == 0)
        listing.file.withLock { $0 = Self.flagged }
        let baseline = try pass(after: 600, ["--baseline"])
        #expect(!baseline.stdout.contains("caution"), "\(baseline.stdout)")
        listing.file.withLock { $0 = Self.original }
        #expect(try pass(after: 600).stdout.isEmpty)
        listing.file.withLock { $0 = Self.flagged }
        let again = try pass(after: 600)
        #expect(again.stdout.contains(#""condition":"caution""#), "nothing was ever sent: once is not spent \(again.stdout) \(again.stderr)")
    }

    /// `stream` against a loopback Upbit (REST replaying the real capture, then `file`; a WebSocket
    /// feed for BTC): a `--once` pass records the capture's list, the state is aged past
    /// `listing_interval`, then `stream` fetches the list again on its own thread and announces what
    /// changed, `source: stream`. Returns the records stdout carried and how often `/market/all` was asked.
    func streamRecords(serving file: String, until count: Int) throws -> (records: [[String: Any]], stderr: String, lists: Int) {
        let rig = try StreamRig(connections: [[["wait": 1]]], routes: routes())
        try rig.writeRules(provider: #"{"name": "upbit", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "2s"}"#,
                           vs: "krw", favorites: ["BTC"], rules: Self.rules)
        let first = try Binary.run(["--once", "--rules", rig.rulesPath, "--state", rig.statePath])
        #expect(first.status == 0 && first.stdout.isEmpty, "the first list is recorded without notifying: \(first.stdout) \(first.stderr)")
        try StateAging.age(rig.statePath, by: 600)
        listing.file.withLock { $0 = file }
        let run = try rig.start()
        let arrived = Eventually.wait(timeout: 10) { StreamRig.records(run.stdout).count >= count }
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(arrived, "\(run.stdout) \(run.stderr)")
        return (StreamRig.records(run.stdout), run.stderr, rig.rest.requests("/market/all").count)
    }

    func routes() -> [String: ReplayServer.Route] {
        var routes = Replays.upbitRoutes()
        let listing = self.listing
        routes["/market/all"] = { _ in
            let dropped = listing.dropped.withLock { $0 }
            let twice = listing.twice.withLock { $0 }
            let odd = listing.odd.withLock { $0 }
            let reply = ReplayServer.capture(listing.file.withLock { $0 })
            guard !dropped.isEmpty || twice != nil || odd != nil,
                  let markets = try? JSONSerialization.jsonObject(with: Data(reply.body)) as? [[String: Any]] else { return reply }
            let edited = markets.map { market in
                guard market["market"] as? String == odd, var event = market["market_event"] as? [String: Any],
                      var caution = event["caution"] as? [String: Any] else { return market }
                caution["PRICE_FLUCTUATIONS"] = "Y"
                event["caution"] = caution
                return market.merging(["market_event": event]) { $1 }
            }
            guard let kept = try? JSONSerialization.data(withJSONObject: edited.filter { market in
                      let code = market["market"] as? String ?? ""
                      return !dropped.contains { $0 == code || $0.hasSuffix("-") && code.hasPrefix($0) }
                  } + edited.filter { $0["market"] as? String == twice }) else { return reply }
            return Reply.json(String(decoding: kept, as: UTF8.self))
        }
        return routes
    }

    @Test func streamAnnouncesANewlyFlaggedMarketOnceWithItsFlags() throws {
        let (records, stderr, lists) = try streamRecords(serving: Self.flagged, until: 1)
        #expect(records.count == 1, "\(records)")
        #expect(records.first?["condition"] as? String == "caution")
        #expect(records.first?["coin"] as? String == "KRW-ETH", "ETH is no favorite: coin * covers every KRW market")
        #expect(records.first?["flags"] as? [String] == ["PRICE_FLUCTUATIONS", "TRADING_VOLUME_SOARING"])
        #expect(records.first?["source"] as? String == "stream")
        #expect(lists == 2, "the pass's list, then stream's one fetch (the favorites' listing is still fresh)")
        #expect(stderr.isEmpty, "\(stderr)")
    }

    @Test func streamAnnouncesANewKRWMarket() throws {
        let (records, _, lists) = try streamRecords(serving: Self.listed, until: 1)
        #expect(records.map { $0["condition"] as? String } == ["listed"], "\(records)")
        #expect(records.first?["coin"] as? String == "KRW-XYZ")
        #expect(records.first?["message"] as? String == "Upbit lists KRW-XYZ (Xyz)")
        #expect(records.first?["source"] as? String == "stream")
        #expect(lists == 2)
    }

    /// A list `stream` cannot read (the exchange answers 502) stays due and is asked again an interval
    /// later, as by the next pass: not again at once, in a loop that floods the exchange and stderr
    /// while the feed runs (the half second the feed pauses before its trades made ~50 requests).
    @Test func streamAsksAgainForAListItCouldNotReadOnlyAnIntervalLater() throws {
        let failing = Mutex(false)
        var routes = Replays.binanceRoutes()
        routes["/api/v3/exchangeInfo"] = { _ in failing.withLock { $0 } ? Reply.status(502) : Reply.json(Replays.exchangeInfo) }
        let rig = try StreamRig(connections: [[["sleep": 0.5], ["send": StreamRig.trade("BTCUSDT", 19_990)], ["sleep": 0.3],
                                                ["send": StreamRig.trade("BTCUSDT", 20_500)]]], routes: routes)
        try rig.writeRules(#"{"id": "new", "coin": "*", "provider": "binance", "when": {"listed": true}}, "#
            + #"{"id": "up", "coin": "BTC", "when": {"crosses_above": 20000}}"#)
        let first = try Binary.run(["--once", "--rules", rig.rulesPath, "--state", rig.statePath])
        #expect(first.status == 0 && first.stdout.isEmpty, "\(first.stdout) \(first.stderr)")
        try StateAging.age(rig.statePath, by: 600)
        failing.withLock { $0 = true }
        let run = try rig.start()
        let crossed = Eventually.wait(timeout: 10) { StreamRig.records(run.stdout).contains { $0["rule"] as? String == "up" } }
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        #expect(crossed, "\(run.stdout) \(run.stderr)")
        #expect(rig.rest.requests("/api/v3/exchangeInfo").count == 2, "the pass's list, then stream's one try")
        #expect(run.stderr.components(separatedBy: "binance: could not load its market list, skipped").count == 2, "\(run.stderr)")
    }

    /// SPEC §6 in a pass: a market list the exchange does not serve (a 502, its quotes still answered) is an
    /// outage said at its edges, as the quotes' are: one line when it starts, none while it lasts (it was
    /// one warning every pass, so cron mailed every minute), one when the list is read again.
    @Test func aPassSaysAnUnreadableListAtTheOutagesEdgesNotEveryPass() throws {
        let failing = Mutex(false)
        var routes = routes()
        routes["/market/all"] = { _ in failing.withLock { $0 } ? Reply.json("bad gateway", status: 502) : ReplayServer.capture(Self.original) }
        let upbit = try ReplayServer(routes)
        try write(base: upbit.baseURL, rules: Self.rules)
        #expect(try pass().status == 0)
        failing.withLock { $0 = true }
        let first = try pass(after: 600)
        #expect(first.status == 0 && first.stderr.hasPrefix("coinwatch: upbit: failing since ")
                && first.stderr.contains(" UTC: could not load its market list, skipped: 127.0.0.1:")
                && first.stderr.hasSuffix(": HTTP 502: bad gateway\n")
                && first.stderr.split(separator: "\n").count == 1, "\(first.stderr)")
        for _ in 0..<2 {
            let during = try pass(after: 60)
            #expect(during.status == 0 && during.stderr.isEmpty, "\(during.stderr)")
        }
        #expect(upbit.requests("/market/all").count == 4, "still asked every pass")
        failing.withLock { $0 = false }
        let back = try pass(after: 60)
        #expect(back.stderr == "coinwatch: upbit: recovered after 3m\n", "\(back.stderr)")
    }

    /// `check` shows the requests exchange event rules add: per exchange and currency, its market list
    /// every `listing_interval` (Bithumb: the list and its warnings).
    @Test func checkShowsTheMarketListRequestsTheseRulesAdd() throws {
        try dir.write("rules.json", #"""
        {"vs_currency": "krw", "listing_interval": "15m", "providers": [{"name": "upbit"}, {"name": "bithumb"}],
         "favorites": ["BTC"],
         "rules": [{"id": "flags", "coin": "*", "when": {"caution": true}},
                   {"id": "gone", "coin": "BTC", "provider": "bithumb", "when": {"delisting": true}}]}
        """#)
        let run = try Binary.run(["check", "--rules", dir.path + "/rules.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("exchange events add: upbit krw: 1 market list request every 15m (it also serves favorites); "
            + "bithumb krw: 2 market list requests every 15m"), "\(run.stdout)")
        #expect(run.stdout.contains("* (every market)"), "\(run.stdout)")
        let json = try Binary.run(["check", "--json", "--rules", dir.path + "/rules.json"])
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let lists = try #require((plan["requests"] as? [String: Any])?["market_lists"] as? [[String: Any]])
        #expect(lists.map { $0["provider"] as? String } == ["upbit", "bithumb"])
        #expect(lists.map { $0["requests"] as? Int } == [1, 2])
        #expect(lists.first?["every_seconds"] as? Double == 900)
    }

    /// A market's code and flags are the exchange's text, printed on stdout where no guard cleans it (SPEC §3): an escape
    /// sequence in them reached the terminal (its name and ending were already cleaned).
    @Test func explainPrintsAMarketsCodeAndFlagsWithoutTheirControlCharacters() throws {
        let upbit = try server()
        upbit.route("/market/all", .json(#"[{"market":"KRW-BTC","english_name":"Bitcoin","market_event":{"warning":false,"caution":"#
            + #"{"\u001b]0;owned\u0007HACKED":true}}},{"market":"KRW-E\u001b[2JVIL","english_name":"Evil","market_event":"#
            + #"{"warning":true,"caution":{}}}]"#))
        try write(base: upbit.baseURL, rules: Self.rules)
        #expect(try pass().status == 0)
        let text = try Binary.run(["explain", "flags", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(text.stdout)")
        #expect(text.stdout.contains("  KRW-BTC (Bitcoin)\n    now:   flagged: hacked — since "), "\(text.stdout)")
        #expect(text.stdout.contains("  KRW-EVIL (Evil)\n    now:   flagged: investment warning — since "), "\(text.stdout)")
    }

    /// `explain` of an exchange event rule shows the markets flagged now, their flags and since when:
    /// the time its flags were first seen, kept while a later list shows them unchanged.
    @Test func explainShowsAMarketsFlagsNowAndSinceWhen() throws {
        let upbit = try server()
        listing.file.withLock { $0 = Self.flagged }
        try write(base: upbit.baseURL, rules: Self.rules)
        #expect(try pass().status == 0)
        func explained(_ extra: [String] = []) throws -> [String: Any] {
            let run = try Binary.run(["explain", "flags"] + extra + ["--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
            #expect(run.status == 0, "\(run.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        }
        let first = try explained()
        let pairs = try #require(first["pairs"] as? [[String: Any]])
        // The capture itself has 9 KRW markets flagged (KRW-WAVES…); the edited copy adds KRW-ETH.
        #expect(pairs.count == 10 && pairs.allSatisfy { !(($0["flags"] as? [String]) ?? []).isEmpty }, "only the flagged markets of the 183: \(pairs)")
        let eth = try #require(pairs.first { $0["coin"] as? String == "KRW-ETH" })
        #expect(eth["flags"] as? [String] == ["PRICE_FLUCTUATIONS", "TRADING_VOLUME_SOARING"])
        let since = try #require(eth["since"] as? String)
        #expect((first["list"] as? [String: Any])?["markets"] as? Int == 183)

        let next = try pass(after: 600)
        #expect(next.status == 0 && upbit.requests("/market/all").count == 2)
        let kept = try #require((try explained(["KRW-ETH"])["pairs"] as? [[String: Any]])?.first)
        let aged = try #require(DateTimeParser.parse(since)).timeIntervalSince1970 - 600
        #expect(kept["since"] as? String == TimeText.iso(aged), "first seen a list ago, not reset by the same flags again")

        let text = try Binary.run(["explain", "flags", "KRW-ETH", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(text.stdout.contains("upbit krw market list of "), "\(text.stdout)")
        #expect(text.stdout.contains("183 markets, 10 flagged, 0 ending"), "\(text.stdout)")
        #expect(text.stdout.contains("KRW-ETH (Ethereum)\n    now:   flagged: price fluctuations, trading volume soaring — since \(TimeText.iso(aged))\n"),
                "\(text.stdout)")
        #expect(try Binary.run(["explain", "flags", "KRW-NOPE", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"]).status == 1)
    }

    /// `watch` marks a favorite whose market its exchange flags: `!` after the symbol, and `flags` in
    /// `--json` (from the listing the quotes were resolved through, so no extra request).
    @Test func watchMarksAFlaggedFavorite() throws {
        let upbit = try server()
        listing.file.withLock { $0 = Self.flagged }
        try dir.write("rules.json", ProviderRules.make([("upbit", upbit.baseURL)], vs: "krw", favorites: ["BTC", "ETH"], rules: ""))
        let args = ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"]
        let run = try Binary.run(["watch", "--once"] + args)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").dropFirst()
        #expect(rows.contains { $0.hasPrefix("ETH!     ") }, "\(run.stdout)")
        #expect(rows.contains { $0.hasPrefix("BTC      ") }, "BTC is not flagged: \(run.stdout)")
        let json = try Binary.run(["watch", "--json"] + args)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let byCoin = Dictionary(uniqueKeysWithValues: ((document["rows"] as? [[String: Any]]) ?? []).map { ($0["coin"] as? String ?? "", $0) })
        #expect(byCoin["ETH"]?["flags"] as? [String] == ["PRICE_FLUCTUATIONS", "TRADING_VOLUME_SOARING"])
        #expect(byCoin["BTC"]?["flags"] is NSNull)
        #expect(upbit.requests("/market/all").count == 1, "the listing of the first run served the second")
    }

    /// `"coin": "*"` covers every market of the rule's provider in the rule's `vs`, favorites or not:
    /// on the real capture, 183 KRW and 239 BTC markets; a new KRW market is announced by the krw
    /// rule only.
    @Test func everyMarketOfTheRulesProviderAndVsNotOnlyFavorites() throws {
        let upbit = try server()
        try write(base: upbit.baseURL, rules: #"{"id": "new", "coin": "*", "provider": "upbit", "when": {"listed": true}}, "#
            + #"{"id": "new-btc", "coin": "*", "provider": "upbit", "vs": "btc", "when": {"listed": true}}"#)
        #expect(try pass().status == 0)
        func markets(_ rule: String) throws -> Int? {
            let run = try Binary.run(["explain", rule, "--json", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
            let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            return (document?["list"] as? [String: Any])?["markets"] as? Int
        }
        #expect(try markets("new") == 183 && markets("new-btc") == 239, "favorites: BTC only")
        listing.file.withLock { $0 = Self.listed }
        let next = try pass(after: 600)
        let records = next.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(records.map { $0["rule"] as? String } == ["new"], "\(next.stdout) \(next.stderr)")
        #expect(records.first?["vs"] as? String == "krw")
    }

    /// Upbit's ticker `delisting_date` (its WebSocket ticker; the REST one has no such field): a
    /// `delisting` rule on a favorite streamed from Upbit announces the date once, and the list
    /// fetched after keeps it (no `resolved` for a list that cannot say it).
    @Test func streamAnnouncesUpbitsDelistingDateFromTheTicker() throws {
        let ticker = String(decoding: try Fixtures.bytes("real/stream/upbit_ticker_KRW-BTC_DEFAULT-format_SNAPSHOT_2025-04-20_EDITED-delisting_date.json"),
                            as: UTF8.self)
        let rig = try StreamRig(connections: [[["wait": 1], ["send_binary": ticker], ["send_binary": ticker]]], routes: routes())
        try rig.writeRules(provider: #"{"name": "upbit", "base_url": "\#(rig.rest.baseURL)", "ws_url": "\#(rig.feed.url)", "timeout": "2s"}"#,
                           vs: "krw", favorites: ["BTC"],
                           rules: #"{"id": "ending", "coin": "BTC", "provider": "upbit", "when": {"delisting": true}, "resolve": true}"#)
        #expect(try Binary.run(["--once", "--rules", rig.rulesPath, "--state", rig.statePath]).status == 0)
        let run = try rig.start()
        #expect(Eventually.wait(timeout: 10) { rig.receiver.requests.count >= 1 }, "\(run.stdout) \(run.stderr)")
        run.send(SIGTERM)
        #expect(run.waitForExit() == 0)
        let records = StreamRig.records(run.stdout)
        #expect(records.count == 1, "the second ticker with the same date says nothing new: \(records)")
        #expect(records.first?["coin"] as? String == "BTC")
        #expect(records.first?["condition"] as? String == "delisting")
        #expect(records.first?["message"] as? String == "Upbit ends KRW-BTC: delisting on 2025-05-20")
        #expect(records.first?["source"] as? String == "stream")

        try StateAging.age(rig.statePath, by: 600)
        let next = try Binary.run(["--once", "--json", "--rules", rig.rulesPath, "--state", rig.statePath])
        #expect(next.status == 0 && rig.rest.requests("/market/all").count == 2, "\(next.stderr)")
        #expect(!next.stdout.contains("delisting"), "the list keeps the announced date: \(next.stdout)")
    }

    /// Binance (its `/api/v3/exchangeInfo` in the hand-written shape of `Replays.exchangeInfo`, then an
    /// EDITED copy whose ETHUSDT leaves `TRADING`): a `delisting` rule on a favorite announces the
    /// status once, and `resolved` when the market trades again.
    @Test func binanceDelistingFromTheStatusAndResolvedWhenTradingAgain() throws {
        let status = Mutex("TRADING")
        var routes = Replays.binanceRoutes()
        routes["/api/v3/exchangeInfo"] = { _ in
            Reply.json(Replays.exchangeInfo.replacingOccurrences(
                of: #""symbol":"ETHUSDT","status":"TRADING""#, with: #""symbol":"ETHUSDT","status":"\#(status.withLock { $0 })""#))
        }
        let binance = try ReplayServer(routes)
        try dir.write("rules.json", ProviderRules.make([("binance", binance.baseURL)], vs: "usdt", favorites: ["ETH"],
            rules: #"{"id": "ending", "coin": "ETH", "provider": "binance", "when": {"delisting": true}, "resolve": true}"#))
        #expect(try pass().status == 0)
        status.withLock { $0 = "BREAK" }
        let ending = try pass(after: 600)
        let records = ending.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(records.count == 1, "\(ending.stdout) \(ending.stderr)")
        #expect(records.first?["condition"] as? String == "delisting")
        #expect(records.first?["coin"] as? String == "ETH")
        #expect(records.first?["message"] as? String == "Binance stops trading ETHUSDT (status BREAK)", "\(records)")
        #expect(!(try pass(after: 600)).stdout.contains("delisting"), "one notice per change")
        status.withLock { $0 = "TRADING" }
        let back = try pass(after: 600)
        #expect(back.stdout.contains(#""status":"resolved""#), "\(back.stdout) \(back.stderr)")
    }

    /// A market Binance lists before trading opens (status `BREAK`) is `listed` when it appears; when it starts
    /// trading, a `resolve` delisting rule sends nothing (no delisting fired for it: it was "Binance trades XYZUSDT
    /// again"), nor for each market when the first list was recorded during a maintenance pause (all `BREAK`).
    @Test func aMarketThatStartsTradingResolvesNoDelistingThatNeverFired() throws {
        let xyz = #"{"symbol":"XYZUSDT","status":"STATUS","baseAsset":"XYZ","quoteAsset":"USDT"},"#
        let answer = Mutex(Replays.exchangeInfo)
        var routes = Replays.binanceRoutes()
        routes["/api/v3/exchangeInfo"] = { _ in Reply.json(answer.withLock { $0 }) }
        let binance = try ReplayServer(routes)
        try dir.write("rules.json", ProviderRules.make([("binance", binance.baseURL)], vs: "usdt", favorites: ["ETH"],
            rules: #"{"id": "gone", "coin": "*", "provider": "binance", "when": {"delisting": true}, "resolve": true}, "#
                + #"{"id": "new", "coin": "*", "provider": "binance", "when": {"listed": true}}"#))
        #expect(try pass().status == 0)
        let with = { (status: String) in Replays.exchangeInfo.replacingOccurrences(of: #""symbols":["#,
                                                                                   with: #""symbols":["# + xyz.replacingOccurrences(of: "STATUS", with: status)) }
        answer.withLock { $0 = with("BREAK") }
        let appears = try pass(after: 600)
        #expect(records(appears).map { [$0["rule"], $0["status"], $0["message"]] as? [String] }
            == [["new", "firing", "Binance lists XYZUSDT"]], "\(appears.stdout) \(appears.stderr)")
        answer.withLock { $0 = with("TRADING") }
        let opens = try pass(after: 600)
        #expect(records(opens).isEmpty, "\(opens.stdout) \(opens.stderr)")

        try FileManager.default.removeItem(atPath: dir.path + "/state.json")
        answer.withLock { $0 = Replays.exchangeInfo.replacingOccurrences(of: "TRADING", with: "BREAK") }
        _ = try pass()
        answer.withLock { $0 = Replays.exchangeInfo }
        let resumes = try pass(after: 600)
        #expect(records(resumes).isEmpty, "\(resumes.stdout) \(resumes.stderr)")
    }

    /// Upbit's one `/market/all` serves event rules on its KRW and BTC markets: one request a pass, not one per currency.
    @Test func oneUpbitListServesEveryCurrencysEventRules() throws {
        let upbit = try server()
        try write(base: upbit.baseURL, rules: #"{"id": "krw", "coin": "*", "provider": "upbit", "when": {"listed": true}}, "#
            + #"{"id": "btc", "coin": "*", "provider": "upbit", "vs": "btc", "when": {"listed": true}}"#)
        let run = try pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(upbit.requests("/market/all").count == 1)
        let check = try Binary.run(["check", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(check.stdout.contains("exchange events add: upbit krw: 1 market list request every 10m (it also serves favorites); "
            + "upbit btc: no request of its own (an earlier list serves it)"), "check counts the one request too: \(check.stdout)")
        _ = try pass(after: 600)
        #expect(upbit.requests("/market/all").count == 2, "again once listing_interval passed")
    }

    /// Bithumb (its v1 market list and `virtual_asset_warning` in the HANDWRITTEN shape recorded in
    /// SOURCES.md: no capture exists): a `"coin": "*"` caution rule records the first lists, then
    /// announces each market the warnings answer newly flags, with its flags in plain words.
    @Test func bithumbCautionOnEveryMarketFromItsWarnings() throws {
        let warnings = Mutex("[]")
        let bithumb = try ReplayServer([
            "/public/ticker/ALL_KRW": { _ in ReplayServer.capture("real/bithumb/ticker_ALL_KRW_TRIMMED-2-coins_2022-02-24.json") },
            "/v1/market/all": { _ in ReplayServer.capture("real/bithumb/v1-market-all_isDetails-true_HANDWRITTEN-3-markets.json") },
            "/v1/market/virtual_asset_warning": { _ in
                let file = warnings.withLock { $0 }
                return file == "[]" ? Reply.json("[]") : ReplayServer.capture(file)
            },
        ])
        try dir.write("rules.json", ProviderRules.make([("bithumb", bithumb.baseURL)], vs: "krw", favorites: ["BTC"],
            rules: #"{"id": "flags", "coin": "*", "provider": "bithumb", "when": {"caution": true}}"#))
        let first = try pass()
        #expect(first.status == 0 && !first.stdout.contains("caution"), "\(first.stdout) \(first.stderr)")
        warnings.withLock { $0 = "real/bithumb/v1-market-virtual_asset_warning_HANDWRITTEN-2-warnings.json" }
        let next = try pass(after: 600)
        let records = next.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let byCoin = Dictionary(records.map { ($0["coin"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(records.count == 2, "\(next.stdout) \(next.stderr)")
        #expect(byCoin["BTC_KRW"]?["flags"] as? [String] == ["CONCENTRATION_OF_SMALL_ACCOUNTS"], "\(records)")
        #expect(byCoin["BTC_KRW"]?["message"] as? String == "Bithumb flags BTC_KRW: concentration of small accounts")
        // XYZ was already flagged CAUTION (WARNING) by the first list: the new warning changes its flags,
        // and the notice names all it has now.
        #expect(byCoin["XYZ_KRW"]?["flags"] as? [String] == ["PRICE_FLUCTUATIONS", "WARNING"], "\(records)")
        #expect(byCoin["XYZ_KRW"]?["message"] as? String == "Bithumb flags XYZ_KRW: investment warning, price fluctuations")
        #expect(!(try pass(after: 600)).stdout.contains("caution"), "one notice per change")
    }

    /// A market that leaves the list fires `delisting`; when it comes back, `resolve: true` sends
    /// `resolved` (and `listed` announces it again), on every exchange: Upbit (the capture less KRW-ETH)
    /// and Binance (`Replays.exchangeInfo` less BCCUSDT).
    @Test func aMarketBackOnTheListResolvesItsDelisting() throws {
        let rules = #"{"id": "gone", "coin": "*", "provider": "PROVIDER", "when": {"delisting": true}, "resolve": true}, "#
            + #"{"id": "new", "coin": "*", "provider": "PROVIDER", "when": {"listed": true}}"#
        let upbit = try server()
        try write(base: upbit.baseURL, rules: rules.replacingOccurrences(of: "PROVIDER", with: "upbit"))
        try expectGoneThenBack("Upbit", market: "KRW-ETH", listed: "Upbit lists KRW-ETH (Ethereum)") { gone in listing.dropped.withLock { $0 = gone ? ["KRW-ETH"] : [] } }

        let dropped = Mutex(false)
        var routes = Replays.binanceRoutes()
        routes["/api/v3/exchangeInfo"] = { _ in
            let info = Replays.exchangeInfo
            return Reply.json(dropped.withLock { $0 }
                ? info.replacingOccurrences(of: #"{"symbol":"BCCUSDT","status":"TRADING","baseAsset":"BCC","quoteAsset":"USDT"},"#, with: "")
                : info)
        }
        let binance = try ReplayServer(routes)
        try FileManager.default.removeItem(atPath: dir.path + "/state.json")
        try dir.write("rules.json", ProviderRules.make([("binance", binance.baseURL)], vs: "usdt", favorites: ["ETH"],
                                                      rules: rules.replacingOccurrences(of: "PROVIDER", with: "binance")))
        try expectGoneThenBack("Binance", market: "BCCUSDT", listed: "Binance lists BCCUSDT") { gone in dropped.withLock { $0 = gone } }
    }

    /// Records the list, then (`drop(true)`) a list without `market`: `delisting` fires; then (`drop(false)`)
    /// the whole list again: `resolved` for it, and `listed` (message `listed`).
    func expectGoneThenBack(_ exchange: String, market: String, listed: String, drop: (Bool) -> Void) throws {
        #expect(try pass().status == 0)
        drop(true)
        let gone = try pass(after: 600)
        #expect(records(gone).map { [$0["rule"], $0["coin"], $0["status"], $0["message"]] as? [String] }
            == [["gone", market, "firing", "\(exchange) no longer lists \(market)"]], "\(gone.stdout) \(gone.stderr)")
        drop(false)
        let back = try pass(after: 600)
        #expect(Set(records(back).map { [$0["rule"], $0["status"], $0["message"]] as? [String] })
            == [["gone", "resolved", "\(exchange) trades \(market) again"], ["new", "firing", listed]], "\(back.stdout) \(back.stderr)")
    }

    func records(_ run: Binary.Run) -> [[String: Any]] {
        run.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// A list that lacks more than half of the trading markets of the one before (an empty answer, Upbit without
    /// its KRW markets, Binance `{"symbols":[]}` or every market on `BREAK`) is an incomplete answer: one warning line, the previous
    /// list kept, no event, and none when the whole list is back; a single market leaving still fires,
    /// and a `--baseline` pass takes a shrunken list as it is.
    @Test func aListLackingMostMarketsIsKeptAsBeforeWithOneWarning() throws {
        let upbit = try server()
        try write(base: upbit.baseURL, rules: #"{"id": "gone", "coin": "*", "provider": "upbit", "when": {"delisting": true}, "resolve": true}, "#
            + #"{"id": "new", "coin": "*", "provider": "upbit", "when": {"listed": true}}, "#
            + #"{"id": "flags", "coin": "*", "provider": "upbit", "when": {"caution": true}, "resolve": true}"#)
        #expect(try pass().status == 0)
        for (dropped, lacks) in [(["KRW-"], 183), (["KRW-", "BTC-", "USDT-"], 183)] {
            listing.dropped.withLock { $0 = dropped }
            let short = try pass(after: 600)
            #expect(short.status == 0 && records(short).isEmpty, "\(dropped): \(short.stdout)")
            #expect(short.stderr == "coinwatch: warning: upbit krw market list lacks \(lacks) of the 183 trading markets it had: "
                + "taken as an incomplete answer or a maintenance pause, the previous list kept (a --baseline pass takes it as it is)\n",
                "\(short.stderr)")
            listing.dropped.withLock { $0 = [] }
            let whole = try pass(after: 600)
            #expect(records(whole).isEmpty && whole.stderr.isEmpty, "the list was kept: \(whole.stdout) \(whole.stderr)")
        }
        listing.dropped.withLock { $0 = ["KRW-ETH"] }
        let one = try pass(after: 600)
        #expect(records(one).map { $0["message"] as? String } == ["Upbit no longer lists KRW-ETH"], "\(one.stdout) \(one.stderr)")

        listing.dropped.withLock { $0 = ["KRW-"] }
        let baseline = try pass(after: 600, ["--baseline"])
        #expect(records(baseline).isEmpty && !baseline.stderr.contains("lacks"), "\(baseline.stderr)")
        let after = try pass(after: 600)
        // (BTC, the favorite, has no KRW market on it: not quoted.)
        #expect(records(after).isEmpty && !after.stderr.contains("lacks"), "the baseline took the shrunken list: \(after.stdout) \(after.stderr)")

        let answer = Mutex(Replays.exchangeInfo)
        var routes = Replays.binanceRoutes()
        routes["/api/v3/exchangeInfo"] = { _ in Reply.json(answer.withLock { $0 }) }
        let binance = try ReplayServer(routes)
        try FileManager.default.removeItem(atPath: dir.path + "/state.json")
        try dir.write("rules.json", ProviderRules.make([("binance", binance.baseURL)], vs: "usdt", favorites: ["ETH"],
            rules: #"{"id": "gone", "coin": "*", "provider": "binance", "when": {"delisting": true}, "resolve": true}, "#
                + #"{"id": "new", "coin": "*", "provider": "binance", "when": {"listed": true}}"#))
        #expect(try pass().status == 0)
        // An empty list, then every market on BREAK (Binance down for maintenance): no market is ending.
        for down in [#"{"timezone":"UTC","symbols":[]}"#, Replays.exchangeInfo.replacingOccurrences(of: "TRADING", with: "BREAK")] {
            answer.withLock { $0 = down }
            let none = try pass(after: 600)
            #expect(records(none).isEmpty && none.stderr.contains("binance usdt market list lacks 3 of the 3 trading markets it had"),
                    "\(none.stdout) \(none.stderr)")
            answer.withLock { $0 = Replays.exchangeInfo }
            let back = try pass(after: 600)
            #expect(records(back).isEmpty, "\(back.stdout) \(back.stderr)")
        }
    }
}
