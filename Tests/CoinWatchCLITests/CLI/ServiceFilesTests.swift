import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchCLI

/// The files in `contrib/` work as the README says: the systemd units verify and run the
/// commands they claim, and logrotate's snippet rotates a file sink that coinwatch then
/// recreates.
@Suite(.serialized) struct ServiceFilesTests {
    private let contrib = Fixtures.root + "/contrib"

    private func read(_ relative: String) throws -> String {
        try String(contentsOfFile: contrib + "/" + relative, encoding: .utf8)
    }

    /// The arguments of the unit's ExecStart (without the program), with %E and %S filled in.
    private func execStart(_ unit: String) throws -> [String] {
        let line = try read("systemd/" + unit).split(separator: "\n").first { $0.hasPrefix("ExecStart=") }
        let words = (line ?? "").dropFirst("ExecStart=".count).split(separator: " ").map {
            $0.replacingOccurrences(of: "%E", with: "/etc").replacingOccurrences(of: "%S", with: "/var/lib")
        }
        return Array(words.dropFirst())
    }

    @Test(.enabled(if: Shell.which("systemd-analyze") != nil, "systemd-analyze is not installed"))
    func systemdUnitsVerify() throws {
        let dir = try TempDir()
        var paths: [String] = []
        for unit in ["coinwatch.service", "coinwatch.timer", "coinwatch-loop.service", "coinwatch-stream.service"] {
            // verify wants ExecStart's program to exist: point it at the binary under test.
            let text = try read("systemd/" + unit).replacingOccurrences(of: "/usr/local/bin/coinwatch", with: Binary.path)
            paths.append(try dir.write(unit, text))
        }
        let run = try withExtendedLifetime(dir) { try Shell.run("systemd-analyze", ["verify", "--man=no"] + paths) }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "", "no warning either (unknown keys are only warnings)")
    }

    @Test func timerServiceRunsOnePassAndTheLoopServiceLoops() throws {
        let once = try ArgumentParser.parse(try execStart("coinwatch.service"))
        #expect(once.command == .run && once.once)
        #expect(once.rulesPath == "/etc/coinwatch/rules.json")
        #expect(once.statePath == "/var/lib/coinwatch/state.json")
        let loop = try ArgumentParser.parse(try execStart("coinwatch-loop.service"))
        #expect(loop.command == .run && !loop.once)
        let unit = try read("systemd/coinwatch-loop.service")
        #expect(unit.contains("ExecReload=/bin/kill -HUP $MAINPID"), "systemctl reload sends SIGHUP")
        #expect(unit.contains("RestartPreventExitStatus=64 65 66"))
        #expect(try read("systemd/coinwatch.timer").contains("OnCalendar="))
    }

    @Test func streamServiceRunsStreamAndReloadsWithSIGHUP() throws {
        let stream = try ArgumentParser.parse(try execStart("coinwatch-stream.service"))
        #expect(stream.command == .stream)
        #expect(stream.rulesPath == "/etc/coinwatch/rules.json")
        let unit = try read("systemd/coinwatch-stream.service")
        #expect(unit.contains("ExecReload=/bin/kill -HUP $MAINPID"))
        #expect(unit.contains("RestartPreventExitStatus=64 65 66"))
    }

    /// SPEC §2 `${file:PATH}` under systemd: a `LoadCredential=` path that does not exist fails the
    /// unit (243/CREDENTIALS) unless a `SetCredential=` of the same id stands in for it; every
    /// credential the units load has that fallback, and docs/service.md says so.
    @Test func aCredentialFolderThatDoesNotExistYetDoesNotStopTheUnits() throws {
        let units = try FileManager.default.contentsOfDirectory(atPath: contrib + "/systemd").filter { $0.hasSuffix(".service") }
        #expect(units.contains("coinwatch.service") && units.contains("coinwatch-loop.service"))
        for unit in units {
            let lines = try read("systemd/" + unit).split(separator: "\n").map(String.init)
            let loads = lines.filter { $0.hasPrefix("LoadCredential=") }
            #expect(!loads.isEmpty, "\(unit) loads its secrets as credentials")
            for load in loads {
                let id = load.dropFirst("LoadCredential=".count).split(separator: ":").first.map(String.init) ?? ""
                #expect(lines.contains("SetCredential=\(id):none"), "\(unit): \(load) has no SetCredential=\(id):none fallback")
            }
        }
        let guide = try String(contentsOfFile: Fixtures.root + "/docs/service.md", encoding: .utf8)
        #expect(guide.contains("`SetCredential=coinwatch:none`") && guide.contains("The folder is optional"))
    }

    @Test(.enabled(if: Shell.which("logrotate") != nil, "logrotate is not installed (apt-get install logrotate)"))
    func logrotateRotatesTheFileSinkAndCoinwatchWritesANewOne() throws {
        let market = try MarketServer()
        let dir = try TempDir()
        let sinks = #"{"log": {"type": "file", "path": "alerts.jsonl"}}"#
        let rules = #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}, {"id": "hi", "coin": "bitcoin", "when": {"above": 100}}"#
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: rules, defaults: #"{"notify": ["log"]}"#, sinks: sinks))
        let log = dir.path + "/alerts.jsonl"
        let pass = { try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"]) }

        market.set("bitcoin", price: 90)
        #expect(try pass().status == 0)
        let conf = try dir.write("logrotate.conf", try read("logrotate/coinwatch").replacingOccurrences(of: "/var/log/coinwatch/alerts.jsonl", with: log))
        let rotate = try Shell.run("logrotate", ["-f", "-s", dir.path + "/logrotate.status", conf])
        #expect(rotate.status == 0, "\(rotate.stderr)")
        #expect(dir.read("alerts.jsonl.1")?.contains(#""rule":"lo""#) == true, "the first pass's alert was rotated")

        market.set("bitcoin", price: 110)
        #expect(try pass().status == 0)
        let fresh = dir.read("alerts.jsonl") ?? ""
        #expect(fresh.contains(#""rule":"hi""#) && !fresh.contains(#""rule":"lo""#), "the next pass writes to the new file: \(fresh)")
        let mode = try FileManager.default.attributesOfItem(atPath: log)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
