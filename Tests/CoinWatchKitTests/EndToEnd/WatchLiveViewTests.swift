@testable import CoinWatchKit
import Foundation
import Testing

/// The live `watch` view on a real terminal: the binary runs in a tmux pane (a private tmux
/// server), keys go in with send-keys, the screen comes back with capture-pane, polled with a
/// bounded deadline for the content expected (never a wait for time to pass).
@Suite(.serialized) struct WatchLiveViewTests {
    /// A private tmux server running one pane of `columns`×`rows`.
    final class Pane {
        let socket = "coinwatch-test-\(UUID().uuidString.prefix(8))"

        init(_ command: [String], columns: Int, rows: Int) throws {
            let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            let started = try tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", "w",
                                    "env LANG=C.UTF-8 TERM=xterm-256color " + quoted])
            #expect(started.status == 0, "\(started.stderr)")
            _ = try tmux(["set-option", "-t", "w", "remain-on-exit", "on"])
        }

        deinit { _ = try? tmux(["kill-server"]) }

        @discardableResult
        func tmux(_ args: [String]) throws -> Shell.Run {
            try Shell.run("tmux", ["-L", socket, "-f", "/dev/null"] + args, timeout: 20)
        }

        func screen() -> String { (try? tmux(["capture-pane", "-p", "-t", "w"]).stdout) ?? "" }
        func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", "w"] + keys) }
        /// "1 0" once the program has exited with status 0.
        func dead() -> String {
            ((try? tmux(["display-message", "-p", "-t", "w", "#{pane_dead} #{pane_dead_status}"]).stdout) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func pid() -> Int32? {
            Int32(((try? tmux(["display-message", "-p", "-t", "w", "#{pane_pid}"]).stdout) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines))
        }

        /// Polls the screen until `condition` holds (at most 20 s); returns the last screen.
        func waitFor(_ condition: (String) -> Bool) -> String {
            var last = ""
            _ = Eventually.wait(timeout: 20) {
                last = screen()
                return condition(last)
            }
            return last
        }
    }

    private func flow() throws -> BinaryFlow {
        let flow = try BinaryFlow(rules: #"{"id": "hi", "coin": "bitcoin", "when": {"above": 100}}"#,
                                  favorites: ["bitcoin", "ethereum"])
        flow.market.set("bitcoin", price: 150, change24h: 1)
        flow.market.set("ethereum", price: 40, change24h: 5)
        return flow
    }

    private func pane(_ flow: BinaryFlow, columns: Int = 100) throws -> Pane {
        guard Shell.which("tmux") != nil else {
            Issue.record("tmux is not installed: run 'make deps' (it installs tmux for this test)")
            throw CancellationError()
        }
        return try Pane([Binary.path, "watch", "--interval", "1h", "--rules", flow.rulesPath, "--state", flow.statePath],
                        columns: columns, rows: 20)
    }

    @Test func onATerminalWatchDrawsTheTableLiveAndTheKeysSortFilterAndQuitRestoringTheScreen() throws {
        let flow = try flow()
        let pane = try pane(flow)
        let first = pane.waitFor { $0.contains("q quit") && $0.contains("$150.00") }
        #expect(first.contains("sort: rank") && first.contains("$40.00") && first.contains("hi armed"), "\(first)")
        try pane.keys("s")
        let sorted = pane.waitFor { $0.contains("sort: change") }
        let rows = sorted.split(separator: "\n").filter { $0.contains("$") }
        #expect(rows.first?.contains("$40.00") == true, "the bigger 24h change first: \(sorted)")
        try pane.keys("/", "b", "i", "t", "Enter")
        let filtered = pane.waitFor { $0.contains("filter: bit") && !$0.contains("$40.00") }
        #expect(filtered.contains("$150.00") && !filtered.contains("$40.00"), "\(filtered)")
        flow.market.set("bitcoin", price: 175, change24h: 1)
        try pane.keys("r")
        let refreshed = pane.waitFor { $0.contains("$175.00") }
        #expect(refreshed.contains("$175.00"), "r fetches again: \(refreshed)")
        try pane.keys("q")
        #expect(Eventually.wait(timeout: 20) { pane.dead() == "1 0" }, "q exits 0: \(pane.dead())")
        let after = pane.screen()
        #expect(!after.contains("q quit") && !after.contains("$175.00"), "the alternate screen is gone: \(after)")
    }

    @Test func sigtermEndsTheLiveViewAndRestoresTheTerminal() throws {
        let flow = try flow()
        let pane = try pane(flow, columns: 36)
        let narrow = pane.waitFor { $0.contains("$150.00") }
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 36 }, "\(narrow)")
        let pid = try #require(pane.pid())
        #expect(kill(pid, SIGTERM) == 0)
        #expect(Eventually.wait(timeout: 20) { pane.dead() == "1 0" }, "SIGTERM exits 0: \(pane.dead())")
        #expect(!pane.screen().contains("$150.00"), "the alternate screen is gone: \(pane.screen())")
    }
}
