/// Removes the sinks' secrets (webhook URLs and their paths, query values, userinfo, bot tokens,
/// secret header values) from any text before it reaches stderr, state or a file, in case a
/// server or library echoed one back.
public struct SecretScrubber: Sendable {
    /// Secret strings, longest first so a URL is replaced before its path.
    private let secrets: [String]

    /// Shortest string treated as a secret: shorter ones would mask ordinary words.
    static let minimumLength = 6

    /// The secrets of every webhook sink in `sinks`.
    public init(sinks: [String: SinkConfig]) {
        var found: Set<String> = []
        for sink in sinks.values {
            switch sink {
            case .webhook(let config):
                found.formUnion(Self.secrets(of: config))
                found.formUnion([config.token, config.user].compactMap { $0 })
            case .email(let config):
                found.formUnion(Self.secrets(of: WebhookConfig(url: config.url, format: .json)))
                found.formUnion([config.username, config.password].compactMap { $0 })
            case .stdout, .file, .command, .unavailable:
                break
            }
        }
        secrets = found.filter { $0.count >= Self.minimumLength }.sorted { $0.count > $1.count }
    }

    /// `text` with every secret replaced by `***`.
    public func scrub(_ text: String) -> String {
        var out = text
        for secret in secrets where out.contains(secret) {
            out = out.replacing(secret, with: Redaction.mask)
        }
        return out
    }

    private static func secrets(of config: WebhookConfig) -> [String] {
        let parts = URLParts(config.url)
        var list = [config.url, WebhookRequest.url(for: config), parts.path]
        if let userinfo = parts.userinfo { list.append(userinfo) }
        if let query = parts.query {
            list.append(query)
            list += query.split(separator: "&").compactMap { pair in pair.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) }
        }
        // Path segments that are not plain words ("services", "webhooks", "sendMessage" stay readable).
        list += parts.path.split(separator: "/").map(String.init).filter { !$0.allSatisfy(\.isLetter) }
        for header in config.headers where Redaction.isSecretName(header.name) {
            list.append(header.value)
            // "Bearer abc…": the credential alone too.
            if let space = header.value.lastIndex(of: " ") { list.append(String(header.value[header.value.index(after: space)...])) }
        }
        return list
    }
}
