@testable import CoinWatchState
import Foundation
import Testing
@testable import TestHelpers

/// `coinwatch silence add | list | expire` and silenced pairs in passes (SPEC §2, §11), through the binary.
@Suite(.serialized) struct SilenceEndToEndTests {
    static let rules = #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}}, {"id": "lo", "coin": "*", "when": {"below": 50}}"#

    private func flow() throws -> BinaryFlow {
        try BinaryFlow(rules: Self.rules, favorites: ["bitcoin", "ethereum"])
    }

    private func silence(_ flow: BinaryFlow, _ args: [String]) throws -> Binary.Run {
        try Binary.run(["silence"] + args + ["--rules", flow.rulesPath, "--state", flow.statePath])
    }

    @Test func addPrintsTheNewSilencesIdAndListShowsIdTargetUntilAndComment() throws {
        let flow = try flow()
        let add = try silence(flow, ["add", "hi", "--for", "2h", "--comment", "planned upgrade"])
        #expect(add.status == 0, "\(add.stderr)")
        let id = String(add.stdout.prefix { $0 != " " })
        #expect(id.count == 8 && id.allSatisfy(\.isHexDigit), "\(add.stdout)")
        let list = try silence(flow, ["list"])
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID        TARGET") == true)
        let row = try #require(lines.first { $0.hasPrefix(id) })
        #expect(row.contains("hi") && row.contains("planned upgrade") && row.contains("Z"), "\(row)")
        let json = try silence(flow, ["list", "--json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let items = try #require(doc["silences"] as? [[String: Any]])
        #expect(items.count == 1 && items[0]["id"] as? String == id && items[0]["target"] as? String == "hi")
        #expect(items[0]["comment"] as? String == "planned upgrade")
        #expect((items[0]["until"] as? String)?.hasSuffix("Z") == true)
    }

    /// The TARGET column is measured in terminal columns: a favorite in Hangul (two columns a
    /// syllable) keeps UNTIL in line with its header.
    @Test func listAlignsAWideTargetByItsColumns() throws {
        let flow = try BinaryFlow(rules: Self.rules, favorites: ["bitcoin", "비트코인"])
        let add = try silence(flow, ["add", "비트코인", "--for", "2h"])
        #expect(add.status == 0, "\(add.stderr)")
        let id = String(add.stdout.prefix { $0 != " " })
        let lines = try silence(flow, ["list"]).stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID        TARGET    UNTIL") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix(id + "  비트코인  20") == true, "\(lines)")
    }

    @Test func aSilencedPairIsEvaluatedButNotifiesNothingAndALevelStillTrueNotifiesWhenTheSilenceEnds() throws {
        let flow = try flow()
        flow.market.set("ethereum", price: 70)
        #expect(try silence(flow, ["add", "hi", "--for", "1h"]).status == 0)
        let hushed = try flow.lines(after: 0, price: 150)
        #expect(hushed.isEmpty, "\(hushed)")
        let state = try StateStore.load(path: flow.statePath)
        #expect(state.pairs["hi|bitcoin"]?.trueSince != nil, "evaluated: the pair knows the condition holds")
        #expect(try flow.lines(after: 30 * 60, price: 150).isEmpty, "still silenced")
        let after = try flow.lines(after: 31 * 60, price: 150)
        #expect(after.count == 1 && after[0].contains("BTC") && after[0].contains("above"), "\(after)")
        #expect(try flow.lines(after: 60, price: 150).isEmpty, "then as any level: no repeat")
    }

    @Test func aFavoriteTargetSilencesEveryRuleOnThatCoinAndNoOther() throws {
        let flow = try flow()
        flow.market.set("ethereum", price: 10)
        #expect(try silence(flow, ["add", "ethereum", "--for", "1h"]).status == 0)
        let lines = try flow.lines(after: 0, price: 20)
        #expect(lines.count == 1 && lines[0].contains("BTC"), "\(lines)")
    }

    /// A silenced coin's alerts do not arrive, the ratios it is a leg of included (either leg), and `silence add` says so;
    /// ended, the ratio notifies.
    @Test func aFavoriteTargetSilencesTheRatiosItIsALegOf() throws {
        let flow = try BinaryFlow(rules: #"{"id": "eth-btc", "coin": "ethereum/bitcoin", "when": {"above": 0.03}}"#,
                                  favorites: ["bitcoin", "ethereum"])
        flow.market.set("ethereum", price: 4_000)
        for leg in ["bitcoin", "ethereum"] {
            let add = try silence(flow, ["add", leg, "--for", "1h"])
            #expect(add.status == 0, "\(add.stderr)")
            #expect(add.stdout.contains("silenced every rule on \(leg) and on ratios with \(leg) as a leg until"), "\(add.stdout)")
            let check = try Binary.run(["check", "--rules", flow.rulesPath, "--state", flow.statePath])
            #expect(check.stdout.contains("silenced until"), "check shows it on the ratio rule: \(check.stdout)")
            #expect(try flow.lines(after: 60, price: 100_000).isEmpty, "ETH/BTC 0.04 holds, but \(leg) is silenced")
            #expect(try silence(flow, ["expire", String(add.stdout.prefix { $0 != " " })]).status == 0)
        }
        let lines = try flow.lines(after: 60, price: 100_000)
        #expect(lines.count == 1 && lines[0].contains("eth-btc"), "\(lines)")
    }

    /// By a well-known symbol before any pass, by the symbol a pass learnt after (the unit tests tell the two apart).
    @Test func aFavoriteGivenByItsSymbolIsSilencedAsWritten() throws {
        let flow = try flow()
        flow.market.set("ethereum", price: 10)
        let nope = try silence(flow, ["add", "xyz", "--for", "1h"])
        #expect(nope.status == 1 && nope.stderr.contains("'xyz' is not a rule id, a favorite"), "\(nope.stderr)")
        let add = try silence(flow, ["add", "BTC", "--for", "1h"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("silenced every rule on bitcoin and on ratios with bitcoin as a leg until"), "\(add.stdout)")
        _ = try flow.lines(after: 0, price: 20)
        let pair = try silence(flow, ["add", "lo:eth", "--for", "1h"])
        #expect(pair.status == 0 && pair.stdout.contains("silenced rule lo on ethereum"), "\(pair.stderr)")
        #expect(try StateStore.load(path: flow.statePath).silences.map(\.target) == ["bitcoin", "lo:ethereum"])
        #expect(try flow.lines(after: 60, price: 200).isEmpty, "hi on bitcoin is silenced")
    }

    @Test func aRuleCoinTargetSilencesOnlyThatPairAndStarSilencesEverything() throws {
        let flow = try flow()
        flow.market.set("ethereum", price: 10)
        #expect(try silence(flow, ["add", "lo:bitcoin", "--for", "1h"]).status == 0)
        let one = try flow.lines(after: 0, price: 20)
        #expect(one.count == 1 && one[0].contains("ETH"), "\(one)")
        let other = try BinaryFlow(rules: Self.rules, favorites: ["bitcoin", "ethereum"])
        other.market.set("ethereum", price: 10)
        #expect(try silence(other, ["add", "*", "--for", "1h"]).status == 0)
        #expect(try other.lines(after: 0, price: 20).isEmpty)
    }

    @Test func expireEndsASilenceAndTheNextPassNotifies() throws {
        let flow = try flow()
        flow.market.set("ethereum", price: 70)
        let id = try silence(flow, ["add", "hi", "--for", "1d"]).stdout.prefix { $0 != " " }.description
        #expect(try flow.lines(after: 0, price: 150).isEmpty)
        let expire = try silence(flow, ["expire", id])
        #expect(expire.status == 0 && expire.stdout.contains("expired \(id)"), "\(expire.stderr)")
        #expect(try flow.lines(after: 60, price: 150).count == 1)
        #expect(try StateStore.load(path: flow.statePath).silences.isEmpty)
    }

    @Test func anEndedSilenceIsPrunedFromTheState() throws {
        let flow = try flow()
        flow.market.set("ethereum", price: 70)
        #expect(try silence(flow, ["add", "hi", "--for", "10m"]).status == 0)
        _ = try flow.lines(after: 0, price: 20)
        #expect(try StateStore.load(path: flow.statePath).silences.count == 1)
        _ = try flow.lines(after: 11 * 60, price: 20)
        #expect(try StateStore.load(path: flow.statePath).silences.isEmpty)
        #expect(try silence(flow, ["list"]).stdout.hasPrefix("no silences in force"))
    }

    @Test func anUnknownIdGetsADidYouMeanAndExit1() throws {
        let flow = try flow()
        let id = try silence(flow, ["add", "hi", "--for", "1h"]).stdout.prefix { $0 != " " }.description
        let typo = String(id.dropLast()) + (id.last == "0" ? "1" : "0")
        let run = try silence(flow, ["expire", typo])
        #expect(run.status == 1)
        #expect(run.stderr == "coinwatch: no silence '\(typo)' is in force. Did you mean '\(id)'? See 'coinwatch silence list'.\n")
        #expect(try StateStore.load(path: flow.statePath).silences.count == 1, "nothing removed")
    }

    @Test func aBadDurationOrTargetIsRefusedWithAPathStyleMessage() throws {
        let flow = try flow()
        let duration = try silence(flow, ["add", "hi", "--for", "5x"])
        #expect(duration.status == 64)
        #expect(duration.stderr.hasPrefix("Error: silence.for: '5x' is not a duration: unknown unit"), "\(duration.stderr)")
        let zero = try silence(flow, ["add", "hi", "--for", "0"])
        #expect(zero.status == 64 && zero.stderr.contains("silence.for:"))
        let target = try silence(flow, ["add", "hii", "--for", "1h"])
        #expect(target.status == 1)
        #expect(target.stderr == "coinwatch: silence.target: 'hii' is not a rule id, a favorite, RULE:COIN or '*'. Did you mean 'hi'?\n")
        let pair = try silence(flow, ["add", "hi:ethereum", "--for", "1h"])
        #expect(pair.status == 1 && pair.stderr.contains("rule 'hi' does not cover 'ethereum'"), "\(pair.stderr)")
        #expect(!FileManager.default.fileExists(atPath: flow.statePath), "nothing written")
    }

    @Test func aStateFileWithoutASilencesSectionStillLoads() throws {
        let flow = try flow()
        try flow.dir.write("state.json", #"{"version": 1, "pairs": {"hi|bitcoin": {"firing": true, "last_price": 150}}, "outbox": []}"#)
        let list = try silence(flow, ["list", "--json"])
        #expect(list.status == 0 && list.stdout == "{\"silences\":[]}\n", "\(list.stderr)")
        #expect(try silence(flow, ["add", "hi", "--for", "1h"]).status == 0)
        let state = try StateStore.load(path: flow.statePath)
        #expect(state.pairs["hi|bitcoin"]?.firing == true && state.silences.count == 1)
    }

    @Test func checkShowsTheSilencesOnTheRulesTheyCover() throws {
        let flow = try flow()
        let id = try silence(flow, ["add", "ethereum", "--for", "1h", "--comment", "noisy"]).stdout.prefix { $0 != " " }.description
        let check = try Binary.run(["check", "--rules", flow.rulesPath, "--state", flow.statePath])
        #expect(check.status == 0, "\(check.stderr)")
        let lo = try #require(check.stdout.split(separator: "\n").first { $0.hasPrefix("  lo ") })
        #expect(lo.contains("silenced until ") && lo.contains("(\(id))"), "\(lo)")
        let hi = try #require(check.stdout.split(separator: "\n").first { $0.hasPrefix("  hi ") })
        #expect(!hi.contains("silenced"), "hi covers only bitcoin")
        #expect(check.stdout.contains("silences (1):") && check.stdout.contains("noisy"))
    }

    @Test func verbosePassesSayWhichNotificationsASilenceHeldBack() throws {
        let flow = try flow()
        #expect(try silence(flow, ["add", "hi", "--for", "1h"]).status == 0)
        flow.market.set("bitcoin", price: 150)
        flow.market.set("ethereum", price: 70)
        let run = try flow.pass(after: 0, ["-v"])
        #expect(run.status == 0 && run.stdout.isEmpty)
        let held = run.stderr.split(separator: "\n").filter { $0.contains("held back:") }
        #expect(held.count == 1, "\(run.stderr)")
        #expect(held.first?.hasPrefix("coinwatch: held back: hi bitcoin: held back by a silence until 20") == true, "\(held)")
    }
}
