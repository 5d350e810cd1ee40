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
