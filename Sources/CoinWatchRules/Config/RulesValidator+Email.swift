import CoinWatchSupport
import CoinWatchTransport
extension RulesValidator {
    /// An `email` sink: `url` (`smtps://` or `smtp://`), `from`, `to` (a non-empty list), optional
    /// `username`/`password`, `ca_file`, `tls` (`"none"`: only to a loopback host, without a password), `timeout`,
    /// `group`, `quiet_hours`.
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
        config.tls = field(fields, "tls", in: path) { $0.mailTLS($1, path: $2) } ?? true
        var clearTextValid = true
        if !config.tls {
            if let url, let node = fields["url"], !Self.isLocalSMTP(url) {
                error("\"tls\": \"none\" sends in clear text, so only to a local MTA: the url must be smtp:// on localhost, "
                      + "127.0.0.0/8 or ::1 (the value is not shown)", at: node, path: JSONPath.child(path, "url"))
                clearTextValid = false
            }
            if let node = fields["password"] {
                error("no password without TLS: \"tls\": \"none\" would send it in clear text; remove the login (a local MTA "
                      + "needs none) or the tls key", at: node, path: JSONPath.child(path, "password"))
                clearTextValid = false
            }
        }
        queueOptions(fields, path: path, timeout: &config.timeout, group: &config.group, quietHours: &config.quietHours)
        config.chart = field(fields, "chart", in: path) { $0.chart($1, path: $2) } ?? nil
        guard url != nil, from != nil, to != nil, credentialsValid, clearTextValid else { return nil }
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

    /// The one value of `tls`: send without TLS.
    static let mailWithoutTLS = "none"
    /// What `isLocalSMTP` accepts, for the schema (a `${…}` url is checked by `check` once expanded).
    static let localSMTPPattern = "^" + SchemaPattern.caseless("smtp") + "://(?:[^@/?#]*@)?(?:" + SchemaPattern.caseless("localhost")
        + "|127(?:\\.(?:25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])){3}|\\[::1\\])(?::[0-9]*)?(?:[/?#].*)?$|" + SchemaPattern.environment

    /// `tls`: `"none"` (send without TLS), read as false; any other value is reported.
    mutating func mailTLS(_ node: JSONNode, path: String) -> Bool? {
        guard let text = string(node, path: path) else { return nil }
        guard text.value == Self.mailWithoutTLS else {
            error("\(text.shown) is not a tls setting: the only one is \"\(Self.mailWithoutTLS)\" (no TLS, for a local MTA); "
                  + "leave tls out to require TLS", at: node, path: path)
            return nil
        }
        return false
    }

    /// Whether `url` is `smtp://` to a loopback host (`localhost`, 127.0.0.0/8, ::1).
    static func isLocalSMTP(_ url: String) -> Bool {
        let parts = URLParts(url)
        return parts.scheme == "smtp" && parts.isLoopback
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
