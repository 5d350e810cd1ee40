import Testing
@testable import TestHelpers
@testable import CoinWatchTransport

/// Secrets never appear in logs or messages (SPEC §3, §1 `-v`).
@Suite struct RedactionTests {
    @Test func secretQueryValuesAreMasked() {
        #expect(Redaction.url("https://api.example.com/coins?ids=btc&api_key=S1&x_cg_pro_api_key=S2&access_token=S3&sig=ok")
            == "https://api.example.com/coins?ids=btc&api_key=***&x_cg_pro_api_key=***&access_token=***&sig=ok")
        #expect(Redaction.url("https://h/x?Signature=S&password=S&client_secret=S&auth=S")
            == "https://h/x?Signature=***&password=***&client_secret=***&auth=***")
    }

    @Test func percentEncodedSecretNamesAreMaskedToo() {
        #expect(Redaction.url("https://h/x?api%5Fkey=S") == "https://h/x?api%5Fkey=***")
    }

    @Test func userinfoAndFragmentAreDropped() {
        #expect(Redaction.url("https://user:pw@example.com:8443/p?q=1#frag") == "https://example.com:8443/p?q=1")
    }

    @Test func telegramBotTokenInThePathIsMasked() {
        #expect(Redaction.url("https://api.telegram.org/bot123456:ABC-def/sendMessage")
            == "https://api.telegram.org/bot***/sendMessage")
    }

    @Test func hostOfAURLHasNoUserinfoPathOrQuery() {
        #expect(HTTPRequest.host(of: "https://u:p@api.example.com/v3/x?key=S") == "api.example.com")
        #expect(HTTPRequest.host(of: "http://127.0.0.1:8080/x") == "127.0.0.1:8080")
        #expect(HTTPRequest.host(of: "http://[::1]:9/x") == "[::1]:9")
        #expect(HTTPRequest.host(of: "file:///var/data/q.json?x=1") == "/var/data/q.json")
    }
}
