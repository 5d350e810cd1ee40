import CoinWatchSupport
extension RulesValidator {
    /// An `email` sink: `url` (`smtps://` or `smtp://`), `from`, `to` (a non-empty list), optional
    /// `username`/`password`, `ca_file`, `timeout`, `group`, `quiet_hours`.
    mutating func email(_ node: JSONNode, path: String) -> EmailConfig? {
        let fields = object(node, path: path, allowed: Self.emailSinkKeys)
        let url = required(fields, "url", of: node, in: path,
                           missing: "an email sink needs a url: smtps://host:465 (TLS) or smtp://host:587 (STARTTLS)") {
            $0.mailURL($1, path: $2)
        }
        let from = required(fields, "from", of: node, in: path, missing: "an email sink needs from, the sender's address") {
            $0.mailAddress($1, path: $2)
        }
        let to = required(fields, "to", of: node, in: path, missing: "an email sink needs to, a list of recipients' addresses") {
            $0.mailAddresses($1, path: $2)
        }
        var config = EmailConfig(url: url ?? "", from: from ?? "", to: to ?? [])
        config.username = field(fields, "username", in: path) { $0.nonEmpty($1, path: $2)?.value }
        config.password = field(fields, "password", in: path) { $0.string($1, path: $2)?.value }
        var credentialsValid = (fields["username"] == nil || config.username != nil)
            && (fields["password"] == nil || config.password != nil)
        if (config.username == nil) != (config.password == nil), credentialsValid {
            error("give both username and password, or neither", at: node, path: path)
            credentialsValid = false
        }
        config.caFile = field(fields, "ca_file", in: path) { $0.filePath($1, path: $2) }
        queueOptions(fields, path: path, timeout: &config.timeout, group: &config.group, quietHours: &config.quietHours)
        config.chart = field(fields, "chart", in: path) { $0.chart($1, path: $2) } ?? nil
        guard url != nil, from != nil, to != nil, credentialsValid else { return nil }
        return config
    }

    /// An `smtps://` or `smtp://` URL with a host; its value is never shown (it may hold credentials).
    mutating func mailURL(_ node: JSONNode, path: String) -> String? {
        guard let text = string(node, path: path) else { return nil }
        guard Self.isURL(text.value, schemes: Self.mailURLSchemes) else {
            error("expected smtps://host:465 (TLS) or smtp://host:587 (STARTTLS, required) (the value is not shown)",
                  at: node, path: path)
            return nil
        }
        return text.value
    }

    /// `to`: a non-empty list of mail addresses; nil when it is not one or an address is invalid (each reported).
    mutating func mailAddresses(_ node: JSONNode, path: String) -> [String]? {
        guard let items = node.elements, !items.isEmpty else {
            error("expected a non-empty list of addresses such as [\"me@example.org\"]", at: node, path: path)
            return nil
        }
        let addresses = items.enumerated().compactMap { mailAddress($0.element, path: JSONPath.element(path, $0.offset)) }
        return addresses.count == items.count ? addresses : nil
    }

    /// A mail address, `me@example.org` or `Name <me@example.org>`, without line breaks.
    mutating func mailAddress(_ node: JSONNode, path: String) -> String? {
        guard let text = string(node, path: path) else { return nil }
        guard MailAddress.bare(text.value) != nil else {
            error("expected a mail address such as \"me@example.org\" or \"coinwatch <me@example.org>\"", at: node, path: path)
            return nil
        }
        return text.value
    }
}
