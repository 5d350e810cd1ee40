import CoinWatchSupport
extension RulesValidator {
    /// `heartbeat`: `{"url": "https://hc-ping.com/…"}` (usually `${HC_URL}`), optional `timeout`.
    mutating func validateHeartbeat(_ node: JSONNode, path: String) -> HeartbeatConfig? {
        let fields = object(node, path: path, allowed: ["url", "timeout"])
        guard node.members != nil else { return nil }
        guard let urlNode = fields["url"] else {
            error("a heartbeat needs a url (http or https), such as \"${HC_URL}\"", at: node, path: path)
            return nil
        }
        guard let url = url(urlNode, path: JSONPath.child(path, "url"), schemes: Self.webURLSchemes) else { return nil }
        var config = HeartbeatConfig(url: url)
        if let timeout = fields["timeout"], let seconds = duration(timeout, path: JSONPath.child(path, "timeout")) {
            config.timeout = seconds
        }
        return config
    }
}
