@testable import CoinWatchSupport
@testable import CoinWatchTransport
@testable import CoinWatchMarket
@testable import CoinWatchRules
@testable import CoinWatchEngine
import Foundation
import Testing
@testable import TestHelpers

/// The two mechanisms every output goes through (SPEC §3): `TerminalText` keeps provider text on one
/// line without escapes, `SecretScrubber` finds a secret in every form a server may echo it in.
@Suite struct OutputSafetyTests {
    @Test func controlBidiAndLineBreaksNeverSurvive() {
        #expect(TerminalText.clean("BTC") == "BTC")
        #expect(TerminalText.clean("Bit\u{1B}[31mcoin\r\nfake\tline") == "Bitcoin  fake line", "an escape sequence goes whole")
        #expect(TerminalText.clean("a\u{0}b\u{7F}c\u{9B}d\u{85}e\u{2028}f") == "abc e f", "C1 CSI takes its final byte d")
        #expect(TerminalText.clean("x\u{1B}]52;c;SGk=\u{7}y\u{1B}]0;t\u{1B}\\z\u{1B}Pq\u{1B}\\\u{1B}(Bw") == "xyzw", "OSC, DCS, ST and ESC ( B")
        #expect(TerminalText.clean("a\u{1B}]8;;https://evil") == "a", "an unterminated string runs to the end")
        #expect(TerminalText.clean("\u{202E}cipot\u{202C} \u{2066}x\u{2069}\u{200F}\u{061C}") == "cipot x")
        #expect(TerminalText.clean("비트코인 ₿ 🚀") == "비트코인 ₿ 🚀", "ordinary non-ASCII text stays")
    }

    @Test func jsonEscapesWhatATerminalWouldActOn() {
        #expect(JSONOut.quote("a\u{1B}b\u{9B}c\u{202E}d\u{2028}é") == #""a\u001bb\u009bc\u202ed\u2028é""#)
    }

    private let key = "cg+S3cr3t/K3y=v4lue"
    private func scrubber(key: String? = nil, sinks: [String: SinkConfig] = [:]) -> SecretScrubber {
        var rules = RulesFile(path: "/tmp/rules.json")
        rules.providers = [ProviderConfig(name: .coingecko, apiKeyEnv: "CG_KEY")]
        rules.sinks.merge(sinks) { _, new in new }
        // As the validator records the key it read from $CG_KEY.
        rules.secrets = key.map { [$0] } ?? []
        return SecretScrubber(rules: rules)
    }

    @Test func anAPIKeyIsFoundRawBase64PercentEncodedAndJSONEscaped() {
        let scrub = scrubber(key: key)
        let forms = [key, Data(key.utf8).base64EncodedString(), "cg%2BS3cr3t%2FK3y%3Dv4lue", #"cg+S3cr3t\/K3y=v4lue"#]
        for form in forms {
            #expect(scrub.scrub("denied: \(form)!").text == "denied: ***!", "\(form)")
        }
        #expect(scrubber().scrub("denied: \(key)").text == "denied: \(key)", "no key set, nothing to mask")
    }

    @Test func urlCredentialsAreFoundAsTheBasicHeaderTheServerSaw() {
        var config = WebhookConfig(url: "https://ops:p%40ss-w0rd@hooks.example.com/hook/T0KEN-abcdef", format: .json)
        config.headers = [HTTPHeader("Authorization", "Bearer tok-bearer-9876")]
        let scrub = scrubber(sinks: ["hook": .webhook(config)])
        let basic = Data("ops:p@ss-w0rd".utf8).base64EncodedString()
        #expect(scrub.scrub("got Basic \(basic) and Bearer tok-bearer-9876 at /hook/T0KEN-abcdef").text
                == "got Basic *** and *** at ***", "the header value and the URL path are secrets whole")
        #expect(scrub.scrub("hooks.example.com: HTTP 500").text == "hooks.example.com: HTTP 500", "the host stays readable")
    }

    @Test func aSecretCutByTheEndOfAnExcerptIsMasked() {
        let scrub = scrubber(key: key)
        #expect(scrub.scrub("HTTP 401: bad key cg+S3cr…").text == "HTTP 401: bad key ***…")
        #expect(scrub.scrub("HTTP 401: a long message that was cut…").text == "HTTP 401: a long message that was cut…")
    }
}
