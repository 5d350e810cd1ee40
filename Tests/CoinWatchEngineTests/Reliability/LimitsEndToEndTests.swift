import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchTransport
@testable import CoinWatchState

/// Every limit through the binary, each with its own one-line error (SPEC §2 limits, §5, §6).
@Suite struct LimitsEndToEndTests {
    private func check(_ json: String) throws -> (run: Binary.Run, path: String) {
        let dir = try TempDir()
        let path = try dir.write("rules.json", json)
        return (try Binary.run(["check", "--rules", path]), path)
    }

    @Test func rulesJSONOverOneMebibyteIsRefusedNamingTheLimit() throws {
        let (run, path) = try check(#"{"favorites": ["bitcoin"], "$schema": ""# + String(repeating: "x", count: 1 << 20) + #""}"#)
        #expect(run.status == 65)
        #expect(run.stderr == "\(path): the file is larger than the limit of 1 MiB (1048576 bytes); make it smaller\n", "\(run.stderr)")
    }

    @Test func moreThanTwentyThousandRulesIsRefusedNamingTheLimit() throws {
        let rules = (0...20_000).map { #"{"id":"r\#($0)","coin":"*","when":{"above":1}}"# }.joined(separator: ",")
        let (run, _) = try check(#"{"favorites": ["bitcoin"], "rules": ["# + rules + "]}")
        #expect(run.status == 65)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("rules") && lines[0].contains("20001 rules, over the limit of 20000 rules"), "\(run.stderr)")
    }

    @Test func moreThanFiveThousandFavoritesIsRefusedNamingTheLimit() throws {
        let favorites = (0...5_000).map { "\"coin-\($0)\"" }.joined(separator: ",")
        let (run, _) = try check(#"{"favorites": ["# + favorites + "]}")
        #expect(run.status == 65)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("favorites") && lines[0].contains("over the limit of 5000 favorites"), "\(run.stderr)")
    }

    @Test func aStringOverFourThousandNinetySixCharactersIsRefusedWithItsPath() throws {
        let long = String(repeating: "a", count: 4_097)
        let (run, path) = try check(#"{"favorites": ["bitcoin"], "rules": [{"id": "x", "coin": "bitcoin", "when": {"above": 1}, "message": "\#(long)"}]}"#)
        #expect(run.status == 65)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix(path + ":1:") && lines[0].contains("rules[0].message")
                && lines[0].contains("4097 characters long, over the limit of 4096 characters"), "\(run.stderr)")
    }

    @Test func aStateFileOverOneHundredTwentyEightMebibytesIsRefusedUnreadAndUntouched() throws {
        let market = try MarketServer()
        market.set("bitcoin", price: 90)
        let dir = try TempDir()
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#))
        let statePath = dir.path + "/state.json"
        // A sparse file: 129 MiB on paper, no disk used.
        let fd = open(statePath, O_CREAT | O_WRONLY, 0o600)
        #expect(ftruncate(fd, off_t(129 << 20)) == 0)
        close(fd)
        let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", statePath])
        #expect(run.status == 65)
        #expect(run.stderr == "coinwatch: state file \(statePath) cannot be read: it is 129 MiB, over the limit of 128 MiB; "
            + "run `coinwatch state reset --state \(statePath)` to move it aside and start over\n", "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let size = try FileManager.default.attributesOfItem(atPath: statePath)[.size] as? Int
        #expect(size == 129 << 20, "never overwritten")
        #expect(market.marketRequests == 0, "refused before any request")
    }

    @Test func aStateOverTheLimitIsNotWrittenAndTheOldFileStays() throws {
        let dir = try TempDir()
        let path = dir.path + "/state.json"
        try StateStore.save(StateDocument(), to: path)
        let before = dir.read("state.json")
        var big = StateDocument()
        for index in 0..<100 { big.memory.resolved["p", default: [:]]["f\(index)"] = "id\(index)" }
        do {
            try StateStore.save(big, to: path, limit: 1 << 10)
            Issue.record("a state over the limit was written")
        } catch {
            #expect(error.message.contains("the state would be too large"), "\(error.message)")
            #expect(error.exitCode == .failure)
        }
        #expect(dir.read("state.json") == before)
    }

    @Test func aResponseOverThirtyTwoMebibytesIsRefusedNamingTheLimit() throws {
        // The provider and webhook fault tables carry the body over the cap (`Fault.network`, overSizeCap);
        // this names the limit once more through the transport the binary uses.
        let server = try LoopbackServer(routes: ["/big": .bytes(Fault.oversizedBody)])
        let result = CurlTransport().perform(HTTPRequest(url: server.url("/big")))
        #expect(result == .failure(.tooLarge(host: "127.0.0.1:\(server.port)", limit: 32 << 20)))
        if case .failure(let error) = result { #expect(error.message.hasSuffix("response larger than 32 MiB, refused")) }
    }

    @Test func aSaveRemovesTheTempFilesOfKilledWrites() throws {
        let dir = try TempDir()
        try dir.write(".state.json.tmp-4242-17", "{\"version\": 1, \"pri")
        try dir.write(".other.json.tmp-1-1", "not ours")
        try StateStore.save(StateDocument(), to: dir.path + "/state.json")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == [".other.json.tmp-1-1", "state.json"])
    }
}
