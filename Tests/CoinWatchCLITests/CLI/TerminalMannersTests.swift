import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchRules
@testable import CoinWatchEngine

/// SPEC §1: color only on a terminal, never with NO_COLOR (unless --color always); the
/// alert lines get it, JSON never does.
@Suite(.serialized) struct TerminalMannersTests {
    let market: MarketServer
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        dir = try TempDir()
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#))
        market.set("bitcoin", price: 90)
    }

    private func pass(_ extra: [String], env: [String: String] = [:]) throws -> Binary.Run {
        try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"] + extra, environment: env)
    }

    @Test func colorAlwaysColorsTheAlertLineByDirection() throws {
        let run = try pass(["--color", "always"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "\u{1B}[1mlo\u{1B}[0m  \u{1B}[31mBTC is below $100.00 — now $90.00 (+0.00% 24h)\u{1B}[0m\n")
    }

    @Test func noColorWhenStdoutIsNotATerminal() throws {
        let run = try pass([], env: ["NO_COLOR": "", "TERM": "xterm-256color"])
        #expect(run.stdout.contains("BTC is below"))
        #expect(!run.stdout.contains("\u{1B}"), "a pipe is not a terminal")
    }

    @Test func jsonIsNeverColored() throws {
        let run = try pass(["--json", "--color", "always"])
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) is [String: Any])
    }

    @Test(.enabled(if: Shell.which("script") != nil, "script(1) is not installed (util-linux)"))
    func colorOnATerminalUnlessNoColor() throws {
        // script(1) runs the pass on a pseudo-terminal, as an interactive shell would.
        let command = [Binary.path, "--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"].joined(separator: " ")
        let onTerminal = try Shell.run("script", ["-q", "-e", "-c", command, "/dev/null"], environment: ["TERM": "xterm"])
        #expect(onTerminal.status == 0)
        #expect(onTerminal.stdout.contains("\u{1B}[31mBTC is below"), "\(onTerminal.stdout)")
        try FileManager.default.removeItem(atPath: dir.path + "/state.json")
        let noColor = try Shell.run("script", ["-q", "-e", "-c", command, "/dev/null"], environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(noColor.stdout.contains("BTC is below"))
        #expect(!noColor.stdout.contains("\u{1B}["), "NO_COLOR: \(noColor.stdout)")
    }

    @Test func colorNeverAndNoColorWinOnATerminal() {
        #expect(!ColorPolicy(mode: .never, environment: [:], isTTY: true).enabled)
        #expect(!ColorPolicy(mode: .auto, environment: ["NO_COLOR": "1"], isTTY: true).enabled)
        #expect(ColorPolicy(mode: .auto, environment: [:], isTTY: true).enabled)
        #expect(ColorPolicy(mode: .always, environment: ["NO_COLOR": "1"], isTTY: false).enabled)
    }

    @Test func resolvedLinesAreDimAndRisesGreen() {
        let color = ColorPolicy(enabled: true)
        var alert = Alert(id: "x", time: 0, rule: "r", coin: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd",
                          condition: "move_pct", threshold: nil, price: 110, previous: 100, change24h: -1,
                          status: .firing, provider: "coingecko", message: "m")
        #expect(AlertRecord.line(alert, color: color) == "\u{1B}[1mr\u{1B}[0m  \u{1B}[32mm\u{1B}[0m", "price above the previous: a rise")
        alert.status = .resolved
        #expect(AlertRecord.line(alert, color: color) == "\u{1B}[1mr\u{1B}[0m  \u{1B}[2mRESOLVED  m\u{1B}[0m")
        #expect(AlertRecord.line(alert, color: ColorPolicy(enabled: false)) == AlertRecord.line(alert))
    }
}
