import Foundation
import Testing

/// `coinwatch init` (SPEC §11) through the binary. CoinGecko is unreachable here (https goes to a
/// closed local proxy port), so favorites are written as given, one warning each.
@Suite(.serialized) struct InitEndToEndTests {
    let dir: TempDir
    let proxy: ClosedPort
    var env: [String: String] { ["https_proxy": proxy.baseURL, "HTTPS_PROXY": proxy.baseURL, "COINWATCH_WEBHOOK_URL": "https://discord.com/api/webhooks/1/x"] }

    init() throws {
        dir = try TempDir()
        proxy = try ClosedPort()
    }

    private func initialize(_ args: [String]) throws -> Binary.Run {
        try Binary.run(["init"] + args, environment: env)
    }

    @Test func initWritesAStarterRulesFileThatPassesCheck() throws {
        let path = dir.path + "/conf/rules.json"
        let run = try initialize(["--favorites", "bitcoin, ethereum", "--sink", "discord", "--yes", "--rules", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("wrote \(path): 2 favorite(s)"), "\(run.stdout)")
        let warnings = run.stderr.split(separator: "\n")
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.hasPrefix("coinwatch: warning: cannot resolve '") && $0.hasSuffix("written as given") },
                "one warning per unresolved favorite: \(run.stderr)")
        let text = try #require(try? String(contentsOfFile: path, encoding: .utf8))
        #expect(text.contains(#""$schema""#) && text.contains(#""favorites": ["bitcoin", "ethereum"]"#))
        #expect(text.contains(#""change_24h_abs""#) && text.contains(#""new_high""#))
        #expect(text.contains(#""format": "discord", "url": "${COINWATCH_WEBHOOK_URL}""#), "\(text)")
        #expect(text.contains(#""type": "file""#))
        let check = try Binary.run(["check", "--rules", path, "--state", dir.path + "/state.json"], environment: env)
        #expect(check.status == 0, "the starter passes check: \(check.stderr)")
    }

    @Test func initNeverOverwritesWithoutForceAndMovesTheOldFileAsideWithIt() throws {
        let path = try dir.write("rules.json", #"{"favorites": ["solana"]}"#)
        let refused = try initialize(["--yes", "--rules", path])
        #expect(refused.status == 1 && refused.stderr.contains("already exists; not overwritten. Use --force"), "\(refused.stderr)")
        #expect(dir.read("rules.json") == #"{"favorites": ["solana"]}"#)
        let forced = try initialize(["--yes", "--force", "--rules", path])
        #expect(forced.status == 0, "\(forced.stderr)")
        let backups = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("rules.json.bak-") }
        #expect(backups.count == 1 && forced.stdout.contains("the old file is at \(dir.path)/\(backups[0])"))
        #expect(dir.read(backups[0]) == #"{"favorites": ["solana"]}"#)
        #expect(dir.read("rules.json")?.contains(#""bitcoin""#) == true, "the default favorites")
    }

    @Test func initIntoAnUnwritableFolderSaysSoInOneLine() throws {
        let blocker = try dir.write("file", "not a folder")
        let run = try initialize(["--yes", "--rules", blocker + "/sub/rules.json"])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").filter { !$0.contains("warning:") }
        #expect(lines.count == 1 && lines[0].hasPrefix("coinwatch: cannot write \(blocker)/sub/rules.json: "), "\(run.stderr)")
    }

    @Test func anUnknownSinkFormatGetsADidYouMean() throws {
        let run = try initialize(["--yes", "--sink", "slak", "--rules", dir.path + "/rules.json"])
        #expect(run.status == 64 && run.stderr.contains("Did you mean 'slack'?"), "\(run.stderr)")
        #expect(dir.read("rules.json") == nil)
    }

    @Test func aCommandRunWithoutARulesFilePointsAtInit() throws {
        let run = try Binary.run(["check", "--rules", dir.path + "/missing.json"])
        #expect(run.status == 66 && run.stderr.contains("'coinwatch init'"), "\(run.stderr)")
        let pass = try Binary.run(["--once", "--rules", dir.path + "/missing.json", "--state", dir.path + "/s.json"])
        #expect(pass.status == 66 && pass.stderr.contains("'coinwatch init'"))
    }
}
