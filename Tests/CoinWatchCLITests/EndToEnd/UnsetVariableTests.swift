import Foundation
import Testing
@testable import TestHelpers

/// A variable set only in cron's environment (a webhook URL) must not stop the commands that
/// never deliver, while `check` and alert passes still refuse the file.
@Suite struct UnsetVariableTests {
    private func rules(_ dir: TempDir) throws -> String {
        try dir.write("rules.json", """
        {"favorites": ["bitcoin"],
         "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}, "notify": ["chat"]}],
         "sinks": {"chat": {"type": "webhook", "format": "slack", "url": "${CRON_ONLY_HOOK}"}}}
        """)
    }

    @Test func favoritesListWorksWithoutTheSinksVariables() throws {
        let dir = try TempDir()
        let market = try MarketServer()
        market.set("bitcoin", price: 100)
        let text = try String(contentsOfFile: try rules(dir), encoding: .utf8)
        let path = try dir.write("rules.json", text.replacingOccurrences(of: #"{"favorites""#, with:
            #"{"providers": [{"name": "coingecko", "base_url": "\#(market.baseURL)"}], "favorites""#))
        let run = try Binary.run(["favorites", "list", "--rules", path, "--state", dir.path + "/s.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("bitcoin"))
        #expect(!run.stdout.contains("unset.invalid") && !run.stderr.contains("unset.invalid"))
    }

    @Test func favoritesAddKeepsTheVariableUnexpandedInTheFile() throws {
        let server = try LoopbackServer { request in
            request.path.hasSuffix("/search")
                ? .json(#"{"coins":[{"id":"ethereum","name":"Ethereum","symbol":"ETH","market_cap_rank":2}]}"#)
                : .json("[]")
        }
        let dir = try TempDir()
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "\(server.baseURL)"}],
         "favorites": ["bitcoin"],
         "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}, "notify": ["chat"]}],
         "sinks": {"chat": {"type": "webhook", "format": "slack", "url": "${CRON_ONLY_HOOK}"}}}
        """)
        let run = try Binary.run(["favorites", "add", "ethereum", "--rules", dir.path + "/rules.json", "--state", dir.path + "/s.json"])
        #expect(run.status == 0, "\(run.stderr)")
        let text = dir.read("rules.json") ?? ""
        #expect(text.contains("\"ethereum\""))
        #expect(text.contains("${CRON_ONLY_HOOK}"))
        #expect(!text.contains("unset.invalid"))
    }

    /// The stand-in for an unset variable is no secret: where a read-only command shows it (a `-v` request line),
    /// the user sees the placeholder, not a mask.
    @Test func thePlaceholderOfAnUnsetVariableIsShownNotMasked() throws {
        let dir = try TempDir()
        let path = try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "base_url": "${UNSET_ROOT}/api/v3"}],
         "favorites": ["bitcoin"],
         "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}, "notify": ["chat"]}],
         "sinks": {"chat": {"type": "webhook", "format": "slack", "url": "${CRON_ONLY_HOOK}"}}}
        """)
        let run = try Binary.run(["explain", "a", "-v", "--rules", path, "--state", dir.path + "/s.json"])
        #expect(run.stderr.contains("GET https://unset.invalid/api/v3/coins/markets?"), "\(run.stderr)")
        #expect(!run.stderr.contains("***"), "\(run.stderr)")
    }

    @Test func checkStillNamesTheUnsetVariable() throws {
        let dir = try TempDir()
        let path = try rules(dir)
        let run = try Binary.run(["check", "--rules", path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("CRON_ONLY_HOOK"))
    }

    /// Red team (input3): a variable (or secret file) used twice in one string printed the same error line twice.
    @Test func aVariableUsedTwiceInOneStringIsNamedOnce() throws {
        let dir = try TempDir()
        let path = try dir.write("rules.json", """
        {"favorites": ["bitcoin"],
         "rules": [{"id": "a", "coin": "bitcoin", "when": {"above": 1}, "notify": ["chat"]}],
         "sinks": {"chat": {"type": "webhook", "format": "json", "url": "https://h.example/${TOKEN}?key=${TOKEN}&c=${file:gone}${file:gone}"}}}
        """)
        let run = try Binary.run(["check", "--rules", path])
        let lines = run.stderr.split(separator: "\n")
        #expect(run.status == 65 && lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.contains("sinks.chat.url: environment variable TOKEN is not set") == true
                && lines.last?.contains("cannot read the secret file \(dir.path)/gone") == true, "\(run.stderr)")
    }
}
