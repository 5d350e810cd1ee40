import Foundation
import Glibc
import Testing
@testable import TestHelpers

/// TLS through the binary (SPEC §6): a self-signed server is refused with a clear TLS error; a
/// `ca_file` on the provider or the sink, or `SSL_CERT_FILE`, makes it trusted; nothing in rules.json,
/// the environment or the command line turns verification off.
@Suite struct TLSEndToEndTests {
    /// CoinGecko: one request a pass, which is all a one-answer TLS server can take.
    private let provider = ProviderCase.all[0]

    private func providerServer() throws -> TLSServer {
        try TLSServer(reply: ReplayServer.capture("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json"))
    }

    private func pass(_ dir: TempDir, env: [String: String] = [:], extra: [String] = [], timeout: Double = 60) throws -> Binary.Run {
        try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"] + extra,
                       environment: ["COINWATCH_RETRY_BACKOFF": "0.001"].merging(env) { _, new in new }, timeout: timeout)
    }

    private let rule = #"{"id": "up", "coin": "bitcoin", "when": {"above": 1}}"#

    @Test func aProviderCAFileMakesTheSelfSignedServerTrusted() throws {
        let server = try providerServer()
        let dir = try TempDir()
        try dir.write("rules.json", provider.rulesJSON(baseURL: server.baseURL, rules: rule, timeout: "5s", caFile: server.certificate))
        let run = try pass(dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("up  BTC is above $1.00"), "\(run.stdout)")
    }

    @Test func aSelfSignedProviderIsRefusedWithATLSError() throws {
        let server = try providerServer()
        let dir = try TempDir()
        try dir.write("rules.json", provider.rulesJSON(baseURL: server.baseURL, rules: rule, timeout: "5s"))
        let run = try pass(dir)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let line = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.hasPrefix("coinwatch: \(provider.name): failing since "), "an outage's first line (SPEC §6): \(run.stderr)")
        #expect(line.hasSuffix(" UTC: 127.0.0.1:\(server.port): TLS error: SSL certificate problem: self-signed certificate"),
                "\(run.stderr)")
    }

    /// A pass whose rule notifies a Slack webhook on a self-signed TLS receiver (`sinkExtra` added
    /// to the sink's JSON), with `env`; the receiver and the state's folder with it.
    private func passToSelfSignedReceiver(sinkExtra: (TLSServer) -> String = { _ in "" },
                                          env: (TLSServer) -> [String: String] = { _ in [:] }, timeout: Double = 60)
        throws -> (run: Binary.Run, receiver: TLSServer, dir: TempDir) {
        let market = try MarketServer()
        let receiver = try TLSServer(reply: .text("ok"))
        let dir = try TempDir()
        market.set("bitcoin", price: 90)
        try dir.write("rules.json", RulesJSON.make(
            baseURL: market.baseURL, rules: #"{"id": "lo", "coin": "bitcoin", "when": {"below": 100}}"#, defaults: #"{"notify": ["hook"]}"#,
            sinks: #"{"hook": {"type": "webhook", "format": "slack", "url": "\#(receiver.baseURL)/hook"\#(sinkExtra(receiver))}}"#))
        return (try withExtendedLifetime(market) { try pass(dir, env: env(receiver), timeout: timeout) }, receiver, dir)
    }

    /// Issue 30 item 12: a `ca_file` that is a FIFO is refused at once with a TLS error naming it,
    /// never waited on (OpenSSL's open would block, holding the state lock).
    @Test func aCAFileThatIsAFIFOIsRefusedAtOnceNotWaitedOn() throws {
        let server = try providerServer()
        let dir = try TempDir()
        let fifo = dir.path + "/ca.pem"
        #expect(mkfifo(fifo, 0o600) == 0)
        try dir.write("rules.json", provider.rulesJSON(baseURL: server.baseURL, rules: rule, timeout: "5s", caFile: fifo))
        let run = try pass(dir, timeout: 15)
        #expect(run.status == 1)
        #expect(run.stderr.contains("TLS error: cannot load the CA bundle \(fifo) (ca_file or SSL_CERT_FILE): it is a FIFO, not a PEM file"),
                "\(run.stderr)")
    }

    /// A `ca_file` that is a symbolic link to a FIFO is looked at through the link, so it is refused
    /// the same way (the link itself is allowed: a bundle is often a link).
    @Test func aCAFileLinkedToAFIFOIsRefusedAtOnceNotWaitedOn() throws {
        let server = try providerServer()
        let dir = try TempDir()
        let fifo = dir.path + "/ca.fifo"
        let link = dir.path + "/ca.pem"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(symlink(fifo, link) == 0)
        try dir.write("rules.json", provider.rulesJSON(baseURL: server.baseURL, rules: rule, timeout: "5s", caFile: link))
        let run = try pass(dir, timeout: 15)
        #expect(run.status == 1)
        #expect(run.stderr.contains("TLS error: cannot load the CA bundle \(link) (ca_file or SSL_CERT_FILE): it is a FIFO, not a PEM file"),
                "\(run.stderr)")
    }

    /// Issue 30 item 12: so is an `SSL_CERT_FILE` that is a FIFO, for a webhook over TLS.
    @Test func sslCertFileThatIsAFIFOIsRefusedAtOnceNotWaitedOn() throws {
        let fifoDir = try TempDir()
        let fifo = fifoDir.path + "/bundle.pem"
        #expect(mkfifo(fifo, 0o600) == 0)
        let (run, _, _) = try passToSelfSignedReceiver(env: { _ in ["SSL_CERT_FILE": fifo] }, timeout: 15)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("cannot load the CA bundle \(fifo) (ca_file or SSL_CERT_FILE): it is a FIFO"), "\(run.stderr)")
    }

    @Test func aSinkCAFileMakesTheSelfSignedReceiverTrusted() throws {
        let (run, _, dir) = try passToSelfSignedReceiver(sinkExtra: { #", "ca_file": "\#($0.certificate)""# })
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "delivered over TLS: \(run.stderr)")
        #expect(StateSnapshot(path: dir.path + "/state.json")?.outbox.isEmpty == true)
    }

    @Test func sslCertFileMakesTheSelfSignedReceiverTrusted() throws {
        let (run, _, dir) = try passToSelfSignedReceiver(env: { ["SSL_CERT_FILE": $0.certificate] })
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "delivered over TLS: \(run.stderr)")
        #expect(StateSnapshot(path: dir.path + "/state.json")?.outbox.isEmpty == true)
    }

    @Test func aSelfSignedReceiverIsRefusedForGoodWithATLSError() throws {
        let (run, receiver, dir) = try passToSelfSignedReceiver()
        #expect(run.status == 1, "a certificate that does not verify is final: \(run.stderr)")
        #expect(run.stderr.hasPrefix("coinwatch: webhook 'hook': 127.0.0.1:\(receiver.port): TLS error: SSL certificate problem: self-signed certificate; refused for good"),
                "\(run.stderr)")
        #expect(StateSnapshot(path: dir.path + "/state.json")?.outbox.isEmpty == true, "nothing queued")
    }

    @Test(arguments: ["insecure", "verify", "verify_tls", "tls_verify", "ssl_verify", "skip_verify", "allow_self_signed"])
    func noRulesKeyTurnsVerificationOff(key: String) throws {
        let dir = try TempDir()
        try dir.write("rules.json", """
        {"providers": [{"name": "coingecko", "\(key)": false}], "favorites": ["bitcoin"],
         "sinks": {"hook": {"type": "webhook", "format": "slack", "url": "https://example.invalid/x", "\(key)": true}}}
        """)
        let run = try Binary.run(["check", "--rules", dir.path + "/rules.json"])
        #expect(run.status == 65)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.contains { $0.contains("providers[0]") && $0.contains("'\(key)'") }, "\(run.stderr)")
        #expect(lines.contains { $0.contains("sinks.hook") && $0.contains("'\(key)'") }, "\(run.stderr)")
    }

    @Test func noEnvironmentVariableCurlrcOrFlagTurnsVerificationOff() throws {
        let server = try providerServer()
        let dir = try TempDir()
        try dir.write(".curlrc", "insecure\n")
        try dir.write("rules.json", provider.rulesJSON(baseURL: server.baseURL, rules: rule, timeout: "5s"))
        let knobs = ["CURL_INSECURE": "1", "CURLOPT_SSL_VERIFYPEER": "0", "COINWATCH_INSECURE": "1", "COINWATCH_TLS_VERIFY": "0",
                     "NODE_TLS_REJECT_UNAUTHORIZED": "0", "PYTHONHTTPSVERIFY": "0", "GIT_SSL_NO_VERIFY": "1",
                     "CURL_SSL_BACKEND": "none", "HOME": dir.path, "CURL_HOME": dir.path]
        let run = try pass(dir, env: knobs)
        #expect(run.status == 1)
        #expect(run.stderr.contains("TLS error: SSL certificate problem: self-signed certificate"), "\(run.stderr)")
        for flag in ["--insecure", "-k", "--no-verify"] {
            let refused = try pass(dir, extra: [flag])
            #expect(refused.status == 64, "\(flag): \(refused.stderr)")
        }
    }
}
