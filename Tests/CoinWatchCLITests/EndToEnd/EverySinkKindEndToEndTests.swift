import Foundation
import Testing
@testable import TestHelpers
#if canImport(Glibc)
import Glibc
#endif

/// Ten sinks of ten kinds (eight webhook formats, a command, an email), each answering in 300 ms:
/// a pass serves them all at once (SPEC §3: concurrent delivery), and `notify --test` reaches each kind.
@Suite(.serialized) struct EverySinkKindEndToEndTests {
    let market: MarketServer
    let receiver: WebhookReceiver
    let smtp: SMTPServer
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        receiver = try WebhookReceiver(fallback: Reply.text("ok").delayed(0.3))
        smtp = try SMTPServer(delay: 0.3)
        dir = try TempDir()
        market.set("bitcoin", price: 90)
        let script = try dir.write("slow.sh", "#!/bin/sh\ncat > /dev/null\nsleep 0.3\necho \"$COINWATCH_SINK\" >> \"\(dir.path)/ran\"\n")
        chmod(script, 0o755)
        var sinks: [String] = []
        let extra = ["telegram": #", "chat_id": 1"#, "pushover": #", "token": "t0ken-p", "user": "u5er-key""#,
                     "gotify": #", "token": "t0ken-g""#, "matrix": #", "token": "t0ken-m", "room": "!r:x""#]
        for format in ["slack", "discord", "telegram", "ntfy", "teams", "pushover", "gotify", "matrix"] {
            sinks.append(#""\#(format)": {"type": "webhook", "format": "\#(format)", "url": "\#(receiver.url("/" + format))"\#(extra[format] ?? "")}"#)
        }
        sinks.append(#""run": {"type": "command", "argv": ["./slow.sh"]}"#)
        sinks.append(#""mail": {"type": "email", "url": "smtp://127.0.0.1:\#(smtp.port)", "ca_file": "\#(smtp.certificate)", "from": "a@example.org", "to": ["b@example.org"]}"#)
        let names = ["slack", "discord", "telegram", "ntfy", "teams", "pushover", "gotify", "matrix", "run", "mail"]
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
            defaults: #"{"notify": [\#(names.map { "\"\($0)\"" }.joined(separator: ", "))]}"#,
            sinks: "{" + sinks.joined(separator: ", ") + "}"))
    }

    private func run(_ args: [String]) throws -> Binary.Run {
        try Binary.run(args + ["--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
    }

    @Test func tenSinksOfTenKindsAnsweringIn300msAreServedConcurrently() throws {
        let started = Date()
        let pass = try run(["--once"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(pass.status == 0 && pass.stderr.isEmpty, "\(pass.stderr)")
        #expect(receiver.requests.count == 8)
        #expect(smtp.messages.count == 1)
        #expect(dir.read("ran") == "run\n")
        // One after another they would take 3 s; at once, about 300 ms plus the pass itself (a debug build here;
        // docs/benchmarks.md has the release figure).
        #expect(elapsed < 2.0, "ten 300 ms sinks took \(elapsed) s")
    }

    @Test func notifyTestReachesEverySinkKind() throws {
        let test = try run(["notify", "--test"])
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        let lines = test.stdout.split(separator: "\n").map(String.init)
        for name in ["slack", "discord", "telegram", "ntfy", "teams", "pushover", "gotify", "matrix", "run", "mail"] {
            #expect(lines.contains { $0.hasPrefix(name + " ") && $0.hasSuffix("delivered") }, "\(name) in \(test.stdout)")
        }
        #expect(lines.contains { $0.hasPrefix("run ") && $0.contains("command (./slow.sh)") || $0.contains("command (/") }, "\(test.stdout)")
        #expect(lines.contains { $0.hasPrefix("mail ") && $0.contains("email (127.0.0.1") }, "\(test.stdout)")
        #expect(smtp.messages.first?.contains("X-Coinwatch-Key") == true)
        #expect(dir.read("ran") == "run\n")
    }
}
