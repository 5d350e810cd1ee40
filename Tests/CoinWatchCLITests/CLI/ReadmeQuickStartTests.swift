import Foundation
import Testing
@testable import TestHelpers

/// The README's first screen (issue 32 item 8): its install-and-run lines, run as written by bash,
/// give a rules.json that `check` accepts where cron and systemd run it, with none of the
/// variables of the shell that ran the lines. CoinGecko is unreachable (a closed local proxy port).
@Suite struct ReadmeQuickStartTests {
    /// The lines of the README's `sh` block under "Install and run" before `coinwatch check`,
    /// without `make` (the binary under test stands for the installed one) and comments.
    static func setupLines() throws -> [String] {
        let readme = try String(contentsOfFile: Fixtures.root + "/README.md", encoding: .utf8)
        guard let section = readme.range(of: "## Install and run"),
              let open = readme[section.upperBound...].range(of: "```sh\n"),
              let close = readme[open.upperBound...].range(of: "```") else { return [] }
        return readme[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
            .prefix { !$0.hasPrefix("coinwatch check") }
            .filter { !$0.hasPrefix("make ") && !$0.hasPrefix("#") }
    }

    @Test func theReadmesSetupChecksCleanInCronsEnvironment() throws {
        let home = try TempDir()
        let proxy = try ClosedPort()
        let bin = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path
        let lines = try Self.setupLines()
        #expect(lines.contains { $0.hasPrefix("coinwatch init") }, "\(lines)")
        // The user's shell: the README's lines in order, as typed.
        let shell = try Shell.run("bash", ["-e", "-c", lines.joined(separator: "\n")],
                                  environment: ["HOME": home.path, "PATH": bin + ":/usr/bin:/bin",
                                                "https_proxy": proxy.baseURL, "HTTPS_PROXY": proxy.baseURL])
        #expect(shell.status == 0, "\(shell.stdout)\(shell.stderr)")
        // cron's environment: HOME and a short PATH, nothing the shell above exported.
        let cron = try Shell.run(bin + "/coinwatch", ["check", "--rules", home.path + "/.config/coinwatch/rules.json"],
                                 environment: ["HOME": home.path, "PATH": "/usr/bin:/bin"])
        #expect(cron.status == 0, "the README's rules.json works under cron: \(cron.stderr)")
        #expect(cron.stdout.contains("webhook slack to hooks.slack.com"), "\(cron.stdout)")
        withExtendedLifetime(proxy) {}
    }
}

/// The README's `make demo` output: scripts/demo.sh's four passes (`pass dayN N "label"`), run as the
/// script runs them (rules.example.json, CoinGecko's recorded markets through a `file://` base_url, the
/// Slack sink a file), print exactly the block the README shows under "The two commands".
@Suite struct ReadmeDemoTests {
    @Test func theReadmesDemoBlockIsWhatTheFourPassesPrint() throws {
        let readme = try String(contentsOfFile: Fixtures.root + "/README.md", encoding: .utf8)
        let open = try #require(readme.range(of: "```\n--- pass 1"))
        let close = try #require(readme[open.upperBound...].range(of: "```"))
        let shown = String(readme[readme.index(open.lowerBound, offsetBy: 4)..<close.lowerBound])
        let script = try String(contentsOfFile: Fixtures.root + "/scripts/demo.sh", encoding: .utf8)
        let passes = script.split(separator: "\n").filter { $0.hasPrefix("pass day") }.map { line in
            (day: String(line.split(separator: " ")[1]), header: "--- pass \(line.split(separator: " ")[2]): prices of "
                + line.split(separator: "\"", omittingEmptySubsequences: false)[1] + " ---")
        }
        #expect(passes.count == 4, "\(script)")
        let example = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Fixtures.root + "/rules.example.json"))) as? [String: Any])
        let dir = try TempDir()
        var printed = ""
        for pass in passes {
            var rules = example
            rules["$schema"] = nil
            rules["providers"] = [["name": "coingecko", "base_url": "file://" + Fixtures.root + "/Fixtures/demo/" + pass.day, "cache_ttl": "0s"]]
            var sinks = try #require(rules["sinks"] as? [String: Any])
            sinks["team-chat"] = ["type": "file", "path": "team-chat.jsonl"]
            rules["sinks"] = sinks
            try dir.write("rules.json", String(decoding: try JSONSerialization.data(withJSONObject: rules), as: UTF8.self))
            let run = try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(pass.header): \(run.stderr)")
            printed += pass.header + "\n" + run.stdout
        }
        #expect(printed == shown, "README.md's demo output is not what make demo prints:\n\(printed)")
    }
}
