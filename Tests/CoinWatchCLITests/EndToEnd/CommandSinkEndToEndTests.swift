import Foundation
import Testing
@testable import TestHelpers
#if canImport(Glibc)
import Glibc
#endif

/// The `command` sink through the binary, with real programs (SPEC §3): argv without a shell, the
/// alert record on stdin, `COINWATCH_*` variables, a timeout that kills the process group, exit 0
/// delivered, 75 or a timeout retried, anything else final.
@Suite(.serialized) struct CommandSinkEndToEndTests {
    let market: MarketServer
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        dir = try TempDir()
        market.set("bitcoin", price: 90)
    }

    /// Tiny backoff so four failing tries take milliseconds.
    private let fastRetries = ["COINWATCH_RETRY_BACKOFF": "0.001"]

    private func writeRules(argv: [String], timeout: String? = nil) throws {
        let items = argv.map { "\"\($0)\"" }.joined(separator: ", ")
        let sinks = #"{"run": {"type": "command", "argv": [\#(items)]\#(timeout.map { #", "timeout": "\#($0)""# } ?? "")}, "#
            + #""log": {"type": "file", "path": "alerts.jsonl"}}"#
        try dir.write("rules.json", RulesJSON.make(baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
                                                   defaults: #"{"notify": ["run", "log"]}"#, sinks: sinks))
    }

    /// An executable script in the test folder.
    @discardableResult
    private func script(_ name: String, _ body: String) throws -> String {
        let path = try dir.write(name, "#!/bin/sh\n" + body + "\n")
        chmod(path, 0o755)
        return path
    }

    private func pass() throws -> Binary.Run {
        try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"], environment: fastRetries)
    }

    private func outbox() -> [[String: Any]] {
        let object = (try? JSONSerialization.jsonObject(with: Data((dir.read("state.json") ?? "{}").utf8))) as? [String: Any]
        return (object?["outbox"] as? [[String: Any]]) ?? []
    }

    @Test func theProgramGetsTheRecordOnStdinTheVariablesAndItsArgumentsWithoutAShell() throws {
        let out = dir.path
        try script("hook.sh", """
        cat > "\(out)/stdin.json"
        printf '%s\\n' "$@" > "\(out)/args.txt"
        env | grep '^COINWATCH_' | sort > "\(out)/env.txt"
        """)
        try writeRules(argv: ["./hook.sh", "{symbol} $(touch \(out)/injected)", "{message}", "{rule}"])
        let run = try pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let record = try #require(dir.read("stdin.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])
        #expect(object["rule"] as? String == "lo" && object["price"] as? Double == 90 && object["status"] as? String == "firing")
        let args = try #require(dir.read("args.txt")).split(separator: "\n").map(String.init)
        #expect(args.count == 3)
        #expect(args.first == "BTC $(touch \(out)/injected)", "placeholders filled, no shell ran the text")
        #expect(args.dropFirst().first?.hasPrefix("BTC") == true && args.last == "lo")
        #expect(!FileManager.default.fileExists(atPath: out + "/injected"))
        let env = try #require(dir.read("env.txt"))
        for line in ["COINWATCH_RULE=lo", "COINWATCH_SYMBOL=BTC", "COINWATCH_COIN=bitcoin", "COINWATCH_PRICE=90",
                     "COINWATCH_STATUS=firing", "COINWATCH_VS=usd", "COINWATCH_ALERTS=1"] {
            #expect(env.contains(line + "\n"), "\(line) in \(env)")
        }
        #expect(env.contains("COINWATCH_ID=\(object["id"] as? String ?? "?")\n"))
        #expect(env.contains("COINWATCH_MESSAGE=BTC"))
        #expect(outbox().isEmpty)
    }

    @Test func aProgramThatDoesNotExistIsRefusedForGoodWithOneLineAndTheAlertRecorded() throws {
        try writeRules(argv: ["/nonexistent/coinwatch-hook"])
        let run = try pass()
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("command 'run'") && lines[0].contains("No such file or directory")
                && lines[0].contains("refused for good"), "\(run.stderr)")
        #expect(dir.read("alerts.jsonl")?.contains(#""reason":"refused""#) == true, "the alert is never lost")
        #expect(outbox().isEmpty)
    }

    @Test func aProgramThatIsNotExecutableIsRefusedForGood() throws {
        _ = try dir.write("plain.sh", "#!/bin/sh\nexit 0\n")
        try writeRules(argv: ["./plain.sh"])
        let run = try pass()
        #expect(run.status == 1)
        #expect(run.stderr.contains("Permission denied") && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }

    @Test func aProgramThatHangsIsKilledWithItsProcessGroupAndTheAlertQueued() throws {
        let out = dir.path
        try script("hang.sh", """
        sleep 30 &
        echo $! > "\(out)/child.pid"
        echo "working on it"
        wait
        """)
        try writeRules(argv: ["./hang.sh"], timeout: "1s")
        let started = Date()
        let run = try pass()
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 0, "safely queued: \(run.stderr)")
        #expect(run.stderr.contains("timed out after 1s") && run.stderr.contains("queued"), "\(run.stderr)")
        #expect(elapsed < 10, "four tries of one second, not 30 s: \(elapsed)")
        let child = try #require(Int32((dir.read("child.pid") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)))
        let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
        let alive = stat.split(separator: ")").last.map { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Z") == false } ?? false
        #expect(!alive, "the background child was killed with the group: \(stat)")
        let entry = try #require(outbox().first)
        #expect((entry["last_error"] as? String)?.contains("working on it") == true, "the program's output kept for the outbox")
    }

    @Test func aProgramThatFloodsItsOutputIsReadWithoutBlockingAndKeptBounded() throws {
        try script("flood.sh", "head -c 5000000 /dev/zero | tr '\\0' 'x'; echo done >&2; exit 3")
        try writeRules(argv: ["./flood.sh"])
        let run = try pass()
        #expect(run.status == 1, "exit 3 is final: \(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("exit status 3") && lines[0].contains("more bytes"), "\(run.stderr.prefix(500))")
        #expect(run.stderr.utf8.count < 1000, "the output kept is bounded: \(run.stderr.utf8.count) bytes")
    }

    @Test func aProgramThatExitsSeventyFiveForeverStaysQueuedAcrossPasses() throws {
        let out = dir.path
        try script("busy.sh", "echo x >> \"\(out)/tries\"; echo 'try later' >&2; exit 75")
        try writeRules(argv: ["./busy.sh"])
        let first = try pass()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("exit status 75") && first.stderr.contains("queued"), "\(first.stderr)")
        #expect(dir.read("tries")?.split(separator: "\n").count == 4, "one try and three retries within the pass")
        let second = try pass()
        #expect(second.status == 0)
        #expect(dir.read("tries")?.split(separator: "\n").count == 8, "tried again on the next pass")
        let entry = try #require(outbox().first)
        #expect(entry["attempts"] as? Int == 8)
        #expect((entry["last_error"] as? String)?.contains("try later") == true)
        #expect(!(dir.read("alerts.jsonl") ?? "").contains("undelivered"), "still waiting, not dropped")
    }
}
