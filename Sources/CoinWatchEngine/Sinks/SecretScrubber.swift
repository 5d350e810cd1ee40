import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
/// Removes every known secret from any text before it is printed or stored (SPEC §3), also in its
/// base64, percent-encoded and JSON-escaped forms and where an excerpt was cut inside one.
package struct SecretScrubber: Sendable, TextScrubber {
    /// Secret strings in every form, longest first so a URL is replaced before its path.
    private let secrets: [String]

    /// Shortest string treated as a secret: shorter ones would mask ordinary words.
    static let minimumLength = 6
    /// Shortest start of a secret masked where an excerpt ends in `…`.
    static let minimumCutLength = 4

    /// A scrubber that knows no secret.
    package static let none = SecretScrubber(raw: [])

    /// This scrubber's secrets and `other`'s.
    package func adding(_ other: SecretScrubber) -> SecretScrubber {
        SecretScrubber(forms: Set(secrets).union(other.secrets))
    }

    /// The secrets of `rules`: its `secrets` (every value a `${…}` gave a provider or a sink, each provider's API key),
    /// its webhook and email sinks' credentials and the credentials in each provider's `base_url`.
    package init(rules: RulesFile) {
        var raw = rules.secrets + Self.secrets(of: rules.sinks)
        for provider in rules.providers {
            if let base = provider.baseURL { raw += Self.secrets(inURL: base, wholeURL: false) }
        }
        self.init(raw: raw)
    }

    /// A scrubber of one secret URL (a heartbeat's ping URL), as a webhook's URL is scrubbed.
    package init(url: String) {
        self.init(raw: Self.secrets(inURL: url, wholeURL: true))
    }

    private init(raw: [String]) {
        var found: Set<String> = []
        for secret in raw where secret.count >= Self.minimumLength && secret != EnvironmentExpander.unsetPlaceholder {
            found.formUnion(Self.forms(of: secret))
        }
        self.init(forms: found)
    }

    private init(forms: Set<String>) {
        secrets = forms.filter { $0.count >= Self.minimumLength }.sorted { $0.count > $1.count }
    }

    /// Whether there is nothing to scrub.
    package var isEmpty: Bool { secrets.isEmpty }

    /// `text` scrubbed of every secret, as the type that outage records, the outbox and reports take.
    package func scrub(_ text: String) -> ScrubbedText { ScrubbedText(text, scrubbedBy: self) }

    /// `text` with every secret replaced by `***` (`TextScrubber`; callers use `scrub`).
    package func masked(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        var out = text
        for secret in secrets where out.contains(secret) {
            out = out.replacing(secret, with: Redaction.mask)
        }
        return out.contains("…") ? scrubCutSecrets(out) : out
    }

    private func scrubCutSecrets(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let ellipsis = rest.firstIndex(of: "…") {
            let before = rest[..<ellipsis]
            let tokenStart = before.lastIndex { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "=" }
                .map(before.index(after:)) ?? before.startIndex
            let token = before[tokenStart...]
            var cut = token.endIndex
            var index = token.startIndex
            while token.distance(from: index, to: token.endIndex) >= Self.minimumCutLength {
                let tail = token[index...]
                if secrets.contains(where: { $0.hasPrefix(tail) }) {
                    cut = index
                    break
                }
                index = token.index(after: index)
            }
            out += before[..<cut]
            if cut != token.endIndex { out += Redaction.mask }
            out += "…"
            rest = rest[rest.index(after: ellipsis)...]
        }
        return out + rest
    }

    /// The raw secrets of every webhook and email sink (URLs, secret headers, tokens, SMTP logins).
    private static func secrets(of sinks: [String: SinkConfig]) -> [String] {
        var list: [String] = []
        for sink in sinks.values {
            switch sink {
            case .webhook(let config):
                list += secrets(inURL: config.url, wholeURL: true)
                list += secrets(inURL: config.format.delivery?.url(for: config, key: "") ?? config.url, wholeURL: true)
                for header in config.headers where !publicHeaders.contains(header.name.lowercased()) {
                    list.append(header.value)
                    // "Bearer abc…": the credential alone too.
                    if let space = header.value.lastIndex(of: " ") { list.append(String(header.value[header.value.index(after: space)...])) }
                }
                list += [config.token, config.user].compactMap { $0 }
            case .email(let config):
                list += secrets(inURL: config.url, wholeURL: false)
                list += [config.username, config.password].compactMap { $0 }
            case .stdout, .file, .command, .unavailable:
                break
            }
        }
        return list
    }

    private static let publicHeaders: Set<String> = ["content-type", "accept", "accept-language", "user-agent"]

    /// The secret parts of `url`: the URL itself when `wholeURL`, its userinfo, query values, and
    /// (when `wholeURL`) every path segment that is not a plain word.
    private static func secrets(inURL url: String, wholeURL: Bool) -> [String] {
        let parts = URLParts(url)
        var list: [String] = []
        if wholeURL { list += [url, parts.path] + parts.path.split(separator: "/").map(String.init).filter { !$0.allSatisfy(\.isLetter) } }
        if let userinfo = parts.userinfo {
            list.append(userinfo)
            let decoded = Redaction.percentDecoded(userinfo) ?? userinfo
            list.append(decoded)
            list += decoded.split(separator: ":", maxSplits: 1).map(String.init)
        }
        if let query = parts.query {
            list.append(query)
            for pair in query.split(separator: "&") {
                guard let value = pair.split(separator: "=", maxSplits: 1).dropFirst().first else { continue }
                list.append(String(value))
                if let decoded = Redaction.percentDecoded(String(value)) { list.append(decoded) }
            }
        }
        return list
    }

    /// The secret as written, base64-encoded (with and without padding, and URL-safe), percent-encoded
    /// (RFC 3986's unreserved characters kept, or only letters and digits; hex digits in either case)
    /// and JSON-escaped.
    private static func forms(of secret: String) -> [String] {
        let base64 = secret.utf8.base64
        let unpadded = String(base64.reversed().drop { $0 == "=" }.reversed())
        let urlSafe = unpadded.replacing("+", with: "-").replacing("/", with: "_")
        let percent = [unreserved, alphanumeric].flatMap { kept in
            [false, true].map { percentEncoded(secret, keeping: kept, lowercase: $0) }
        }
        return [secret, base64, unpadded, urlSafe, secret.replacing("/", with: "\\/")] + percent
    }

    /// `secret` with every byte but the `kept` characters written `%XX`.
    private static func percentEncoded(_ secret: String, keeping kept: Set<Character>, lowercase: Bool) -> String {
        var percent = ""
        for byte in secret.utf8 {
            if byte < 0x80, kept.contains(Character(Unicode.Scalar(byte))) {
                percent.append(Character(Unicode.Scalar(byte)))
            } else {
                percent += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: !lowercase)
            }
        }
        return percent
    }

    private static let alphanumeric = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    private static let unreserved = alphanumeric.union("-._~")
}
