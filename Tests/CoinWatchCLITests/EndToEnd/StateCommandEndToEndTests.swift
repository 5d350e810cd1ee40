import Foundation
import Testing
@testable import TestHelpers

/// `coinwatch state show | reset [--rule ID]` as a user runs them (SPEC §1, §5).
@Suite(.serialized) struct StateCommandEndToEndTests {
    static let rules = #"{"id": "lo", "coin": "*", "when": {"below": 100}}, {"id": "x", "coin": "bitcoin", "when": {"crosses_above": 100000}, "rearm": 1}"#

    private func flowWithState() throws -> BinaryFlow {
        let flow = try BinaryFlow(rules: Self.rules, favorites: ["bitcoin", "ethereum"])
        flow.market.set("bitcoin", price: 99_000)
        flow.market.set("ethereum", price: 90)
        _ = try flow.pass()
        flow.market.set("bitcoin", price: 100_500.25)
        _ = try flow.pass(after: 60)
        return flow
    }

    private func state(_ flow: BinaryFlow, _ args: [String]) throws -> Binary.Run {
        try Binary.run(["state"] + args + ["--state", flow.statePath], environment: ["COINWATCH_CACHE": flow.dir.path + "/cache"])
    }

    @Test func showListsEveryPairFiringOrArmedWithLastNotifiedAndLastPrice() throws {
        let flow = try flowWithState()
        let run = try state(flow, ["show"])
        #expect(run.status == 0 && run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(flow.statePath): 3 pair(s), outbox empty")
        #expect(lines.count == 4, "\(run.stdout)")
        let lo = try #require(lines.first { $0.hasPrefix("  lo  ") && $0.contains("ethereum") })
        #expect(lo.contains("firing") && lo.contains("last notified 20") && lo.contains("last price $90.00"), "\(lo)")
        let loBTC = try #require(lines.first { $0.hasPrefix("  lo  ") && $0.contains("bitcoin") })
        #expect(loBTC.contains("armed") && loBTC.contains("last notified never") && loBTC.contains("last price $100,500.25"))
        let x = try #require(lines.first { $0.hasPrefix("  x ") })
        #expect(x.contains("firing") && x.contains("re-arms at $99,000.00"), "\(x)")
    }

    @Test func showJSONIsOneDocument() throws {
        let flow = try flowWithState()
        let run = try state(flow, ["show", "--json"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(doc["state"] as? String == flow.statePath)
        #expect(doc["outbox"] as? Int == 0)
        let pairs = try #require(doc["pairs"] as? [[String: Any]])
        #expect(pairs.map { "\($0["rule"] ?? "")|\($0["coin"] ?? "")" } == ["lo|bitcoin", "lo|ethereum", "x|bitcoin"])
        #expect(pairs.map { $0["status"] as? String } == ["armed", "firing", "firing"])
        #expect(pairs[0]["last_notified"] == nil, "never notified: omitted, not null")
        #expect((pairs[1]["last_notified"] as? String)?.hasSuffix("Z") == true)
        #expect(pairs[2]["last_price"] as? Double == 100_500.25)
        #expect(pairs[2]["rearm_at"] as? Double == 99_000)
        #expect(pairs[2]["vs"] as? String == "usd")
    }

    @Test func showWithoutAStateFileSaysSoAndSucceeds() throws {
        let dir = try TempDir()
        let run = try Binary.run(["state", "show", "--state", dir.path + "/none.json"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("0 pair(s)"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/none.json"), "show writes nothing")
    }

    @Test func resetMovesTheFileAsideAndTheNextPassStartsOver() throws {
        let flow = try flowWithState()
        let before = try String(contentsOfFile: flow.statePath, encoding: .utf8)
        let run = try state(flow, ["reset"])
        #expect(run.status == 0, "\(run.stderr)")
        let backups = try FileManager.default.contentsOfDirectory(atPath: flow.dir.path).filter { $0.hasPrefix("state.json.bak-") }
        #expect(backups.count == 1)
        #expect(run.stdout.contains("moved \(flow.statePath) to \(flow.dir.path)/\(backups[0])"))
        #expect(try String(contentsOfFile: flow.dir.path + "/" + backups[0], encoding: .utf8) == before)
        #expect(!FileManager.default.fileExists(atPath: flow.statePath))
        let next = try flow.pass()
        #expect(next.stdout.contains("ETH is below $100.00"), "a fresh state notifies a true level again")
    }

    @Test func resetRuleForgetsOnlyThatRulesPairsAndKeepsTheOldFileAside() throws {
        let flow = try flowWithState()
        let run = try state(flow, ["reset", "--rule", "lo"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("forgot 2 pair(s) of rule lo; the old state is kept at \(flow.statePath).bak-"))
        let show = try state(flow, ["show", "--json"])
        #expect(show.stdout.contains(#""rule":"x""#) && !show.stdout.contains(#""rule":"lo""#))
        let next = try flow.pass(after: 60)
        #expect(next.stdout == "lo  ETH is below $100.00 — now $90.00 (+0.00% 24h)\n", "only the reset pair notifies again")
    }

    @Test func resetOfAnUnknownRuleChangesNothingAndSuggests() throws {
        let flow = try flowWithState()
        let before = try String(contentsOfFile: flow.statePath, encoding: .utf8)
        let run = try state(flow, ["reset", "--rule", "l0"])
        #expect(run.status == 1)
        #expect(run.stderr == "coinwatch: state \(flow.statePath) has no pairs of rule 'l0'; nothing reset. Did you mean 'lo'?\n")
        #expect(try String(contentsOfFile: flow.statePath, encoding: .utf8) == before)
    }

    @Test func anUnreadableStateIsRefusedByShowAndMovedAsideByReset() throws {
        let dir = try TempDir()
        let path = try dir.write("state.json", "{\"version\": 1, \"pairs\": [")
        let show = try Binary.run(["state", "show", "--state", path])
        #expect(show.status == 65)
        #expect(show.stderr.contains(path) && show.stderr.contains("coinwatch state reset"))
        let rule = try Binary.run(["state", "reset", "--rule", "x", "--state", path])
        #expect(rule.status == 65, "a partial reset needs a readable file")
        let reset = try Binary.run(["state", "reset", "--state", path])
        #expect(reset.status == 0)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A state a newer coinwatch wrote is refused (65), and the advice is to upgrade, not `state reset`, which would put
    /// its data aside; the file is left as it was.
    @Test func aStateFromANewerCoinwatchAdvisesAnUpgradeAndIsKept() throws {
        let dir = try TempDir()
        let content = "{\"version\": 999, \"pairs\": {}}"
        let path = try dir.write("state.json", content)
        let run = try Binary.run(["state", "show", "--state", path])
        #expect(run.status == 65)
        #expect(run.stderr.contains(path) && run.stderr.contains("version 999 is newer than this coinwatch understands")
                    && run.stderr.contains("upgrade coinwatch"), "\(run.stderr)")
        #expect(!run.stderr.contains("state reset") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
    }

    @Test func ruleOptionOnlyAppliesToReset() throws {
        let run = try Binary.run(["state", "show", "--rule", "x", "--state", "/tmp/none.json"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'--rule' applies only to 'state reset'"))
    }
}
