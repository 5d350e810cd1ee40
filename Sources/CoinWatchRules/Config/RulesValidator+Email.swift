import CoinWatchSupport
extension RulesValidator {
    /// An `email` sink: `url` (`smtps://` or `smtp://`), `from`, `to` (a non-empty list), optional
    /// `username`/`password`, `ca_file`, `timeout`, `group`, `quiet_hours`.
    mutating func email(_ node: JSONNode, path: String) -> EmailConfig? {
        let fields = object(node, path: path, allowed: Self.emailSinkKeys)
        var url: String?
        if let urlNode = fields["url"] {
            url = mailURL(urlNode, path: JSONPath.child(path, "url"))
        } else {
            error("an email sink needs a url: smtps://host:465 (TLS) or smtp://host:587 (STARTTLS)", at: node, path: path)
        }
        var from: String?
        if let fromNode = fields["from"] {
            from = mailAddress(fromNode, path: JSONPath.child(path, "from"))
        } else {
            error("an email sink needs from, the sender's address", at: node, path: path)
        }
        var to: [String] = []
        var recipientsValid = true
        if let toNode = fields["to"] {
            let toPath = JSONPath.child(path, "to")
            if let items = toNode.elements, !items.isEmpty {
                for (index, item) in items.enumerated() {
                    if let address = mailAddress(item, path: JSONPath.element(toPath, index)) {
                        to.append(address)
                    } else {
                        recipientsValid = false
                    }
                }
            } else {
                error("expected a non-empty list of addresses such as [\"me@example.org\"]", at: toNode, path: toPath)
                recipientsValid = false
            }
        } else {
            error("an email sink needs to, a list of recipients' addresses", at: node, path: path)
            recipientsValid = false
        }
        var config = EmailConfig(url: url ?? "", from: from ?? "", to: to)
        var credentialsValid = true
        if let node = fields["username"] {
            config.username = nonEmpty(node, path: JSONPath.child(path, "username"))
            credentialsValid = credentialsValid && config.username != nil
        }
        if let node = fields["password"] {
            config.password = string(node, path: JSONPath.child(path, "password"))?.value
            credentialsValid = credentialsValid && config.password != nil
        }
        if (config.username == nil) != (config.password == nil), credentialsValid {
            error("give both username and password, or neither", at: node, path: path)
            credentialsValid = false
        }
        if let caNode = fields["ca_file"] {
            config.caFile = filePath(caNode, path: JSONPath.child(path, "ca_file"))
        }
        queueOptions(fields, path: path, timeout: &config.timeout, group: &config.group, quietHours: &config.quietHours)
        if let chartNode = fields["chart"], let choice = chart(chartNode, path: JSONPath.child(path, "chart")) {
            config.chart = choice
        }
        guard url != nil, from != nil, recipientsValid, credentialsValid else { return nil }
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
