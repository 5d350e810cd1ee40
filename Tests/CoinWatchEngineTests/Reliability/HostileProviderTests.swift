@testable import CoinWatchState
import Foundation
import Testing
@testable import TestHelpers

/// A hostile provider, through the binary (SPEC §2, §3, §6; issue 13): redirects never carry the
/// API key to another origin or down to http, echoed secrets are scrubbed in every form, provider
/// text cannot forge lines or escapes, a huge Retry-After is capped at 24 h, and a cached answer is
/// reused only while younger than both `cache_ttl` and half the interval.
@Suite struct HostileProviderTests {
    /// A CoinGecko key with the characters that base64 and percent-encoding change.
    static let key = "cg+S3cr3t/K3y=v4lue"
    private let environment = ["CG_KEY": key, "COINWATCH_RETRY_BACKOFF": "0.001"]

    /// A rules.json asking coingecko at `baseURL` with the key from `$CG_KEY`.
    private func rules(_ dir: TempDir, baseURL: String, rules: String = #"{"id": "up", "coin": "bitcoin", "when": {"above": 1}}"#,
                       provider: String = #""cache_ttl": "0s""#, extra: String = "") throws {
        try dir.write("rules.json", """
        {
          "providers": [{"name": "coingecko", "base_url": "\(baseURL)", "api_key_env": "CG_KEY", "timeout": "5s", \(provider)}],
          "favorites": ["bitcoin"],
          "defaults": {"notify": ["stdout"]},
          "rules": [\(rules)]\(extra)
        }
        """)
    }

    private func pass(_ dir: TempDir, _ extra: [String] = []) throws -> Binary.Run {
        try Binary.run(["--once", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"] + extra,
                       environment: environment)
    }

    private static let bitcoin = ReplayServer.capture("real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json")

    /// The key as it could come back: raw, base64 and percent-encoded.
    static var keyForms: [String] {
        [key, Data(key.utf8).base64EncodedString(), key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key]
    }

    // MARK: Item 1: redirects

    @Test(arguments: [301, 302, 307, 308], ["localhost", "[::1]:18011", "127.0.0.1"])
    func aProviderRedirectToAnotherOriginNeverCarriesTheAPIKeyAndIsReportedAgainstItsTarget(status: Int, target: String) throws {
        let other = try LoopbackServer { _ in Self.bitcoin }
        let host = target == "[::1]:18011" ? target : "\(target):\(other.port)"
        let origin = try LoopbackServer { request in .redirect(to: "http://\(host)\(request.target)", status: status) }
        let dir = try TempDir()
        try rules(dir, baseURL: origin.baseURL)
        let run = try pass(dir)
        #expect(origin.requests.count == 1)
        #expect(origin.requests.first?.header("x-cg-demo-api-key") == Self.key, "its own host gets the key")
        #expect(other.requests.isEmpty, "the other origin is never asked, so never sees the key")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(withoutOutageStart(first).hasPrefix("coinwatch: coingecko: \(host): refused a redirect to another host, scheme or port (from http://127.0.0.1:\(origin.port))"),
                "reported against the host it pointed to: \(run.stderr)")
        #expect(!Self.keyForms.contains { run.stderr.contains($0) })
    }

    @Test func aRedirectFromHTTPSToHTTPIsRefusedEvenOnTheSameHost() throws {
        let plain = try LoopbackServer { _ in Self.bitcoin }
        let server = try TLSServer(reply: .redirect(to: "http://127.0.0.1:\(plain.port)/coins/markets", status: 301))
        let dir = try TempDir()
        try rules(dir, baseURL: server.baseURL, provider: #""cache_ttl": "0s", "ca_file": "\#(server.certificate)""#)
        let run = try pass(dir)
        #expect(plain.requests.isEmpty, "nothing goes over plain http")
        #expect(run.status == 1)
        #expect(withoutOutageStart(run.stderr).hasPrefix("coinwatch: coingecko: 127.0.0.1:\(plain.port): refused a redirect from https to http"), "\(run.stderr)")
    }

    @Test func aRedirectWithinTheSameOriginIsFollowedWithTheKey() throws {
        let server = try LoopbackServer { request in
            request.path.hasPrefix("/old/") ? .redirect(to: "/new/coins/markets?" + (request.query ?? ""), status: 308) : Self.bitcoin
        }
        let dir = try TempDir()
        try rules(dir, baseURL: server.url("/old"))
        let run = try pass(dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("up  BTC is above $1.00"), "\(run.stdout)")
        #expect(server.requests.map(\.path) == ["/old/coins/markets", "/new/coins/markets"])
        #expect(server.requests.allSatisfy { $0.header("x-cg-demo-api-key") == Self.key })
    }

    // MARK: Item 3: echoed secrets

    @Test func anErrorBodyEchoingTheAPIKeyInAnyFormNeverReachesStderr() throws {
        let echo = Self.keyForms.joined(separator: " / ")
        let server = try LoopbackServer { _ in .json(#"{"error": "invalid key \#(echo)"}"#, status: 401) }
        let dir = try TempDir()
        try rules(dir, baseURL: server.baseURL)
        let run = try pass(dir, ["-v"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("invalid key ***"), "\(run.stderr)")
        for form in Self.keyForms { #expect(!run.stderr.contains(form), "\(form) leaked: \(run.stderr)") }
    }

    /// Issue 30 item 11: the outage record kept in state.json holds the scrubbed text, never the key.
    @Test func anErrorBodyEchoingTheAPIKeyNeverReachesTheStateFile() throws {
        let echo = Self.keyForms.joined(separator: " / ")
        let server = try LoopbackServer { _ in .json(#"{"error": "invalid api key \#(echo)"}"#, status: 401) }
        let dir = try TempDir()
        try rules(dir, baseURL: server.baseURL)
        let run = try pass(dir)
        #expect(run.status == 1)
        let state = try #require(dir.read("state.json"))
        #expect(state.contains("invalid api key ***"), "the outage is recorded, scrubbed: \(state)")
        for form in Self.keyForms { #expect(!state.contains(form), "\(form) leaked into state.json") }
    }

    @Test func aKeyCutByTheEndOfTheBodyExcerptIsMaskedToo() throws {
        let body = String(repeating: "x", count: 190) + " " + Self.key + " and more after it"
        let server = try LoopbackServer { _ in .text(body, status: 403) }
        let dir = try TempDir()
        try rules(dir, baseURL: server.baseURL)
        let run = try pass(dir)
        #expect(run.status == 1)
        #expect(run.stderr.contains("HTTP 403: xxx"), "\(run.stderr)")
        #expect(run.stderr.contains("***…"), "\(run.stderr)")
        #expect(!run.stderr.contains(String(Self.key.prefix(6))), "\(run.stderr)")
    }

    // MARK: Item 4: control and bidi characters

    @Test func controlAndBidiCharactersInProviderNamesNeverForgeAnAlertLineOrAnEscape() throws {
        let name = #"Bit\u001b[2J\u001b[31mcoin\r\nforged  BTC crossed above $1\u0000\u009b\u202e"#
        let hostile = #"[{"id":"bitcoin","symbol":"b\u202etc\u001b]0;x\u0007","name":"\#(name)","current_price":50000,"market_cap":1,"market_cap_rank":1,"price_change_percentage_24h":1.5}]"#
        let server = try LoopbackServer { _ in .json(hostile) }
        let phone = try WebhookReceiver()
        let dir = try TempDir()
        try rules(dir, baseURL: server.baseURL,
                  rules: #"{"id": "up", "coin": "bitcoin", "when": {"above": 1}, "message": "{symbol} {name} now {price}", "notify": ["stdout", "log", "phone"]}"#,
                  extra: #", "sinks": {"log": {"type": "file", "path": "alerts.jsonl"}, "phone": {"type": "webhook", "format": "ntfy", "url": "\#(phone.url("/topic"))"}}"#)
        let run = try pass(dir)
        #expect(run.status == 0, "\(run.stderr)")
        let chat = try #require(phone.requests.first, "the chat message was sent")
        #expect(chat.bodyText.hasPrefix("▲ BTC Bitcoin  forged  BTC crossed above $1 now $50,000.00 · up · ")
                && chat.bodyText.hasSuffix(" UTC") && !chat.bodyText.contains("\n"), "\(chat.bodyText.debugDescription)")
        #expect(chat.header("Title") == "coinwatch: BTC up")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1, "one alert, one line: \(run.stdout.debugDescription)")
        #expect(run.stdout == "up  BTC Bitcoin  forged  BTC crossed above $1 now $50,000.00\n", "\(run.stdout.debugDescription)")
        let log = try #require(dir.read("alerts.jsonl"))
        for text in [run.stdout, log] {
            #expect(!text.unicodeScalars.contains { [0x1B, 0x0D, 0x00, 0x07, 0x9B, 0x202E].contains($0.value) }, "\(text.debugDescription)")
        }
        #expect(log.split(separator: "\n").count == 1)
    }

    @Test func controlAndBidiCharactersInSearchResultsNeverReachTheTerminal() throws {
        let body = #"{"coins": [{"id": "evil\u001b[2J", "name": "Evil\r\ncoinwatch: forged\u202e", "symbol": "EV\u0007IL", "market_cap_rank": 7}]}"#
        let server = try LoopbackServer { _ in .json(body) }
        let dir = try TempDir()
        try rules(dir, baseURL: server.baseURL)
        let run = try Binary.run(["search", "evil", "--rules", dir.path + "/rules.json", "--state", dir.path + "/state.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.unicodeScalars.contains { [0x1B, 0x0D, 0x07, 0x202E].contains($0.value) }, "\(run.stdout.debugDescription)")
        #expect(run.stdout.split(separator: "\n").filter { $0.contains("Evil") }.count == 1, "one row: \(run.stdout)")
        #expect(!run.stdout.contains("\ncoinwatch: forged"))
    }

    @Test func controlCharactersInAnErrorBodyNeverReachTheTerminal() throws {
        let server = try LoopbackServer { _ in
            .json(#"{"error": "bad\u001b]0;pwned\u0007 key\r\ncoinwatch: forged line\u202e"}"#, status: 400)
        }
        let dir = try TempDir()
        try rules(dir, baseURL: server.baseURL)
        let run = try pass(dir)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 2, "the failure and the unquoted favorite, nothing forged: \(run.stderr.debugDescription)")
        #expect(lines.first.map { withoutOutageStart(String($0)) }?.hasPrefix("coinwatch: coingecko: API error: bad key coinwatch: forged line (HTTP 400)") == true,
                "\(run.stderr.debugDescription)")
        #expect(!run.stderr.unicodeScalars.contains { [0x1B, 0x0D, 0x07, 0x202E].contains($0.value) })
    }

    /// Issue 30 item 18: of an escape sequence nothing shows, not even its text after ESC
    /// (an OSC 52 clipboard write and a color change in a name and in an error body).
    @Test func anEscapeSequenceFromAProviderIsDroppedWholeNotJustItsESC() throws {
        let name = #"Bit\u001b]52;c;SGVsbG8=\u0007co\u009b1min\u001b[31m"#
        let hostile = #"[{"id":"bitcoin","symbol":"btc\u001bP1$r\u001b\\","name":"\#(name)","current_price":50000,"market_cap":1,"market_cap_rank":1,"price_change_percentage_24h":1.5}]"#
        let server = try LoopbackServer { _ in .json(hostile) }
        let dir = try TempDir()
        try rules(dir, baseURL: server.baseURL,
                  rules: #"{"id": "up", "coin": "bitcoin", "when": {"above": 1}, "message": "{symbol} {name}"}"#)
        let run = try pass(dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "up  BTC Bitcoin\n", "\(run.stdout.debugDescription)")
        let failing = try LoopbackServer { _ in .json(#"{"error": "bad\u001b]52;c;SGVsbG8=\u0007 key\u001b[31m"}"#, status: 400) }
        let other = try TempDir()
        try rules(other, baseURL: failing.baseURL)
        let failed = try pass(other)
        #expect(failed.stderr.contains("API error: bad key (HTTP 400)"), "\(failed.stderr.debugDescription)")
        #expect(!failed.stderr.contains("52;c") && !failed.stderr.contains("[31m"), "\(failed.stderr.debugDescription)")
    }

    // MARK: Item 5: Retry-After

    @Test(arguments: ["99999999999999999999", "Fri, 31 Dec 9999 23:59:59 GMT",
                      String(repeating: "9", count: 400)])
    func aHugeRetryAfterFromAProviderIsCappedAtADayAndCrashesNothingLater(retryAfter: String) throws {
        let server = try LoopbackServer { _ in Reply.json(#"{"error": "slow down"}"#, status: 429).header("Retry-After", retryAfter) }
        let dir = try TempDir()
        try rules(dir, baseURL: server.baseURL)
        let before = Date().timeIntervalSince1970
        let first = try pass(dir)
        #expect(first.status == 1, "\(first.stderr)")
        let backoff = try StateStore.load(path: dir.path + "/state.json").memory.backoff["coingecko"]
        #expect(backoff.map { $0 > before + 86_000 && $0 <= Date().timeIntervalSince1970 + 86_400 } == true,
                "capped at 24 h: \(String(describing: backoff))")
        let show = try Binary.run(["state", "show", "--state", dir.path + "/state.json"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(first.stderr.contains("rate-limited (HTTP 429), skipped until "), "said at the outage's start: \(first.stderr)")
        let second = try pass(dir)
        #expect(second.status == 1)
        #expect(!second.stderr.contains("coingecko:"), "passes in between say nothing of the outage (SPEC §6): \(second.stderr)")
        #expect(server.requests.count == 1, "the backoff holds")
    }

    // MARK: Item 22: cache age

    @Test func aPassReusesACachedAnswerOnlyWhileYoungerThanHalfTheIntervalAndSaysSo() throws {
        let flow = try BinaryFlow(rules: #"{"id": "up", "coin": "bitcoin", "when": {"above": 1}}"#)
        try flow.dir.write("rules.json", RulesJSON.make(baseURL: flow.market.baseURL, rules: #"{"id": "up", "coin": "bitcoin", "when": {"above": 1}}"#)
            .replacingOccurrences(of: #""cache_ttl": "0s""#, with: #""cache_ttl": "60s""#))
        flow.market.set("bitcoin", price: 10)
        #expect(try flow.pass(["-v"]).status == 0)
        #expect(flow.market.marketRequests == 1)

        let reused = try flow.pass(after: 20, ["-v"])
        #expect(flow.market.marketRequests == 1, "20 s old: younger than cache_ttl 60s and half the interval 30s")
        // The state is aged 20 s and the pass itself takes real time: 20 s or a little more, never 30.
        let said = try #require(reused.stderr.firstMatch(of: /^coingecko: 1 favorite in usd from the cached answer, (\d+)s old \(reused while younger than cache_ttl 1m and half the interval 30s\)\n$/),
                                "\(reused.stderr)")
        #expect((20..<30).contains(Int(said.1) ?? 0), "\(reused.stderr)")

        let fetched = try flow.pass(after: 11, ["-v"])
        #expect(flow.market.marketRequests == 2, "31 s old is within cache_ttl but older than half the interval: fetched")
        #expect(!fetched.stderr.contains("cached answer"), "\(fetched.stderr)")
        #expect(fetched.stderr.hasPrefix("GET http://127.0.0.1:"), "\(fetched.stderr)")
    }
}
