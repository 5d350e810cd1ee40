import Testing
@testable import TestHelpers
@testable import CoinWatchTransport
@testable import CoinWatchRules

@Suite struct SinkValidationTests {
    @Test func everySinkTypeIsRead() throws {
        let json = RulesFixture.sinks(#"""
        {"out": {"type": "stdout"},
         "log": {"type": "file", "path": "~/alerts.jsonl"},
         "tg": {"type": "webhook", "format": "telegram", "url": "https://api.telegram.org/botX/sendMessage", "chat_id": -1001234567890,
                "headers": {"X-A": "1", "Authorization": "Bearer t"}, "timeout": "3s", "group": true, "quiet_hours": "23:00-07:00",
                "ca_file": "/etc/ca.pem"}}
        """#)
        let sinks = try #require(RulesFixture.rules(json)?.sinks)
        var telegram = WebhookConfig(url: "https://api.telegram.org/botX/sendMessage", format: .telegram)
        telegram.chatID = "-1001234567890"
        telegram.headers = [HTTPHeader("X-A", "1"), HTTPHeader("Authorization", "Bearer t")]
        telegram.timeout = 3
        telegram.group = true
        telegram.quietHours = QuietHours(start: 1_380, end: 420)
        telegram.caFile = "/etc/ca.pem"
        #expect(sinks == ["stdout": .stdout, "out": .stdout, "log": .file(path: "/home/ann/alerts.jsonl"), "tg": .webhook(telegram)])
    }

    /// SPEC §3: `"tls": "none"` sends without TLS, allowed only to a loopback host and never with a password.
    @Test func mailWithoutTLSOnlyToALoopbackHostAndWithoutAPassword() throws {
        func mail(_ url: String, _ extra: String = #", "tls": "none""#) -> String {
            RulesFixture.sinks(#"{"mail": {"type": "email", "url": "\#(url)", "from": "a@example.org", "to": ["b@example.org"]\#(extra)}}"#)
        }
        for url in ["smtp://localhost:25", "smtp://127.0.0.1:2525", "smtp://127.8.9.10", "smtp://[::1]:25", "SMTP://LocalHost"] {
            guard case .email(let config)? = RulesFixture.rules(mail(url))?.sinks["mail"] else {
                Issue.record("\(url): \(RulesFixture.diagnostics(mail(url)))")
                continue
            }
            #expect(!config.tls, "\(url)")
        }
        guard case .email(let config)? = RulesFixture.rules(mail("smtp://smtp.example.org:587", ""))?.sinks["mail"] else {
            Issue.record("no email sink")
            return
        }
        #expect(config.tls, "TLS unless tls says none")
        for url in ["smtp://smtp.example.org:25", "smtps://localhost:465", "smtp://128.0.0.1", "smtp://127.0.0.1.example.org", "smtp://[::2]"] {
            #expect(RulesFixture.errors(mail(url), at: "sinks.mail.url", containing: "\"tls\": \"none\" sends in clear text, so only to a local MTA")
                        .count == 1, "\(url): \(RulesFixture.diagnostics(mail(url)))")
        }
        let login = mail("smtp://localhost:25", #", "tls": "none", "username": "u", "password": "p""#)
        #expect(RulesFixture.diagnostics(login).count == 1, "\(RulesFixture.diagnostics(login))")
        #expect(RulesFixture.errors(login, at: "sinks.mail.password", containing: "no password without TLS").first?.line == 1)
        for value in [#""starttls""#, #""None""#, "false"] {
            let wrong = mail("smtp://localhost:25", #", "tls": \#(value)"#)
            #expect(RulesFixture.diagnostics(wrong).count == 1, "\(value): \(RulesFixture.diagnostics(wrong))")
            #expect(RulesFixture.errors(wrong, at: "sinks.mail.tls", containing: value == "false" ? "expected a string" : "the only one is \"none\"")
                        .count == 1, "\(value): \(RulesFixture.diagnostics(wrong))")
        }
    }

    @Test func stdoutAlwaysExists() {
        #expect(RulesFixture.rules(RulesFixture.sinks("{}"))?.sinks == ["stdout": .stdout])
    }

    @Test func sinkNamedStdoutMustBeOfTypeStdout() {
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"stdout": {"type": "file", "path": "x"}}"#), at: "sinks.stdout.type",
                                    containing: "must have type stdout").count == 1)
    }

    @Test func typeIsRequiredAndKnown() {
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"path": "x"}}"#), at: "sinks.a", containing: "needs a type").count == 1)
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhok"}}"#), at: "sinks.a.type",
                                    containing: "Did you mean 'webhook'?").count == 1)
    }

    @Test func fileSinkNeedsAPathRelativeToRulesFolder() {
        #expect(RulesFixture.rules(RulesFixture.sinks(#"{"a": {"type": "file", "path": "./logs/a.jsonl"}}"#))?.sinks["a"]
                == .file(path: "/srv/cw/logs/a.jsonl"))
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "file"}}"#), at: "sinks.a", containing: "needs a path").count == 1)
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "file", "path": "x", "url": "y"}}"#), at: "sinks.a",
                                    containing: "unknown key 'url'").count == 1)
    }

    @Test func webhookNeedsURLAndFormat() {
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "format": "slack"}}"#), at: "sinks.a",
                                    containing: "needs a url").count == 1)
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "https://x"}}"#), at: "sinks.a",
                                    containing: "needs a format").count == 1)
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "file:///x", "format": "json"}}"#),
                                    at: "sinks.a.url", containing: "http or https URL").count == 1)
    }

    @Test func unknownFormatSuggestsTheNearest() {
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "https://x", "format": "slak"}}"#),
                                    at: "sinks.a.format", containing: "unknown webhook format 'slak'. Did you mean 'slack'?").count == 1)
    }

    @Test func telegramNeedsChatID() {
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "https://x", "format": "telegram"}}"#),
                                    at: "sinks.a", containing: "needs chat_id").count == 1)
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "https://x", "format": "telegram", "chat_id": 1.5}}"#),
                                    at: "sinks.a.chat_id", containing: "integer or a string").count == 1)
    }

    @Test func headersAreStringsWithoutLineBreaks() {
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "https://x", "format": "json", "headers": {"X": 1}}}"#),
                                    at: "sinks.a.headers.X", containing: "expected a string").count == 1)
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "https://x", "format": "json", "headers": {"Bad Name": "1"}}}"#),
                                    at: "sinks.a.headers", containing: "not a valid HTTP header name").count == 1)
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "https://x", "format": "json", "headers": []}}"#),
                                    at: "sinks.a.headers", containing: "expected an object").count == 1)
    }

    @Test func quietHoursAreHHMMRange() {
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "https://x", "format": "ntfy", "quiet_hours": "25:00-07:00"}}"#),
                                    at: "sinks.a.quiet_hours", containing: "expected quiet hours like").count == 1)
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "https://x", "format": "ntfy", "quiet_hours": "07:00-07:00"}}"#),
                                    at: "sinks.a.quiet_hours", containing: "same time").count == 1)
        #expect(QuietHours(parsing: "7:05-9:00") == QuietHours(start: 425, end: 540))
        #expect(QuietHours(parsing: "7-9") == nil)
    }

    @Test func webhookTimeoutAndGroupAreTyped() {
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "https://x", "format": "json", "timeout": "0s"}}"#),
                                    at: "sinks.a.timeout", containing: "longer than 0s").count == 1)
        #expect(RulesFixture.errors(RulesFixture.sinks(#"{"a": {"type": "webhook", "url": "https://x", "format": "json", "group": "yes"}}"#),
                                    at: "sinks.a.group", containing: "expected true or false").count == 1)
    }

    @Test func sinksMustBeAnObject() {
        #expect(RulesFixture.errors(RulesFixture.sinks("[]"), at: "sinks", containing: "expected an object of named sinks").count == 1)
    }
}
