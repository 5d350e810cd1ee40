import Foundation
import Testing
@testable import TestHelpers

/// The `email` sink through the binary against a real SMTP server on loopback (SPEC §3): TLS (implicit on
/// smtps://, STARTTLS required on smtp://) unless `"tls": "none"` to a local MTA, proper headers, a 4xx reply or a network
/// error retried, a 5xx reply final.
@Suite(.serialized) struct EmailSinkEndToEndTests {
    let market: MarketServer
    let dir: TempDir

    init() throws {
        market = try MarketServer()
        dir = try TempDir()
        market.set("bitcoin", price: 90)
    }

    private let password = "pa55-w0rd-SeCrEt"
    private var environment: [String: String] { ["COINWATCH_RETRY_BACKOFF": "0.001", "SMTP_PASSWORD": password] }

    private func writeRules(_ server: SMTPServer, scheme: String = "smtp", host: String = "127.0.0.1", trust: Bool = true,
                            login: Bool = false, extra: String = "") throws {
        var sink = #""type": "email", "url": "\#(scheme)://\#(host):\#(server.port)", "#
            + #""from": "coinwatch <alerts@example.org>", "to": ["me@example.org", "you@example.org"]"#
        if trust { sink += #", "ca_file": "\#(server.certificate)""# }
        if login { sink += #", "username": "alerts", "password": "${SMTP_PASSWORD}""# }
        sink += extra
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
            defaults: #"{"notify": ["mail", "log"]}"#,
            sinks: #"{"mail": {\#(sink)}, "log": {"type": "file", "path": "alerts.jsonl"}}"#))
    }

    private func pass() throws -> Binary.Run {
        try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"], environment: environment)
    }

    /// The header fields (unfolded) and the decoded body of a stored message.
    private func parse(_ stored: String) -> (envelope: [String], headers: [String: String], body: String) {
        let parts = stored.components(separatedBy: "\n\n")
        let envelope = parts[0].split(separator: "\n").map(String.init)
        let message = parts.dropFirst().joined(separator: "\n\n")
        let sections = message.components(separatedBy: "\r\n\r\n")
        var headers: [String: String] = [:]
        var last = ""
        for line in sections[0].components(separatedBy: "\r\n") {
            if line.hasPrefix(" "), !last.isEmpty {
                headers[last, default: ""] += line
            } else if let colon = line.firstIndex(of: ":") {
                last = String(line[..<colon]).lowercased()
                headers[last] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            }
        }
        let encoded = sections.dropFirst().joined(separator: "\r\n\r\n")
        let body = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return (envelope, headers, body)
    }

    /// The text of RFC 2047 `=?UTF-8?B?…?=` words.
    private func decodeWords(_ header: String) -> String {
        header.split(separator: " ").map { word -> String in
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?=") else { return String(word) }
            let inner = word.dropFirst(10).dropLast(2)
            return Data(base64Encoded: String(inner)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }.joined()
    }

    @Test func aMailOverRequiredStartTLSCarriesDateMessageIDFromToAndAUTF8SubjectAndBody() throws {
        let server = try SMTPServer(security: .starttls, login: ("alerts", password))
        try writeRules(server, login: true)
        let run = try pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let stored = try #require(server.messages.first)
        let mail = parse(stored)
        #expect(mail.envelope == ["FROM alerts@example.org", "TO me@example.org", "TO you@example.org"])
        let record = try #require(dir.read("alerts.jsonl"))
        let id = try #require((try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])?["id"] as? String)
        #expect(mail.headers["message-id"] == "<\(id)@coinwatch>", "the Message-ID comes from the alert id")
        #expect(mail.headers["from"] == "coinwatch <alerts@example.org>")
        #expect(mail.headers["to"] == "me@example.org, you@example.org")
        #expect(mail.headers["date"]?.hasSuffix("+0000") == true)
        #expect(mail.headers["content-type"] == "text/plain; charset=utf-8")
        let subject = try #require(mail.headers["subject"])
        #expect(subject.hasPrefix("=?UTF-8?B?"), "the subject holds '—', so it is encoded: \(subject)")
        #expect(decodeWords(subject).hasPrefix("BTC") && decodeWords(subject).contains("—"), "\(decodeWords(subject))")
        #expect(mail.body.hasPrefix("BTC") && mail.body.contains("—"), "\(mail.body)")
        let state = dir.read("state.json") ?? ""
        #expect(!run.stderr.contains(password) && !state.contains(password))
    }

    /// Issue 30 item 17: 60 recipients and non-ASCII display names give headers that Python's strict
    /// email parser reads back whole: ASCII only, folded (no line over 78), names as encoded words.
    @Test func longAndNonASCIIHeadersAreFoldedAndEncodedAsRFC5322And2047Want() throws {
        let server = try SMTPServer(security: .starttls)
        let recipients = ["Öps Team <ops@example.org>"] + (1...59).map { "user\($0)@example.org" }
        let to = recipients.map { "\"\($0)\"" }.joined(separator: ", ")
        let sink = #""type": "email", "url": "smtp://127.0.0.1:\#(server.port)", "ca_file": "\#(server.certificate)", "#
            + #""from": "Café Alerts <alerts@example.org>", "to": [\#(to)]"#
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#,
            defaults: #"{"notify": ["mail"]}"#, sinks: #"{"mail": {\#(sink)}}"#))
        let run = try pass()
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let stored = try #require(server.messages.first)
        let file = dir.path + "/stored.eml"
        try stored.write(toFile: file, atomically: true, encoding: .utf8)
        let script = """
        import email, email.policy, json, sys
        raw = open(sys.argv[1], "rb").read().split(b"\\n\\n", 1)[1]
        head = raw.split(b"\\r\\n\\r\\n", 1)[0]
        lines = head.split(b"\\r\\n")
        msg = email.message_from_bytes(raw, policy=email.policy.strict)
        print(json.dumps({"longest": max(len(l) for l in lines), "ascii": all(b < 128 for b in head),
                          "to": [a.addr_spec for a in msg["To"].addresses], "to_name": msg["To"].addresses[0].display_name,
                          "from_name": msg["From"].addresses[0].display_name, "defects": [str(d) for d in msg.defects]}))
        """
        let parsed = try Shell.execute(try SMTPServer.python.get(), ["-c", script, file], environment: [:], cwd: nil, timeout: 20)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any], "\(parsed.stdout)")
        #expect(doc["ascii"] as? Bool == true, "no raw 8-bit in the headers")
        #expect((doc["longest"] as? Int ?? 999) <= 78, "folded: \(doc["longest"] ?? "")")
        #expect((doc["to"] as? [String])?.count == 60)
        #expect((doc["to"] as? [String])?.last == "user59@example.org")
        #expect(doc["to_name"] as? String == "Öps Team")
        #expect(doc["from_name"] as? String == "Café Alerts")
        #expect((doc["defects"] as? [String])?.isEmpty == true, "\(doc["defects"] ?? "")")
    }

    @Test func aMailOverImplicitTLSIsDelivered() throws {
        let server = try SMTPServer(security: .implicit)
        try writeRules(server, scheme: "smtps")
        let run = try pass()
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(server.messages.count == 1)
    }

    @Test func aServerAnswering451ThenAcceptingGetsTheMailWithinThePass() throws {
        let server = try SMTPServer(mode: .busyOnce)
        try writeRules(server)
        let run = try pass()
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(server.dataCount == 2, "the 451 was retried")
        #expect(server.messages.count == 1)
    }

    @Test func aServerRefusingWith550IsFinalWithOneLineAndTheAlertRecorded() throws {
        let server = try SMTPServer(mode: .refuse)
        try writeRules(server)
        let run = try pass()
        #expect(run.status == 1, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("email 'mail'") && lines[0].contains("550")
                && lines[0].contains("refused for good"), "\(run.stderr)")
        #expect(dir.read("alerts.jsonl")?.contains(#""reason":"refused""#) == true)
    }

    @Test func aServerDroppingTheConnectionDuringDataLeavesTheMailQueued() throws {
        let server = try SMTPServer(mode: .drop)
        try writeRules(server)
        let run = try pass()
        #expect(run.status == 0, "safely queued: \(run.stderr)")
        #expect(run.stderr.contains("email 'mail'") && run.stderr.contains("queued"), "\(run.stderr)")
        #expect(server.dataCount == 4, "tried four times in the pass")
        #expect(dir.read("state.json")?.contains(#""sink":"mail""#) == true, "the alert waits in the outbox")
    }

    @Test func aServerOfferingNoStartTLSGetsNoMailInPlainText() throws {
        let server = try SMTPServer(security: .plain)
        try writeRules(server)
        let run = try pass()
        #expect(run.status == 0, "queued, never sent in clear: \(run.stderr)")
        #expect(run.stderr.contains("STARTTLS") && run.stderr.contains("queued"), "\(run.stderr)")
        #expect(server.dataCount == 0)
    }

    /// SPEC §3: `"tls": "none"` sends without TLS to a local MTA: plain SMTP, no STARTTLS asked for.
    @Test func tlsNoneSendsInPlainTextToALoopbackMTA() throws {
        let server = try SMTPServer(security: .plain)
        try writeRules(server, host: "localhost", trust: false, extra: #", "tls": "none""#)
        let check = try Binary.run(["check", "--rules", dir.path + "/rules.json"], environment: environment)
        #expect(check.status == 0, "\(check.stderr)")
        let run = try pass()
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(server.messages.count == 1)
    }

    /// SPEC §3: `"tls": "none"` is "allowed only to a loopback host … and never with a password": `check` and a pass
    /// refuse it with one line each naming the place, and nothing is sent.
    @Test func tlsNoneToAnotherHostOrWithAPasswordIsRefused() throws {
        let server = try SMTPServer(security: .plain)
        try writeRules(server, host: "127.0.0.1.nip.io", trust: false, login: true, extra: #", "tls": "none""#)
        let check = try Binary.run(["check", "--rules", dir.path + "/rules.json"], environment: environment)
        #expect(check.status == 65, "\(check.stderr)")
        let lines = check.stderr.split(separator: "\n").filter { $0.hasPrefix(dir.path + "/rules.json:") }
        #expect(lines.count == 2, "\(check.stderr)")
        #expect(lines.contains { $0.contains(#"sinks.mail.url: "tls": "none" sends in clear text"#) }, "\(check.stderr)")
        #expect(lines.contains { $0.contains("sinks.mail.password: no password without TLS") }, "\(check.stderr)")
        #expect(!check.stderr.contains(password))
        let run = try pass()
        #expect(run.status == 65, "\(run.stderr)")
        #expect(server.dataCount == 0)
    }

    @Test func aSelfSignedCertificateThatIsNotTrustedGetsNoMail() throws {
        let server = try SMTPServer(security: .starttls)
        try writeRules(server, trust: false)
        let run = try pass()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("TLS") && run.stderr.contains("queued"), "\(run.stderr)")
        #expect(server.dataCount == 0)
    }
}
