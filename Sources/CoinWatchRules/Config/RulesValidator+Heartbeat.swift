import CoinWatchSupport
extension RulesValidator {
    /// `heartbeat`: `{"url": "https://hc-ping.com/…"}` (usually `${HC_URL}`), optional `timeout`.
    mutating func validateHeartbeat(_ node: JSONNode, path: String) -> HeartbeatConfig? {
        guard let fields = object(node, path: path, allowed: ["url", "timeout"], expected: "an object") else { return nil }
        let missing = "a heartbeat needs a url (http or https), such as \"${HC_URL}\""
        guard let url = required(fields, "url", of: node, in: path, missing: missing, {
            $0.url($1, path: $2, schemes: Self.webURLSchemes)
        }) else { return nil }
        var config = HeartbeatConfig(url: url)
        config.timeout = field(fields, "timeout", in: path) { $0.duration($1, path: $2) } ?? config.timeout
        return config
    }
}
